"""A trimmed python_stdlib.zip: only the standard-library modules the app imports in
the browser, and a check that no import of the shipped code would miss from it.

Pyodide's python_stdlib.zip (2.5 MB, barely compressible) holds all of CPython's pure
Python library. The browser imports about a third of it. The build keeps:
  scripts/stdlib-traced.txt  what the pages imported across the whole e2e suite
                             (tests/e2e/conftest.py traces every page; refresh with
                             `python3 scripts/stdlib.py --traced test-results/stdlib-traced.txt`)
  scripts/stdlib-safety.txt  modules a rare code path imports, with the reason
plus each kept module's parent packages.

The check (run by every build) is static: every import in the shipped wheel's code
(anywhere, even inside functions) and, through the standard library, every import a
kept module makes when it is imported (its module level), must be in the trimmed zip.
CPython 3.11 cannot parse all of Python 3.14's library, so the library's import graph
is worked out by Pyodide itself under Node, once per python_stdlib.zip (cached in
build/cache/).

    python3 scripts/stdlib.py            print what is kept and what the check finds
"""

from __future__ import annotations

import argparse
import ast
import gzip
import hashlib
import io
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FULL_ZIP = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
TRACED = ROOT / "scripts" / "stdlib-traced.txt"
SAFETY = ROOT / "scripts" / "stdlib-safety.txt"
CACHE = ROOT / "build" / "cache"
# A fixed date for the trimmed zip's members: the same input gives the same bytes.
ZIP_DATE = (2026, 1, 1, 0, 0, 0)


# -- modules and the files that hold them -------------------------------------------

def module_of(member: str) -> str | None:
    """The module a zip member holds: 'json/decoder.py' -> 'json.decoder',
    'json/__init__.py' -> 'json' (or their .pyc); None for anything else."""
    if not member.endswith((".py", ".pyc")):
        return None
    parts = member.rsplit(".", 1)[0].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    # Not only identifiers: sysconfig imports '_sysconfigdata__emscripten_wasm32-emscripten'.
    return ".".join(parts) if parts and all(p and "." not in p for p in parts) else None


def modules_in(members: list[str]) -> dict[str, str]:
    """Module name -> the member that holds it."""
    return {name: m for m in members if (name := module_of(m)) is not None}


def parents(name: str) -> list[str]:
    """'a.b.c' -> ['a', 'a.b']: importing a.b.c runs these packages' __init__ first."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def read_list(path: Path) -> set[str]:
    """Module names, one a line; '#' starts a comment."""
    names = set()
    for line in path.read_text().splitlines():
        name = line.split("#", 1)[0].strip()
        if name:
            names.add(name)
    return names


# -- imports, read from source ------------------------------------------------------

class _Imports(ast.NodeVisitor):
    """The modules a module's source imports. With `everywhere`, every import statement
    counts (the app's own code: a function may run at any time). Without, only those
    that run when the module is imported: not inside functions, not in `except`
    handlers (a fallback for when an import failed), not under `if TYPE_CHECKING`."""

    def __init__(self, package: str, everywhere: bool):
        self.package = package  # the package relative imports start from
        self.everywhere = everywhere
        self.found: set[str] = set()

    def visit_Import(self, node):
        for alias in node.names:
            self.found.add(alias.name)

    def visit_ImportFrom(self, node):
        if node.level:
            base = self.package.split(".") if self.package else []
            base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
            module = ".".join(base + ([node.module] if node.module else []))
        else:
            module = node.module or ""
        if not module:
            return
        self.found.add(module)
        for alias in node.names:
            if alias.name != "*":
                self.found.add(f"{module}.{alias.name}")  # may name a submodule

    def _skip_unless_everywhere(self, node):
        if self.everywhere:
            self.generic_visit(node)

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _skip_unless_everywhere

    def visit_Try(self, node):
        for part in (node.body, node.orelse, node.finalbody) + ((node.handlers,) if self.everywhere else ()):
            for child in part:
                self.visit(child)

    visit_TryStar = visit_Try

    def visit_If(self, node):
        known = static_truth(node.test)
        for part, taken in ((node.body, known is not False), (node.orelse, known is not True)):
            if taken:
                for child in part:
                    self.visit(child)


# In the browser: sys.platform and os.name as Pyodide has them; a module run as
# __main__ is never what the app does.
KNOWN = {"platform": "emscripten", "name": "posix", "__name__": "an imported module"}


def static_truth(test: ast.expr) -> bool | None:
    """Whether an `if` test is known in the browser: `TYPE_CHECKING` (false),
    `__name__ == "__main__"`, `sys.platform == "win32"`, `os.name != "nt"`,
    `sys.platform.startswith("win")`, `... in (...)`, `not ...`; None otherwise."""
    def value(e):
        if isinstance(e, ast.Constant) and isinstance(e.value, str):
            return e.value
        if isinstance(e, ast.Attribute) and e.attr in ("platform", "name") and isinstance(e.value, ast.Name):
            return KNOWN[e.attr] if (e.attr, e.value.id.lstrip("_")) in (("platform", "sys"), ("name", "os")) else None
        if isinstance(e, ast.Name) and e.id == "__name__":
            return KNOWN["__name__"]
        if isinstance(e, (ast.Tuple, ast.List, ast.Set)):
            items = [value(x) for x in e.elts]
            return None if None in items else tuple(items)
        return None

    if (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
            isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"):
        return False
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = static_truth(test.operand)
        return None if inner is None else not inner
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        left, right = value(test.left), value(test.comparators[0])
        if left is None or right is None:
            return None
        op = test.ops[0]
        if isinstance(op, (ast.Eq, ast.NotEq)):
            return (left == right) == isinstance(op, ast.Eq)
        if isinstance(op, (ast.In, ast.NotIn)) and isinstance(right, tuple):
            return (left in right) == isinstance(op, ast.In)
        return None
    if (isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute) and test.func.attr == "startswith"
            and len(test.args) == 1 and not test.keywords):
        subject, prefix = value(test.func.value), value(test.args[0])
        if isinstance(subject, str) and prefix is not None:
            return subject.startswith(prefix)
    return None


def imports_of(source: bytes | str, module: str, is_package: bool, everywhere: bool = False) -> set[str]:
    """Absolute names `module`'s source may import (some name attributes, not modules:
    the caller keeps those that are modules)."""
    package = module if is_package else module.rpartition(".")[0]
    visitor = _Imports(package, everywhere)
    visitor.visit(ast.parse(source))
    return visitor.found


def graph_of_zip(path: str) -> str:
    """JSON {module: [modules its module level may import]} for every module of a
    stdlib zip. Runs in Pyodide (Python 3.14 parses its own library)."""
    graph = {}
    with zipfile.ZipFile(path) as zf:
        for name, member in modules_in(zf.namelist()).items():
            found = imports_of(zf.read(member), name, member.endswith("__init__.py"))
            graph[name] = sorted(found)
    return json.dumps(graph, sort_keys=True)


NODE_GRAPH = """
import { loadPyodide } from %(mjs)s;
const py = await loadPyodide({ indexURL: %(index)s, stdout: () => {}, stderr: (s) => process.stderr.write(s + "\\n") });
py.FS.writeFile("/tmp/gelateria_stdlib_tool.py", %(source)s);
process.stdout.write(py.runPython(`
import sys
sys.path.insert(0, "/tmp")
import gelateria_stdlib_tool
gelateria_stdlib_tool.graph_of_zip(f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip")
`));
"""


def stdlib_graph(full_zip: Path = FULL_ZIP) -> dict[str, list[str]]:
    """The library's import graph, worked out once per python_stdlib.zip by Pyodide
    under Node (the zip Pyodide mounts is the one it was built with: full_zip must be
    node_modules/pyodide's)."""
    source = Path(__file__).read_bytes()
    key = hashlib.sha256(full_zip.read_bytes() + source).hexdigest()[:16]
    cached = CACHE / f"stdlib-graph-{key}.json"
    if not cached.exists():
        index = full_zip.parent.as_posix() + "/"
        script = NODE_GRAPH % {"mjs": json.dumps(index + "pyodide.mjs"), "index": json.dumps(index),
                               "source": json.dumps(source.decode())}
        out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True)
        if out.returncode != 0:
            sys.exit(f"stdlib: Pyodide under Node could not read the library's imports:\n{out.stderr[-3000:]}")
        CACHE.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(out.stdout)
        os.replace(tmp, cached)
    graph = json.loads(cached.read_text())
    # Imports by a computed name, which no parser sees: sysconfig's config data.
    if "sysconfig" in graph:
        graph["sysconfig"] += [m for m in graph if m.startswith("_sysconfigdata_")]
    return graph


def app_imports(package_dir: Path, shipped) -> dict[str, set[str]]:
    """{file: names it imports anywhere} for the shipped wheel's modules
    (`shipped(relative posix path)` says which are in the wheel)."""
    found = {}
    root = package_dir.parent
    for path in sorted(package_dir.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if not shipped(rel):
            continue
        module = module_of(rel)
        found[rel] = imports_of(path.read_bytes(), module, path.name == "__init__.py", everywhere=True)
    return found


# -- what is kept, and the check ----------------------------------------------------

def kept_modules(wanted: set[str], modules: set[str]) -> set[str]:
    """The wanted modules that are in the library, with their parent packages."""
    kept = set()
    for name in wanted:
        if name in modules:
            kept.add(name)
            kept.update(p for p in parents(name) if p in modules)
    return kept


def missing(roots: dict[str, set[str]], kept: set[str], graph: dict[str, list[str]]) -> dict[str, str]:
    """{module: who imports it} for each library module the roots ({importer: names})
    or any kept module would import that the trimmed zip lacks."""
    modules = set(graph)
    lacking = {}

    def need(name: str, importer: str):
        for module in [*parents(name), name]:
            if module in modules and module not in kept and module not in lacking:
                lacking[module] = importer

    for importer, names in roots.items():
        for name in names:
            need(name, importer)
    for module in sorted(kept):
        for name in graph.get(module, ()):
            need(name, module)
    return lacking


def trimmed_zip(full_zip: Path, kept: set[str]) -> bytes:
    """python_stdlib.zip with only the kept modules' files (and their folders)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(full_zip) as src, zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
        members = modules_in(src.namelist())
        wanted = sorted(members[name] for name in kept)
        folders = sorted({m.rsplit("/", 1)[0] + "/" for m in wanted if "/" in m})
        for name in folders + wanted:
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.external_attr = src.getinfo(name).external_attr if name in src.NameToInfo else 0o40755 << 16
            info.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
            dst.writestr(info, src.read(name) if name in src.NameToInfo else b"")
    return buffer.getvalue()


def gzip_size(data: bytes) -> int:
    """What a server sending gzip would send (level 6, the common default)."""
    return len(gzip.compress(data, compresslevel=6, mtime=0))


def trim(shipped_package: Path, shipped, full_zip: Path = FULL_ZIP) -> tuple[bytes, int, int]:
    """The trimmed zip, after the check, and its (kept, all) module counts. Exits,
    naming each missing module and what imports it, if the check fails."""
    graph = stdlib_graph(full_zip)
    kept = kept_modules(read_list(TRACED) | read_list(SAFETY), set(graph))
    lacking = missing(app_imports(shipped_package, shipped), kept, graph)
    if lacking:
        lines = "\n".join(f"  {module}  (imported by {importer})" for module, importer in sorted(lacking.items()))
        sys.exit("build: the trimmed python_stdlib.zip would miss modules that are imported:\n" + lines +
                 f"\nAdd each to {SAFETY.relative_to(ROOT)} (with why), or refresh {TRACED.relative_to(ROOT)} "
                 "from a traced e2e run (see scripts/stdlib.py).")
    return trimmed_zip(full_zip, kept), len(kept), len(graph)


def write_traced(source: Path) -> None:
    """Make scripts/stdlib-traced.txt the library modules named in `source` (a traced
    e2e run's test-results/stdlib-traced.txt)."""
    with zipfile.ZipFile(FULL_ZIP) as zf:
        modules = set(modules_in(zf.namelist()))
    names = sorted(read_list(source) & modules)
    TRACED.write_text(
        "# The standard-library modules the browser imported across the whole e2e suite\n"
        "# (tests/e2e/conftest.py traces every page). Written by\n"
        "#   python3 scripts/stdlib.py --traced test-results/stdlib-traced.txt\n"
        + "".join(f"{n}\n" for n in names))
    print(f"stdlib: {TRACED.relative_to(ROOT)}: {len(names)} modules")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--traced", type=Path, help="refresh scripts/stdlib-traced.txt from a traced e2e run's list")
    args = parser.parse_args()
    if args.traced:
        write_traced(args.traced)
        return
    sys.path.insert(0, str(ROOT / "scripts"))
    import build as site

    graph = stdlib_graph()
    kept = kept_modules(read_list(TRACED) | read_list(SAFETY), set(graph))
    lacking = missing(app_imports(ROOT / "py" / "gelateria", lambda rel: not site.is_headless_only(rel)), kept, graph)
    full = FULL_ZIP.read_bytes()
    trimmed = trimmed_zip(FULL_ZIP, kept)
    print(f"kept {len(kept)} of {len(graph)} modules")
    print(f"python_stdlib.zip: full {len(full):,} bytes ({gzip_size(full):,} gzip), "
          f"trimmed {len(trimmed):,} bytes ({gzip_size(trimmed):,} gzip)")
    for module, importer in sorted(lacking.items()):
        print(f"missing: {module}  (imported by {importer})")


if __name__ == "__main__":
    main()
