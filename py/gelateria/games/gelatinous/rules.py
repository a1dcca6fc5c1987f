"""Gelatinous: roll dice, stack 3s into a 2x2x2 cube. Pure rules, stdlib only.

Three modes, chosen by `options["mode"]`:
- "solitaire" (1 player): 13 dice, 5 in reserve and 8 in hand. Every roll adds a tally
  mark. 3s go to the cube (up to the 8 it needs; extra 3s stay in hand), each 1 goes
  from the hand to the reserve, then each 6 takes one die from the reserve into the
  hand (none if the reserve is empty). Cube complete: the game ends and the score is
  rolls - dice left in hand (lower is better). Hand empty before the cube is complete:
  the game is lost.
- "video" (2-6 players): everyone plays solitaire with their own 13 dice, in lockstep
  rounds. First cube wins; several in the same round: lower score wins, then shared.
  A player out of dice is eliminated; if all are, nobody wins.
- "multi" (3-6 players, 7 dice each): everyone holding unstacked dice rolls them all
  at once. 3s are stacked (up to 8), each 1 is passed LEFT = to the next seat (i+1),
  each 6 RIGHT = to the previous seat (i-1); passed dice arrive after everyone has
  resolved. A completed cube wins; several: fewer unstacked dice wins, then shared.
  Nobody holding unstacked dice and no cube: everyone is eaten (all lose).
Without a mode option the mode follows the player count: 1 solitaire, 2 video, 3+ multi.

There are no decisions: the only move is the caller's `{"a": "roll"}`, and seat 0 is
the caller in every mode. All dice come from the seeded Rng held in the state.

Building positions (tests, "what are my chances from here"): `position(...)` makes a
live state from counts; `apply_faces(state, faces)` resolves a round with given faces
instead of rolling (`apply` = roll the faces from the state's Rng + `apply_faces`).

The resolution helpers (`resolve_solitaire`, `resolve_multi`, `settle_*`) work on plain
ints so the odds simulator (odds.py) plays by exactly the same rules, only faster.
"""

from __future__ import annotations

from dataclasses import dataclass

from gelateria.core.game import IllegalMove, Rules
from gelateria.core.i18n import N_, _, and_list, ngettext, seat_label
from gelateria.core.rng import Rng

MODES = ("solitaire", "video", "multi")
PLAYERS = {"solitaire": (1, 1), "video": (2, 6), "multi": (3, 6)}
CUBE = 8  # dice in a finished 2x2x2 cube
SOLO_DICE = 13  # per solitaire / video player
SOLO_RESERVE = 5  # of which start in the reserve
MULTI_DICE = 7  # per multiplayer player (6 x 7 = the official box of 42)

PLAYING, WON, LOST, ELIMINATED, EATEN = "playing", "won", "lost", "eliminated", "eaten"
ROLL = {"a": "roll"}
CALLER = 0


@dataclass(frozen=True, slots=True)
class State:
    mode: str
    rng: int  # the Rng's whole state
    round: int  # roll calls so far
    hands: tuple  # unstacked dice each player holds
    reserves: tuple  # solitaire/video reserve per player (always 0 in multi)
    cubes: tuple  # dice stacked in each cube, 0..8
    tally: tuple  # times each player has rolled
    status: tuple  # per player: playing / won / lost / eliminated / eaten
    # Last round, per player: None if they did not roll, else (faces, to_cube,
    # from_reserve): the faces in rolled order, how many of the 3s (the first ones)
    # went to the cube, and how many dice came out of the reserve for the 6s.
    last: tuple


# --- resolution on plain ints (shared with odds.py) ------------------------------------

def count_faces(faces) -> tuple[int, int, int]:
    """(threes, ones, sixes) in a roll."""
    return faces.count(3), faces.count(1), faces.count(6)


def resolve_solitaire(hand, reserve, cube, threes, ones, sixes):
    """One solitaire roll resolved in the rulebook's order: 3s to the cube, then 1s to
    the reserve, then 6s from the reserve (so a 1 just put there can come back).
    Returns (hand, reserve, cube, to_cube, from_reserve)."""
    to_cube = min(threes, CUBE - cube)
    hand -= to_cube + ones
    reserve += ones
    from_reserve = min(sixes, reserve)
    return hand + from_reserve, reserve - from_reserve, cube + to_cube, to_cube, from_reserve


def resolve_multi(hands, cubes, counts):
    """One multiplayer round. counts[i] is (threes, ones, sixes) or None for a seat that
    sat out. Dice passed left/right arrive after everyone resolved.
    Returns (hands, cubes, to_cube) as new lists."""
    n = len(hands)
    new_hands, new_cubes = list(hands), list(cubes)
    to_cube = [0] * n
    arriving = [0] * n
    for seat, count in enumerate(counts):
        if count is None:
            continue
        threes, ones, sixes = count
        stacked = min(threes, CUBE - cubes[seat])
        to_cube[seat] = stacked
        new_cubes[seat] += stacked
        new_hands[seat] -= stacked + ones + sixes
        arriving[(seat + 1) % n] += ones  # left = next seat
        arriving[(seat - 1) % n] += sixes  # right = previous seat
    return [h + a for h, a in zip(new_hands, arriving)], new_cubes, to_cube


def solo_score(tally: int, hand: int) -> int:
    """The rulebook score: rolls minus dice left in hand (lower is better)."""
    return tally - hand


def scored(view: dict, seat: int) -> bool:
    """Whether a player's score means anything, from the public view: every cube counts in
    multiplayer, but solitaire and by video score only a finished cube ("rolls − dice" of
    a player who never finished would read as a good, low score)."""
    p = view["players"][seat]
    return view["mode"] == "multi" or p["status"] == WON or p["cube"] == CUBE


def score_text(view: dict, seat: int, score) -> str:
    """How a player's score reads: dice in the cube in multiplayer, the rulebook score
    otherwise, and a dash for a player who never finished (out of dice, if so)."""
    if not scored(view, seat):
        return _("— (out of dice)") if view["players"][seat]["status"] in (ELIMINATED, LOST, EATEN) else "—"
    if view["mode"] == "multi":
        return _("{count} of 8 in the cube").format(count=int(score))
    return str(int(score))


def settle_solo(status, hands, cubes, tally, out_word):
    """Statuses after a solitaire / video round. A playing player with an empty hand and
    no cube is out (`out_word`: "lost" in solitaire, "eliminated" by video). If anyone
    completed the cube, the lowest score among them wins (ties share) and everyone else
    still in the game loses."""
    status = list(status)
    finishers = []
    for i, s in enumerate(status):
        if s != PLAYING:
            continue
        if cubes[i] == CUBE:
            finishers.append(i)
        elif hands[i] == 0:
            status[i] = out_word
    if finishers:
        best = min(solo_score(tally[i], hands[i]) for i in finishers)
        for i, s in enumerate(status):
            if s == PLAYING:
                won = i in finishers and solo_score(tally[i], hands[i]) == best
                status[i] = WON if won else LOST
    return status


def settle_multi(status, hands, cubes):
    """Statuses after a multiplayer round: completed cubes win (fewer unstacked dice,
    then shared); nobody holding dice and no cube: everyone is eaten."""
    finishers = [i for i, c in enumerate(cubes) if c == CUBE]
    if finishers:
        fewest = min(hands[i] for i in finishers)
        return [WON if i in finishers and hands[i] == fewest else LOST for i in range(len(status))]
    if not any(hands):
        return [EATEN] * len(status)
    return list(status)


# --- building states -----------------------------------------------------------------

# Refusals of a player count that does not fit the mode (the new-game panel shows them).
WRONG_COUNT = {
    "solitaire": N_("Gelatinous solitaire is for exactly 1 player, not {count}."),
    "video": N_("Gelatinous by video is for {low}–{high} players, not {count}."),
    "multi": N_("Gelatinous multiplayer is for {low}–{high} players, not {count}."),
}


def mode_for(players: int, options: dict | None) -> str:
    mode = (options or {}).get("mode")
    if mode is None:
        mode = "solitaire" if players == 1 else "video" if players == 2 else "multi"
    if mode not in MODES:
        raise ValueError(_("Gelatinous has no mode {mode} (modes: {modes}).").format(
            mode=repr(mode), modes=and_list(list(MODES))))
    low, high = PLAYERS[mode]
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise ValueError(_(WRONG_COUNT[mode]).format(low=low, high=high, count=players))
    return mode


def position(mode, hands, cubes, reserves=None, tally=None, round=0, status=None, seed=0) -> State:
    """A state built from counts, for tests and for odds from a given position.

    position("solitaire", hands=[3], cubes=[7], reserves=[3], tally=[20])
    position("multi", hands=[7, 0, 5, 2], cubes=[7, 7, 1, 4])
    Solitaire/video players must hold 13 dice each (hand + reserve + cube); multiplayer
    tables must hold 7 per player in all. `status` defaults to everyone playing.
    """
    n = len(hands)
    low, high = PLAYERS[mode]
    if not low <= n <= high:
        raise ValueError(f"{mode} is for {low}–{high} players")
    reserves = tuple(reserves if reserves is not None else [0] * n)
    tally = tuple(tally if tally is not None else [round] * n)
    status = tuple(status if status is not None else [PLAYING] * n)
    cubes, hands = tuple(cubes), tuple(hands)
    if not len(cubes) == len(reserves) == len(tally) == len(status) == n:
        raise ValueError("every per-player list needs one entry per player")
    if min(hands + cubes + reserves + tally) < 0 or max(cubes) > CUBE:
        raise ValueError("counts must be >= 0 and cubes at most 8")
    if mode == "multi":
        if any(reserves) or sum(hands) + sum(cubes) != MULTI_DICE * n:
            raise ValueError(f"a multiplayer table holds {MULTI_DICE} dice per player and no reserves")
    elif any(h + r + c != SOLO_DICE for h, r, c in zip(hands, reserves, cubes)):
        raise ValueError(f"each {mode} player holds {SOLO_DICE} dice (hand + reserve + cube)")
    playing = [i for i in range(n) if status[i] == PLAYING]
    if any(cubes[i] == CUBE for i in playing) or (mode != "multi" and any(hands[i] == 0 for i in playing)):
        raise ValueError("a player still playing has dice to roll and an unfinished cube")
    if mode == "multi" and playing and not any(hands):
        raise ValueError("nobody holds dice: that table has been eaten")
    return State(mode, Rng(seed).state, round, hands, reserves, cubes, tally, status, (None,) * n)


def apply_faces(state: State, faces) -> State:
    """Resolve one round with the given faces: faces[i] is the list seat i rolled ([] or
    None for a seat that does not roll). Checks that every roller rolled every die."""
    if is_over(state):
        raise IllegalMove(_("The game is over."))
    rollers = set(rolling_seats(state))
    faces = [list(f or ()) for f in faces]
    if len(faces) != len(state.hands):
        raise ValueError("one list of faces per player is needed")
    for seat, f in enumerate(faces):
        wanted = state.hands[seat] if seat in rollers else 0
        if len(f) != wanted or any(v not in (1, 2, 3, 4, 5, 6) for v in f):
            raise ValueError(f"Player {seat + 1} must roll {wanted} dice of 1–6, not {f}")
    if state.mode == "multi":
        return _multi_round(state, faces, rollers)
    return _solo_round(state, faces, rollers)


def rolling_seats(state: State) -> list[int]:
    return [i for i, (s, h) in enumerate(zip(state.status, state.hands)) if s == PLAYING and h > 0]


def _solo_round(state, faces, rollers):
    hands, reserves, cubes, tally = list(state.hands), list(state.reserves), list(state.cubes), list(state.tally)
    last = []
    for seat, f in enumerate(faces):
        if seat not in rollers:
            last.append(None)
            continue
        hands[seat], reserves[seat], cubes[seat], to_cube, from_reserve = resolve_solitaire(
            hands[seat], reserves[seat], cubes[seat], *count_faces(f)
        )
        tally[seat] += 1
        last.append((tuple(f), to_cube, from_reserve))
    out_word = LOST if state.mode == "solitaire" else ELIMINATED
    status = settle_solo(state.status, hands, cubes, tally, out_word)
    return State(state.mode, state.rng, state.round + 1, tuple(hands), tuple(reserves), tuple(cubes),
                 tuple(tally), tuple(status), tuple(last))


def _multi_round(state, faces, rollers):
    counts = [count_faces(f) if seat in rollers else None for seat, f in enumerate(faces)]
    hands, cubes, to_cube = resolve_multi(state.hands, state.cubes, counts)
    tally = tuple(t + (seat in rollers) for seat, t in enumerate(state.tally))
    last = tuple((tuple(f), to_cube[seat], 0) if seat in rollers else None for seat, f in enumerate(faces))
    status = settle_multi(state.status, hands, cubes)
    return State(state.mode, state.rng, state.round + 1, tuple(hands), state.reserves, tuple(cubes),
                 tally, tuple(status), last)


def is_over(state: State) -> bool:
    return PLAYING not in state.status


def outcome(state: State) -> str:
    """playing / won (one winner) / shared / lost (solitaire) / eliminated (everyone,
    by video) / eaten (multiplayer)."""
    if not is_over(state):
        return PLAYING
    won = state.status.count(WON)
    if won:
        return WON if won == 1 else "shared"
    return state.status[0]  # nobody won: everyone has the same status


# --- views and event-log lines --------------------------------------------------------

def _destinations(mode, faces, to_cube):
    """Where each rolled die went, in rolled order."""
    one, six = ("left", "right") if mode == "multi" else ("reserve", "hand")
    out, stacked = [], 0
    for face in faces:
        if face == 3 and stacked < to_cube:
            stacked += 1
            out.append("cube")
        else:
            out.append(one if face == 1 else six if face == 6 else "hand")
    return out


def _last_view(state: State, seat: int) -> dict:
    """What happened to this seat in the last round, for animation: faces and where
    each die went; reserve dice taken for 6s; dice received from neighbours (multi)."""
    n = len(state.hands)
    rolled = state.last[seat]
    faces, to_cube, from_reserve = rolled or ((), 0, 0)
    out = {"rolled": rolled is not None, "faces": list(faces), "dest": _destinations(state.mode, faces, to_cube)}
    if state.mode == "multi":
        # A 1 passed left by the previous seat and a 6 passed right by the next seat.
        prev_seat, next_seat = (seat - 1) % n, (seat + 1) % n
        prev_last, next_last = state.last[prev_seat], state.last[next_seat]
        out["received"] = [
            {"from": prev_seat, "face": 1, "dice": prev_last[0].count(1) if prev_last else 0},
            {"from": next_seat, "face": 6, "dice": next_last[0].count(6) if next_last else 0},
        ]
    else:
        out["from_reserve"] = from_reserve
    return out


def describe_round(after: State) -> str:
    """The event-log line for the round that led to `after`, e.g. "Player 1 rolled
    3,3,1,6,5: +2 to the cube, 1 to the reserve, 1 from the reserve"."""
    parts = [_describe_roll(after, seat) for seat in range(len(after.hands)) if after.last[seat]]
    line = _("; ").join(parts) or _("Nobody had dice to roll")
    endings = _describe_ending(after)
    if not endings:
        return line
    # Every sentence ends with its full stop and the space before the next: ". " in
    # English, "。" alone in Japanese.
    return "".join(_("{sentence}. ").format(sentence=s) for s in [line] + endings).rstrip()


def _describe_roll(after: State, seat: int) -> str:
    faces, to_cube, from_reserve = after.last[seat]
    threes, ones, sixes = count_faces(faces)
    parts = []
    if to_cube:
        parts.append(ngettext("+{count} to the cube", "+{count} to the cube", to_cube).format(count=to_cube))
    if threes > to_cube:
        extra = threes - to_cube
        parts.append(ngettext("{count} extra 3 kept", "{count} extra 3s kept", extra).format(count=extra))
    n = len(after.hands)
    if after.mode == "multi":
        if ones:
            parts.append(ngettext("{count} passed left to {player}", "{count} passed left to {player}", ones)
                         .format(count=ones, player=seat_label((seat + 1) % n)))
        if sixes:
            parts.append(ngettext("{count} passed right to {player}", "{count} passed right to {player}", sixes)
                         .format(count=sixes, player=seat_label((seat - 1) % n)))
    else:
        if ones:
            parts.append(ngettext("{count} to the reserve", "{count} to the reserve", ones).format(count=ones))
        if from_reserve:
            parts.append(ngettext("{count} from the reserve", "{count} from the reserve", from_reserve)
                         .format(count=from_reserve))
        if sixes > from_reserve:
            empty = sixes - from_reserve
            parts.append(ngettext("{count} six with the reserve empty", "{count} sixes with the reserve empty", empty)
                         .format(count=empty))
    rolled = ",".join(map(str, faces))
    effects = _(", ").join(parts) if parts else _("nothing moves")
    return _("{player} rolled {faces}: {effects}").format(player=seat_label(seat), faces=rolled, effects=effects)


def _describe_ending(after: State) -> list[str]:
    """The sentences (without their full stops) that say how the round ended the game
    for someone."""
    sentences = []
    for seat, s in enumerate(after.status):
        who = seat_label(seat)
        if s == ELIMINATED and after.last[seat] is not None and after.hands[seat] == 0:
            sentences.append(_("{player} is out of dice and eliminated").format(player=who))
        elif s == LOST and after.mode == "solitaire":
            sentences.append(_("{player} is out of dice and loses").format(player=who))
    kind = outcome(after)
    won = [seat for seat, s in enumerate(after.status) if s == WON]
    if after.mode != "multi":
        scores = [solo_score(after.tally[i], after.hands[i]) for i in won]
        if kind == WON:
            sentences.append(_("{player} completes the cube and wins with a score of {score}")
                             .format(player=seat_label(won[0]), score=scores[0]))
        elif kind == "shared":
            sentences.append(_("{players} share the win with a score of {score}")
                             .format(players=and_list([seat_label(i) for i in won]), score=scores[0]))
        elif kind == ELIMINATED:
            sentences.append(_("Everyone is out of dice: nobody wins"))
    else:
        if kind == WON:
            sentences.append(_("{player} completes the cube and wins").format(player=seat_label(won[0])))
        elif kind == "shared":
            sentences.append(_("{players} complete their cubes together and share the win")
                             .format(players=and_list([seat_label(i) for i in won])))
        elif kind == EATEN:
            sentences.append(_("Nobody has dice left and no cube is complete: everyone is eaten"))
    return sentences


# --- the Game object -----------------------------------------------------------------

class Gelatinous(Rules):
    max_moves = 200  # real games take up to ~40 rolls
    id = "gelatinous"
    title = N_("Gelatinous")
    min_players = 1
    max_players = 6

    # Exposed for the web layer and tests.
    position = staticmethod(position)
    apply_faces = staticmethod(apply_faces)
    outcome = staticmethod(outcome)
    describe_round = staticmethod(describe_round)
    is_over = staticmethod(is_over)

    def new(self, players: int, seed: int, options: dict | None = None) -> State:
        mode = mode_for(players, options)
        if mode == "multi":
            return position(mode, [MULTI_DICE] * players, [0] * players, seed=seed)
        hand = SOLO_DICE - SOLO_RESERVE
        return position(mode, [hand] * players, [0] * players, [SOLO_RESERVE] * players, seed=seed)

    def to_act(self, state: State) -> list[int]:
        return [] if is_over(state) else [CALLER]

    def legal_moves(self, state: State, player: int) -> list:
        return [dict(ROLL)] if player == CALLER and not is_over(state) else []

    def advance(self, state: State, player: int, move) -> State:
        if is_over(state):
            raise IllegalMove(_("The game is over."))
        if player != CALLER:
            raise IllegalMove(_("Only the caller ({player}) calls the next roll.").format(player=seat_label(CALLER)))
        if move != ROLL:
            raise IllegalMove(_("The only move in Gelatinous is to roll."))
        rng = Rng(state=state.rng)
        rollers = set(rolling_seats(state))
        faces = [[rng.die() for _ in range(hand)] if seat in rollers else [] for seat, hand in enumerate(state.hands)]
        after = apply_faces(state, faces)
        return State(after.mode, rng.state, after.round, after.hands, after.reserves, after.cubes,
                     after.tally, after.status, after.last)

    def scores(self, state: State) -> list[float]:
        """Solitaire / video: the rulebook score, rolls - dice in hand (lower is better).
        Multiplayer: dice stacked in each cube (higher is better)."""
        if state.mode == "multi":
            return list(state.cubes)
        return [solo_score(t, h) for t, h in zip(state.tally, state.hands)]

    def winners(self, state: State) -> list[int]:
        return [i for i, s in enumerate(state.status) if s == WON]

    def view(self, state: State, player: int | None) -> dict:
        """Everything is public (dice are on the table), so every seat sees the same."""
        n = len(state.hands)
        multi = state.mode == "multi"
        players = []
        for seat in range(n):
            p = {
                "hand": state.hands[seat],
                "cube": state.cubes[seat],
                "tally": state.tally[seat],
                "status": state.status[seat],
                "last": _last_view(state, seat),
            }
            if multi:
                p["left"], p["right"] = (seat + 1) % n, (seat - 1) % n
            else:
                p["reserve"] = state.reserves[seat]
                p["score"] = solo_score(state.tally[seat], state.hands[seat])
            players.append(p)
        return {
            "mode": state.mode,
            "round": state.round,
            "caller": CALLER,
            "over": is_over(state),
            "outcome": outcome(state),
            "winners": self.winners(state),
            "players": players,
        }

    def describe(self, state_before: State, player: int, move) -> str:
        return describe_round(self.apply(state_before, player, move))


GAME = Gelatinous()
