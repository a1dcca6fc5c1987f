"""Genial Spezial's rules-page examples (games/genial/examples.py) against the seed
rulebook (seeds/003): each example's move, played through the rules, scores what the
rulebook prints (token points per colour, tokens turned over, tall tower bonus), and
the rules page draws each one with its result and a Try it link."""

import re
from typing import NamedTuple

import pytest
from fakeapp import FakeApp

from gelateria.core.examples import examples_of
from gelateria.games.genial.rules import COLOURS, GAME
from gelateria.web.screens import RulesScreen

EXAMPLES = {e.id: e for e in examples_of("genial")}


class Seed(NamedTuple):
    """What the rulebook prints for one example (colours: o g b p)."""

    tokens: dict = {}  # token points per colour
    flips: dict = {}  # tokens turned to their dark side: colour -> the value they show then
    bonus: int = 0  # tall towers whose bonus scores (1 point in every colour each)
    golden: dict = {}  # golden space points per colour
    total: tuple | None = None  # the whole gain (o, g, b, p), where the rulebook adds it up
    chains: int | None = None  # Red's chains after the move, where the rulebook counts them


SEED = {
    # "scores 1 blue point and flips the blue scoring marker to 2 and also scores 2 green
    # points and flips the green scoring marker to 3"
    "first-play": Seed(tokens={"b": 1, "g": 2}, flips={"b": 2, "g": 3}),
    # "The second play scores 1 green point and flips the green scoring marker to 2"
    "second-play": Seed(tokens={"g": 1}, flips={"g": 2}),
    # "The third play scores 0 points ... The small chain becomes part of the big chain"
    "third-play": Seed(total=(0, 0, 0, 0), chains=1),
    # "the placed tile will connect for 2 purple and 3 green points as it is a new chain"
    # (and "After scoring a light score token, flip it over": the purple 2, as the green was already)
    "new-chain": Seed(tokens={"p": 2, "g": 3}, flips={"p": 3}, chains=2),
    # "connects the small red chain to the large chain and the green 3 ... no new scoring"
    "joined-chain": Seed(total=(0, 0, 0, 0), chains=1),
    # "the RED player has two different chains"
    "through-towers": Seed(tokens={"o": 2, "b": 1}, flips={"b": 2}, chains=2),
    # "score 1 bonus point in a color of the player's choice"
    "golden": Seed(golden={"p": 1}, total=(0, 0, 0, 1)),
    # "2 tall tower bonus points for a total of 2 orange, 2 purple, 2 green, and 3 blue points"
    "tall-1": Seed(tokens={"b": 1}, flips={"b": 2}, bonus=2, total=(2, 2, 3, 2)),
    # "no standard scoring. Then RED scores 1 tall tower bonus point"
    "tall-2": Seed(bonus=1, total=(1, 1, 1, 1)),
    # "1 Blue point for the newly connected tower. Then RED scores 2 tall tower bonus points"
    "tall-3": Seed(tokens={"b": 1}, flips={"b": 2}, bonus=2),
    # "2 Green points for the newly connected tower. Then RED scores 3 tower bonus points"
    "tall-4": Seed(tokens={"g": 2}, flips={"g": 3}, bonus=3),
    # "1 Orange point for the newly connected tower. Then RED scores 2 tall tower bonus points"
    "tall-5": Seed(tokens={"o": 1}, flips={"o": 2}, bonus=2),
    # "no standard scoring. Then RED scores 0 tall tower bonus points"
    "tall-6": Seed(total=(0, 0, 0, 0)),
}


def test_every_example_is_one_of_the_rulebooks():
    assert set(EXAMPLES) == set(SEED)


@pytest.mark.parametrize("example_id", list(SEED))
def test_the_example_scores_what_the_rulebook_prints(example_id):
    example, seed = EXAMPLES[example_id], SEED[example_id]
    outcome = example.outcome(GAME)
    assert outcome.refusal is None
    event = outcome.after.last
    tokens = {}
    for _tower, colour, points in event["towers"]:
        tokens[colour] = tokens.get(colour, 0) + points
    assert tokens == seed.tokens
    flipped = {colour: points + 1 for tower, colour, points in event["towers"] if not outcome.before.dark[tower]}
    assert flipped == seed.flips
    after_tokens = {t["colour"]: t["value"] for t in GAME.view(outcome.after, None)["towers"]
                    if t["colour"] in seed.flips and t["dark"]}
    assert {c: after_tokens[c] for c in seed.flips} == seed.flips
    assert event["bonus"] == seed.bonus
    assert {c: event["golden"].count(c) for c in set(event["golden"])} == seed.golden
    expected = [tokens.get(c, 0) + seed.bonus + seed.golden.get(c, 0) for c in COLOURS]
    assert event["gain"] == expected
    if seed.total is not None:
        assert tuple(event["gain"]) == seed.total
    if seed.chains is not None:
        assert sum(1 for ch in outcome.after.chains.values() if ch.player == example.seat) == seed.chains


def test_earlier_bonuses_are_the_rulebooks():
    # tall-1: "Previously, RED had scored 2 tower bonus points for the separate chain to the right."
    before = EXAMPLES["tall-1"].position()
    assert sorted(ch.bonus.bit_count() for ch in before.chains.values()) == [0, 2]
    # tall-6: "2 tall tower bonus points for connecting the purple and blue tall towers; and 2 tall
    # tower points for connecting the orange and green tall towers"
    before = EXAMPLES["tall-6"].position()
    assert [ch.bonus.bit_count() for ch in before.chains.values()] == [2, 2]
    # tall-3: the smaller chain had scored the purple token together with a short tower
    before = EXAMPLES["tall-3"].position()
    assert sorted((ch.scored.bit_count(), ch.bonus.bit_count()) for ch in before.chains.values()) == [(2, 0), (2, 2)]


def figures(html: str) -> dict:
    return dict(re.findall(r'<figure class="rules-example" data-example="([^"]+)">(.*?)</figure>', html, re.S))


def test_the_rules_page_draws_every_example_with_its_result_and_a_try_link():
    html = RulesScreen(FakeApp(), "genial").render()
    shown = figures(html)
    assert list(shown) == [e.id for e in examples_of("genial")]
    for example_id, figure in shown.items():
        assert "<img" not in figure
        assert 'role="img"' in figure and "gs-example-board" in figure and "<title>" in figure
        assert f'href="#/genial/try/{example_id}"' in figure and ">Try it<" in figure
        assert re.search(r"data-example-result[^>]*>(Scores \d+|No points):", figure)
    said = {i: re.search(r'data-example-result="">(.*?)</span>', f).group(1) for i, f in shown.items()}
    assert said["first-play"] == ("Scores 3: towers +2 green, +1 blue; the blue token turns over to 2; "
                                  "the green token turns over to 3.")
    assert said["new-chain"].startswith("Scores 5: towers +3 green, +2 purple;")
    assert said["golden"] == "Scores 1: golden +1 purple."
    assert said["tall-1"].startswith("Scores 9: towers +1 blue; the blue token turns over to 2; "
                                     "tall tower bonus +2 in every colour;")
    assert said["tall-1"].endswith("in all +2 orange, +2 green, +3 blue, +2 purple.")
    assert said["tall-2"].startswith("Scores 4: tall tower bonus +1 in every colour;")
    assert said["tall-6"].startswith("No points:")


def test_an_example_shows_a_piece_of_the_board_around_its_tiles():
    html = RulesScreen(FakeApp(), "genial").render()
    for example_id, figure in figures(html).items():
        cells = int(re.search(r'data-cells="(\d+)"', figure).group(1))
        assert 20 < cells < 150, example_id  # a crop, not the 247 spaces
        assert figure.count("gs-ghost") == 1  # the tile the example places, as the play screen previews it
        assert 'data-action="cell"' not in figure  # a picture, not a board to click
    first = figures(html)["first-play"]
    assert first.count('class="gs-tower gs-short"') == 3
    assert "gs-touch-ring gs-scores" in first


def test_the_components_are_drawn_and_named():
    html = RulesScreen(FakeApp(), "genial").render()
    parts = html[html.index("data-components"):]
    parts = parts[:parts.index("</section>")]
    for name in ("Plain space", "Golden bonus space", "Tall tower", "Short tower",
                 "Orange (circle): 1 and 2, turned over 2 and 3", "Purple (hexagon): 1 and 2, turned over 2 and 3",
                 "Player 1: red, plain tiles", "Player 4: pink, checked tiles"):
        assert f'aria-label="{name}"' in parts and f">{name}<" in parts
    assert "<img" not in parts
    tokens = parts[parts.index("gs-kind-tokens"):parts.index("gs-kind-tiles")]
    assert tokens.count("gs-token gs-dark") == 8 and tokens.count('class="gs-token"') == 8
    assert parts.count("gs-tile p") == 4


def test_red_moves_in_the_round_after_its_tiles_so_a_practice_game_ends_with_its_20th():
    for example in EXAMPLES.values():
        v = GAME.view(example.position(), 0)
        assert v["to_act"] == [example.seat] == [0]
        assert v["tiles_left"][0] == v["rounds"] - v["round"] + 1, example.id
