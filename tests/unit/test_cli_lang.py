"""The command line's --lang: people read their language, scripts read the same JSON."""

from __future__ import annotations

import json
import re

import pytest

from gelateria import cli
from scripts_seen import JAPANESE, KOREAN



def run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_lang_ja_writes_the_game_list_in_japanese(capsys):
    code, out, _ = run(capsys, "--lang", "ja", "games")
    assert code == 0 and "gelati" in out
    assert all(JAPANESE.search(line) for line in out.splitlines()), out
    _, english, _ = run(capsys, "--lang", "en", "games")
    assert "players" in english and not JAPANESE.search(english)


def test_lang_goes_anywhere_on_the_line_and_errors_speak_it_too(capsys):
    code, _, err = run(capsys, "play", "gelati", "--seats", "9", "--lang", "ko")
    assert code == 2 and KOREAN.search(err), err


def test_the_default_comes_from_the_environment(capsys, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "ja")
    _, out, _ = run(capsys, "games")
    assert JAPANESE.search(out)


@pytest.mark.parametrize("command", [
    ["play", "gelati", "--seed", "3", "--trace"],
    ["play", "gelatinous", "--seats", "3", "--option", "mode=video", "--seed", "2"],
    ["arena", "genial", "--seats", "random,random", "--games", "2"],
])
def test_json_is_the_same_whatever_the_language(capsys, command):
    outputs = {}
    for lang in ("en", "ja", "ko"):
        code, out, _ = run(capsys, *command, "--lang", lang)
        assert code == 0
        lines = [line for line in out.splitlines() if line.startswith("{")]
        assert lines and all(json.loads(line) is not None for line in lines)
        outputs[lang] = [re.sub(r'"elapsed_s":[0-9.]+|"(ms_per_move|ms_per_decision|max_ms)":[0-9.e-]+', "", line)
                         for line in lines]
    assert outputs["ja"] == outputs["en"] == outputs["ko"]
    assert not any(JAPANESE.search(line) or KOREAN.search(line) for line in outputs["ja"])
