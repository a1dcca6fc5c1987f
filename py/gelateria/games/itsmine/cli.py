"""Command-line hooks for It's Mine! (found by gelateria.cli in this file)."""

from __future__ import annotations


def result(session) -> dict:
    """What `play itsmine` adds to the result: each round's scores and the seats' levels."""
    return {"rounds": [r["scores"] for r in session.state.history], "seats": [s.level for s in session.seats]}
