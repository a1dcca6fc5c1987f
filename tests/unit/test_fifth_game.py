"""A game the box has never heard of (Dice Race, registered by the test suite) plays
through the session, the command line and the arena, and shows on the home screen,
without any shared file naming it."""

import json
import subprocess
from pathlib import Path

from gelateria.cli import main
from gelateria.core import arena
from gelateria.core.game import get_game
from gelateria.core.session import play

ROOT = Path(__file__).resolve().parents[2]


def test_it_is_registered_and_plays_through_the_session():
    game = get_game("race")
    session = play(game, ["normal", "random"], seed=4)
    assert session.is_over() and game.winners(session.state)
    assert session.log[1].startswith(("Bot 1 steps", "Bot 2 steps"))


def test_the_command_line_plays_it_with_its_own_result_hook(capsys):
    assert main(["play", "race", "--seats", "normal,random", "--seed", "4", "--option", "length=20"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["game"] == "race" and len(result["scores"]) == 2
    assert 20 in result["places"]  # from race_game/cli.py, found by discovery
    assert main(["play", "race", "--seats", "normal,random", "--seed", "4", "--option", "length=20"]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1]) == result  # same seed, same game


def test_the_arena_plays_it_seats_rotated():
    summary = arena.run("race", ["normal", "random"], games=20, seed=1)
    normal, rnd = summary["levels"]["normal"], summary["levels"]["random"]
    assert normal["wins"] + rnd["wins"] == 20
    assert normal["ms_per_move"] is not None  # a turn game: thinking time is measured


def test_no_shared_file_names_it():
    tracked = subprocess.run(["git", "ls-files", "py", "scripts", "index.html", "sw.js", "static"],
                             cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    for name in tracked:
        path = ROOT / name
        if path.suffix in (".py", ".html", ".js", ".css", ".toml", ".webmanifest"):
            assert "race_game" not in path.read_text() and "Dice Race" not in path.read_text(), name


def test_the_home_screen_lists_it_from_its_declared_type():
    from fakeapp import FakeApp
    from gelateria.web.screens import HomeScreen

    page = str(HomeScreen(FakeApp()).render())
    assert "Dice Race" in page and "2–3 players" in page and "Race along a track" in page
