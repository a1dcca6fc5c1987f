"""Hostile input, counted: generated links and stored values thrown at the validator
and the save store, and the largest records a real game makes, timed when opened.

    PYTHONPATH=py:tests/unit python3 tests/bench/hostile_input.py [--links 10000] [--browser]

Prints how many hostile links, stored values and move families were tried, how many
crashed (any exception but RecordError / IllegalMove), how many took over 0.5 s, and
for the longest game found of each kind: its moves, the time to decode and replay it
and to open it on a table screen (CPython), and with --browser the longest main-thread
task while the built site opens its link and steps its replay in Chromium.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests" / "unit"), str(ROOT / "tests" / "e2e")]

from gelateria.core.session import play  # noqa: E402
from gelateria.core.game import REAL_TIME, IllegalMove, all_games  # noqa: E402
from gelateria.core.record import Record, RecordError, Seat, decode, encode  # noqa: E402
from gelateria.web.storage import SAVE_PREFIX, MemoryBackend, SaveStore  # noqa: E402

SLOW_S = 0.5


def timed(fn):
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def hostile_links(count: int):
    import test_links_fuzz as fuzz

    rnd = random.Random(2026)
    records = fuzz.sample_records()
    bases = [json.loads(json.dumps(r.to_dict())) for r in records]
    bombs = ['{"g":"gelati","v":1,"s":' + "[" * n + "]" * n + "}" for n in (13, 100, 5_000, 50_000)]
    for text in bombs:
        yield fuzz.CODEC_VERSION + __import__("base64").urlsafe_b64encode(
            __import__("zlib").compress(text.encode())[2:-4]).decode().rstrip("=")
    for i in range(count - len(bombs)):
        base = bases[i % len(bases)]
        kind = i % 3
        if kind == 0:
            yield fuzz.pack(fuzz.mutate(fuzz.mutate(base, rnd), rnd))
        elif kind == 1:
            text = list(encode(records[i % len(records)]))
            for _ in range(rnd.randint(1, 4)):
                text[rnd.randrange(len(text))] = rnd.choice("AbZ09-_~%")
            yield "".join(text)
        else:
            yield fuzz.pack(rnd.choice([fuzz.JUNK[rnd.randrange(len(fuzz.JUNK))], {"g": "gelati", "v": 1, "s": base.get("s"),
                                        "seed": 1, "o": {"x": [1]}, "m": [[0, {"p": "\ud800"}]]}]))


def try_links(count: int) -> dict:
    out = {"tried": 0, "opened": 0, "refused": 0, "crashed": 0, "slow": 0, "slowest_s": 0.0}
    for link in hostile_links(count):
        out["tried"] += 1
        started = time.perf_counter()
        try:
            Session.from_record(decode(link)).state
            out["opened"] += 1
        except RecordError:
            out["refused"] += 1
        except Exception:  # noqa: BLE001 - counting crashes is the point
            out["crashed"] += 1
        spent = time.perf_counter() - started
        out["slowest_s"] = max(out["slowest_s"], spent)
        out["slow"] += spent > SLOW_S
    return out


def try_stored_values() -> dict:
    from test_storage import hostile_values, record

    out = {"tried": 0, "crashed": 0, "lost": 0, "slowest_s": 0.0}
    for value in hostile_values(random.Random(16)):
        out["tried"] += 1
        backend = MemoryBackend()
        store = SaveStore(backend)
        store.save("good", record(), False, "")
        backend.set(SAVE_PREFIX + "bad", value)
        started = time.perf_counter()
        try:
            store.load_all()
            if store.get("good") is None or store.get("good").record != record():
                out["lost"] += 1
        except Exception:  # noqa: BLE001
            out["crashed"] += 1
        out["slowest_s"] = max(out["slowest_s"], time.perf_counter() - started)
    return out


def try_move_families() -> dict:
    import test_move_contract as contract

    out = {"families": 0, "accepted_wrongly": 0, "crashed": 0}
    for game in contract.GAMES:
        for state, player in contract.positions(game, 40, seed=5):
            legal = game.legal_moves(state, player)
            listed = {contract.strict_key(game.canonical(m)) for m in legal}
            for move in legal[:3]:
                for miss in contract.near_misses(move, len(game.scores(state))):
                    if contract.strict_key(game.canonical(miss)) in listed:
                        continue
                    out["families"] += 1
                    try:
                        game.apply(state, player, miss)
                        out["accepted_wrongly"] += 1
                    except IllegalMove:
                        pass
                    except Exception:  # noqa: BLE001
                        out["crashed"] += 1
    return out


def longest_records(tries: int) -> dict[str, Record]:
    found = {}
    for game_id, game in sorted(all_games().items()):
        best = None
        for seed in range(tries):
            if game.type.timing == REAL_TIME:
                # Not a game people play but a legal one: everyone grabs whenever they can.
                moves = grab_happy_walk(game, seed)
                record = Record(game_id, [Seat("human", "Ana")] + [Seat("bot", f"B{i}", "hard") for i in range(4)], seed, {}, moves)
            else:
                players, options = game.max_players, {}  # (Gelatinous at 6: multiplayer, its longest)
                session = play(game, ["random"] * players, seed, options)
                _, rec = session.state, session.record
                record = Record(game_id, [Seat("human", "Ana")] + rec.seats[1:], seed, options, rec.moves)
            if best is None or len(record.moves) > len(best.moves):
                best = record
        found[game_id] = best
    return found


def grab_happy_walk(game, seed: int) -> list:
    """A legal It's Mine! record with as many events as random play finds: at every
    step a random seat that may act, grabbing nine times in ten when it can."""
    rnd = random.Random(seed)
    state, moves = game.new(5, seed), []
    while not game.is_over(state) and len(moves) < game.max_moves:
        player = rnd.choice(game.to_act(state))
        legal = game.legal_moves(state, player)
        grabs = [m for m in legal if m["a"] == "g"]
        move = rnd.choice(grabs if grabs and rnd.random() < 0.9 else legal)
        state = game.apply(state, player, move)
        moves.append([player, move])
    return moves


def open_on_table(record: Record) -> None:
    from fakeapp import FakeApp
    from gelateria.web.routes import table_for

    app = FakeApp()
    screen = table_for(app, record.game, ["game", encode(record)])
    app.screen = screen
    app.refresh()
    screen.on_action("replay", {})
    screen.on_action("replay-last", {})


def browser_longest_tasks(records: dict[str, Record]) -> dict[str, list[float]]:
    import conftest
    from playwright.sync_api import sync_playwright

    server = conftest.Site()
    results = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=conftest.browser_path(), args=conftest.CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(server.url)
            page.wait_for_selector("body[data-ready='1']", state="attached", timeout=conftest.BOOT_TIMEOUT_MS)
            # Each game first with no moves (its code loads), then its longest record.
            for game_id, record in [(g, r) for g, longest in records.items() for r in (longest.with_moves([]), longest)]:
                page.evaluate("""() => { window.__longest = 0; new PerformanceObserver(list => {
                    for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
                }).observe({type: 'longtask'}); }""")
                page.evaluate(f"location.hash = {json.dumps('/' + game_id + '/game/' + encode(record))}")
                page.wait_for_selector(f"[data-game='{game_id}'][data-phase='play'], [data-game='{game_id}'][data-phase='over']")
                ended = page.locator("[data-end]").count() > 0
                page.get_by_role("button", name="Watch the replay" if ended else "Replay", exact=True).click()
                page.wait_for_selector("[data-replay]")
                for _ in range(min(5, len(record.moves))):
                    page.get_by_role("button", name="Next move").click()
                page.wait_for_timeout(300)  # let the observer report the last task
                results.setdefault(game_id, []).append(page.evaluate("window.__longest"))
                page.evaluate("location.hash = '/'")
            browser.close()
    finally:
        server.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--links", type=int, default=10_000)
    parser.add_argument("--tries", type=int, default=60, help="games played per kind to find the longest")
    parser.add_argument("--browser", action="store_true", help="also time the longest records in Chromium")
    args = parser.parse_args()

    links = try_links(args.links)
    print(f"links: {links['tried']} tried, {links['opened']} opened, {links['refused']} refused with a message, "
          f"{links['crashed']} crashed, {links['slow']} over {SLOW_S} s (slowest {links['slowest_s'] * 1000:.0f} ms)")
    stored = try_stored_values()
    print(f"stored values: {stored['tried']} tried, {stored['crashed']} crashed, {stored['lost']} lost a good save "
          f"(slowest {stored['slowest_s'] * 1000:.0f} ms)")
    families = try_move_families()
    print(f"near-miss moves: {families['families']} tried, {families['accepted_wrongly']} accepted, {families['crashed']} crashed")
    records = longest_records(args.tries)
    for game_id, record in records.items():
        replay_s = timed(lambda: Session.from_record(decode(encode(record))).state)
        table_s = timed(lambda: open_on_table(record))
        print(f"{game_id}: longest of {args.tries} games {len(record.moves)} moves, link {len(encode(record))} chars; "
              f"decode+replay {replay_s * 1000:.0f} ms, open on a table + replay to the end {table_s * 1000:.0f} ms (CPython)")
    if args.browser:
        for game_id, (empty, longest) in browser_longest_tasks(records).items():
            print(f"browser {game_id}: longest main-thread task opening a link and stepping its replay: "
                  f"{longest:.0f} ms for the longest record ({len(records[game_id].moves)} moves); "
                  f"{empty:.0f} ms for the same game with no moves, opened first (the game's code loads)")


if __name__ == "__main__":
    main()
