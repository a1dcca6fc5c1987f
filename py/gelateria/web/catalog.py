"""What the home screen says about each game. The rules live in gelateria.games;
this is presentation only, kept here so the home screen starts without importing
every game's rules."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    players: str
    minutes: str
    pitch: str
    accent: str  # CSS colour of the card


CATALOG = [
    Entry("gelati", "Gelati", "2–4 players", "30 min",
          "Lay hexagonal ice-cream tiles, match cups, flavours and toppings, and fill secret orders on the way to 50.",
          "#f49ac1"),
    Entry("genial", "Genial Spezial", "2–4 players", "30 min",
          "Chain double-hex tiles between towers to score four colours. Only your weakest colour counts.",
          "#8fc7f0"),
    Entry("gelatinous", "Gelatinous", "1–6 players", "5 min",
          "Roll dice to build a cube of eight 3s before the jelly eats you. Solitaire, lockstep, or pass the dice.",
          "#9ad9a5"),
    Entry("itsmine", "It's Mine!", "3–5 players", "15 min",
          "Flip ice-cream cards and grab the piles your secret favourites want, faster than everyone else.",
          "#ffd27a"),
]

BY_ID = {entry.id: entry for entry in CATALOG}
