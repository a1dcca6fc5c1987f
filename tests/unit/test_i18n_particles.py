"""Korean particles after a name are settled where the text is shown (issue 32: "민준이(가)
가져감" was printed raw): a translation writes both forms after a placeholder, the word
that fills it decides."""

from __future__ import annotations

import pytest

from gelateria.core import i18n
from gelateria.web.markup import h


@pytest.fixture
def korean():
    i18n.set_language("ko")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("text, settled", [
    ("민준이(가) 가져감", "민준이 가져감"),  # 민준: a final consonant
    ("나이(가) 가져감", "나가 가져감"),  # 나: none
    ("플레이어 1은(는) 큐브 3/8", "플레이어 1은 큐브 3/8"),  # 1 is read 일
    ("플레이어 2은(는) 큐브 3/8", "플레이어 2는 큐브 3/8"),  # 2 is read 이
    ("딸기을(를) 초코(으)로 교환", "딸기를 초코로 교환"),
    ("바닐라 두 개을(를) 서울(으)로", "바닐라 두 개를 서울로"),  # ㄹ: 로
    ("집(으)로", "집으로"),
    ("하나(이)라는 게임", "하나라는 게임"),
    ("Ana이(가) 가져감", "Ana이(가) 가져감"),  # a Latin name: both forms stay
])
def test_a_particle_takes_the_form_of_the_word_before_it(korean, text, settled):
    assert i18n.particles(text) == settled


def test_shown_text_and_labels_are_settled_and_still_escaped(korean):
    page = h("p", {"aria-label": "나이(가) 가져감"}, "<i> & 하나이(가) 가져감")
    assert page == '<p aria-label="나가 가져감">&lt;i&gt; &amp; 하나가 가져감</p>'


def test_other_languages_are_left_as_they_are():
    i18n.set_language("ja")
    try:
        assert i18n.particles("ハナ(は)") == "ハナ(は)"
    finally:
        i18n.set_language("en")
    assert i18n.particles("Ana (bot) took it") == "Ana (bot) took it"
