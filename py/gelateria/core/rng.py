"""A small seeded RNG whose whole state is one integer.

Python's `random` would do, but its state is large and awkward to keep inside a game
state; this PCG32 generator is tiny, copyable, JSON-able and gives the same numbers in
CPython and Pyodide, so `seed + moves` replays any game on any device.
"""

from __future__ import annotations

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005
_INC = 1442695040888963407


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None):
        if state is not None:
            self.state = state & _MASK64
        else:
            self.state = 0
            self.next_u32()
            self.state = (self.state + (int(seed) & _MASK64)) & _MASK64
            self.next_u32()

    def copy(self) -> "Rng":
        return Rng(state=self.state)

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * _MULT + _INC) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n == 1:
            return 0
        threshold = (1 << 32) % n
        while True:
            x = self.next_u32()
            if x >= threshold:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both ends included."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        hi = self.next_u32() >> 5
        lo = self.next_u32() >> 6
        return (hi * 67108864 + lo) / 9007199254740992

    def choice(self, items):
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items) -> list:
        out = list(items)
        self.shuffle(out)
        return out

    def die(self, sides: int = 6) -> int:
        return 1 + self.below(sides)

    def fork(self, salt: int) -> "Rng":
        """An independent generator derived from this one's state and a salt,
        without advancing this one (for bots that must not disturb the game)."""
        return Rng((self.state ^ (salt * 0x9E3779B97F4A7C15)) & _MASK64)


def new_seed(entropy_source=None) -> int:
    """A fresh random seed for a new deal (the only place real entropy enters)."""
    import random as _random

    return (entropy_source or _random.SystemRandom()).getrandbits(31)
