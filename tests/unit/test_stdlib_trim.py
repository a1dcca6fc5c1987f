"""scripts/stdlib.py: which imports it reads from source, what it keeps, what the build
check reports, and the trimmed zip it writes (from small made-up libraries)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import stdlib  # noqa: E402  scripts/stdlib.py


def make_zip(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for folder in sorted({name.rsplit("/", 1)[0] + "/" for name in files if "/" in name}):
            zf.writestr(folder, b"")
        for name, text in files.items():
            zf.writestr(name, text)
    return path


def test_members_are_named_as_modules_and_other_files_are_not_modules():
    members = ["json/", "json/__init__.py", "json/decoder.py", "os.py", "site-packages/README.txt",
               "pyodide/py.typed", "__phello__/spam.py", "re/__init__.pyc", "re/_parser.pyc",
               "_sysconfigdata__emscripten_wasm32-emscripten.py", "a.b.py"]
    assert stdlib.modules_in(members) == {
        "json": "json/__init__.py", "json.decoder": "json/decoder.py", "os": "os.py",
        "__phello__.spam": "__phello__/spam.py", "re": "re/__init__.pyc", "re._parser": "re/_parser.pyc",
        "_sysconfigdata__emscripten_wasm32-emscripten": "_sysconfigdata__emscripten_wasm32-emscripten.py"}
    assert stdlib.parents("a.b.c") == ["a", "a.b"] and stdlib.parents("a") == []


def test_a_module_level_import_counts_and_one_inside_a_function_does_not():
    source = """
import os, json.decoder
from collections import abc, deque
class C:
    import textwrap
def f():
    import pdb
async def g():
    import asyncio
h = lambda: __import__("doctest")
"""
    assert stdlib.imports_of(source, "m", False) == {
        "os", "json.decoder", "collections", "collections.abc", "collections.deque", "textwrap"}
    assert {"pdb", "asyncio"} <= stdlib.imports_of(source, "m", False, everywhere=True)


def test_a_fallback_in_an_except_handler_is_not_needed_but_the_attempt_is():
    source = """
try:
    from _datetime import *
except ImportError:
    from _pydatetime import *
else:
    import calendar
finally:
    import time
"""
    assert stdlib.imports_of(source, "datetime", False) == {"_datetime", "calendar", "time"}
    assert "_pydatetime" in stdlib.imports_of(source, "datetime", False, everywhere=True)


@pytest.mark.parametrize("test, taken", [
    ("TYPE_CHECKING", False), ("typing.TYPE_CHECKING", False),
    ("__name__ == '__main__'", False), ("__name__ != '__main__'", True),
    ("sys.platform == 'win32'", False), ("_sys.platform == 'emscripten'", True),
    ("sys.platform.startswith('win')", False), ("sys.platform in ('win32', 'cygwin')", False),
    ("os.name == 'nt'", False), ("not os.name == 'nt'", True), ("_os.name != 'posix'", False),
    ("sys.version_info >= (3, 12)", None), ("DEBUG", None), ("platform == 'win32'", None),
])
def test_an_if_known_in_the_browser_takes_its_branch(test, taken):
    import ast

    assert stdlib.static_truth(ast.parse(test, mode="eval").body) is taken
    found = stdlib.imports_of(f"if {test}:\n    import yes\nelse:\n    import no\n", "m", False)
    assert found == {None: {"yes", "no"}, True: {"yes"}, False: {"no"}}[taken]


def test_relative_imports_resolve_from_the_package():
    assert stdlib.imports_of("from . import util\nfrom .. import errors\n", "email.mime", True) == {
        "email.mime", "email.mime.util", "email", "email.errors"}
    assert stdlib.imports_of("from .base import x\nfrom . import y\n", "email.mime.text", False) == {
        "email.mime.base", "email.mime.base.x", "email.mime", "email.mime.y"}


def test_kept_modules_bring_their_packages_and_leave_out_names_outside_the_library():
    modules = {"email", "email.mime", "email.mime.text", "json"}
    assert stdlib.kept_modules({"email.mime.text", "js", "gelateria.core"}, modules) == {
        "email", "email.mime", "email.mime.text"}


GRAPH = {"json": ["codecs", "json.decoder"], "json.decoder": ["re"], "re": ["enum"], "enum": [],
         "codecs": [], "pdb": ["bdb"], "bdb": [], "gettext": ["locale"], "locale": []}


def test_the_check_names_each_missing_module_and_what_imports_it():
    kept = {"json", "json.decoder", "codecs", "re"}  # enum forgotten; gettext not kept
    roots = {"gelateria/core/i18n.py": {"gettext", "json", "js", "gelateria.core"}}
    assert stdlib.missing(roots, kept, GRAPH) == {"enum": "re", "gettext": "gelateria/core/i18n.py"}
    assert stdlib.missing(roots, kept | {"enum", "gettext", "locale"}, GRAPH) == {}


def test_the_check_follows_what_a_missing_module_would_need_only_once_kept():
    # pdb is not kept and nothing kept imports it: bdb is no one's concern.
    assert stdlib.missing({}, {"json", "json.decoder", "codecs", "re", "enum"}, GRAPH) == {}


def test_the_import_graph_of_a_zip(tmp_path):
    lib = make_zip(tmp_path / "lib.zip", {
        "json/__init__.py": "from .decoder import JSONDecoder\nimport codecs\n",
        "json/decoder.py": "import re\ndef later():\n    import pdb\n",
        "codecs.py": "", "re.py": "",
        "README.txt": "import nothing",
    })
    assert json.loads(stdlib.graph_of_zip(str(lib))) == {
        "json": ["codecs", "json.decoder", "json.decoder.JSONDecoder"], "json.decoder": ["re"],
        "codecs": [], "re": []}


def test_the_trimmed_zip_holds_the_kept_modules_and_imports_from_there(tmp_path):
    lib = make_zip(tmp_path / "lib.zip", {
        "tinylib/__init__.py": "", "tinylib/kept.py": "VALUE = 42\n", "tinylib/dropped.py": "",
        "lonely.py": "", "other/__init__.py": "",
    })
    data = stdlib.trimmed_zip(lib, {"tinylib", "tinylib.kept"})
    assert data == stdlib.trimmed_zip(lib, {"tinylib.kept", "tinylib"})  # the same bytes every build
    trimmed = tmp_path / "trimmed.zip"
    trimmed.write_bytes(data)
    assert sorted(zipfile.ZipFile(trimmed).namelist()) == ["tinylib/", "tinylib/__init__.py", "tinylib/kept.py"]
    run = subprocess.run([sys.executable, "-c", "import tinylib.kept; print(tinylib.kept.VALUE)"],
                         env={"PYTHONPATH": str(trimmed)}, capture_output=True, text=True)
    assert run.stdout.strip() == "42", run.stderr


def test_the_trim_stops_naming_the_import_that_would_miss(tmp_path, monkeypatch):
    lib = make_zip(tmp_path / "lib.zip", {"json/__init__.py": "import codecs\n", "codecs.py": "",
                                          "gettext.py": "", "pdb.py": ""})
    package = tmp_path / "py" / "gelateria"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("import json\n")
    (package / "cli.py").write_text("import pdb\n")  # headless only: not shipped
    (package / "i18n.py").write_text("def f():\n    import gettext\n")
    (tmp_path / "traced.txt").write_text("# a comment\njson\ncodecs  # and another\n")
    (tmp_path / "safety.txt").write_text("")
    monkeypatch.setattr(stdlib, "TRACED", tmp_path / "traced.txt")
    monkeypatch.setattr(stdlib, "SAFETY", tmp_path / "safety.txt")
    monkeypatch.setattr(stdlib, "ROOT", tmp_path)
    monkeypatch.setattr(stdlib, "stdlib_graph", lambda full_zip: json.loads(stdlib.graph_of_zip(str(full_zip))))
    shipped = lambda rel: rel != "gelateria/cli.py"  # noqa: E731

    with pytest.raises(SystemExit) as stopped:
        stdlib.trim(package, shipped, full_zip=lib)
    assert "gettext  (imported by gelateria/i18n.py)" in str(stopped.value) and "pdb" not in str(stopped.value)

    (tmp_path / "safety.txt").write_text("gettext  # the catalogs, read when a language is picked\n")
    data, kept, total = stdlib.trim(package, shipped, full_zip=lib)
    assert (kept, total) == (3, 4)
    assert sorted(zipfile.ZipFile(io.BytesIO(data)).namelist()) == [
        "codecs.py", "gettext.py", "json/", "json/__init__.py"]
