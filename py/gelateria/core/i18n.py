"""The words players read, in their language (English, Japanese, Korean).

Standard gettext: every player-visible string in the code is wrapped in `_()` (or
`ngettext()` for counts, `pgettext()` where one English word means two things), with
named placeholders filled by `.format(...)` *after* translation:

    _("{player} placed a tile").format(player=name)

Module-level tables mark their strings with `N_()` and translate where they are shown.
The catalogs are `.po` files in the repo (locale/<area>/<lang>.po), extracted and
compiled with Babel by scripts/build.py into gelateria/locale/<lang>/LC_MESSAGES/
gelateria.mo, which ships in the wheel. The language is one setting for the process
(the page's language switch, or the command line's --lang); records and links never
carry it. A live table's host speaks to each guest in the guest's own language for the
time of one answer (`speaking`).
"""

from __future__ import annotations

import gettext
import io
import os
import pkgutil
import re
from contextlib import contextmanager

# Each language under its own name, as the switch shows it.
LANGUAGES = {"en": "English", "ja": "日本語", "ko": "한국어"}
DEFAULT = "en"
DOMAIN = "gelateria"

_catalogs: dict[str, gettext.NullTranslations] = {}
_current = DEFAULT


def supported(code: object) -> str | None:
    """The language a tag names ("ja-JP" → "ja", "ko_KR.UTF-8" → "ko"), or None."""
    if not isinstance(code, str):
        return None
    base = code.strip().replace("_", "-").split("-")[0].split(".")[0].lower()
    return base if base in LANGUAGES else None


def choose(preferred: list) -> str:
    """The first of the player's languages we speak (navigator.languages order)."""
    for tag in preferred:
        found = supported(tag)
        if found:
            return found
    return DEFAULT


def from_environment(environ=None) -> str:
    """The command line's default: LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads them."""
    environ = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            return choose(value.split(":"))
    return DEFAULT


def catalog_path(code: str) -> str:
    """The compiled catalog's place in the gelateria package."""
    return f"locale/{code}/LC_MESSAGES/{DOMAIN}.mo"


def catalog(code: str) -> gettext.NullTranslations:
    if code not in _catalogs:
        if code == DEFAULT:
            _catalogs[code] = gettext.NullTranslations()
        else:
            # Read through the package's loader: in the browser the app is imported from
            # its wheel, a zip with no file to open (static/pyodide-progress.mjs).
            # No fallback: a missing catalog is a broken build, not English in disguise.
            data = pkgutil.get_data("gelateria", catalog_path(code))
            _catalogs[code] = gettext.GNUTranslations(io.BytesIO(data))
    return _catalogs[code]


def set_language(code: str) -> str:
    global _current
    found = supported(code) or DEFAULT
    catalog(found)  # a missing catalog raises OSError now, not at the first word
    _current = found
    return found


def language() -> str:
    return _current


@contextmanager
def speaking(code: str):
    """Words in `code` (a supported language, else English) inside the block; the
    process's language again after it."""
    before = _current
    set_language(code)
    try:
        yield
    finally:
        set_language(before)


def _(message: str) -> str:
    return catalog(_current).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return catalog(_current).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return catalog(_current).pgettext(context, message)


def N_(message: str) -> str:
    """Marks a string for the catalog where it is defined; `_()` translates it where shown."""
    return message


def seat_label(player: int) -> str:
    """How the rules name a seat in their words ("Player 1" in English); a session puts
    the seat's own name in its place (core.session.name_players)."""
    return _("Player {number}").format(number=player + 1)


def and_list(items: list[str]) -> str:
    """"a, b and c" in the current language."""
    items = [str(i) for i in items]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    separator = _(", ")
    return _("{items} and {last}").format(items=separator.join(items[:-1]), last=items[-1])


def sentence_gap() -> str:
    """What goes between two sentences put side by side: a space, none in Japanese
    (its 。 and ： carry their own room)."""
    return "" if language() == "ja" else " "


# Decimal and grouping marks per language (checked against Babel's CLDR data in the
# unit tests; the browser's wheel does not carry Babel).
NUMBER_MARKS = {"en": (".", ","), "ja": (".", ","), "ko": (".", ",")}


def number(value: float, decimals: int = 0) -> str:
    decimal, group = NUMBER_MARKS[_current]
    text = f"{value:,.{decimals}f}"
    return text.replace(",", "\0").replace(".", decimal).replace("\0", group)


def percent(fraction: float, decimals: int = 0) -> str:
    """0.125 → "13%" (all three languages write the sign after the number, no space)."""
    return number(fraction * 100, decimals) + "%"


# Korean particles change with the word before them: 이/가, 은/는, 을/를, 과/와, 이 or
# nothing, 으로/로. A translation whose word is a placeholder ({player}) writes both,
# "{player}이(가)", and the text is settled once the word is known (`particles`).
PARTICLES = {"이(가)": ("이", "가"), "은(는)": ("은", "는"), "을(를)": ("을", "를"), "과(와)": ("과", "와"),
             "(이)": ("이", ""), "(으)로": ("으로", "로")}
_PARTICLE = re.compile(r"(?<=[\uac00-\ud7a30-9])(" + "|".join(re.escape(p) for p in PARTICLES) + ")")
DIGIT_FINALS = {"0": 21, "1": 8, "2": 0, "3": 16, "4": 0, "5": 0, "6": 1, "7": 8, "8": 8, "9": 0}  # 영 일 이 삼 사 오 육 칠 팔 구
RIEUL = 8  # the final ㄹ, after which (으)로 is 로


def _final(char: str) -> int:
    """The final consonant of how a character is read (0: none): a Hangul syllable's own,
    a digit's as read in Korean."""
    if char in DIGIT_FINALS:
        return DIGIT_FINALS[char]
    return (ord(char) - 0xAC00) % 28


def particles(text: str) -> str:
    """Korean text with each two-form particle after a Hangul word or a number settled
    ("하나이(가)" → "하나가", "민준이(가)" → "민준이"); after anything else (a Latin name)
    both forms stay. Text in other languages is returned as it is."""
    if _current != "ko" or "(" not in text:
        return text

    def settle(match: re.Match) -> str:
        final = _final(text[match.start() - 1])
        after_consonant, after_vowel = PARTICLES[match.group(1)]
        if match.group(1) == "(으)로" and final == RIEUL:
            return after_vowel
        return after_consonant if final else after_vowel

    return _PARTICLE.sub(settle, text)
