"""A link to one game loads that game's code only, and none of the live table's (issue 35:
a phone imports what the opened route needs). Checked in a fresh interpreter, as the
browser's starts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gelateria.core.game import get_game
from gelateria.core.record import Record, Seat, encode
from gelateria.core.session import play

ROOT = Path(__file__).resolve().parents[2]
BOX = sorted(p.name for p in (ROOT / "py" / "gelateria" / "games").iterdir() if (p / "__init__.py").exists())
OPEN_ROUTE = """
import json, sys
sys.path.insert(0, {unit!r})
from fakeapp import FakeApp
from gelateria.web.routes import screen_for
app = FakeApp()
app.screen = screen_for(app, sys.argv[1])
app.refresh()
print(json.dumps(sorted(m for m in sys.modules if m.startswith("gelateria."))))
"""


# The live table's code (phones playing together): a game opened on one device needs none of it.
LIVE_TABLE = {"gelateria.core.live", "gelateria.core.wire", "gelateria.core.invite", "gelateria.web.live",
              "gelateria.web.lobby", "gelateria.web.join"}


def modules_loaded(path: str) -> set[str]:
    """The app's modules a fresh interpreter imported to open `path` and draw it."""
    code = OPEN_ROUTE.format(unit=str(ROOT / "tests" / "unit"))
    out = subprocess.run([sys.executable, "-c", code, path], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT / "py"), "PATH": ""}).stdout
    return set(json.loads(out))


def games_loaded(path: str) -> set[str]:
    """The game packages imported to open `path`."""
    return {name.split(".")[2] for name in modules_loaded(path) if name.startswith("gelateria.games.")}


@pytest.mark.parametrize("game_id", BOX)
def test_a_link_to_one_game_loads_no_other_games_rules(game_id):
    game = get_game(game_id)
    level = next(iter(game.type.bots))
    seats = [Seat("human", "Ana")] + [Seat("bot", f"Bot {n}", level) for n in range(1, game.min_players)]
    record = play(game, [level] * len(seats), 7).record
    link = encode(Record(game_id, seats, 7, {}, record.moves[:2]))
    loaded = modules_loaded(f"/{game_id}/game/{link}")
    assert {name.split(".")[2] for name in loaded if name.startswith("gelateria.games.")} == {game_id}
    assert not loaded & LIVE_TABLE, sorted(loaded & LIVE_TABLE)


def test_a_live_tables_invitation_loads_the_live_tables_code():
    assert {"gelateria.web.join", "gelateria.core.live", "gelateria.core.invite"} <= modules_loaded("/join/AAAA")


def test_the_home_screen_loads_every_game():
    assert games_loaded("/") == set(BOX)
