"""The message catalogs, with Babel: extract the English from the code, merge new
messages into the translators' .po files, compile them for the app.

    .venv/bin/python scripts/i18n.py update [area ...]
                                                 after adding or changing a message:
                                                 new ones appear in locale/<area>/<lang>.po
                                                 with an empty translation, to be filled in
    .venv/bin/python scripts/i18n.py check      what is missing or fuzzy, per file

scripts/build.py calls compile(): one gelateria.mo per language (every area merged)
into py/gelateria/locale/<lang>/LC_MESSAGES/ (shipped in the wheel), the loading
screen's words for static/boot.js (static/boot-i18n.js) and a web manifest per language.

The catalogs are split by area so that each game's words live beside each other:
"boot" (index.html, static/boot.js, the web manifest), "app" (everything shared) and
one per game (games/<id>/ and web/views/<id>*.py).
"""

from __future__ import annotations

import io
from datetime import datetime, timezone
import json
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_javascript, extract_python
from babel.messages.extract import extract as babel_extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PY = ROOT / "py"
LOCALE_SOURCES = ROOT / "locale"
LANGUAGES = ["ja", "ko"]  # English is the source language
# One area per game, named by its package: a game added under py/gelateria/games/ has its own.
GAME_AREAS = sorted(p.parent.name for p in (ROOT / "py" / "gelateria" / "games").glob("*/__init__.py"))
AREAS = ["boot", "app"] + GAME_AREAS
HEADER_COMMENT = "# Gelateria's words for players. Edit msgstr only; `scripts/i18n.py update <area>` adds new msgids."
# A fixed date in the headers, so an update changes only the messages (clean diffs).
FIXED_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)


def extract_html(fileobj, keywords, comment_tags, options):
    """index.html: the text of every element marked data-i18n (boot.js translates them)."""
    text = fileobj.read().decode("utf-8")
    for m in re.finditer(r"<(\w+)[^>]*\bdata-i18n\b[^>]*>(.*?)</\1>", text, re.S):
        message = " ".join(m.group(2).split())
        yield text.count("\n", 0, m.start()) + 1, None, message, []


MANIFEST_FIELDS = ("name", "short_name", "description")


def extract_manifest(fileobj, keywords, comment_tags, options):
    data = json.load(fileobj)
    for field in MANIFEST_FIELDS:
        yield 1, None, data[field], [f"web manifest: {field}"]
    for shot in data.get("screenshots", []):
        yield 1, None, shot["label"], [f"web manifest: the label of the install screenshot {shot['src']}"]


def localized_manifest(manifest: dict, lang: str, words: dict[str, str]) -> dict:
    """The web manifest in a language: its lang, its words translated, and its own
    screenshots (screenshots/en/<file> becomes screenshots/<lang>/<file>). The rest,
    the id above all, stays the same: every language installs the same app."""
    translated = dict(manifest, lang=lang)
    for field in MANIFEST_FIELDS:
        translated[field] = words.get(manifest[field], manifest[field])
    translated["screenshots"] = [
        dict(shot, src=re.sub(r"^screenshots/en/", f"screenshots/{lang}/", shot["src"]),
             label=words.get(shot["label"], shot["label"]))
        for shot in manifest.get("screenshots", [])]
    return translated


def area_of(rel: str) -> str:
    """The area of a source file (a path under py/, like gelateria/web/views/gelati_art.py)."""
    for game in GAME_AREAS:
        if rel.startswith(f"gelateria/games/{game}/") or re.fullmatch(rf"gelateria/web/views/{game}(_\w+)?\.py", rel):
            return game
    return "app"


def sources(area: str) -> list[tuple[Path, object]]:
    if area == "boot":
        return [(ROOT / "index.html", extract_html), (ROOT / "static" / "boot.js", extract_javascript),
                (ROOT / "static" / "manifest.webmanifest", extract_manifest)]
    files = sorted(PY.joinpath("gelateria").rglob("*.py"))
    return [(f, extract_python) for f in files if area_of(f.relative_to(PY).as_posix()) == area]


def extract(area: str) -> Catalog:
    """The area's English messages, as a template (what the code asks for now)."""
    template = Catalog(project="Gelateria", fuzzy=False, creation_date=FIXED_DATE)
    keywords = dict(DEFAULT_KEYWORDS) | {"t": None}  # t(): boot.js's translate
    for path, method in sources(area):
        with path.open("rb") as f:
            for lineno, message, comments, context in babel_extract(method, f, keywords, ["i18n:"], strip_comment_tags=True):
                first = message[0] if isinstance(message, tuple) else message
                flags = ("python-brace-format",) if re.search(r"\{\w+", first) else ()
                template.add(message, None, [(path.relative_to(ROOT).as_posix(), lineno)],
                             auto_comments=comments, context=context, flags=flags)
    return template


def _first(message) -> str:
    return message[0] if isinstance(message, tuple) else message


def po_path(area: str, lang: str) -> Path:
    return LOCALE_SOURCES / area / f"{lang}.po"


def read(area: str, lang: str) -> Catalog:
    path = po_path(area, lang)
    if not path.exists():
        return Catalog(locale=lang, project="Gelateria", version="1", header_comment=HEADER_COMMENT,
                       copyright_holder="Gelateria", fuzzy=False, creation_date=FIXED_DATE, revision_date=FIXED_DATE)
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, omit_header=False, sort_output=False, include_previous=False)
    path.write_bytes(buffer.getvalue())


def update(areas: list[str]) -> None:
    """These areas' .po files get the code's messages now: new ones empty, gone ones dropped."""
    for area in areas:
        template = extract(area)
        for lang in LANGUAGES:
            catalog = read(area, lang)
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            catalog.fuzzy = False
            catalog.revision_date = FIXED_DATE
            write(catalog, po_path(area, lang))
        print(f"i18n: {area}: {len(template)} messages")


def merged(lang: str) -> Catalog:
    """One catalog of every area's finished translations (empty and fuzzy ones left out:
    gettext then shows the English)."""
    # (Dated like the .po files: a catalog dated now made every build's wheel, and so the
    # service worker's version, new even when nothing had changed.)
    out = Catalog(locale=lang, project="Gelateria", creation_date=FIXED_DATE, revision_date=FIXED_DATE)
    for area in AREAS:
        for message in read(area, lang):
            if not message.id or message.fuzzy:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            # Catalog's `in` ignores the context; get() looks at both.
            if all(strings) and out.get(message.id, message.context) is None:
                out.add(message.id, message.string, context=message.context)
    return out


def compile_all(static: Path) -> dict[str, int]:
    """Write the .mo files, boot-i18n.js and the per-language manifests; returns the
    number of translated messages per language."""
    counts = {}
    boot_words = {}
    manifest = json.loads((static / "manifest.webmanifest").read_text())
    for lang in LANGUAGES:
        catalog = merged(lang)
        counts[lang] = len(catalog)
        dest = PY / "gelateria" / "locale" / lang / "LC_MESSAGES" / "gelateria.mo"
        dest.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        dest.write_bytes(buffer.getvalue())
        boot = {m.id: m.string for m in read("boot", lang) if m.id and m.string and not m.fuzzy}
        boot_words[lang] = boot
        translated = localized_manifest(manifest, lang, boot)
        (static / f"manifest.{lang}.webmanifest").write_text(json.dumps(translated, ensure_ascii=False, indent=2) + "\n")
    (static / "boot-i18n.js").write_text(
        "// Generated by scripts/build.py from locale/boot/*.po: the loading screen's words.\n"
        f"self.GELATERIA_WORDS = {json.dumps(boot_words, ensure_ascii=False, sort_keys=True)};\n")
    return counts


def problems(area: str, lang: str) -> list[str]:
    """Messages of the code that this .po lacks, leaves empty or marks fuzzy."""
    catalog = read(area, lang)
    found = []
    for message in extract(area):
        if not message.id:
            continue
        have = catalog.get(message.id, message.context)
        strings = () if have is None else (have.string if isinstance(have.string, tuple) else (have.string,))
        if have is None or not all(strings):
            found.append(f"missing: {_first(message.id)!r}")
        elif have.fuzzy:
            found.append(f"fuzzy: {_first(message.id)!r}")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        unknown = [a for a in argv[1:] if a not in AREAS]
        if unknown:
            print(f"i18n: no area {', '.join(unknown)} (areas: {', '.join(AREAS)})")
            return 2
        update(argv[1:] or AREAS)
    elif command == "check":
        bad = 0
        for area in AREAS:
            for lang in LANGUAGES:
                found = problems(area, lang)
                bad += len(found)
                print(f"{po_path(area, lang).relative_to(ROOT)}: {len(found)} to do")
                for line in found[:20]:
                    print("   ", line)
        return 1 if bad else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
