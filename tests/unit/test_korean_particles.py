"""Korean particles change with the word before them (민준이 가져감, 나가 가져감). After a
name a translation cannot know, it must not print both forms ("민준이(가) 가져감", issue 32):
it rephrases so that no particle follows the name. (After a number both forms may stay:
core.i18n.particles settles them by how the digit is read.)"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parents[2] / "locale"
# Placeholders that always hold a number (or a count of things ending in a counter word).
NUMBERS = {"number", "count", "points", "parts", "give", "get", "score", "low", "high", "n", "tally", "hand",
           "cube", "total", "move", "moves", "round", "seconds", "seat"}
TWO_FORMS = re.compile(r"\{(\w+)\}(?:이|은|을|과|와)?\((?:가|이|을|를|은|는|과|으)\)")


def korean_messages():
    for path in sorted(LOCALE.glob("*/ko.po")):
        with path.open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            if message.id:
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                yield path.parent.name, message.id, [s for s in strings if s]


def test_no_korean_message_prints_both_forms_of_a_particle_after_a_name():
    found = [f"{area}: {text}" for area, _, strings in korean_messages() for text in strings
             for match in TWO_FORMS.finditer(text) if match.group(1) not in NUMBERS]
    assert found == []


def test_the_check_sees_a_raw_particle():
    assert TWO_FORMS.search("{player}이(가) 가져감").group(1) == "player"
    assert TWO_FORMS.search("{name}(이)라는 게임").group(1) == "name"
    assert TWO_FORMS.search("{player}가 가져감") is None
