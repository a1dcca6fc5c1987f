"""Dice Race rules. Players take turns stepping 1, 2 or 3 spaces along a track of
`length` spaces; a few spaces (chosen by the seed) are holes that send you back to the
start. Each racer has a secret lucky number 1-3: stepping exactly that far scores a
bonus point. The first to the end wins; the score is the space reached plus bonuses."""

from __future__ import annotations

from dataclasses import dataclass, replace

from gelateria.core.game import IllegalMove, Rules
from gelateria.core.rng import Rng


@dataclass(frozen=True)
class State:
    length: int
    holes: tuple
    places: tuple
    bonus: tuple
    lucky: tuple  # secret: each racer sees only their own
    turn: int


class DiceRace(Rules):
    id = "race"
    title = "Dice Race"
    min_players = 2
    max_players = 3
    max_moves = 200

    def new(self, players: int, seed: int, options: dict | None = None) -> State:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Dice Race is for 2 or 3 players.")
        length = (options or {}).get("length", 12)
        rng = Rng(seed)
        holes = tuple(sorted({2 + rng.below(length - 3) for _ in range(2)}))  # two: a step past them always exists
        lucky = tuple(1 + rng.below(3) for _ in range(players))
        return State(length, holes, (0,) * players, (0,) * players, lucky, 0)

    def to_act(self, state: State) -> list[int]:
        return [] if self.is_over(state) else [state.turn]

    def legal_moves(self, state: State, player: int) -> list:
        if self.is_over(state) or player != state.turn:
            return []
        return [{"step": k} for k in (1, 2, 3) if state.places[player] + k <= state.length]

    def advance(self, state: State, player: int, move) -> State:
        if player != state.turn:
            raise IllegalMove(f"It is Player {state.turn + 1}'s turn.")
        k = move["step"]
        place = state.places[player] + k
        if place in state.holes:
            place = 0
        places = state.places[:player] + (place,) + state.places[player + 1:]
        bonus = list(state.bonus)
        bonus[player] += k == state.lucky[player]
        return replace(state, places=places, bonus=tuple(bonus), turn=(player + 1) % len(places))

    def is_over(self, state: State) -> bool:
        return state.length in state.places

    def scores(self, state: State) -> list[float]:
        return [p + b for p, b in zip(state.places, state.bonus)]

    def winners(self, state: State) -> list[int]:
        return [i for i, p in enumerate(state.places) if p == state.length]

    def view(self, state: State, player: int | None) -> dict:
        v = {"length": state.length, "holes": list(state.holes), "places": list(state.places),
             "bonus": list(state.bonus), "turn": state.turn}
        if player is not None:
            v["lucky"] = state.lucky[player]
        return v

    def describe(self, state: State, player: int, move) -> str:
        return f"Player {player + 1} steps {move['step']}."


class GreedyBot:
    """The longest step that does not land in a hole."""

    name = "normal"

    def choose(self, view: dict, legal: list, rng):
        here = view["places"][view["turn"]]
        safe = [m for m in legal if here + m["step"] not in view["holes"]]
        return max(safe or legal, key=lambda m: m["step"])


GAME = DiceRace()
