"""Records: everything needed to rebuild a game, and their URL-fragment codec.

A record is game id + format version + seats + options + seed + moves. Autosave stores
it and a share link carries it. The link text is `1` (the codec version) followed by
base64url(raw deflate(compact JSON)); it goes in the URL fragment, never to a server.

Everything read from outside (a link, saved data, preferences) is hostile until
checked: `read_json` bounds its size and nesting before parsing (a few thousand nested
brackets overflow the WebAssembly stack inside json.loads before Python can raise), and
`decode` / `from_dict` check every field for this version: a game this box has, seats
and bot levels it knows, names as clean text, options it declares, moves within the
game's bound. `Session.from_record` (core/session.py) then plays every move through the
rules' strict `apply`. All of them raise RecordError with a message fit to show a player,
never anything else.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass, field, replace

from gelateria.core.game import get_game
from gelateria.core.i18n import N_, _

FORMAT_VERSION = 1  # the record's shape; bump when it changes incompatibly
CODEC_VERSION = "1"  # the first character of every encoded link

MAX_LINK_CHARS = 64_000  # far above any real game; anything longer is refused unread
MAX_JSON_BYTES = 512_000  # a decompression bomb stops here
MAX_SEATS = 8
MAX_NAME = 32
MAX_MOVES = 20_000  # any game's own bound (Rules.max_moves) is far lower
MAX_DEPTH = 12  # a record nests 5 deep; JSON nested deeper is refused unparsed

SEAT_KINDS = ("human", "bot")
DEVICE_ID = re.compile(r"[0-9a-f]{12}")  # what core/seats.py makes: names a browser, nothing more


class RecordError(ValueError):
    """A record or link that cannot be used; the message is for the player (in the
    language shown when it was raised). `newer`: it came from a newer version of
    Gelateria (storage says so whatever the language)."""

    def __init__(self, message: str = "", newer: bool = False):
        super().__init__(message)
        self.newer = newer


# What read_json reads, and its three ways of failing, as whole sentences (the subject
# changes the sentence's shape in Japanese and Korean).
UNREADABLE = {
    "file": (N_("This saved game is not readable."),
             N_("This saved game holds far more than any Gelateria game."),
             N_("This saved game is not readable (it is damaged or was not written by Gelateria).")),
    "link": (N_("This link is not readable."),
             N_("This link holds far more than any Gelateria game."),
             N_("This link is not readable (it is damaged or was not written by Gelateria).")),
    "save": (N_("A saved game is not readable."),
             N_("A saved game holds far more than any Gelateria game."),
             N_("A saved game is not readable (it is damaged or was not written by Gelateria).")),
    "prefs": (N_("The preferences are not readable."),
              N_("The preferences hold far more than any Gelateria game."),
              N_("The preferences are not readable (they are damaged or were not written by Gelateria).")),
}


@dataclass
class Seat:
    kind: str = "human"  # "human" or "bot"
    name: str = ""
    level: str = ""  # bot level ("easy", "normal", "hard"); "" for humans

    def to_dict(self) -> dict:
        d = {"k": self.kind, "n": self.name}
        if self.level:
            d["l"] = self.level
        return d


@dataclass
class Record:
    game: str
    seats: list[Seat]
    seed: int
    options: dict = field(default_factory=dict)
    moves: list = field(default_factory=list)  # [player, move] pairs
    version: int = FORMAT_VERSION
    # Which device plays each seat: a device id (core/seats.py) or "" (no device has
    # said so yet, and every bot). Empty: a record from before devices held seats.
    holders: list = field(default_factory=list)

    def to_dict(self) -> dict:
        d = {
            "g": self.game,
            "v": self.version,
            "s": [seat.to_dict() for seat in self.seats],
            "seed": self.seed,
        }
        if self.options:
            d["o"] = self.options
        if self.moves:
            d["m"] = self.moves
        if self.holders:
            d["h"] = self.holders
        return d

    def with_moves(self, moves: list) -> "Record":
        return self.copy(moves=list(moves))

    def with_holders(self, holders: list) -> "Record":
        return self.copy(holders=list(holders))

    def copy(self, **changes) -> "Record":
        """A record of its own (lists and options copied), with `changes`."""
        fields = {"seats": list(self.seats), "options": dict(self.options), "moves": list(self.moves),
                  "holders": list(self.holders)}
        return replace(self, **(fields | changes))


_ESCAPE = re.compile(r"\\.", re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")


def nesting_within(text: str, depth: int) -> bool:
    """True if the JSON text nests brackets at most `depth` deep (and they pair up).
    Works on the text in linear time, so a bomb is found without parsing it: escapes
    go, then what is between quotes, then each pass removes one level of innermost
    pairs. (Regular expressions for whole strings backtrack badly on hostile text.)"""
    outside_strings = "".join(_ESCAPE.sub("", text).split('"')[0::2])
    skeleton = _NOT_BRACKET.sub("", outside_strings)
    for _ in range(depth):
        if not skeleton:
            return True
        skeleton = _INNERMOST.sub("", skeleton)
    return not skeleton


def read_json(text: object, what: str = "file", max_chars: int = MAX_JSON_BYTES):
    """Parse JSON from outside, bounded: too long or too deep is refused unread.
    `what`: a key of UNREADABLE ("file", "link", "save", "prefs")."""
    unreadable, too_big, damaged = UNREADABLE.get(what, UNREADABLE["file"])
    if not isinstance(text, str):
        raise RecordError(_(unreadable))
    if len(text) > max_chars:
        raise RecordError(_(too_big))
    if not nesting_within(text, MAX_DEPTH):
        raise RecordError(_(damaged))
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise RecordError(_(damaged)) from exc


def clean_text(value: object, limit: int) -> str:
    """Text fit to show: printable characters only (no controls, no lone surrogates,
    which cannot even be encoded), trimmed and capped."""
    if not isinstance(value, str):
        return ""
    return "".join(ch for ch in value if ch.isprintable()).strip()[:limit]


def clean_name(name: object, fallback: str) -> str:
    """A player name as typed: trimmed, control characters removed, length capped.
    Markup is not stripped here; the web layer always inserts names as text."""
    return clean_text(name, MAX_NAME) or fallback


MAX_SAFE_INT = 2**53  # past this a number does not survive JavaScript: not written by this app


def is_safe_int(value: object) -> bool:
    """A whole number (not a bool) that JSON round-trips exactly in a browser."""
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) < MAX_SAFE_INT


_SURROGATE = re.compile("[\ud800-\udfff]")


def _is_text(value: str) -> bool:
    """Short, and encodable (a lone surrogate cannot even be written back into a link)."""
    return len(value) <= 200 and not _SURROGATE.search(value)


def _is_json_scalar_tree(value, depth: int = 0) -> bool:
    if depth > 8:
        return False
    if isinstance(value, str):
        return _is_text(value)
    if value is None or isinstance(value, bool):
        return True
    if isinstance(value, int):
        return is_safe_int(value)
    if isinstance(value, float):
        return value == value and value not in (float("inf"), float("-inf"))
    if isinstance(value, list):
        return len(value) <= 400 and all(_is_json_scalar_tree(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return len(value) <= 64 and all(
            isinstance(k, str) and _is_text(k) and _is_json_scalar_tree(v, depth + 1) for k, v in value.items()
        )
    return False


def from_dict(d: object) -> Record:
    """Validate the shape of a decoded record (not the legality of its moves)."""
    if not isinstance(d, dict):
        raise RecordError(_("This is not a Gelateria game."))
    game = d.get("g")
    if not isinstance(game, str) or not game.isidentifier() or len(game) > 20:
        raise RecordError(_("This link does not say which game it is for."))
    rules = rules_for(game)
    version = d.get("v")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(_("This link has no format version."))
    if version > FORMAT_VERSION:
        raise RecordError(
            _("This link was made by a newer version of Gelateria. Reload the page to update, then open it again."),
            newer=True)
    if version < 1:
        raise RecordError(_("This link has an unknown format version."))
    seats_raw = d.get("s")
    if not isinstance(seats_raw, list) or not 1 <= len(seats_raw) <= MAX_SEATS:
        raise RecordError(_("This link has no valid list of players."))
    if not rules.min_players <= len(seats_raw) <= rules.max_players:
        raise RecordError(_("{game} is for {low}–{high} players; this link has {count}.").format(
            game=_(rules.title), low=rules.min_players, high=rules.max_players, count=len(seats_raw)))
    levels = _bot_levels(rules)
    seats = []
    for i, s in enumerate(seats_raw):
        if not isinstance(s, dict) or s.get("k") not in SEAT_KINDS:
            raise RecordError(_("Player {number} in this link is neither a human nor a bot.").format(number=i + 1))
        level = s.get("l", "") if s["k"] == "bot" else ""
        if s["k"] == "bot" and (not isinstance(level, str) or level not in levels):
            raise RecordError(
                _("Player {number} in this link is a kind of bot this version of Gelateria does not have. "
                  "Reload the page to update, then open it again.").format(number=i + 1), newer=True)
        seats.append(Seat(s["k"], clean_name(s.get("n"), _("Player {number}").format(number=i + 1)), level))
    seed = d.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise RecordError(_("This link has no valid seed."))
    options = d.get("o", {})
    if not isinstance(options, dict) or not _is_json_scalar_tree(options):
        raise RecordError(_("This link has unreadable game options."))
    for key, value in options.items():
        known = rules.options.get(key)
        if known is None or not any(type(value) is type(v) and value == v for v in known):
            raise RecordError(_("This link has a setting {game} does not have in this version.").format(game=_(rules.title)))
    moves = d.get("m", [])
    if not isinstance(moves, list):
        raise RecordError(_("This link has an unreadable list of moves."))
    if len(moves) > min(MAX_MOVES, rules.max_moves):
        raise RecordError(_("This link has {count} moves: far more than a game of {game} can have.").format(
            count=len(moves), game=_(rules.title)))
    for i, pm in enumerate(moves):
        if (
            not isinstance(pm, list)
            or len(pm) != 2
            or not isinstance(pm[0], int)
            or isinstance(pm[0], bool)
            or not 0 <= pm[0] < len(seats)
            or not _is_json_scalar_tree(pm[1])
        ):
            raise RecordError(_("Move {number} in this link is unreadable.").format(number=i + 1))
    holders = d.get("h", [])
    if not isinstance(holders, list) or (holders and (
            len(holders) != len(seats)
            or not all(h == "" or (isinstance(h, str) and DEVICE_ID.fullmatch(h) and seat.kind == "human")
                       for h, seat in zip(holders, seats)))):
        raise RecordError(_("This link says which device plays each seat in a way Gelateria cannot read."))
    return Record(game, seats, seed, options, moves, version, list(holders))


def rules_for(game_id: str):
    try:
        return get_game(game_id)
    except KeyError as exc:
        raise RecordError(_("This link is for a game this box does not have ({name}).").format(
            name=clean_text(game_id, 20))) from exc


def _bot_levels(rules) -> set[str]:
    return set(rules.type.levels())


def to_json(record: Record) -> str:
    return json.dumps(record.to_dict(), separators=(",", ":"), ensure_ascii=False)


def from_json(text: str) -> Record:
    return from_dict(read_json(text, "file"))


def encode(record: Record) -> str:
    raw = to_json(record).encode("utf-8")
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = comp.compress(raw) + comp.flush()
    return CODEC_VERSION + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(text: object) -> Record:
    """Decode link text into a validated Record, or raise RecordError."""
    if not isinstance(text, str) or not text:
        raise RecordError(_("This link is empty."))
    if len(text) > MAX_LINK_CHARS:
        raise RecordError(_("This link is far too long to be a Gelateria game."))
    version, body = text[0], text[1:]
    if version != CODEC_VERSION:
        if version.isdigit():
            raise RecordError(_("This link comes from a different version of Gelateria and cannot be opened here."),
                              newer=version > CODEC_VERSION)
        raise RecordError(_("This is not a Gelateria link."))
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError) as exc:
        raise RecordError(_("This link is damaged (it may have been cut short when it was copied).")) from exc
    try:
        inflater = zlib.decompressobj(-15)
        raw = inflater.decompress(packed, MAX_JSON_BYTES)
        if inflater.unconsumed_tail:
            raise RecordError(_("This link holds far more than any Gelateria game."))
        if not inflater.eof:
            raise RecordError(_("This link is damaged (it may have been cut short when it was copied)."))
        text = raw.decode("utf-8")
    except RecordError:
        raise
    except (zlib.error, UnicodeDecodeError, ValueError) as exc:
        raise RecordError(_("This link is damaged (it may have been cut short when it was copied).")) from exc
    return from_dict(read_json(text, "link"))

