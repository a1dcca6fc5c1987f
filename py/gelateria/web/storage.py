"""Autosave: every game in progress is kept in the browser's storage, the record only.

Plain Python over a small key-value backend (window.localStorage in the browser, a dict
in tests). Whatever is found in storage is read defensively: an entry that cannot be
read, or that a newer version wrote, is set aside under another key and reported — it
never stops the app from starting, and nothing readable is ever deleted silently.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from gelateria.core.record import Record, RecordError, decode, encode

SAVE_PREFIX = "gelateria.save."
ASIDE_PREFIX = "gelateria.unreadable."
ENTRY_VERSION = 1
KEEP_FINISHED = 20  # finished games kept for the history list


class MemoryBackend:
    """A dict with the localStorage interface (tests, and when storage is blocked)."""

    def __init__(self, quota: int | None = None):
        self.data: dict[str, str] = {}
        self.quota = quota

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        if self.quota is not None and sum(map(len, self.data.values())) - len(self.data.get(key, "")) + len(value) > self.quota:
            raise StorageFull()
        self.data[key] = value

    def remove(self, key):
        self.data.pop(key, None)

    def keys(self):
        return list(self.data)


class StorageFull(Exception):
    pass


@dataclass
class Saved:
    save_id: str
    record: Record
    over: bool
    updated: float  # ms since the epoch
    summary: str

    @property
    def game(self) -> str:
        return self.record.game


class SaveStore:
    def __init__(self, backend, clock=time.time):
        self.backend = backend
        self.clock = clock
        self.problems: list[str] = []  # what went wrong, for the player to read

    def save(self, save_id: str, record: Record, over: bool, summary: str) -> bool:
        entry = json.dumps({"v": ENTRY_VERSION, "link": encode(record), "over": over,
                            "updated": int(self.clock() * 1000), "summary": summary})
        key = SAVE_PREFIX + save_id
        try:
            self.backend.set(key, entry)
            return True
        except Exception:
            # Full (or refused): make room by dropping the oldest finished games, once.
            finished = sorted((s for s in self.load_all() if s.over and s.save_id != save_id), key=lambda s: s.updated)
            for old in finished[: max(1, len(finished) // 2)]:
                self.backend.remove(SAVE_PREFIX + old.save_id)
            try:
                self.backend.set(key, entry)
                return True
            except Exception:
                self.note("This browser's storage is full, so this game is not being saved. It can still be shared by link.")
                return False

    def note(self, problem: str) -> None:
        if problem not in self.problems:
            self.problems.append(problem)

    def load_all(self) -> list[Saved]:
        saves = []
        try:
            keys = [k for k in self.backend.keys() if k.startswith(SAVE_PREFIX)]
        except Exception:
            self.note("Saved games could not be read: this browser blocks storage for this page.")
            return []
        for key in keys:
            saved = self._read(key)
            if saved is not None:
                saves.append(saved)
        return sorted(saves, key=lambda s: -s.updated)

    def _read(self, key: str) -> Saved | None:
        raw = self.backend.get(key)
        try:
            entry = json.loads(raw)
            if not isinstance(entry, dict) or not isinstance(entry.get("v"), int):
                raise RecordError("not a saved game")
            if entry["v"] > ENTRY_VERSION:
                raise RecordError("saved by a newer version of Gelateria")
            record = decode(entry.get("link"))
            return Saved(key[len(SAVE_PREFIX):], record, bool(entry.get("over")),
                         float(entry.get("updated") or 0), str(entry.get("summary") or "")[:200])
        except (RecordError, ValueError, TypeError) as exc:
            self._set_aside(key, raw, str(exc))
            return None

    def _set_aside(self, key: str, raw, why: str) -> None:
        # Moved, not deleted: a later version (or a person) may still read it.
        aside = ASIDE_PREFIX + key[len(SAVE_PREFIX):]
        try:
            self.backend.set(aside, raw if isinstance(raw, str) else "")
            self.backend.remove(key)
        except Exception:
            pass
        self.note(f"A saved game could not be opened ({why}); it was set aside and the rest are fine.")

    def get(self, save_id: str) -> Saved | None:
        if self.backend.get(SAVE_PREFIX + save_id) is None:
            return None
        return self._read(SAVE_PREFIX + save_id)

    def remove(self, save_id: str) -> None:
        self.backend.remove(SAVE_PREFIX + save_id)

    def prune(self) -> None:
        finished = [s for s in self.load_all() if s.over]
        for old in finished[KEEP_FINISHED:]:
            self.remove(old.save_id)
