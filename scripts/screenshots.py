"""Screenshots of the built app, from the project's Chromium (Playwright, as the e2e tests
drive it). Three uses:

    bash scripts/build.sh && .venv/bin/python scripts/screenshots.py
        The install screenshots that the web manifest lists, in every language (below).
    .venv/bin/python scripts/screenshots.py shoot OUTDIR [--only SUBSTRING] [--port N]
        Every screen a player meets, at 390x844 (touch) and 1366x768, in English (and in
        Japanese and Korean for a few key screens), as OUTDIR/<screen>-<lang>-<w>x<h>.png.
    .venv/bin/python scripts/screenshots.py compare DIR_A DIR_B
        Pixel-diff every same-named PNG: equal / differs (pixels, bounding box) / missing.
        Exits 1 if any differs or is missing.

`shoot` and `compare` prove that a change which promises "behaviour unchanged" draws every
screen as before: build and shoot before, build and shoot after with this same script (and
the same --port: the share panel shows links with the address), compare. Each screen is
the same picture every time: a fixed deal (records built here in CPython with the rules,
stored as this device's saves or opened as links), fixed preferences and device id, a
fresh page load with nothing else in storage, reduced motion, no service worker, fonts
loaded, the app idle and its worker quiet (QUIET_MS), two captures alike in a row; caret
hidden, CSS animations stopped, Chromium's raster made order-independent
(DETERMINISTIC_ARGS). A long page is shot a window at a time (<screen>-p2, -p3, …).
`screens()` below says what each one shows (`list` prints it). Left out, as no moment of
it is the same twice: an It's Mine! round in play on the device that runs it while a bot
wants a pile (the bots' hands land in real time); its moments before the first flip,
mid-round on the human's flip with no bot reaching, between rounds, at the end, watched,
chosen from a link and in replay are in.

The manifest screenshots: static/manifest.webmanifest names each one (screenshots/en/<file>,
with its size and form factor); scripts/i18n.py gives each language's manifest
screenshots/<lang>/<file>. SHOTS below says what each file shows. The WebPs are checked in
(source artwork): run this after a visible change to those screens and commit what it writes.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
import threading
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Callable

from PIL import Image, ImageChops
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
LOCALES = {"en": "en-US", "ja": "ja-JP", "ko": "ko-KR"}
# What each screenshot file shows: the route opened, and the element that says it is drawn.
SHOTS = {
    "home-narrow.webp": ("", "[data-screen='home']"),  # the four games, as a phone shows them
    "genial-wide.webp": ("#/genial", "[data-game='genial'][data-phase='play']"),  # a new game on a desktop
}
DEAL = 7  # the deal number of the game shown: the same board every time
QUALITY = 80  # WebP: text stays crisp, a screenshot weighs 20-60 KB

sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "py"))
from conftest import BOOT_TIMEOUT_MS, CHROMIUM_ARGS, SETTLED, SIZES, Site, browser_path  # noqa: E402
from serve import make_server  # noqa: E402 (scripts/, put on the path by conftest)


def capture(browser, url: str, locale: str, route: str, ready: str, width: int, height: int) -> Image.Image:
    mobile = {"has_touch": True, "is_mobile": True} if width < height else {}
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale, **mobile)
    page = context.new_page()
    page.goto(url + route)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)
    if route:  # a game's new-game panel: start the deal with the panel's own seats
        page.fill("#seed", str(DEAL))
        page.click("[data-action='start']")
        page.mouse.move(0, 0)  # no hover left on the board where the button was
    page.wait_for_selector(ready)
    page.evaluate("document.fonts.ready.then(() => true)")
    image = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    context.close()
    return image


def manifest_screenshots() -> None:
    manifest = json.loads((STATIC / "manifest.webmanifest").read_text())
    site = Site()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=browser_path(), args=CHROMIUM_ARGS)
        for shot in manifest["screenshots"]:
            name = re.fullmatch(r"screenshots/en/([\w.-]+)", shot["src"]).group(1)
            route, ready = SHOTS[name]
            width, height = (int(n) for n in shot["sizes"].split("x"))
            for lang, locale in LOCALES.items():
                dest = STATIC / "screenshots" / lang / name
                dest.parent.mkdir(parents=True, exist_ok=True)
                capture(browser, site.url, locale, route, ready, width, height).save(
                    dest, "WEBP", quality=QUALITY, method=6)
                print(f"screenshots: {dest.relative_to(ROOT)} {width}x{height}, {dest.stat().st_size:,} bytes")
        browser.close()
    site.close()


# --- shoot: every screen, the same picture every time ------------------------------------------

PREFS_KEY = "gelateria.prefs"  # (web/app.py's, which imports the browser's js module)
PORT = 8391  # fixed: links on screen (share panel, waiting bar) carry the address
ME = "5c5c5c5c5c01"  # this browser's device id (prefs "device"): the seats of its saves
OTHER = "0a0a0a0a0a02"  # a friend's device, holding a seat in some games
SAVED_AT = 1_700_000_000  # the saves' "updated" clock (seconds)
SEED_PAGE = "__screenshots__/storage"  # a blank page of the site's origin, answered by the script
SETTLE_POLL_MS = 250  # between the captures that must agree
SETTLE_TRIES = 40  # ~10 s for a screen to hold still
QUIET_MS = 1500  # the app's worker has sent nothing this long: its timers' work is done
# Raster the same pixels whatever order the page was painted in (with partial raster a
# tile re-rastered in part anti-aliases rounded edges a little differently from run to run).
DETERMINISTIC_ARGS = ["--disable-partial-raster", "--num-raster-threads=1", "--disable-skia-runtime-opts",
                      "--force-color-profile=srgb", "--disable-lcd-text", "--font-render-hinting=none"]
# Notes when the app's worker last sent the page anything (a redraw, an update, a timer's
# work such as Gelatinous's odds, worked out in slices that idle() does not count).
HEARD = """
(() => {
  window.__shotsHeard = 0;
  const heard = () => { window.__shotsHeard = performance.now(); };
  const wrap = (fn) => typeof fn === "function" ? function (event) { heard(); return fn.call(this, event); } : fn;
  const slot = Object.getOwnPropertyDescriptor(Worker.prototype, "onmessage");
  Object.defineProperty(Worker.prototype, "onmessage", {
    configurable: true, enumerable: slot.enumerable,
    get() { return slot.get.call(this); },
    set(fn) { slot.set.call(this, wrap(fn)); },
  });
  const listen = Worker.prototype.addEventListener;
  Worker.prototype.addEventListener = function (type, fn, ...rest) {
    return listen.call(this, type, type === "message" ? wrap(fn) : fn, ...rest);
  };
})();
"""
QUIET = "ms => performance.now() - window.__shotsHeard >= ms"
KEY_LANGS = ("en", "ja", "ko")
MAX_PAGES = 24  # a scrolled page: at most this many windows


# The other phone shapes a player holds (issue 32): landscape, and a small phone. `shoot
# --phones` takes every chosen screen at these and at 390x844, in every language.
PHONE_SIZES = {"landscape": {"viewport": {"width": 844, "height": 390}, "has_touch": True, "is_mobile": True},
               "small": {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True}}
SHOT_SIZES = {**SIZES, **PHONE_SIZES}


def size_name(size: str) -> str:
    vp = SHOT_SIZES[size]["viewport"]
    return f"{vp['width']}x{vp['height']}"


# --- the games shown, built with the rules in CPython ------------------------------------------

def _game(game_id: str):
    from gelateria.core.game import get_game

    return get_game(game_id)


def _record(game_id: str, seats, seed: int, options: dict, moves: list, holders: list):
    from gelateria.core.record import Record, Seat

    seats = [Seat(*s) if isinstance(s, tuple) else s for s in seats]
    return Record(game_id, seats, seed, dict(options), [list(m) for m in moves], holders=list(holders))


@cache
def bots_game(game_id: str, players: int, seed: int, options: tuple = ()) -> tuple:
    """The moves of a whole game of normal bots (the same every time: bots are seeded)."""
    from gelateria.core.session import play

    session = play(_game(game_id), ["normal"] * players, seed, dict(options))
    return tuple((p, m) for p, m in session.record.moves)


def cut(game_id: str, seats, seed: int, options: dict, moves, at: float, seat: int = 0) -> list:
    """The moves up to the start of `seat`'s first turn from `at` (a fraction of the game)."""
    from gelateria.core.session import Session

    session = Session(_game(game_id), _record(game_id, seats, seed, options, [], []).seats, seed, dict(options))
    start = int(len(moves) * at)
    for k, (player, move) in enumerate(moves):
        if k >= start and session.to_act() == [seat] and (k == 0 or moves[k - 1][0] != seat):
            return list(moves[:k])
        session.submit(player, move)
    raise ValueError(f"{game_id}: no turn of seat {seat} after {at:.0%}")


ANA, BO, CHIARA, DARIO = "Ana", "Bo", "Chiara", "Dario"


def human(name):
    return ("human", name)


def bot(name, level="normal"):
    return ("bot", name, level)


# Each game's fixed deals: (game, seats, seed, options, moves, holders) -> a Record.
def gelati_mid(seats=None, holders=(ME, ""), seat=0):
    seats = seats or [human(ANA), bot(BO)]
    moves = bots_game("gelati", 2, 11)
    return _record("gelati", seats, 11, {}, cut("gelati", seats, 11, {}, moves, 0.4, seat), holders)


def gelati_trade():
    """Ana in step 2 with parts to trade (deal 11): the first such moment past a third of the game."""
    from gelateria.core.session import Session

    seats = [human(ANA), bot(BO)]
    moves = bots_game("gelati", 2, 11)
    session = Session(_game("gelati"), _record("gelati", seats, 11, {}, [], []).seats, 11, {})
    for k, (player, move) in enumerate(moves):
        if k > len(moves) // 3 and session.to_act() == [0] and any("trade" in m for m in session.legal(0)):
            return _record("gelati", seats, 11, {}, list(moves[:k]), (ME, ""))
        session.submit(player, move)
    raise ValueError("gelati: no trade for Ana in deal 11")


def gelati_done():
    return _record("gelati", [human(ANA), bot(BO)], 11, {}, bots_game("gelati", 2, 11), [ME, ""])


def genial_mid(seats=None, holders=(ME, ""), seat=0):
    seats = seats or [human(ANA), bot(BO)]
    moves = bots_game("genial", 2, 22)
    return _record("genial", seats, 22, {}, cut("genial", seats, 22, {}, moves, 0.4, seat), holders)


def genial_done():
    return _record("genial", [human(ANA), bot(BO)], 22, {}, bots_game("genial", 2, 22), [ME, ""])


SOLO = 3  # Gelatinous solitaire deal 3: won in 8 rolls


def gelatinous_mid(rolls=3):
    return _record("gelatinous", [human(ANA)], SOLO, {}, bots_game("gelatinous", 1, SOLO)[:rolls], [ME])


def gelatinous_done():
    return _record("gelatinous", [human(ANA)], SOLO, {}, bots_game("gelatinous", 1, SOLO), [ME])


MULTI = {"mode": "multi"}


def gelatinous_multi(holders=(ME, ME, ME), rolls=4, seats=(human(ANA), human(BO), human(CHIARA))):
    moves = bots_game("gelatinous", len(seats), 7, tuple(MULTI.items()))[:rolls]
    return _record("gelatinous", list(seats), 7, MULTI, moves, holders)


ITSMINE = {"first": 0, "pause": 1000}  # Ana flips first
ITSMINE_SEATS = [human(ANA), bot(BO), bot(CHIARA), bot(DARIO)]


def itsmine_moves():
    return bots_game("itsmine", 4, 5, tuple(ITSMINE.items()))


def itsmine_start(seats=ITSMINE_SEATS, holders=(ME, "", "", "")):
    return _record("itsmine", seats, 5, ITSMINE, [], holders)


def itsmine_after(events: int, holders):
    return _record("itsmine", ITSMINE_SEATS, 5, ITSMINE, itsmine_moves()[:events], holders)


def itsmine_mid():
    """Round 1 mid-way (31 events: 24 flips, 7 grabs): Ana to flip, Chiara has just
    taken Dario's pile, Bo holds no heart, three piles have cards, and no bot wants any
    of them, so nothing moves until Ana flips."""
    return itsmine_after(31, (ME, "", "", ""))


def itsmine_upto(phase: str):
    """The game of bots (Ana's seat played by a bot) up to the first moment of `phase`
    ("scored": round 1 is over and its score sheet waits for "Next round"), or whole."""
    from gelateria.core.session import Session

    moves = itsmine_moves()
    if phase == "over":
        return _record("itsmine", ITSMINE_SEATS, 5, ITSMINE, moves, [ME, "", "", ""])
    session = Session(_game("itsmine"), _record("itsmine", ITSMINE_SEATS, 5, ITSMINE, [], []).seats, 5, dict(ITSMINE))
    for k, (player, move) in enumerate(moves):
        session.submit(player, move)
        if session.state.phase == phase:
            return _record("itsmine", ITSMINE_SEATS, 5, ITSMINE, moves[:k + 1], [ME, "", "", ""])
    raise ValueError(phase)


# --- storage and addresses ---------------------------------------------------------------------

def storage(lang: str, saves: dict | None = None) -> dict:
    """localStorage as the app would have written it: the preferences (this device, the
    language, the default bot speed) and `saves` (save id -> record), each a save of this device."""
    from gelateria.core.session import Session
    from gelateria.web.storage import MemoryBackend, SaveStore

    backend = MemoryBackend()
    backend.set(PREFS_KEY, json.dumps({"device": ME, "language": lang, "pace": "normal"}))
    for i, (save_id, record) in enumerate((saves or {}).items()):
        game = _game(record.game)
        state = Session.from_record(record).state
        over = game.is_over(state)
        scores = list(game.scores(state))
        names = [seat.name for seat in record.seats]
        summary = " · ".join(f"{n} {s}" for n, s in zip(names, scores))
        store = SaveStore(backend, clock=lambda i=i: SAVED_AT + i)
        store.save(save_id, record, over=over, summary=summary, scores=scores,
                   winners=list(game.winners(state)) if over else None)
    return dict(backend.data)


def encode(record) -> str:
    from gelateria.core.record import encode as enc

    return enc(record)


def own(save_id: str, record) -> tuple[str, dict]:
    """The address of this device's save (what a reload opens), and the save."""
    return f"#/{record.game}/play/{save_id}/{encode(record)}", {save_id: record}


def link(kind: str, record) -> tuple[str, dict]:
    """A link someone sent: nothing of it stored here."""
    return f"#/{record.game}/{kind}/{encode(record)}", {}


# --- what happens on a screen before its picture ------------------------------------------------

class Shooter:
    def __init__(self, page, size: str):
        self.page = page
        self.size = size
        self.phone = size != "desktop"

    def settle(self) -> None:
        self.page.wait_for_function(SETTLED, timeout=60_000)

    def press(self, selector: str) -> None:
        """Tap (phone) or click (desktop) the first match, and wait until the app has answered."""
        target = self.page.locator(selector).first
        target.wait_for(state="visible", timeout=30_000)
        target.tap() if self.phone else target.click()
        self.settle()

    def script_click(self, selector: str) -> None:
        """A click on an element that may be out of sight (the log lives in the phone's sheet)."""
        self.page.locator(selector).first.wait_for(state="attached", timeout=30_000)
        self.page.evaluate("s => document.querySelector(s).click()", selector)
        self.settle()

    def wait(self, selector: str, timeout: int = 60_000) -> None:
        self.page.wait_for_selector(selector, state="attached", timeout=timeout)
        self.settle()


def fill_seed(s: Shooter) -> None:
    """The new-game panel offers a random deal number: show a fixed one."""
    s.page.fill("#seed", str(DEAL))
    s.page.evaluate("document.activeElement && document.activeElement.blur()")
    s.settle()


def open_sheet(s: Shooter) -> None:
    s.press(".turn-strip .more-button")
    s.wait("#more-sheet[data-sheet='open']")


def open_share(s: Shooter) -> None:
    if s.phone:
        open_sheet(s)
        s.press("#more-sheet [data-action='share']")
    else:
        s.press("[data-action='share']")
    s.wait("[data-share]")
    s.page.locator("[data-share]").scroll_into_view_if_needed()


def just_watch(s: Shooter) -> None:
    s.wait("[data-chooser]")
    s.press("[data-chooser] [data-action='watch']")
    s.wait("[data-watching]")


def to_replay(s: Shooter, step: int) -> None:
    s.wait("[data-end]")
    s.press("[data-end] [data-action='replay']")
    s.wait("[data-phase='replay']")
    s.script_click(f"[data-action='replay-jump'][data-index='{step}']")
    s.wait(f"[data-replay='{step}']")


def gelati_pick(s: Shooter) -> None:
    """Ana picks her first tile (its spaces light up) and previews it on the first space."""
    s.press("[data-hand-list] button[data-hand]")
    s.wait("[data-spot]")
    s.press("[data-spot]")
    s.wait("[data-confirm]")


def genial_pick(s: Shooter) -> None:
    """Ana picks two spaces for a tile: the preview of its points per colour. On a phone
    the board shows part of itself at a finger's scale: the tile goes where its first
    half is in view."""
    from gelateria.core.session import Session
    from gelateria.games.genial.rules import CELLS, GAME

    state = Session.from_record(genial_mid()).state
    gold = state.layout.golden
    pairs = [(a, b) for a, b in GAME.open_spaces(state) if a not in gold and b not in gold] or GAME.open_spaces(state)
    pairs += [(b, a) for a, b in pairs]  # either half first: the one in view
    if s.phone:
        s.wait("svg[data-board].gs-zoomed")  # measured: the board at a finger's scale
    cell = "polygon[data-cell='{0},{1}']"
    shown = s.page.evaluate("""sels => sels.findIndex(sel => {
        const el = document.querySelector(sel), r = el.getBoundingClientRect();
        const b = el.ownerSVGElement.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
        return x > b.left + 8 && x < b.right - 8 && y > b.top + 8 && y < b.bottom - 8
               && document.elementFromPoint(x, y) === el; })""",
                            [cell.format(*CELLS[a]) for a, _b in pairs])
    a, b = pairs[max(shown, 0)]
    s.press(cell.format(*CELLS[a]))
    s.wait("[data-move-bar='second']")
    s.press(cell.format(*CELLS[b]))
    s.wait("[data-move-bar='preview']")


def gelatinous_roll(s: Shooter) -> None:
    s.wait("[data-odds='ready']")
    s.press("[data-action='roll']")
    s.wait("[data-board][data-animating='0']")
    s.wait("[data-odds='ready']")


def odds_ready(s: Shooter) -> None:
    s.wait("[data-odds='ready']")


# --- the screens ----------------------------------------------------------------------------

@dataclass
class Screen:
    name: str
    where: Callable[[], tuple[str, dict]]  # -> (route, saves)
    steps: tuple = ()  # each a function of the Shooter, run in order after the page is ready
    ready: str = "#app section"  # what says the screen is drawn
    sizes: tuple = ("phone", "desktop")
    langs: tuple = ("en",)
    # Also the rest of a long page, a window at a time: <name>-p2, -p3, … (a full-page capture
    # resizes the window, and the app redraws for the new size: not what a player sees).
    scroll: bool = False
    what: str = ""


def nothing() -> tuple[str, dict]:
    return "", {}


def route(path: str) -> Callable[[], tuple[str, dict]]:
    return lambda: (path, {})


def play(game: str, phase: str = "play") -> str:
    return f"[data-game='{game}'][data-phase='{phase}']"


def screens() -> list[Screen]:
    out = [
        Screen("home", nothing, ready="[data-screen='home']", langs=KEY_LANGS, scroll=True,
               what="the home screen of a first visit"),
        Screen("home-saved", lambda: ("", {**own("gelati-continue", gelati_mid())[1],
                                           **own("genial-finished", genial_done())[1]}),
               ready="[data-screen='home'] [data-continue]", scroll=True,
               what="home with a game under Continue and one under Finished games"),
    ]
    from gelateria.core.game import all_games

    for game in sorted(all_games()):
        out += [
            Screen(f"{game}-setup", route(f"#/{game}"), (fill_seed,), ready=play(game, "setup"), scroll=True,
                   langs=KEY_LANGS if game == "gelati" else ("en",), what="the new-game panel (deal 7)"),
            Screen(f"{game}-rules", route(f"#/{game}/rules"), ready="[data-screen='rules']", scroll=True,
                   langs=KEY_LANGS if game == "genial" else ("en",), what="the rules page"),
        ]
    out += [
        # Gelati: Ana against a normal bot, deal 11, her turn 40% into the game.
        Screen("gelati-play", lambda: own("gelati-mid", gelati_mid()), ready=play("gelati") + " [data-spot]",
               langs=KEY_LANGS, scroll=True, what="Ana's turn mid-game"),
        Screen("gelati-selected", lambda: own("gelati-mid", gelati_mid()), (gelati_pick,), ready=play("gelati"),
               what="a tile picked and previewed on a space"),
        Screen("gelati-trade", lambda: own("gelati-trade", gelati_trade()), ready=play("gelati") + " [data-end-bar]",
               langs=KEY_LANGS, scroll=True, what="step 2 with parts to trade"),
        Screen("gelati-more", lambda: own("gelati-mid", gelati_mid()), (open_sheet,), ready=play("gelati"),
               sizes=("phone",), what="the More sheet open"),
        Screen("gelati-share", lambda: own("gelati-mid", gelati_mid()), (open_share,), ready=play("gelati"),
               what="the share panel"),
        Screen("gelati-handover", lambda: own("gelati-hotseat", gelati_mid([human(ANA), human(BO)], (ME, ME), 1)),
               ready="[data-handover='1']", langs=KEY_LANGS, what="hot-seat: pass the device to Bo"),
        Screen("gelati-waiting", lambda: own("gelati-remote", gelati_mid([human(ANA), human(BO)], (ME, OTHER), 1)),
               ready="[data-waiting='1']", what="Bo plays on another device: waiting for him"),
        Screen("gelati-chooser", lambda: link("game", gelati_mid([human(ANA), human(BO)], (OTHER, ""), 1)),
               ready="[data-chooser]", what="a game from a link: which player are you?"),
        Screen("gelati-watching", lambda: link("game", gelati_mid([human(ANA), human(BO)], (OTHER, ""), 1)),
               (just_watch,), ready="[data-chooser]", what="the same, just watching"),
        Screen("gelati-end", lambda: own("gelati-done", gelati_done()), ready="[data-end]", langs=KEY_LANGS, scroll=True,
               what="the end screen"),
        Screen("gelati-replay", lambda: own("gelati-done", gelati_done()), (lambda s: to_replay(s, 30),),
               ready="[data-end]", what="replay at move 30"),
        Screen("gelati-guided", route("#/gelati/guided"), ready=play("gelati") + " [data-turn='0']",
               what="the guided first game, its first step"),
        Screen("gelati-try", route("#/gelati/try/three-sides"), ready=play("gelati") + " [data-turn='0']",
               what="a rules example as a practice game"),
        # Genial Spezial: Ana against a normal bot, deal 22.
        Screen("genial-play", lambda: own("genial-mid", genial_mid()), ready=play("genial") + " [data-turn='0']",
               scroll=True,               what="Ana's turn mid-game"),
        Screen("genial-selected", lambda: own("genial-mid", genial_mid()), (genial_pick,),
               ready=play("genial") + " [data-turn='0']", langs=KEY_LANGS, what="a tile's two spaces picked: the preview"),
        Screen("genial-more", lambda: own("genial-mid", genial_mid()), (open_sheet,), ready=play("genial"),
               sizes=("phone",), what="the More sheet open"),
        Screen("genial-share", lambda: own("genial-mid", genial_mid()), (open_share,), ready=play("genial"),
               what="the share panel"),
        Screen("genial-waiting", lambda: own("genial-remote", genial_mid([human(ANA), human(BO)], (ME, OTHER), 1)),
               ready="[data-waiting='1']", what="Bo plays on another device: waiting for him"),
        Screen("genial-chooser", lambda: link("game", genial_mid([human(ANA), human(BO)], (OTHER, ""), 1)),
               ready="[data-chooser]", what="a game from a link: which player are you?"),
        Screen("genial-watching", lambda: link("game", genial_mid([human(ANA), human(BO)], (OTHER, ""), 1)),
               (just_watch,), ready="[data-chooser]", what="the same, just watching"),
        Screen("genial-end", lambda: own("genial-done", genial_done()), ready="[data-end]", what="the end screen"),
        Screen("genial-replay", lambda: own("genial-done", genial_done()), (lambda s: to_replay(s, 20),),
               ready="[data-end]", what="replay at move 20"),
        Screen("genial-guided", route("#/genial/guided"), ready=play("genial") + " [data-turn='0']",
               what="the guided first game, its first step"),
        Screen("genial-try", route("#/genial/try/first-play"), ready=play("genial") + " [data-turn='0']",
               what="a rules example as a practice game"),
        # Gelatinous: solitaire deal 3 after three rolls; multiplayer deal 7 (three at one screen).
        Screen("gelatinous-play", lambda: own("gelatinous-solo", gelatinous_mid()), (odds_ready,),
               ready=play("gelatinous"), scroll=True, what="solitaire after three rolls"),
        Screen("gelatinous-rolled", lambda: own("gelatinous-solo", gelatinous_mid()), (gelatinous_roll,),
               ready=play("gelatinous"), langs=KEY_LANGS, what="the same, one more roll played out"),
        Screen("gelatinous-multi", lambda: own("gelatinous-multi", gelatinous_multi()), (odds_ready,),
               ready=play("gelatinous"), scroll=True, what="multiplayer (three at one screen) after four rolls"),
        Screen("gelatinous-bots", lambda: own("gelatinous-bots", gelatinous_multi((ME, "", ""), seats=(
                   human(ANA), bot(BO), bot(CHIARA)))), (odds_ready,),
               ready=play("gelatinous"), scroll=True, what="the same deal, Ana against two bots: her mat says You"),
        Screen("gelatinous-four", lambda: own("gelatinous-four", gelatinous_multi((ME, ME, ME, ME), seats=(
                   human(ANA), human(BO), human(CHIARA), human(DARIO)))), (odds_ready,),
               ready=play("gelatinous"), scroll=True, what="multiplayer, four passing the device, after four rolls"),
        Screen("gelatinous-more", lambda: own("gelatinous-solo", gelatinous_mid()), (odds_ready, open_sheet),
               ready=play("gelatinous"), sizes=("phone",), what="the More sheet open"),
        Screen("gelatinous-share", lambda: own("gelatinous-solo", gelatinous_mid()), (odds_ready, open_share),
               ready=play("gelatinous"), what="the share panel"),
        Screen("gelatinous-chooser", lambda: link("game", gelatinous_multi((OTHER, "", ""))),
               ready="[data-chooser]", what="a multiplayer game from a link: which player are you?"),
        Screen("gelatinous-watching", lambda: link("game", gelatinous_multi((OTHER, "", ""))),
               (just_watch, odds_ready), ready="[data-chooser]", what="the same, just watching"),
        Screen("gelatinous-end", lambda: own("gelatinous-done", gelatinous_done()), ready="[data-end]",
               what="the end screen (won)"),
        Screen("gelatinous-replay", lambda: own("gelatinous-done", gelatinous_done()), (lambda s: to_replay(s, 4),),
               ready="[data-end]", what="replay at roll 4"),
        Screen("gelatinous-try", route("#/gelatinous/try/solitaire-roll"), (odds_ready,), ready=play("gelatinous"),
               what="a rules example as a practice game"),
        # It's Mine!: Ana and three normal bots, deal 5, Ana flips first.
        Screen("itsmine-play", lambda: own("itsmine-new", itsmine_start()), ready=play("itsmine") + " [data-action='flip']",
               langs=KEY_LANGS, scroll=True, what="a new game before Ana's first flip (nothing moves until she flips)"),
        Screen("itsmine-mid", lambda: own("itsmine-mid", itsmine_mid()), ready=play("itsmine") + " [data-action='flip']",
               langs=KEY_LANGS, what="round 1 mid-way, Ana to flip: piles with cards, one just taken, hearts spent"),
        Screen("itsmine-hotseat", lambda: own("itsmine-hotseat", itsmine_start(
                   [human(ANA), human(BO), bot(CHIARA), bot(DARIO)], (ME, ME, "", ""))),
               ready=play("itsmine") + " [data-action='flip']", what="two at one keyboard, before the first flip"),
        Screen("itsmine-more", lambda: own("itsmine-new", itsmine_start()), (open_sheet,), ready=play("itsmine"),
               sizes=("phone",), what="the More sheet open, before the first flip"),
        Screen("itsmine-share", lambda: own("itsmine-new", itsmine_start()), (open_share,), ready=play("itsmine"),
               what="the share panel, before the first flip"),
        Screen("itsmine-scored", lambda: own("itsmine-r1", itsmine_upto("scored")), ready="[data-scores]", scroll=True,
               what="round 1 scored: the sheet waits for Next round"),
        Screen("itsmine-chooser", lambda: link("game", itsmine_after(20, ())), ready="[data-chooser]",
               what="a game from a link (20 events in, no device holds it): which player are you?"),
        Screen("itsmine-watching", lambda: link("game", itsmine_after(20, (OTHER, "", "", ""))),
               ready=play("itsmine") + " [data-watching]",
               what="the same game held by another device: only watched (no favourites, no clock)"),
        Screen("itsmine-end", lambda: own("itsmine-done", itsmine_upto("over")), ready="[data-end]",
               what="the end screen"),
        Screen("itsmine-replay", lambda: own("itsmine-done", itsmine_upto("over")), (lambda s: to_replay(s, 40),),
               ready="[data-end]", what="replay at event 40"),
    ]
    return out


def file_name(screen: str, lang: str, size: str) -> str:
    return f"{screen}-{lang}-{size_name(size)}.png"


def planned(only: str | None, phones: bool = False) -> list[tuple[Screen, str, str, str]]:
    """(screen, size, lang, file name) for every picture to take, filtered by --only
    (phones: at every phone shape, in every language)."""
    out = []
    for screen in screens():
        for lang in (LOCALES if phones else screen.langs):
            for size in (("phone", *PHONE_SIZES) if phones else screen.sizes):
                name = file_name(screen.name, lang, size)
                if not only or only in name:
                    out.append((screen, size, lang, name))
    return out


def settled_png(page) -> tuple[bytes, bool]:
    """The window once it holds still: the app idle and its worker quiet, fonts loaded, two
    captures alike in a row."""
    page.wait_for_function(SETTLED, timeout=60_000)
    page.wait_for_function(QUIET, arg=QUIET_MS, timeout=60_000, polling=100)
    page.evaluate("document.fonts.ready.then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))))")
    options = {"animations": "disabled", "caret": "hide", "scale": "css"}
    last = page.screenshot(**options)
    for _ in range(SETTLE_TRIES):
        page.wait_for_timeout(SETTLE_POLL_MS)
        page.wait_for_function(SETTLED, timeout=60_000)
        now = page.screenshot(**options)
        if now == last:
            return now, True
        last = now
    return last, False


def shoot(outdir: Path, only: str | None, port: int, phones: bool = False) -> int:
    outdir.mkdir(parents=True, exist_ok=True)
    plan = planned(only, phones)
    if not plan:
        print("screenshots: nothing matches --only", only)
        return 1
    server = make_server(port, "/", ROOT)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{port}/"
    failed, unsteady = [], []
    taken = 0
    started = time.monotonic()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=browser_path(), args=CHROMIUM_ARGS + DETERMINISTIC_ARGS)
        contexts = {}
        try:
            for n, (screen, size, lang, name) in enumerate(plan, 1):
                key = (size, lang)
                if key not in contexts:
                    contexts[key] = new_context(browser, size, lang, base)
                page, errors = contexts[key]
                errors.clear()
                t0 = time.monotonic()
                try:
                    pictures = take(page, base, screen, size, lang)
                    for suffix, png, steady in pictures:
                        file = file_name(screen.name + suffix, lang, size)
                        (outdir / file).write_bytes(png)
                        taken += 1
                        if not steady:
                            unsteady.append(file)
                    if errors:
                        raise RuntimeError("console: " + " | ".join(errors)[:400])
                    print(f"[{n}/{len(plan)}] {name} {time.monotonic() - t0:.1f}s"
                          + (f" ({len(pictures)} pictures, scrolled)" if len(pictures) > 1 else "")
                          + ("" if all(p[2] for p in pictures) else " (never held still)"), flush=True)
                except Exception as exc:  # one screen failing is reported, the rest still taken
                    failed.append(name)
                    print(f"[{n}/{len(plan)}] {name} FAILED: {str(exc).splitlines()[0][:300]}", flush=True)
                    try:
                        page.screenshot(path=str(outdir / f"FAILED-{name}"))
                    except Exception:
                        pass
        finally:
            for page, _ in contexts.values():
                page.context.close()
            browser.close()
    server.shutdown()
    server.server_close()
    print(f"screenshots: {taken} pictures of {len(plan) - len(failed)} of {len(plan)} screens in {outdir} "
          f"in {time.monotonic() - started:.0f}s; failed: {failed or 'none'}; never held still: {unsteady or 'none'}")
    return 1 if failed or unsteady else 0


def new_context(browser, size: str, lang: str, base: str):
    context = browser.new_context(**SHOT_SIZES[size], locale=LOCALES[lang], timezone_id="UTC", color_scheme="light",
                                  reduced_motion="reduce", service_workers="block")

    def route(r):
        url = r.request.url
        if url.startswith(base + SEED_PAGE):
            r.fulfill(status=200, content_type="text/html", body="<!doctype html><title>storage</title>")
        elif url.startswith(base) or url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            r.abort()  # the site never leaves its origin

    context.route("**/*", route)
    context.add_init_script(HEARD)
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def take(page, base: str, screen: Screen, size: str, lang: str) -> list[tuple[str, bytes, bool]]:
    """A fresh page load of the screen's route with exactly its storage, its steps, its
    pictures: (suffix of the screen's name, PNG, whether it held still)."""
    path, saves = screen.where()
    page.goto(base + SEED_PAGE)
    page.evaluate("""s => { localStorage.clear(); sessionStorage.clear();
                           for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v); }""", storage(lang, saves))
    page.goto(base + path)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function(SETTLED, timeout=60_000)
    page.wait_for_selector(screen.ready, state="attached", timeout=60_000)
    shooter = Shooter(page, size)
    for step in screen.steps:
        step(shooter)
    if page.locator("[data-screen='error']").count():
        raise RuntimeError("the app shows its error screen")
    if size == "desktop":
        page.mouse.move(0, SHOT_SIZES[size]["viewport"]["height"] - 1)  # no hover left where the last click was
    pictures = [("", *settled_png(page))]
    if screen.scroll:
        height = SHOT_SIZES[size]["viewport"]["height"]
        for n in range(2, MAX_PAGES + 1):
            top = page.evaluate("() => scrollY")
            if top + height >= page.evaluate("() => document.documentElement.scrollHeight") - 1:
                break
            page.evaluate("h => scrollTo(0, scrollY + h)", height)
            pictures.append((f"-p{n}", *settled_png(page)))
    return pictures


# --- compare ---------------------------------------------------------------------------------

def compare(a: Path, b: Path) -> int:
    names = sorted({p.name for p in a.glob("*.png")} | {p.name for p in b.glob("*.png")})
    names = [n for n in names if not n.startswith("FAILED-")]
    if not names:
        print(f"compare: no PNGs in {a} or {b}")
        return 1
    counts = {"equal": 0, "differs": 0, "missing": 0}
    for name in names:
        pa, pb = a / name, b / name
        if not pa.exists() or not pb.exists():
            counts["missing"] += 1
            print(f"{name}: missing in {a if not pa.exists() else b}")
            continue
        ia, ib = Image.open(pa).convert("RGBA"), Image.open(pb).convert("RGBA")
        if ia.size != ib.size:
            counts["differs"] += 1
            print(f"{name}: differs (size {ia.size[0]}x{ia.size[1]} vs {ib.size[0]}x{ib.size[1]})")
            continue
        # A pixel differs when any of its four channels does.
        channels = ImageChops.difference(ia, ib).split()
        mask = channels[0]
        for channel in channels[1:]:
            mask = ImageChops.lighter(mask, channel)
        mask = mask.point(lambda v: 255 if v else 0)
        box = mask.getbbox()
        if box is None:
            counts["equal"] += 1
            print(f"{name}: equal")
            continue
        pixels = mask.histogram()[255]
        counts["differs"] += 1
        print(f"{name}: differs ({pixels} pixels, box {box[0]},{box[1]}-{box[2]},{box[3]})")
    print(f"compare: {counts['equal']} equal, {counts['differs']} differ, {counts['missing']} missing "
          f"of {len(names)}")
    return 0 if counts["differs"] == counts["missing"] == 0 else 1


def main(argv: list[str]) -> int:
    if not argv:
        manifest_screenshots()
        return 0
    parser = argparse.ArgumentParser(prog="screenshots.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("manifest", help="the install screenshots the web manifest lists (the default)")
    s = sub.add_parser("shoot", help="every screen, at both sizes, into OUTDIR")
    s.add_argument("outdir", type=Path)
    s.add_argument("--only", help="only the files whose name contains this")
    s.add_argument("--port", type=int, default=PORT, help=f"serve the site here (default {PORT})")
    s.add_argument("--phones", action="store_true", help="at 390x844, 844x390 and 360x640 (touch), in en, ja and ko")
    c = sub.add_parser("compare", help="pixel-diff the same-named PNGs of two folders")
    c.add_argument("a", type=Path)
    c.add_argument("b", type=Path)
    sub.add_parser("list", help="the files shoot takes, with what each shows")
    args = parser.parse_args(argv)
    if args.command == "manifest":
        manifest_screenshots()
        return 0
    if args.command == "shoot":
        return shoot(args.outdir, args.only, args.port, args.phones)
    if args.command == "list":
        for screen, size, lang, name in planned(None):
            print(f"{name}\t{screen.what}")
        return 0
    return compare(args.a, args.b)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
