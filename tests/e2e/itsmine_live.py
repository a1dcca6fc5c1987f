"""It's Mine! at a live table, set up and played as players play it, each on their own
phone: for the live table's e2e (test_live_itsmine.py) and its bench
(tests/bench/live_itsmine.py), so that both script the same contests.

A contest is scripted in true time: both pages click "It's mine!" on the same freshly
flipped pile at agreed moments of the machine's one clock, one of them `lead` ms first.
A phone can be made further away by wrapping its data channel (FAR)."""

from __future__ import annotations

from dataclasses import dataclass

from playwright.sync_api import TimeoutError as Timeout

from gelateria.core.record import decode

# This phone's data channels, `ms` further away each way. A busy page's timer fires late,
# so the way out is longer then: window.__slower says by how much, ms, for its last move.
FAR = """ms => {
  const make = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = make.apply(this, args), send = channel.send.bind(channel);
    channel.send = (text) => {
      const asked = performance.now();
      setTimeout(() => {
        if (text.includes('"k":"move"')) {
          window.__slower = performance.now() - asked - ms;
          window.__farSent = performance.timeOrigin + performance.now();
        }
        if (channel.readyState === 'open') send(text);
      }, ms);
    };
    let handler = null;
    Object.defineProperty(channel, 'onmessage', { set(fn) { handler = fn; }, get() { return handler; } });
    // (a message of its own, stamped when it is handed on: as if it had arrived then)
    channel.addEventListener('message', (event) => setTimeout(() => handler && handler(new MessageEvent('message', {data: event.data})), ms));
    return channel;
  };
}"""
# A click on pile `pile`'s "It's mine!" at epoch ms `at` (the machine's one clock), and
# when it truly came (window.__grabbed: a busy page's timer fires late).
# window.__tapped: whether the button was there to take the click (enabled).
GRAB_AT = """([pile, at]) => setTimeout(() => {
  const button = document.querySelector(`[data-action='grab'][data-pile='${pile}']`);
  window.__grabbed = performance.timeOrigin + performance.now();
  window.__tapped = !!button && !button.disabled;
  if (button) button.click();
}, at - (performance.timeOrigin + performance.now()))"""
NOW = "() => performance.timeOrigin + performance.now()"
# On the host: when its page stamped the last move frame that came from another phone
# (window.__stamped, epoch ms; the stamp the host dates a grab by, web/live.js).
STAMPS = """() => {
  const make = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = make.apply(this, args);
    channel.addEventListener('message', (event) => {
      if (typeof event.data === 'string' && event.data.includes('"k":"move"')) window.__stamped = performance.timeOrigin + event.timeStamp;
    });
    return channel;
  };
}"""
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
START = 150  # ms from scheduling a contest to its first click (both pages have the pile on screen by then)


def open_table(host, guests: dict, names: list[str], bots: dict | None = None) -> None:
    """On the host's new-game panel for It's Mine!: these players, the `guests` seats
    ({seat: page}) for other phones, the `bots` seats ({seat: level}); started, each
    phone's reply pasted, and each phone seated (the host then starts the game)."""
    host.wait_for_selector("select[name='seat1_kind']")
    seats = host.locator("select[name$='_kind']").count()
    for seat in range(seats, len(names)):
        host.get_by_role("button", name="Add player").click()
        host.wait_for_selector(f"select[name='seat{seat}_kind']")
    for seat in range(seats - 1, len(names) - 1, -1):
        host.locator("[data-action='remove-seat']").last.click()
        host.wait_for_selector(f"select[name='seat{seat}_kind']", state="detached")
    for seat, name in enumerate(names):
        host.fill(f"#seat{seat}_name", name)
        kind = "phone" if seat in guests else (bots or {}).get(seat, "human")
        host.select_option(f"select[name='seat{seat}_kind']", kind)
    host.get_by_role("button", name="Start game").click()
    for seat, guest in guests.items():
        invite = host.locator(f"[data-lobby-seat='{seat}'] [data-invite]")
        invite.wait_for()
        guest.goto(invite.get_attribute("data-invite"))
        guest.wait_for_selector("[data-reply]")
        host.fill("#reply-field", guest.locator("[data-reply]").get_attribute("data-reply"))
        host.locator("[data-action='take-reply']").click()
        guest.wait_for_selector("[data-live-status='seated']")


def saved(host):
    """The game as the host's phone saved it (saved at once, as a closing page saves)."""
    host.evaluate("dispatchEvent(new Event('pagehide'))")
    host.wait_for_function("() => window.gelateriaShell.idle()")
    link = host.evaluate("""() => { const k = Object.keys(localStorage).find(k => k.startsWith('gelateria.save.itsmine-'));
                                    return k ? JSON.parse(localStorage.getItem(k)).link : null; }""")
    return decode(link)


def flipper(host) -> int | None:
    """The seat whose turn it is to flip, as the host shows it (None: nobody's now)."""
    turn = host.locator("[data-part='status']").get_attribute("data-turn")
    return int(turn) if turn not in (None, "") else None


FLIP = "[data-action='flip']:not([aria-disabled='true'])"


# Clicks the control if it is on the page now (in one go: found and clicked in the same task).
TAP = "selector => { const control = document.querySelector(selector); if (control) control.click(); return !!control; }"


def tap(page, selector: str) -> None:
    """A tap on the control as it is on screen when the thumb lands. (The table redraws
    its parts as the game moves: Playwright's click waits for one element to keep still,
    and may click it again after a redraw, a second flip.)"""
    page.wait_for_function(TAP, arg=selector)


def moved_on(host, seat: int | None, timeout: float = 30_000) -> None:
    """Until the host shows another seat to flip, a round over, or the game over."""
    host.wait_for_function("""s => document.querySelector("[data-action='next-round'], [data-phase='over']") ||
                                   (document.querySelector("[data-part='status']").dataset.turn || '') !== s""",
                           arg="" if seat is None else str(seat), timeout=timeout)


def flip(page, host, seat: int) -> None:
    """`seat` flips on its own page, until the host has it (a flip that met the pause of
    someone's grab is refused, and the player taps again, as one would)."""
    for _attempt in range(3):
        tap(page, FLIP)
        try:
            moved_on(host, seat, timeout=3000)
            return
        except Timeout:
            continue
    moved_on(host, seat)


# A player who flips as soon as it is their turn, and (on the host) goes on to the next
# round at once: the page taps by itself, as fast as a keen thumb.
KEEN = """() => window.__keen = setInterval(() => {
  const control = document.querySelector("[data-action='flip']:not([aria-disabled='true']), [data-action='next-round']");
  if (control) control.click();
}, 50)"""


CALM = "() => clearInterval(window.__keen)"  # (the player stops tapping by itself)


def contest(first, second, pile: int, lead: int) -> float:
    """`first` clicks "It's mine!" on `pile` START ms from now, `second` `lead` ms later.
    Returns when the first click is due (epoch ms)."""
    at = first.evaluate(NOW) + START
    first.evaluate(GRAB_AT, [pile, at])
    second.evaluate(GRAB_AT, [pile, at + lead])
    return at


# Each seat's catch tokens and cards taken this round, as the host shows them.
HELD = "() => [...document.querySelectorAll('[data-seat-panel] .seat-head')].map(head => [+head.dataset.tokens, +head.dataset.taken])"


def held(host) -> list[list[int]]:
    return host.evaluate(HELD)


# A grab has shown on the host: a seat holds more cards than `taken` (each seat's count
# before). Not the pause it begins: a host page starved of CPU for over a second draws
# the grab with its pause already over.
TAKEN = f"""taken => ({HELD})().some(([_tokens, n], seat) => n > taken[seat])"""


# Whether the page offers "It's mine!" on a pile, once it shows the flip the host has
# made (the pile's draw count as the host shows it): not when a bot took the pile first,
# or the player has no catch token left this round.
OFFERED = """([pile, draw]) => {
  const drawn = document.querySelector(`[data-seat-panel='${pile}'] [data-draw]`);
  if (!drawn || drawn.dataset.draw !== draw) return false;
  return document.querySelector(`[data-action='grab'][data-pile='${pile}']:not([disabled])`) ? 'yes' : 'no';
}"""


def offered(page, host, pile: int) -> bool:
    draw = host.locator(f"[data-seat-panel='{pile}'] [data-draw]").get_attribute("data-draw")
    return page.wait_for_function(OFFERED, arg=[pile, draw]).json_value() == "yes"


@dataclass(frozen=True)
class Contest:
    """A contest as it truly went: who was scripted first, who took the pile (0 Ana, 1 Bo,
    None: neither), how many ms the first click truly came before the second, and how
    many ms longer than FAR's delay Bo's grab took to reach the host's page stamp: his
    page's timer firing late (`slower`) and the host's page busy when it came (`held`)."""

    bo_first: bool
    took: int | None
    truly: float
    slower: float
    held: float


def next_contest(host, bo, by_seat: dict, lead: int) -> Contest | None:
    """One turn at Ana's table (Ana on the host, seat 0; Bo seat 1; `by_seat` the page of
    each seat that flips on a phone, a bot flipping on the host): the next round begun if
    one is due, the seat to flip flips, and on a flip of Ana's or Bo's pile a contest.
    Bo is first on Ana's pile and Ana on his, so the catch token the first hand pays
    the owner stays between them; and only while the first holds at least as many tokens
    as the owner, so neither runs dry. Returns the contest held (the host's page runs
    STAMPS, Bo's FAR), None for a turn without one."""
    if host.locator("[data-action='next-round']").count():
        tap(host, "[data-action='next-round']")
        host.wait_for_selector("[data-action='next-round']", state="detached")
    seat = flipper(host)
    if seat not in by_seat:
        moved_on(host, seat)
        return None
    flip(by_seat[seat], host, seat)
    if seat not in (0, 1):
        return None
    bo_first = seat == 0
    before = held(host)
    if before[1 if bo_first else 0][0] < before[seat][0] or not (offered(host, host, seat) and offered(bo, host, seat)):
        return None
    first, second = (bo, host) if bo_first else (host, bo)
    at = contest(first, second, seat, lead)
    try:
        host.wait_for_function(TAKEN, arg=[taken for _tokens, taken in before], timeout=10_000)
    except Timeout:
        tapped = [page.evaluate("window.__tapped") for page in (first, second)]
        raise AssertionError(f"no grab shown on the host after the contest on pile {seat} "
                             f"(each click found the button: {tapped}; seats held {before}, now {held(host)})") from None
    for page in (first, second):  # (both hands have clicked since it was scheduled: what they say is this contest's)
        page.wait_for_function("since => (window.__grabbed || 0) > since", arg=at - START)
    if bo_first and bo.evaluate("window.__tapped"):  # (his grab has reached the host's page: its stamp is this contest's)
        host.wait_for_function("t => (window.__stamped || 0) > t", arg=bo.evaluate("window.__grabbed"))
    host.wait_for_selector("[data-paused]", state="detached")
    after = held(host)
    took = [p for p in (0, 1) if after[p][1] > before[p][1]]
    truly = second.evaluate("window.__grabbed") - first.evaluate("window.__grabbed")
    slower, sent = bo.evaluate("[window.__slower || 0, window.__farSent || 0]")
    return Contest(bo_first, took[0] if took else None, truly, slower, host.evaluate("window.__stamped || 0") - sent)
