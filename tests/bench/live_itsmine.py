"""It's Mine! at a live table over real WebRTC on loopback (issue 34): the host (Ana),
Bo's phone with its data channel made DELAY ms longer each way (the script wraps the
channel's send and its messages in a timer), and Chiara's phone. Contests are scripted
in true time: both pages click "It's mine!" on the same freshly flipped pile at agreed
moments of the machine's one clock, Bo `lead` ms before Ana or after her. The script
prints the share of contests the truly first player won (the host dates Bo's moves back
by half his measured round trip), and each guest's flip-to-paint latency (a flip on the
host screen until the card is drawn on the guest's).

    bash scripts/build.sh && .venv/bin/python tests/bench/live_itsmine.py [--delay 100] [--lead 60] [--contests 20]

Timings on a shared machine are noisy: read the medians, run it twice.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "py"))

from playwright.sync_api import sync_playwright  # noqa: E402

from live_pages import phones, serve  # noqa: E402

from gelateria.core.record import decode  # noqa: E402


# This phone's data channels, `ms` further away each way.
FAR = """ms => {
  const make = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = make.apply(this, args), send = channel.send.bind(channel);
    channel.send = (text) => setTimeout(() => { if (channel.readyState === 'open') send(text); }, ms);
    let handler = null;
    Object.defineProperty(channel, 'onmessage', { set(fn) { handler = fn; }, get() { return handler; } });
    channel.addEventListener('message', (event) => setTimeout(() => handler && handler(event), ms));
    return channel;
  };
}"""
# A click on pile `pile`'s "It's mine!" at epoch ms `at` (the machine's one clock).
GRAB_AT = """([pile, at]) => setTimeout(() => {
  const button = document.querySelector(`[data-action='grab'][data-pile='${pile}']`);
  if (button) button.click();
}, at - (performance.timeOrigin + performance.now()))"""
NOW = "() => performance.timeOrigin + performance.now()"
# When each pile's top card was first painted (epoch ms), kept per pile.
WATCH_FLIPS = """() => {
  window.__painted = [];
  let tops = {};
  new MutationObserver(() => {
    document.querySelectorAll('[data-part^="fan"]').forEach((pile) => {
      const top = pile.dataset.cards + ':' + (pile.querySelector('svg, img') ? pile.querySelector('svg, img').outerHTML.length : 0);
      if (tops[pile.dataset.part] !== top) { tops[pile.dataset.part] = top; window.__painted.push([pile.dataset.part, performance.timeOrigin + performance.now()]); }
    });
  }).observe(document.getElementById('app'), {childList: true, subtree: true, characterData: true});
}"""


def saved(host):
    link = host.evaluate("""() => { const k = Object.keys(localStorage).find(k => k.startsWith('gelateria.save.'));
                                    return k ? JSON.parse(localStorage.getItem(k)).link : null; }""")
    return decode(link)


def flipper(host) -> int | None:
    turn = host.locator("[data-part='status']").get_attribute("data-turn")
    return int(turn) if turn not in (None, "") else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=8796)
    parser.add_argument("--delay", type=int, default=100)
    parser.add_argument("--lead", type=int, default=60)
    parser.add_argument("--contests", type=int, default=20)
    parser.add_argument("--verbose", action="store_true", help="each contest, and what the loser was told")
    args = parser.parse_args()
    server, url = serve(args.port)
    with sync_playwright() as pw:
        browser, pages = phones(pw, url, 3)
        host, bo, chiara = pages
        bo.evaluate(FAR, args.delay)
        host.goto(url + "#/itsmine")
        host.wait_for_selector("select[name='seat1_kind']")
        while host.locator("[data-action='remove-seat']").count() and host.locator("select[name='seat3_kind']").count():
            host.locator("[data-action='remove-seat']").last.click()
        for seat, name in enumerate(["Ana", "Bo", "Chiara"]):
            host.fill(f"#seat{seat}_name", name)
        host.select_option("select[name='seat1_kind']", "phone")
        host.select_option("select[name='seat2_kind']", "phone")
        host.get_by_role("button", name="Start game").click()
        for seat, guest in ((1, bo), (2, chiara)):
            invite = host.locator(f"[data-lobby-seat='{seat}'] [data-invite]")
            invite.wait_for()
            guest.goto(invite.get_attribute("data-invite"))
            guest.wait_for_selector("[data-reply]")
            host.fill("#reply-field", guest.locator("[data-reply]").get_attribute("data-reply"))
            host.locator("[data-action='take-reply']").click()
            guest.wait_for_selector("[data-live-status='seated']")
        for page in pages:
            page.evaluate(WATCH_FLIPS)
        host.locator("[data-action='lobby-start']").click()
        host.wait_for_timeout(3000)  # (pings: Bo's round trip is measured before the first contest)

        by_seat = {0: host, 1: bo, 2: chiara}
        won = tried = 0
        flips = []  # (pile, epoch ms the flip was clicked on its page)
        while tried < args.contests and not host.locator("[data-end]").count():
            if host.locator("[data-action='next-round']").count():
                host.locator("[data-action='next-round']").click()
                host.wait_for_timeout(500)
                continue
            seat = flipper(host)
            if seat is None:
                host.wait_for_timeout(300)
                continue
            page = by_seat[seat]
            page.wait_for_selector("[data-action='flip']:not([aria-disabled='true'])", timeout=20_000)
            flips.append((seat, page.evaluate(NOW)))
            page.locator("[data-action='flip']").click()
            pile = seat
            grab = f"[data-action='grab'][data-pile='{pile}']:not([disabled])"
            try:
                host.wait_for_selector(grab, timeout=3000)
                bo.wait_for_selector(grab, timeout=3000)
            except Exception:
                host.wait_for_timeout(1200)  # (someone has no token left: no contest on this flip)
                continue
            bo_first = tried % 2 == 0
            at = host.evaluate(NOW) + 400
            bo.evaluate(GRAB_AT, [pile, at if bo_first else at + args.lead])
            host.evaluate(GRAB_AT, [pile, at + args.lead if bo_first else at])
            host.wait_for_timeout(400 + args.lead + 2 * args.delay + 1800)  # (the pause, then the save)
            grabs = [(s, m) for s, m in saved(host).moves if m.get("a") == "g" and pile in m.get("p", [])]
            taker = grabs[-1][0] if grabs else None
            if taker in (0, 1):
                tried += 1
                won += taker == (1 if bo_first else 0)
                if args.verbose:
                    said = [t for page in (host, bo) for t in page.locator("text=/ms faster/").all_inner_texts()]
                    print(f"  contest {tried}: {'Bo' if bo_first else 'Ana'} first, {['Ana', 'Bo'][taker]} took it; {said}")
        print(f"live It's Mine!, Bo's phone {args.delay} ms further away each way, the first grab {args.lead} ms ahead:")
        print(f"  the truly first player won {won} of {tried} contests ({won / max(1, tried):.0%})")
        for name, page in (("Bo", bo), ("Chiara", chiara)):
            painted = page.evaluate("window.__painted")
            host_painted = host.evaluate("window.__painted")
            gaps = []  # (the k-th change of a pile on the host and on the guest are the same event)
            for part in {p for p, _t in host_painted}:
                here = [t for p, t in host_painted if p == part]
                there = [t for p, t in painted if p == part]
                gaps += [b - a for a, b in zip(here, there)]
            if gaps:
                gaps.sort()
                print(f"  {name:<7} pile painted after the host's: median {statistics.median(gaps):.0f} ms, "
                      f"p95 {gaps[min(len(gaps) - 1, int(.95 * len(gaps)))]:.0f} ms over {len(gaps)} changes")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
