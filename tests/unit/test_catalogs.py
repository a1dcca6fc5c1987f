"""The message catalogs: every word the code asks for is translated into Japanese and
Korean, keeping its placeholders and plural forms; and the run-time side (choosing a
language, numbers, the log on a switch) behaves.

The English comes from the code itself, extracted with Babel exactly as the build
does (scripts/i18n.py), so a new string without a translation fails here.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

babel = pytest.importorskip("babel", reason="Babel is installed by scripts/build.sh (requirements-build.txt)")
from babel import Locale  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.numbers import format_decimal  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import i18n as catalogs  # noqa: E402  scripts/i18n.py

from gelateria.core import i18n  # noqa: E402

PLACEHOLDER = re.compile(r"\{(\w+)[^{}]*\}")
# Words that stay the same in every language: each language's own name in the switch.
SAME_IN_EVERY_LANGUAGE = set(i18n.LANGUAGES.values())


def english() -> dict:
    """Every (area, msgid, context) the code asks for now -> Babel's Message."""
    return {(area, m.id, m.context): m for area in catalogs.AREAS for m in catalogs.extract(area) if m.id}


@pytest.fixture(scope="module")
def wanted():
    return english()


@pytest.fixture(scope="module")
def translated():
    return {(area, lang): catalogs.read(area, lang) for area in catalogs.AREAS for lang in catalogs.LANGUAGES}


def forms(message) -> tuple:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def ids(message) -> tuple:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def names(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def has_words(text: str) -> bool:
    """Letters to translate, once placeholders are taken out."""
    return re.search(r"[A-Za-z]", PLACEHOLDER.sub("", text)) is not None


def test_the_code_has_words_to_translate(wanted):
    assert len(wanted) > 500, "the extraction found almost nothing: are strings wrapped in _()?"
    for area in catalogs.AREAS:
        assert any(key[0] == area for key in wanted), f"no messages extracted for {area}"


@pytest.mark.parametrize("lang", catalogs.LANGUAGES)
def test_every_message_is_translated_and_not_fuzzy(wanted, translated, lang):
    missing = []
    for (area, msgid, context), message in wanted.items():
        have = translated[area, lang].get(msgid, context)
        if have is None or not all(forms(have)) or have.fuzzy:
            missing.append(f"{area}: {ids(message)[0]!r}" + (" (fuzzy)" if have is not None and have.fuzzy else ""))
    assert not missing, f"{len(missing)} messages lack a {lang} translation:\n" + "\n".join(missing[:40])


@pytest.mark.parametrize("lang", catalogs.LANGUAGES)
def test_placeholders_and_plural_forms_match_the_english(wanted, translated, lang):
    plurals = Locale.parse(lang).plural_form
    wrong = []
    for (area, msgid, context) in wanted:
        have = translated[area, lang].get(msgid, context)
        if have is None:
            continue  # reported by the completeness test
        english_names = set().union(*(names(text) for text in ids(have)))
        if have.pluralizable:
            if len(forms(have)) != translated[area, lang].num_plurals:
                wrong.append(f"{ids(have)[0]!r}: {len(forms(have))} plural forms, {lang} has {translated[area, lang].num_plurals}")
        for text in forms(have):
            if text and names(text) != english_names:
                wrong.append(f"{ids(have)[0]!r} -> {text!r}: placeholders {sorted(names(text))} != {sorted(english_names)}")
    assert plurals is not None
    assert not wrong, "\n".join(wrong[:40])


@pytest.mark.parametrize("lang", catalogs.LANGUAGES)
def test_no_translation_is_just_the_english(wanted, translated, lang):
    same = []
    for (area, msgid, context) in wanted:
        have = translated[area, lang].get(msgid, context)
        if have is None:
            continue
        for english_text, text in zip(ids(have) * 2, forms(have)):
            if text == english_text and has_words(text) and text not in SAME_IN_EVERY_LANGUAGE:
                same.append(f"{area}: {text!r}")
    assert not same, f"left in English in {lang}:\n" + "\n".join(same[:40])


@pytest.mark.parametrize("lang", catalogs.LANGUAGES)
def test_one_english_message_has_one_translation_across_areas(wanted, translated, lang):
    seen: dict = {}
    clashes = []
    for (area, msgid, context) in wanted:
        have = translated[area, lang].get(msgid, context)
        if have is None or not all(forms(have)):
            continue
        key = (msgid, context)
        if key in seen and seen[key][1] != forms(have):
            clashes.append(f"{ids(have)[0]!r}: {seen[key][0]} says {seen[key][1]}, {area} says {forms(have)}")
        seen.setdefault(key, (area, forms(have)))
    assert not clashes, "the build keeps only one of these:\n" + "\n".join(clashes)


def test_the_compiled_catalogs_are_what_gettext_reads():
    """The .mo the build wrote speaks Japanese and Korean through plain gettext."""
    for lang in catalogs.LANGUAGES:
        mo = Path(i18n.__file__).parent.parent / i18n.catalog_path(lang)
        assert mo.exists(), "run scripts/build.sh: it compiles the catalogs"
    try:
        for lang, word in (("ja", "プレイヤー"), ("ko", "플레이어")):
            i18n.set_language(lang)
            assert word in i18n.seat_label(0)
            assert i18n.seat_label(2).endswith("3")
    finally:
        i18n.set_language("en")
    assert i18n.seat_label(0) == "Player 1"


@pytest.mark.parametrize("tags, expected", [
    (["ja-JP", "en-US"], "ja"), (["ko-KR"], "ko"), (["fr-FR", "ko"], "ko"), (["en-GB", "ja"], "en"),
    (["de-DE"], "en"), ([], "en"), (["JA"], "ja"), (["zh-TW", "ja_JP"], "ja"), ([None, 3, "ko"], "ko"),
])
def test_the_first_visit_follows_the_browsers_languages(tags, expected):
    assert i18n.choose(tags) == expected


def test_the_command_line_default_comes_from_the_environment():
    assert i18n.from_environment({"LANG": "ko_KR.UTF-8"}) == "ko"
    assert i18n.from_environment({"LANGUAGE": "fr:ja", "LANG": "en_US.UTF-8"}) == "ja"
    assert i18n.from_environment({"LC_ALL": "C"}) == "en"
    assert i18n.from_environment({}) == "en"


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_numbers_follow_each_locales_marks(lang):
    try:
        i18n.set_language(lang)
        for value in (0, 7, 1234, 1234567):
            assert i18n.number(value) == format_decimal(value, locale=lang)
        assert i18n.number(1234.5, 1) == format_decimal(1234.5, format="#,##0.0", locale=lang)
        assert i18n.percent(0.125, 1) == "12.5%"
    finally:
        i18n.set_language("en")


def test_a_language_switch_rewrites_the_log_and_keeps_the_game():
    from gelateria.core.game import get_game
    from gelateria.core.record import Seat
    from gelateria.core.session import Session

    session = Session(get_game("gelati"), [Seat("human", "Ana"), Seat("bot", "Bo", "easy")], 7)
    for _ in range(3):
        seat = session.to_act()[0]
        session.submit(seat, session.legal(seat)[0])
    english_log = list(session.log)
    moves = [list(m) for m in session.moves]
    try:
        i18n.set_language("ja")
        japanese_log = list(session.log)
        assert len(japanese_log) == len(english_log)
        assert all(a != b for a, b in zip(japanese_log, english_log))
        assert all("Ana" in line or "Bo" in line for line in japanese_log[1:])
        seat = session.to_act()[0]
        session.submit(seat, session.legal(seat)[0])
        assert len(session.log) == len(english_log) + 1 and re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", session.log[-1])
    finally:
        i18n.set_language("en")
    assert session.log[:len(english_log)] == english_log
    assert [list(m) for m in session.moves[:3]] == moves


@pytest.mark.parametrize("lang", catalogs.LANGUAGES)
def test_the_compiled_catalog_is_the_same_whenever_it_is_built(lang):
    """The .mo goes into the wheel, whose hash is the service worker's version: a
    catalog dated at build time made every build a new release for every player."""
    buffer = io.BytesIO()
    write_mo(buffer, catalogs.merged(lang))
    assert catalogs.FIXED_DATE.strftime("POT-Creation-Date: %Y-%m-%d").encode() in buffer.getvalue()
