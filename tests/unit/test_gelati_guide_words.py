"""Gelati's words in Japanese and Korean as a player reads them (issue 32): the
rulebook's terms in Japanese (1行に4つ, an order is 完了), no "0つ", a hand-over
screen that speaks of tiles and orders, and no Korean two-form particle after a
placeholder (a Latin name there would print both forms)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gelateria.core import i18n
from gelateria.web.views.gelati import GelatiView

LOCALE = Path(__file__).resolve().parents[2] / "locale" / "gelati"


def translations(language: str) -> dict[str, str]:
    """msgid -> msgstr (each plural form joined) of the game's catalog."""
    text = (LOCALE / f"{language}.po").read_text(encoding="utf-8")
    found = {}
    for entry in text.split("\n\n"):
        msgid = re.search(r'^msgid "(.*)"$', entry, re.M)
        strs = re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', entry, re.M)
        if msgid and msgid[1]:
            found[msgid[1]] = " ".join(strs)
    return found


def test_japanese_uses_the_rulebooks_words():
    ja = translations("ja")
    assert ja["Four in a row"] == "1行に4つ"
    assert not [i for i, s in ja.items() if "4つ並び" in s or "達成" in s]  # the rulebook: 1行に4つ, 注文を完了


@pytest.mark.parametrize("language", ["ja", "ko"])
def test_the_hand_over_screen_speaks_of_tiles_and_orders(language):
    said = translations(language)[GelatiView.own_words["handover"]]
    assert said and "カード" not in said and "카드" not in said


def test_an_order_with_no_parts_yet_reads_naturally_in_japanese():
    i18n.set_language("ja")
    label = i18n._("Order: {order}, you hold {count} of 3 parts.").format(order="紙カップ・イチゴ・クッキー", count=0)
    assert "0つ" not in label and "0/3" in label


def test_no_korean_particle_is_left_to_a_placeholder():
    raw = re.compile(r"\}[가-힣]?\((?:가|이|을|를|은|는|과|와|으)\)")
    assert not [s for s in translations("ko").values() if raw.search(s)]
