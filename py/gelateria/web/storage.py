"""Autosave: every game is kept in the browser's storage, the record only.

Plain Python over a small key-value backend (window.localStorage in the browser, a dict
in tests). Whatever is found in storage is read as if an attacker wrote it: bounded,
validated, and an entry that cannot be used (damaged, foreign, from a newer version) is
set aside under a key of its own and reported: it never stops the app from starting,
and nothing is ever deleted without the player being told which games and why.

Each entry carries a revision. A page saves only on top of the revision it last read
or wrote, so a second tab on the same game can never overwrite newer moves: the save
is refused and the page is told (`stale`), and the player picks the newest position.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass

from gelateria.core.record import (MAX_LINK_CHARS, Record, RecordError, clean_text, decode, encode, is_safe_int,
                                   read_json)

SAVE_PREFIX = "gelateria.save."
ASIDE_PREFIX = "gelateria.unreadable."
ENTRY_VERSION = 1
MAX_ENTRY_CHARS = MAX_LINK_CHARS + 4_000  # the link and a few small fields

SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,80}")  # what this app writes after SAVE_PREFIX

# What a save came to (SaveStore.save's answer).
SAVED, FULL, BLOCKED, STALE = "saved", "full", "blocked", "stale"


class MemoryBackend:
    """A dict with the localStorage interface (tests, and when storage is blocked:
    then `persistent` is False, since it is gone when the page closes)."""

    def __init__(self, quota: int | None = None, persistent: bool = True):
        self.data: dict[str, str] = {}
        self.quota = quota
        self.persistent = persistent

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


def is_quota_error(exc: Exception) -> bool:
    """The store is out of room (not blocked or broken): freeing space may help."""
    return isinstance(exc, StorageFull) or "quota" in f"{type(exc).__name__} {exc}".lower()


@dataclass
class Saved:
    save_id: str
    record: Record
    over: bool
    updated: float  # ms since the epoch
    summary: str
    revision: int = 0

    @property
    def game(self) -> str:
        return self.record.game


MAX_PREFS_CHARS = 20_000
PREF_TABLES = {"gelatinous_stats"}  # the only preferences that are tables; every other one is a word or a number


def read_prefs(text: object) -> dict:
    """Preferences as stored, kept only where each value is of a plain kind (short
    text, a whole number, or a small table of whole numbers): whatever else storage
    holds there is dropped, so no screen ever meets a list where it expects a word."""
    try:
        raw = read_json(text or "{}", "The preferences", MAX_PREFS_CHARS)
    except RecordError:
        return {}
    if not isinstance(raw, dict):
        return {}
    prefs = {}
    for key, value in raw.items():
        if isinstance(value, str) and clean_text(value, 40) == value:
            prefs[key] = value
        elif is_safe_int(value):
            prefs[key] = value
        elif key in PREF_TABLES and isinstance(value, dict) and len(value) <= 8 and all(
                is_safe_int(v) for v in value.values()):
            prefs[key] = dict(value)
    return prefs


def describe_saved(saved: Saved) -> str:
    """A save in words, to name it in a notice: "Gelati with Ana and Bo"."""
    from gelateria.web.catalog import entry as catalog_entry

    entry = catalog_entry(saved.game)
    names = [seat.name for seat in saved.record.seats]
    who = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    return f"{entry.title if entry else saved.game} with {who}"


class SaveStore:
    def __init__(self, backend, clock=time.time):
        self.backend = backend
        self.clock = clock
        self.notes: list[str] = []  # what went wrong, for the player to read
        self.set_aside: dict[str, str] = {}  # key of each unreadable entry -> why it was set aside
        self.revisions: dict[str, int] = {}  # save id -> the revision this page holds
        self.persistent = getattr(backend, "persistent", True)

    def save(self, save_id: str, record: Record, over: bool, summary: str) -> str:
        """Write a game on top of the revision this page holds. Returns SAVED, STALE
        (another page saved newer moves: nothing written), FULL or BLOCKED."""
        key = SAVE_PREFIX + save_id
        try:
            stored = self._stored_revision(key)
        except Exception:
            return BLOCKED
        held = self.revisions.get(save_id, 0)
        if stored is None:  # what is there cannot be read: moved aside, never written over
            self._set_aside(key, self.backend.get(key), "it is damaged")
            stored = 0
        if stored > held:
            return STALE
        revision = max(stored, held) + 1  # never backwards, even if the entry went missing
        entry = json.dumps({"v": ENTRY_VERSION, "rev": revision, "link": encode(record), "over": over,
                            "updated": int(self.clock() * 1000), "summary": clean_text(summary, 200)})
        refused = self._write(key, entry)
        if refused is None or (is_quota_error(refused) and self._make_room(key, entry, save_id)):
            self.revisions[save_id] = revision
            return SAVED if self.persistent else BLOCKED  # kept, but only while the page is open
        return FULL if self.persistent else BLOCKED

    def _write(self, key: str, entry: str) -> Exception | None:
        """None when written, else what the backend raised."""
        try:
            self.backend.set(key, entry)
            return None
        except Exception as exc:
            return exc

    def _make_room(self, key: str, entry: str, save_id: str) -> bool:
        """Full: drop finished games, oldest first, only as many as it takes, and say
        which. Games in progress are never dropped to make room."""
        finished = sorted((s for s in self.load_all() if s.over and s.save_id != save_id), key=lambda s: s.updated)
        dropped = []  # (key, stored text, words)
        for old in finished:
            old_key = SAVE_PREFIX + old.save_id
            dropped.append((old_key, self.backend.get(old_key), describe_saved(old)))
            self.backend.remove(old_key)
            if self._write(key, entry) is None:
                self.note(f"Storage was full, so to keep this game the oldest finished "
                          f"{'game was' if len(dropped) == 1 else f'{len(dropped)} games were'} removed: "
                          + "; ".join(words for _, _, words in dropped) + ".")
                return True
        for old_key, text, _ in dropped:  # it did not help: put them all back
            self._write(old_key, text)
        return False

    def _stored_revision(self, key: str) -> int | None:
        """The revision stored under key: 0 when there is none, None when what is
        there is not a readable entry."""
        raw = self.backend.get(key)
        if raw is None:
            return 0
        try:
            entry = read_json(raw, "A saved game", MAX_ENTRY_CHARS)
        except RecordError:
            return None
        rev = entry.get("rev", 1) if isinstance(entry, dict) else None
        return rev if is_safe_int(rev) and rev >= 0 else None

    def newer_elsewhere(self, save_id: str) -> bool:
        """True when storage holds a newer revision of this game than this page."""
        try:
            return (self._stored_revision(SAVE_PREFIX + save_id) or 0) > self.revisions.get(save_id, 0)
        except Exception:
            return False

    def note(self, problem: str) -> None:
        if problem not in self.notes:
            self.notes.append(problem)

    @property
    def problems(self) -> list[str]:
        """Sentences for the player: the notes, and one line for every entry set aside."""
        if not self.set_aside:
            return list(self.notes)
        whys = "; ".join(dict.fromkeys(self.set_aside.values()))
        if len(self.set_aside) == 1:
            told = f"One saved game could not be opened ({whys}); it was set aside and the rest are fine."
        else:
            told = (f"{len(self.set_aside)} saved games could not be opened ({whys}); "
                    "they were set aside and the rest are fine.")
        return self.notes + [told]

    def load_all(self) -> list[Saved]:
        saves = []
        try:
            keys = [k for k in self.backend.keys() if isinstance(k, str) and k.startswith(SAVE_PREFIX)]
        except Exception:
            self.note("Saved games could not be read: this browser blocks storage for this page.")
            return []
        for key in keys:
            if not SAFE_ID.fullmatch(key[len(SAVE_PREFIX):]):
                # Not a key this app writes (markup, odd characters): it goes to a key
                # made of safe characters, so it never reaches a page or an address.
                self._set_aside(key, self._raw(key), "it was not written by Gelateria")
                continue
            saved = self._read(key)
            if saved is not None:
                saves.append(saved)
        return sorted(saves, key=lambda s: -s.updated)

    def _raw(self, key: str):
        try:
            return self.backend.get(key)
        except Exception:
            return None

    def _read(self, key: str) -> Saved | None:
        raw = self._raw(key)
        if raw is None:
            return None
        try:
            entry = read_json(raw, "A saved game", MAX_ENTRY_CHARS)
            if not isinstance(entry, dict) or not isinstance(entry.get("v"), int):
                raise RecordError("it is not a saved game")
            if entry["v"] > ENTRY_VERSION:
                raise RecordError("it was saved by a newer version of Gelateria")
            record = decode(entry.get("link"))
            updated, rev = entry.get("updated"), entry.get("rev", 1)
            if not is_safe_int(rev) or rev < 0:
                raise RecordError("it is not a saved game")
            return Saved(key[len(SAVE_PREFIX):], record, entry.get("over") is True,
                         float(updated) if is_safe_int(updated) else 0.0,
                         clean_text(entry.get("summary"), 200), rev)
        except RecordError as exc:
            newer = "newer version" in str(exc) or "Reload the page to update" in str(exc)
            self._set_aside(key, raw, "it was saved by a newer version of Gelateria" if newer else "it is damaged")
        except Exception:  # whatever else a hostile entry manages: the same, in plain words
            self._set_aside(key, raw, "it is damaged")
        return None

    def _set_aside(self, key: str, raw, why: str) -> None:
        # Moved, not deleted: a later version (or a person) may still read it. A key of
        # its own, so an earlier set-aside copy is never overwritten.
        aside = ASIDE_PREFIX + re.sub(r"[^A-Za-z0-9_-]", "_", key[len(SAVE_PREFIX):])[:80]
        try:
            taken = set(self.backend.keys())
            n = 1
            while (aside if n == 1 else f"{aside}.{n}") in taken:
                n += 1
            self.backend.set(aside if n == 1 else f"{aside}.{n}", raw if isinstance(raw, str) else "")
            self.backend.remove(key)
        except Exception:
            pass  # could not move it: it stays where it is, unread
        self.set_aside[key] = why

    def get(self, save_id: str) -> Saved | None:
        """A save by id; the page now holds its revision."""
        saved = self._read(SAVE_PREFIX + save_id)
        if saved is not None:
            self.revisions[save_id] = saved.revision
        return saved

    def set_aside_save(self, save_id: str, why: str) -> None:
        """A save that reads but cannot be replayed: moved aside and reported. This page
        then saves past its revision, so the tab that wrote it is told it is out of date."""
        key = SAVE_PREFIX + save_id
        try:
            past = self._stored_revision(key) or 0
        except Exception:
            past = 0
        self._set_aside(key, self._raw(key), why)
        self.revisions[save_id] = max(past, self.revisions.get(save_id, 0))

    def remove(self, save_id: str) -> None:
        self.backend.remove(SAVE_PREFIX + save_id)
        self.revisions.pop(save_id, None)
