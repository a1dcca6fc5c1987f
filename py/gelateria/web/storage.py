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
import math
from dataclasses import dataclass

from gelateria.core import i18n
from gelateria.core.i18n import N_, _, and_list, ngettext, number
from gelateria.core.record import (MAX_LINK_CHARS, MAX_NAME, MAX_SEATS, Record, RecordError, clean_text, decode, encode,
                                   is_safe_int, read_json)
from gelateria.web.views.contract import registered_screens

SAVE_PREFIX = "gelateria.save."
ASIDE_PREFIX = "gelateria.unreadable."
NOTICES_KEY = "gelateria.notices"  # what the player has yet to see: finished games removed to make room
MAX_NOTICES_CHARS = 8_000
MAX_REMOVED_SAID = 12  # removed games a notice names at most (the latest)
REMOVED_SEEN = "removed-seen"  # the notice's "Got it" (data-action): web/app.py dismisses it on any screen
ENTRY_VERSION = 1
MAX_ENTRY_CHARS = MAX_LINK_CHARS + 4_000  # the link and a few small fields

SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,80}")  # what this app writes after SAVE_PREFIX

# What a save came to (SaveStore.save's answer).
SAVED, FULL, BLOCKED, STALE = "saved", "full", "blocked", "stale"

# Why an entry was set aside (kept in English, said in the language shown).
DAMAGED = N_("it is damaged")
FOREIGN = N_("it was not written by Gelateria")
NEWER = N_("it was saved by a newer version of Gelateria")
UNREPLAYABLE = N_("the newer copy of a game could not be replayed")


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


class PageStorage:
    """The page's localStorage as Python in a worker sees it: a copy of the app's keys,
    taken when the page started (`snapshot`), kept up to date by the page (other tabs'
    writes: `heard`), whose writes go to the page to make (`send`, one message each, in
    order). The page answers a write it could not make (`refused`); from that refusal
    on, the copy knows roughly how much the storage holds and refuses writes beyond it
    at once, as localStorage would, so SaveStore's "full" handling runs as it does on
    the page itself."""

    persistent = True

    def __init__(self, snapshot: dict, send):
        self.data = {k: v for k, v in snapshot.items() if isinstance(k, str) and isinstance(v, str)}
        self.send = send
        self.limit: int | None = None  # characters the storage was seen to hold at most
        self.refusing: dict[str, bool] = {}  # keys the page could not write (True: it was full)

    def _size(self) -> int:
        return sum(len(k) + len(v) for k, v in self.data.items())

    def _size_after(self, key: str, value: str) -> int:
        """The characters held once `key` holds `value` (counted only once the store was
        seen full: until then every write is the page's to judge)."""
        old = self.data.get(key)
        return self._size() - (0 if old is None else len(key) + len(old)) + len(key) + len(value)

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        if key in self.refusing and not self.refusing[key]:
            raise OSError("the browser refused to store this")
        if key in self.refusing or (self.limit is not None and self._size_after(key, value) > self.limit):
            raise StorageFull()
        self.data[key] = value
        self.send({"do": "store", "key": key, "value": value})

    def remove(self, key):
        if self.data.pop(key, None) is not None:
            self.refusing.clear()  # room was made: a refused write may fit now
            self.send({"do": "unstore", "key": key})

    def keys(self):
        return list(self.data)

    def heard(self, key: str, value) -> None:
        """Another tab wrote `key` (None: removed it)."""
        if isinstance(value, str):
            self.data[key] = value
        else:
            self.data.pop(key, None)

    def refused(self, key: str, value, full: bool) -> None:
        """The page could not write `key`; `value` is what the storage holds there now."""
        self.heard(key, value)
        self.refusing[key] = full
        if full:
            self.limit = self._size()


def is_quota_error(exc: Exception) -> bool:
    """The store is out of room (not blocked or broken): freeing space may help."""
    return isinstance(exc, StorageFull) or "quota" in f"{type(exc).__name__} {exc}".lower()


@dataclass
class Saved:
    save_id: str
    record: Record
    over: bool
    updated: float  # ms since the epoch
    summary: str  # one line in the words of the table that saved it, in `lang`
    revision: int = 0
    lang: str = ""  # the summary's language ("": written before there were languages, so English)
    scores: list | None = None  # the same facts, language-free: a number (or None: no score) per seat
    winners: list | None = None  # seats, once over
    live: dict | None = None  # a live table's phones (web/lobby.py: Lobby.kept), to reopen it after a reload

    @property
    def game(self) -> str:
        return self.record.game


def headline(names: list[str], winners: list[int], you: int | None = None) -> str:
    """The end screen's first line: who won (`you`: the seat the screen calls "You")."""
    if not winners:
        return _("Nobody wins this time.")
    if winners == [you]:
        return _("You win!")
    if len(winners) == 1:
        return _("{player} wins!").format(player=names[winners[0]])
    return _("{players} share the win!").format(players=and_list([names[w] for w in winners]))


def score_words(score) -> str:
    """A score as the tables write it: a whole number, else one decimal; "—" for none."""
    if score is None:
        return "—"
    return str(int(score)) if float(score).is_integer() else number(score, 1)


def saved_summary(saved: Saved) -> str:
    """The home screen's line for a save, in the language shown: the table's own words
    when they were written in this language, else said again from the scores."""
    if saved.summary and (saved.lang or i18n.DEFAULT) == i18n.language():
        return saved.summary
    if saved.scores is None:
        return ""  # an old save, in another language: its move count says enough
    names = [seat.name for seat in saved.record.seats]
    scores = _(" · ").join(_("{player} {score}").format(player=name, score=score_words(score))
                           for name, score in zip(names, saved.scores))
    if not saved.over:
        return scores
    return _("{headline} {scores}").format(headline=headline(names, saved.winners or []), scores=scores)


def _scores(value: object, seats: int) -> list | None:
    """Stored scores, if they are what this app writes: one finite number (or null) a seat."""
    if not isinstance(value, list) or len(value) != seats:
        return None
    for v in value:
        if v is None or is_safe_int(v):
            continue
        if not isinstance(v, float) or not math.isfinite(v) or abs(v) > 1e9:
            return None
    return list(value)


def _winners(value: object, seats: int) -> list | None:
    if not isinstance(value, list) or len(value) > seats or len(set(map(repr, value))) != len(value):
        return None
    return list(value) if all(is_safe_int(v) and 0 <= v < seats for v in value) else None


MAX_PREFS_CHARS = 20_000


def pref_tables() -> set[str]:
    """The only preferences that are tables (as games' screens registered them); every
    other one is a word or a number."""
    return {key for spec in registered_screens().values() for key in spec.pref_tables}


def read_prefs(text: object) -> dict:
    """Preferences as stored, kept only where each value is of a plain kind (short
    text, a whole number, or a small table of whole numbers): whatever else storage
    holds there is dropped, so no screen ever meets a list where it expects a word."""
    try:
        raw = read_json(text or "{}", "prefs", MAX_PREFS_CHARS)
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
        elif key in pref_tables() and isinstance(value, dict) and len(value) <= 8 and all(
                is_safe_int(v) for v in value.values()):
            prefs[key] = dict(value)
    return prefs


def read_removed(text: object) -> list[tuple[str, str, tuple[str, ...]]]:
    """The finished games NOTICES_KEY says were removed to make room, as (save id, game
    id, seat names): only items of the shape this app writes; anything else is ignored."""
    try:
        raw = read_json(text, "save", MAX_NOTICES_CHARS)
    except RecordError:
        return []
    games = raw.get("removed") if isinstance(raw, dict) else None
    if not isinstance(games, list):
        return []
    kept = []
    for item in games[-MAX_REMOVED_SAID:]:
        if not (isinstance(item, list) and len(item) == 3):
            continue
        save_id, game, names = item
        if (all(isinstance(i, str) and SAFE_ID.fullmatch(i) for i in (save_id, game)) and isinstance(names, list)
                and 1 <= len(names) <= MAX_SEATS and all(isinstance(n, str) and n and clean_text(n, MAX_NAME) == n
                                                         for n in names)):
            kept.append((save_id, game, tuple(names)))
    return kept


def _by_save(games: list) -> list:
    """Removed games, each once (by save id), the latest MAX_REMOVED_SAID."""
    return list({game[0]: game for game in games}.values())[-MAX_REMOVED_SAID:]


def describe_saved(game_id: str, names: list[str]) -> str:
    """A save in words, to name it in a notice: "Gelati with Ana and Bo"."""
    from gelateria.web.catalog import entry as catalog_entry

    entry = catalog_entry(game_id)
    return _("{game} with {players}").format(game=entry.title if entry else game_id, players=and_list(names))


class SaveStore:
    def __init__(self, backend, clock=time.time):
        self.backend = backend
        self.clock = clock
        self.blocked = False  # the storage could not even be listed (said by `problems`)
        self.set_aside: dict[str, str] = {}  # key of each unreadable entry -> why it was set aside (a msgid)
        self.revisions: dict[str, int] = {}  # save id -> the revision this page holds
        # Games this page removed to make room (as read_removed gives them): said here
        # until dismissed, even if storage could not keep the notice.
        self.removed_here: list[tuple[str, str, tuple[str, ...]]] = []
        self.persistent = getattr(backend, "persistent", True)

    def save(self, save_id: str, record: Record, over: bool, summary: str, scores: list | None = None,
             winners: list | None = None, live: dict | None = None) -> str:
        """Write a game on top of the revision this page holds. Returns SAVED, STALE
        (another page saved newer moves: nothing written), FULL or BLOCKED. `summary` is
        in the language shown now; `scores` and `winners` say it again in any other."""
        key = SAVE_PREFIX + save_id
        try:
            stored = self._stored_revision(key)
        except Exception:
            return BLOCKED
        held = self.revisions.get(save_id, 0)
        if stored is None:  # what is there cannot be read: moved aside, never written over
            self._set_aside(key, self.backend.get(key), DAMAGED)
            stored = 0
        if stored > held:
            return STALE
        revision = max(stored, held) + 1  # never backwards, even if the entry went missing
        fields = {"v": ENTRY_VERSION, "rev": revision, "link": encode(record), "over": over,
                  "updated": int(self.clock() * 1000), "summary": clean_text(summary, 200), "lang": i18n.language()}
        if _scores(scores, len(record.seats)) is not None:
            fields["scores"] = scores
            if _winners(winners, len(record.seats)) is not None:
                fields["winners"] = winners
        if live:
            fields["live"] = live
        entry = json.dumps(fields)
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
        told = self._raw(NOTICES_KEY)  # the notice as it was, in case nothing helps
        dropped = []  # (key, stored text, (save id, game, names))
        for old in finished:
            old_key = SAVE_PREFIX + old.save_id
            dropped.append((old_key, self.backend.get(old_key),
                            (old.save_id, old.game, tuple(s.name for s in old.record.seats))))
            self.backend.remove(old_key)
            # The notice takes its room before the save does: a game removed is named
            # after any reload, even if that costs one more finished game (named too).
            games = [words for _, _, words in dropped]
            self._write(NOTICES_KEY, json.dumps({"removed": [[i, game, list(names)] for i, game, names
                                                             in _by_save(read_removed(told) + games)]}))
            if self._write(key, entry) is None:
                self.removed_here = _by_save(self.removed_here + games)
                return True
        # It did not help: the notice as it was, and every game put back.
        if told is None:
            self.backend.remove(NOTICES_KEY)
        else:
            self._write(NOTICES_KEY, told)
        for old_key, text, _words in dropped:
            self._write(old_key, text)
        return False

    def removed_games(self) -> list[tuple[str, str, tuple[str, ...]]]:
        """The finished games removed to make room that the player has not said they saw."""
        return _by_save(read_removed(self._raw(NOTICES_KEY)) + self.removed_here)

    def removed_notice(self) -> str:
        """The removed games in a sentence, in the language shown ("" when there are none)."""
        games = self.removed_games()
        if not games:
            return ""
        named = _("; ").join(describe_saved(game, list(names)) for _id, game, names in games)
        return ngettext("Storage was full, so the oldest finished game was removed to make room: {games}.",
                        "Storage was full, so the {count} oldest finished games were removed to make room: {games}.",
                        len(games)).format(count=len(games), games=named)

    def dismiss_removed(self) -> None:
        """The player saw the notice: it is not said again, here or after a reload."""
        self.removed_here = []
        self.backend.remove(NOTICES_KEY)

    def _stored_revision(self, key: str) -> int | None:
        """The revision stored under key: 0 when there is none, None when what is
        there is not a readable entry."""
        raw = self.backend.get(key)
        if raw is None:
            return 0
        try:
            entry = read_json(raw, "save", MAX_ENTRY_CHARS)
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

    @property
    def problems(self) -> list[str]:
        """Sentences for the player, in the language shown: blocked storage, and one line
        for every entry set aside. (Games removed to make room: `removed_notice`.)"""
        notes = [_("Saved games could not be read: this browser blocks storage for this page.")] if self.blocked else []
        if not self.set_aside:
            return notes
        whys = _("; ").join(_(why) for why in dict.fromkeys(self.set_aside.values()))
        told = ngettext("One saved game could not be opened ({reasons}); it was set aside and the rest are fine.",
                        "{count} saved games could not be opened ({reasons}); they were set aside and the rest are fine.",
                        len(self.set_aside)).format(count=len(self.set_aside), reasons=whys)
        return notes + [told]

    def load_all(self) -> list[Saved]:
        saves = []
        try:
            keys = [k for k in self.backend.keys() if isinstance(k, str) and k.startswith(SAVE_PREFIX)]
        except Exception:
            self.blocked = True
            return []
        for key in keys:
            if not SAFE_ID.fullmatch(key[len(SAVE_PREFIX):]):
                # Not a key this app writes (markup, odd characters): it goes to a key
                # made of safe characters, so it never reaches a page or an address.
                self._set_aside(key, self._raw(key), FOREIGN)
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
            entry = read_json(raw, "save", MAX_ENTRY_CHARS)
            if not isinstance(entry, dict) or not isinstance(entry.get("v"), int) or isinstance(entry.get("v"), bool):
                raise RecordError("not a saved game")
            if entry["v"] > ENTRY_VERSION:
                raise RecordError("newer", newer=True)
            record = decode(entry.get("link"))
            updated, rev = entry.get("updated"), entry.get("rev", 1)
            if not is_safe_int(rev) or rev < 0:
                raise RecordError("not a saved game")
            lang = entry.get("lang")
            seats = len(record.seats)
            return Saved(key[len(SAVE_PREFIX):], record, entry.get("over") is True,
                         float(updated) if is_safe_int(updated) else 0.0,
                         clean_text(entry.get("summary"), 200), rev,
                         lang if isinstance(lang, str) and lang in i18n.LANGUAGES else "",
                         _scores(entry.get("scores"), seats), _winners(entry.get("winners"), seats),
                         entry.get("live") if isinstance(entry.get("live"), dict) else None)
        except RecordError as exc:
            self._set_aside(key, raw, NEWER if exc.newer else DAMAGED)
        except Exception:  # whatever else a hostile entry manages: the same, in plain words
            self._set_aside(key, raw, DAMAGED)
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

    def remove(self, save_id: str) -> str | None:
        """Remove a save; returns what storage held for it, to put back with `restore`."""
        key = SAVE_PREFIX + save_id
        text = self._raw(key)
        self.backend.remove(key)
        self.revisions.pop(save_id, None)
        return text

    def restore(self, save_id: str, text: str) -> bool:
        """Put back a save `remove` took (Undo); True once it is there again. A save that
        another tab wrote since is newer and stays as it is."""
        key = SAVE_PREFIX + save_id
        return self._raw(key) is not None or self._write(key, text) is None
