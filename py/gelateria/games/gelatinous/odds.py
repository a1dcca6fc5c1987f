"""How likely is a cube, and what score is typical? Exact answers and fast simulations.

- `solitaire_exact(hand, reserve, cube, tally)`: the exact chance to finish from any
  solitaire position and the distribution of final scores, by propagating the
  probability of every (hand, reserve, cube) position one roll at a time. A roll of
  n dice matters only through how many 3s, 1s and 6s it shows, so each position has at
  most ~80 successors. Cheap enough for the browser (see the report figures).
- `video_exact(positions)`: by video the players are independent solitaire games in
  lockstep, so the same per-player timelines combine exactly into each player's chance
  to win, the chance that nobody does and the expected number of rounds.
- `simulate(mode, players, games, seed)`: Monte Carlo for every mode (the only option
  for multiplayer, where dice move between players). It plays by the resolution
  helpers of rules.py but draws each roll's (3s, 1s, 6s) counts in one step.
- `steps(state, entry, clock)`: the odds for a page, a step at a time (the exact
  solitaire propagation a roll at a time, multiplayer simulations in batches), so the
  page stays responsive; the answer never depends on how the steps fell in time. A
  page knows a position by its public view: `position_key(view)`, `position_of(view)`.

Everything is deterministic (seeded Rng, no clock) so results are reproducible.
"""

from __future__ import annotations

import zlib
from bisect import bisect_right
from math import comb
from typing import Iterator

from gelateria.core.i18n import _
from gelateria.core.rng import Rng
from gelateria.games.gelatinous.rules import (
    CUBE,
    ELIMINATED,
    GAME,
    LOST,
    PLAYING,
    SOLO_DICE,
    SOLO_RESERVE,
    WON,
    State,
    is_over,
    position,
    resolve_multi,
    resolve_solitaire,
    settle_multi,
    settle_solo,
    solo_score,
)

DEFAULT_TOLERANCE = 1e-12  # stop the exact propagation when this little is undecided
MAX_ROUNDS = 5000  # the propagation's guard; never reached in practice

_outcome_cache: dict[int, list] = {}
_sampler_cache: dict[int, tuple] = {}


def roll_outcomes(n: int) -> list[tuple[int, int, int, float]]:
    """Every (threes, ones, sixes) a roll of n dice can show, with its probability."""
    if n not in _outcome_cache:
        out = []
        for threes in range(n + 1):
            for ones in range(n - threes + 1):
                for sixes in range(n - threes - ones + 1):
                    other = n - threes - ones - sixes
                    ways = comb(n, threes) * comb(n - threes, ones) * comb(n - threes - ones, sixes)
                    out.append((threes, ones, sixes, ways * 3**other / 6**n))
        _outcome_cache[n] = out
    return _outcome_cache[n]


def sample_counts(rng: Rng, n: int) -> tuple[int, int, int]:
    """(threes, ones, sixes) of a roll of n dice, drawn with one random number."""
    if n not in _sampler_cache:
        cumulative, counts, total = [], [], 0.0
        for threes, ones, sixes, p in roll_outcomes(n):
            total += p
            cumulative.append(total)
            counts.append((threes, ones, sixes))
        _sampler_cache[n] = (cumulative, counts)
    cumulative, counts = _sampler_cache[n]
    return counts[min(bisect_right(cumulative, rng.random()), len(counts) - 1)]


# --- exact solitaire ---------------------------------------------------------------------

_transition_cache: dict[tuple, list] = {}


def _transitions(hand: int, reserve: int, cube: int) -> list:
    """[((hand, reserve, cube) after one roll, probability)], same positions merged."""
    key = (hand, reserve, cube)
    if key not in _transition_cache:
        merged: dict[tuple, float] = {}
        for threes, ones, sixes, p in roll_outcomes(hand):
            h, r, c, _, _ = resolve_solitaire(hand, reserve, cube, threes, ones, sixes)
            merged[h, r, c] = merged.get((h, r, c), 0.0) + p
        _transition_cache[key] = list(merged.items())
    return _transition_cache[key]


def solo_timeline(hand=SOLO_DICE - SOLO_RESERVE, reserve=SOLO_RESERVE, cube=0, tally=0, tol=DEFAULT_TOLERANCE):
    """Yield, for each further roll k = 1, 2, ...: (wins, lost, alive) where wins maps a
    final score to the chance of completing the cube on roll k with it, lost is the
    chance of running out of dice on roll k, and alive the chance of still playing
    after it. Stops once less than `tol` is still alive."""
    alive = {(hand, reserve, cube): 1.0}
    rolls = tally
    while alive and sum(alive.values()) > tol and rolls - tally < MAX_ROUNDS:
        rolls += 1
        wins: dict[int, float] = {}
        lost = 0.0
        nxt: dict[tuple, float] = {}
        for position, mass in alive.items():
            for (h, r, c), p in _transitions(*position):
                q = mass * p
                if c == CUBE:
                    score = solo_score(rolls, h)
                    wins[score] = wins.get(score, 0.0) + q
                elif h == 0:
                    lost += q
                else:
                    nxt[h, r, c] = nxt.get((h, r, c), 0.0) + q
        alive = nxt
        yield wins, lost, sum(alive.values())


def solitaire_exact(hand=SOLO_DICE - SOLO_RESERVE, reserve=SOLO_RESERVE, cube=0, tally=0, tol=DEFAULT_TOLERANCE):
    """The exact odds of a solitaire game from a position (default: the start).

    Returns {"win": chance to complete the cube, "loss": chance to run out of dice,
    "scores": {score: chance} (unconditional, sums to "win"), "median_score" and
    "mean_score" (over won games), "mean_rolls" (rolls still to come, won or lost),
    "undecided": the mass left when the propagation stopped}."""
    if cube >= CUBE or hand == 0:
        raise ValueError(_("that solitaire game is already over"))
    scores: dict[int, float] = {}
    win = loss = mean_rolls = 0.0
    alive = 1.0
    for k, (wins, lost, alive) in enumerate(solo_timeline(hand, reserve, cube, tally, tol), start=1):
        for score, p in wins.items():
            scores[score] = scores.get(score, 0.0) + p
        step = sum(wins.values()) + lost
        win += step - lost
        loss += lost
        mean_rolls += k * step
    ordered = dict(sorted(scores.items()))
    return {
        "win": win,
        "loss": loss,
        "scores": ordered,
        "median_score": weighted_median(ordered),
        "mean_score": sum(s * p for s, p in ordered.items()) / win if win else None,
        "mean_rolls": mean_rolls,
        "undecided": alive,
    }


def video_exact(positions, tol=DEFAULT_TOLERANCE):
    """Exact odds by video. positions: one (hand, reserve, cube, tally) per player
    still playing (a fresh game: [(8, 5, 0, 0)] * players).

    Returns {"win_alone": [chance each player wins outright], "win_shared": [chance each
    shares a win], "nobody": chance everyone is eliminated, "mean_rounds": expected
    rounds still to play, "undecided": mass left when the propagation stopped}."""
    # Players in the same position have the same chances: work per distinct position
    # ("group") and raise to the number of players in it.
    keys = [tuple(p) for p in positions]
    groups = list(dict.fromkeys(keys))
    size = [keys.count(g) for g in groups]
    timelines = [list(solo_timeline(*g, tol=tol)) for g in groups]
    rounds = max(len(t) for t in timelines)
    alone_g, shared_g = [0.0] * len(groups), [0.0] * len(groups)
    not_finished = [1.0] * len(groups)  # chance a player has no cube by this round
    eliminated = [0.0] * len(groups)  # chance a player is out of dice by this round

    def others(values, g):
        """Product over every other player of their value (values per group)."""
        return _product(v ** (size[h] - (h == g)) for h, v in enumerate(values))

    mean_rounds = 1.0  # the first round is always played
    for k in range(rounds):
        steps = [t[k][:2] if k < len(t) else ({}, 0.0) for t in timelines]
        for g, (wins, lost) in enumerate(steps):
            not_finished[g] -= sum(wins.values())
            eliminated[g] += lost
        scores_now = sorted({score for wins, _ in steps for score in wins})
        # For a player and a score s: the chance they have no cube yet (this includes
        # being out) or made one this round with a score above s (worse) / at least s.
        worse = {s: [0.0] * len(groups) for s in scores_now}
        no_better = {s: [0.0] * len(groups) for s in scores_now}
        for g, (wins, _) in enumerate(steps):
            above = 0.0
            for score in reversed(scores_now):
                worse[score][g] = not_finished[g] + above
                above += wins.get(score, 0.0)
                no_better[score][g] = not_finished[g] + above
        for g, (wins, _) in enumerate(steps):
            for score, p in wins.items():
                alone = p * others(worse[score], g)
                alone_g[g] += alone
                shared_g[g] += p * others(no_better[score], g) - alone
        # The game goes on past this round if nobody has a cube and someone still plays.
        mean_rounds += others(not_finished, None) - others(eliminated, None)
    nobody = others(eliminated, None)
    return {
        "win_alone": [alone_g[groups.index(key)] for key in keys],
        "win_shared": [shared_g[groups.index(key)] for key in keys],
        "nobody": nobody,
        "mean_rounds": mean_rounds,
        "undecided": max(0.0, others(not_finished, None) - nobody),
    }


def _product(values) -> float:
    out = 1.0
    for v in values:
        out *= v
    return out


def weighted_median(dist: dict) -> float | None:
    """The median of a {value: weight} distribution sorted by value."""
    total = sum(dist.values())
    if not total:
        return None
    running = 0.0
    for value, weight in dist.items():
        running += weight
        if running >= total / 2:
            return value
    return None


# --- simulation --------------------------------------------------------------------------

def simulate(mode: str = "solitaire", players: int = 1, games: int = 10_000, seed: int = 1, start=None) -> dict:
    """Play `games` random games of a mode (or, given `start`, from that state of a game
    in progress: mode and players are then the state's) and summarise them.

    Returns {"mode", "players", "games", "seed",
      "with_winner": games someone won (solitaire: games won),
      "shared": games with a shared win, "no_winner": games lost / all eliminated / eaten,
      "wins_by_seat": games each seat won or shared,
      "mean_rounds": average roll calls per game (from `start` if given),
      "scores": {final score: games} of the winners (solitaire and video only),
      "median_score", "mean_score": over those scores (None in multiplayer)}."""
    if start is None:
        start = GAME.new(players, 0, {"mode": mode})
    mode, players = start.mode, len(start.hands)
    if is_over(start):
        raise ValueError(_("that game is already over"))
    if games < 1:
        raise ValueError(_("simulate at least one game"))
    rng = Rng(seed)
    play_one = _play_multi if mode == "multi" else _play_solo
    with_winner = shared = rounds_total = 0
    wins_by_seat = [0] * players
    scores: dict[int, int] = {}
    for _ in range(games):
        status, rounds, score = play_one(rng, start)
        rounds_total += rounds
        winners = [i for i, s in enumerate(status) if s == WON]
        if winners:
            with_winner += 1
            shared += len(winners) > 1
            for i in winners:
                wins_by_seat[i] += 1
            if score is not None:
                scores[score] = scores.get(score, 0) + 1
    scores = dict(sorted(scores.items()))
    counted = sum(scores.values())
    return {
        "mode": mode,
        "players": players,
        "games": games,
        "seed": seed,
        "with_winner": with_winner,
        "shared": shared,
        "no_winner": games - with_winner,
        "wins_by_seat": wins_by_seat,
        "mean_rounds": rounds_total / games,
        "scores": scores,
        "median_score": weighted_median(scores),
        "mean_score": sum(s * c for s, c in scores.items()) / counted if counted else None,
    }


def _play_solo(rng: Rng, start: State):
    """One solitaire / video game on. Returns (statuses, rounds, the winning score)."""
    hands, reserves, cubes = list(start.hands), list(start.reserves), list(start.cubes)
    tally, status = list(start.tally), list(start.status)
    out_word = LOST if start.mode == "solitaire" else ELIMINATED
    rounds = 0
    while PLAYING in status:
        rounds += 1
        for i, s in enumerate(status):
            if s == PLAYING:
                hands[i], reserves[i], cubes[i], _, _ = resolve_solitaire(
                    hands[i], reserves[i], cubes[i], *sample_counts(rng, hands[i])
                )
                tally[i] += 1
        status = settle_solo(status, hands, cubes, tally, out_word)
    winner = status.index(WON) if WON in status else None
    return status, rounds, None if winner is None else solo_score(tally[winner], hands[winner])


def _play_multi(rng: Rng, start: State):
    """One multiplayer game on. Returns (statuses, rounds, None)."""
    hands, cubes, status = start.hands, start.cubes, start.status
    rounds = 0
    while PLAYING in status:
        rounds += 1
        counts = [sample_counts(rng, h) if h else None for h in hands]
        hands, cubes, _ = resolve_multi(hands, cubes, counts)
        status = settle_multi(status, hands, cubes)
    return status, rounds, None


# --- one call for the app ------------------------------------------------------------------

def odds_for(state: State, games: int = 2000, tol: float = 1e-9) -> dict:
    """The odds from a game in progress, in the cheapest honest way for its mode:
    exact for solitaire and by video, a `games`-game simulation for multiplayer
    (seeded by the game's own dice state, so the same position gives the same answer).

    Returns {"exact": bool, "win": [each player's chance to win, alone or shared],
    "win_alone": [...], "nobody": chance nobody wins, "mean_rounds": rounds still to
    play}, plus for solitaire "scores" ({final score: chance}) and "median_score"."""
    if is_over(state):
        raise ValueError(_("that game is already over"))
    n = len(state.hands)
    if state.mode == "solitaire":
        r = solitaire_exact(state.hands[0], state.reserves[0], state.cubes[0], state.tally[0], tol)
        return {"exact": True, "win": [r["win"]], "win_alone": [r["win"]], "nobody": r["loss"],
                "mean_rounds": r["mean_rolls"], "scores": r["scores"], "median_score": r["median_score"]}
    if state.mode == "video":
        playing = [i for i in range(n) if state.status[i] == PLAYING]
        r = video_exact([(state.hands[i], state.reserves[i], state.cubes[i], state.tally[i]) for i in playing], tol)
        win_alone, win = [0.0] * n, [0.0] * n
        for k, i in enumerate(playing):
            win_alone[i] = r["win_alone"][k]
            win[i] = r["win_alone"][k] + r["win_shared"][k]
        return {"exact": True, "win": win, "win_alone": win_alone, "nobody": r["nobody"],
                "mean_rounds": r["mean_rounds"]}
    sim = simulate(games=games, seed=state.rng, start=state)
    return {"exact": False, "win": [w / games for w in sim["wins_by_seat"]],
            "win_alone": None, "nobody": sim["no_winner"] / games, "mean_rounds": sim["mean_rounds"],
            "games": games}


# --- odds for a page, a step at a time ------------------------------------------------------

SIM_GAMES = 2000  # multiplayer odds: simulated games per position
SIM_BATCH = 50  # games per simulate() call (fixed, so the answer does not depend on timing)
SIM_CHUNK = 250  # games between two looks at the simulation so far
EXACT_TOL = 1e-6  # exact odds stop when this little is undecided (shown to 1%)


def position_key(view: dict) -> tuple:
    """What the odds from a position depend on, from its public view (the rules' view):
    the same counts, the same odds."""
    players = view["players"]
    counts = ("hand", "cube", "status") if view["mode"] == "multi" else ("hand", "reserve", "cube", "tally", "status")
    return (view["mode"], *(tuple(p[name] for p in players) for name in counts))


def start_key(view: dict) -> tuple:
    """The key of the odds at the start of a game like this one (same mode and players)."""
    return ("start", view["mode"], len(view["players"]))


def position_of(view: dict) -> State:
    """A live state with the counts the public view shows, its dice seeded by them (so a
    simulation from a position always gives the same answer, whichever game reached it)."""
    players = view["players"]
    multi = view["mode"] == "multi"
    seed = zlib.crc32(repr(position_key(view)).encode())
    return position(view["mode"], [p["hand"] for p in players], [p["cube"] for p in players],
                    None if multi else [p["reserve"] for p in players], [p["tally"] for p in players],
                    view["round"], [p["status"] for p in players], seed)


def start_of(view: dict) -> tuple[tuple, State]:
    """The key and the first position of a game like this one, for "at the start" beside
    the odds from here."""
    return start_key(view), GAME.new(len(view["players"]), 0, {"mode": view["mode"]})


def solitaire_entry(state: State) -> dict:
    """Exact solitaire odds, worked out a roll at a time: the same propagation as
    solitaire_exact, driven by solo_timeline."""
    timeline = solo_timeline(state.hands[0], state.reserves[0], state.cubes[0], state.tally[0], EXACT_TOL)
    return {"done": False, "exact": True, "timeline": timeline, "rolls": 0, "scores": {}, "win": [0.0],
            "nobody": 0.0, "mean_rounds": 0.0, "median": None, "ms": 0.0}


def step_solitaire(entry: dict) -> None:
    """One more roll of the propagation (see solitaire_entry)."""
    try:
        wins, lost, _alive = next(entry["timeline"])
    except StopIteration:
        entry["done"] = True
        entry["timeline"] = None
        entry["scores"] = dict(sorted(entry["scores"].items()))
        entry["median"] = weighted_median(entry["scores"])
        return
    entry["rolls"] += 1
    for score, p in wins.items():
        entry["scores"][score] = entry["scores"].get(score, 0.0) + p
    won = sum(wins.values())
    entry["win"] = [entry["win"][0] + won]
    entry["nobody"] += lost
    entry["mean_rounds"] += entry["rolls"] * (won + lost)


def steps(state: State, entry: dict | None, clock) -> Iterator[tuple[dict, bool]]:
    """The odds from `state`, worked out a step at a time: `entry` is the work so far (None
    to begin), and each step yields (the entry, whether it is worth showing now). Solitaire
    is exact, a roll at a time; by video exact at once; multiplayer simulated SIM_GAMES
    games, SIM_BATCH at a time (worth showing every SIM_CHUNK). Every entry has "done",
    "exact", "win" (per seat), "nobody", "mean_rounds" and "ms" (the time spent, by
    `clock()` in ms); solitaire adds "scores" and "median", multiplayer "games". The
    answer never depends on how the steps fell in time."""
    while entry is None or not entry["done"]:
        t0 = clock()
        if state.mode == "solitaire":
            entry = entry or solitaire_entry(state)
            step_solitaire(entry)
        elif state.mode == "video":
            r = odds_for(state, tol=EXACT_TOL)
            entry = {"done": True, "exact": True, "win": r["win"], "nobody": r["nobody"],
                     "mean_rounds": r["mean_rounds"], "scores": r.get("scores"),
                     "median": r.get("median_score"), "ms": 0.0}
        else:
            entry = entry or {"done": False, "exact": False, "games": 0, "wins": [0] * len(state.hands),
                              "nobody_n": 0, "rounds": 0.0, "ms": 0.0}
            batch = simulate(games=SIM_BATCH, seed=state.rng + entry["games"], start=state)
            entry["wins"] = [a + b for a, b in zip(entry["wins"], batch["wins_by_seat"])]
            entry["nobody_n"] += batch["no_winner"]
            entry["rounds"] += batch["mean_rounds"] * SIM_BATCH
            entry["games"] += SIM_BATCH
            games = entry["games"]
            entry.update(win=[w / games for w in entry["wins"]], nobody=entry["nobody_n"] / games,
                         mean_rounds=entry["rounds"] / games, done=games >= SIM_GAMES)
        entry["ms"] = entry.get("ms", 0.0) + (clock() - t0)
        yield entry, entry["done"] or (not entry["exact"] and entry["games"] % SIM_CHUNK == 0)
