"""It's Mine! keys: which key grabs which pile, for whom.

One human against bots: the number keys 1–5 grab piles 1–5 (Space flips).

Several humans at one keyboard (hot-seat): each human has a key group of their own, one
key per pile, so nobody reaches across anyone else's hands and a grab is one press:
the first human plays on the left half of the top letter row (Q W E R T), the second on
the right half (Y U I O P, counted from the right so the two hands stay apart when there
are fewer than five piles), then the bottom row on the left (Z X C V B), the home row on
the right (H J K L ;) and the home row on the left (A S D F G). The letters are those of
a QWERTY keyboard (the browser reports the character typed) and are shown on every grab
button.
"""

from __future__ import annotations

SOLO_KEYS = "12345"
# (keys, from the right?) for the 1st, 2nd, ... hot-seat human
HOT_ROWS = (("qwert", False), ("yuiop", True), ("zxcvb", False), ("hjkl;", True), ("asdfg", False))


def group_keys(row: int, piles: int) -> list[str]:
    """The keys of hot-seat group `row` for piles 0..piles-1, left to right."""
    keys, from_right = HOT_ROWS[row]
    return list(keys[len(keys) - piles:] if from_right else keys[:piles])


def key_groups(humans: list[int], piles: int) -> dict[int, list[str]]:
    """Human seat -> its keys, the key at index p grabbing pile p. One human: the number
    keys; several: a row each (the first len(HOT_ROWS) humans; more have no keys and
    play by pointer)."""
    if not 1 <= piles <= len(SOLO_KEYS):
        raise ValueError(f"It's Mine! has 1–{len(SOLO_KEYS)} piles, not {piles}")
    if len(humans) == 1:
        return {humans[0]: list(SOLO_KEYS[:piles])}
    return {seat: group_keys(row, piles) for row, seat in enumerate(humans[: len(HOT_ROWS)])}


def key_map(groups: dict[int, list[str]]) -> dict[str, tuple[int, int]]:
    """Key (lower case) -> (human seat, pile) for every key of every group."""
    return {key: (seat, pile) for seat, keys in groups.items() for pile, key in enumerate(keys)}


def key_press(groups: dict[int, list[str]], key: str) -> tuple[int, int] | None:
    """Who grabs which pile with this key (Shift and Caps Lock do not matter), or None."""
    return key_map(groups).get(key.lower()) if len(key) == 1 else None


def key_label(key: str) -> str:
    """How a key is printed on screen."""
    return key.upper()
