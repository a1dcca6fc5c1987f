"""Which writing a text is in: the unit tests' way to tell Japanese and Korean output."""

import re

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")  # kana and kanji
KOREAN = re.compile(r"[\uac00-\ud7a3]")  # hangul syllables
