"""The build's pre-rendered first paint (scripts/prerender.py → static/pages.js)."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import prerender  # noqa: E402
from gelateria.core import i18n  # noqa: E402
from gelateria.web.catalog import catalog  # noqa: E402
from gelateria.web.screens import game_view_module  # noqa: E402

GAMES = [game.id for game in catalog()]


def test_every_language_has_every_page_a_visitor_can_land_on():
    pages = prerender.render_all()
    assert list(pages) == list(i18n.LANGUAGES)
    wanted = {"/", "*"} | {f"/{g}{rest}" for g in GAMES for rest in ("", "/rules", "/*")}
    for code, table in pages.items():
        assert set(table) == wanted, code
        for key, page in table.items():
            assert page["html"].count("<h1") == 1, (code, key)
            assert f'<option value="{code}" lang="{code}" selected>' in page["html"], (code, key)


def test_pages_are_the_screens_the_app_opens_there():
    table = prerender.render_all()["en"]
    assert 'data-screen="home"' in table["/"]["html"]
    for game in GAMES:
        panel = table[f"/{game}"]["html"]
        if game_view_module(game) is not None:  # (a game still being built shows "coming soon")
            assert 'data-phase="setup"' in panel and f'data-game="{game}"' in panel, game
        assert 'data-screen="rules"' in table[f"/{game}/rules"]["html"]
        ready = table[f"/{game}/*"]["html"]
        assert 'data-screen="getting-ready"' in ready and 'role="img"' in ready and "Getting the table ready" in ready


def test_titles_and_words_are_in_each_language():
    pages = prerender.render_all()
    for code in ("ja", "ko"):
        for key, page in pages[code].items():
            assert page["title"] != pages["en"][key]["title"], (code, key)
            assert page["html"] != pages["en"][key]["html"], (code, key)
    assert i18n.language() == "en"  # the build leaves the language as it found it


def test_the_build_is_reproducible_and_safe_to_load(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    prerender.write_pages(a)
    prerender.write_pages(b)
    files = sorted(p.name for p in a.iterdir())
    assert files == ["pages.ja.js", "pages.js", "pages.ko.js"]  # English in pages.js; one file per other language
    for name in files:
        assert (a / name).read_bytes() == (b / name).read_bytes()  # the service worker's version is a hash of the files
        text = (a / name).read_text(encoding="utf-8")
        assert "</" not in text
        head, call = "self.gelateriaPaint(", text.splitlines()[1]
        assert call.startswith(head) and call.endswith(");")
        code = "en" if name == "pages.js" else name.split(".")[1]
        table = json.loads(call[len(head):-2])
        assert list(table) == [code]  # its own language's pages only
        assert table[code]["/"]["title"] == prerender.render_all()[code]["/"]["title"]
    assert json.loads((a / "pages.js").read_text().splitlines()[1][len("self.gelateriaPaint("):-2])["en"]["/"]["title"] \
        == "Gelateria — four ice-cream table games"


def test_rules_pages_keep_each_drawing_frame_and_leave_out_its_contents():
    page = prerender.render_all()["en"]["/gelati/rules"]["html"]
    body = page.split('class="page-body"')[1]
    assert body.count("<figure") == 7 and "Scores 3 points." in body  # every example's words are there
    assert '<svg viewBox="' in body and 'role="img" aria-label="On the table:' in body  # frames, named
    assert "<use" not in body and "<polygon" not in body  # but nothing drawn in them
    nested = '<p class="page-body"><svg a><g><svg b><x/></svg></g><use/></svg> and <svg c/> <svg d><t/></svg>.'
    assert prerender.drawings_left_out(nested) == '<p class="page-body"><svg a></svg> and <svg c/> <svg d></svg>.'
