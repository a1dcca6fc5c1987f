"""Which device plays which seat, and what a link that arrives may change.

A link carries the whole game, so anyone who has it could play any seat of it. What
keeps a game honest between friends is that each browser (a *device*, named by a
random id kept in its preferences) plays only the seats it holds: the device that
starts a game holds the seats it started as humans; a device that opens a game from a
link holds the seat its player says is theirs, or none (it watches). A record says
which device holds each seat (`Record.holders`), so a friend's device can tell a seat
that is already someone else's from one that is free.

When a link comes back to a device that has the game saved, `arrival` decides what it
may bring: moves of the other seats, yes; a move for a seat this device holds, which
this device never made, no (the save has every move this device made).
"""

from __future__ import annotations

from dataclasses import dataclass

from gelateria.core.record import DEVICE_ID, Record
from gelateria.core.rng import new_seed


def new_device_id() -> str:
    return f"{new_seed():016x}"[-12:]


def device_of(prefs: dict) -> str | None:
    """The device id kept in the preferences, if it is one this app made."""
    value = prefs.get("device")
    return value if isinstance(value, str) and DEVICE_ID.fullmatch(value) else None


def humans(record: Record) -> list[int]:
    return [i for i, seat in enumerate(record.seats) if seat.kind == "human"]


def holders_of(record: Record) -> list[str]:
    """One entry a seat ("" where no device holds it)."""
    return list(record.holders) if record.holders else [""] * len(record.seats)


def held_by(record: Record, device: str) -> list[int]:
    """The human seats `device` holds."""
    holders = holders_of(record)
    return [i for i in humans(record) if holders[i] == device]


def free_seats(record: Record) -> list[int]:
    """The human seats no device has said are theirs."""
    holders = holders_of(record)
    return [i for i in humans(record) if not holders[i]]


def plays_here(record: Record, device: str) -> bool:
    """The device plays the game on: it holds a seat of it, or the game has no human."""
    return bool(held_by(record, device)) or not humans(record)


def claimable(record: Record, real_time: bool) -> list[int]:
    """The seats a player who opened the game from a link may say are theirs: those no
    device holds. A real-time game held by a device has none: it runs there, and a
    second device playing it would split it in two."""
    if real_time and any(holders_of(record)):
        return []
    return free_seats(record)


def claimed(record: Record, seats, device: str) -> Record:
    """The record with `seats` held by `device`."""
    holders = holders_of(record)
    for seat in seats:
        holders[seat] = device
    return record.with_holders(holders)


def released(record: Record, device: str, seats=None) -> Record:
    """The record with `device`'s seats (or only `seats` of them) held by nobody."""
    holders = holders_of(record)
    for seat in held_by(record, device):
        if seats is None or seat in seats:
            holders[seat] = ""
    return record.with_holders(holders)


def continues(longer: Record, shorter: Record) -> bool:
    """True when `longer` is `shorter` with the same or more moves after it."""
    same_game = (longer.game, longer.seats, longer.seed, longer.options) == (shorter.game, shorter.seats, shorter.seed, shorter.options)
    return same_game and longer.moves[: len(shorter.moves)] == shorter.moves


# What a link that arrives does to the game saved here (`Arrival.kind`).
BEHIND = "behind"  # the save has every move of the link: open the save
AHEAD = "ahead"  # the link brings moves of other seats: open `record`, saved over the save
FORGED = "forged"  # the link brings a move for a seat held here that was not made here: refused
APART = "apart"  # the two went different ways: the link opens as a game of its own


@dataclass(frozen=True)
class Arrival:
    kind: str
    record: Record  # what to open
    seat: int | None = None  # FORGED: the seat whose move was refused


def arrival(saved: Record, link: Record, device: str) -> Arrival:
    """What a link for a game saved on this device may bring. Only the save says which
    seats this device holds (a link's word for that is not taken); a save from before
    devices held seats holds none, so its game goes on as it did then."""
    mine = held_by(saved, device)
    if continues(saved, link):
        return Arrival(BEHIND, saved)
    if not continues(link, saved):
        # Another game on its own: no seat of it is this device's until its player says so.
        return Arrival(APART, released(link, device))
    for player, _move in link.moves[len(saved.moves):]:
        if player in mine:
            return Arrival(FORGED, saved, player)
    holders = holders_of(link)
    for seat, holder in enumerate(holders_of(saved)):
        if holder:
            holders[seat] = holder  # a seat the save gives a device stays that device's
    for seat, holder in enumerate(holders):
        if holder == device and seat not in mine:
            holders[seat] = ""  # the link says this device holds a seat it never took
    return Arrival(AHEAD, link.with_holders(holders))
