"""The shape issue 17 asked for, checked on the source: views only draw and interpret
(they read no raw state and set no timers of their own), the session logic lives once
in core/session.py, the table is one class holding its parts, and nothing probes games
by name."""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from pathlib import Path

PY = Path(__file__).resolve().parents[2] / "py" / "gelateria"
TESTS = Path(__file__).resolve().parents[1]
VIEWS = sorted((PY / "web" / "views").glob("*.py"))


def dotted(node) -> str:
    """`self.session.at` for an Attribute chain, '' for anything else."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return ""


def is_state_source(node) -> bool:
    """An expression that is a raw game state: self.state, a state of the history or
    the session (self.history[i], self.session.states[-1], self.session.at(i), …)."""
    if isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Call):
        node = node.func
    return dotted(node) in {"self.state", "self.history", "self.session.state", "self.session.states", "self.session.at"}


def raw_state_reads(source: str) -> list[str]:
    tree = ast.parse(source)
    found = []
    for function in [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.Lambda))]:
        aliases = set()
        for node in ast.walk(function):
            if isinstance(node, ast.Assign) and is_state_source(node.value):
                aliases |= {t.id for t in node.targets if isinstance(t, ast.Name)}
            if isinstance(node, (ast.For, ast.comprehension)) and is_state_source(node.iter) and isinstance(node.target, ast.Name):
                aliases.add(node.target.id)
        for node in ast.walk(function):
            if isinstance(node, ast.Attribute) and (is_state_source(node.value) or (isinstance(node.value, ast.Name) and node.value.id in aliases)):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return sorted(set(found))


def test_the_checker_sees_reads_through_aliases():
    source = "def f(self):\n    s = self.state\n    t = self.session.at(2)\n    return s.turn, t.board, self.state.hands, self.game.view(self.state, 0)['turn']\n"
    assert raw_state_reads(source) == ["line 4: s.turn", "line 4: self.state.hands", "line 4: t.board"]


def test_no_view_reads_raw_state():
    for path in VIEWS:
        assert raw_state_reads(path.read_text()) == [], path.name


def test_views_set_no_timers_and_play_no_loops_of_their_own():
    for path in VIEWS:
        text = path.read_text()
        assert "app.later" not in text and "app.cancel" not in text, path.name
    for path in PY.rglob("*.py"):
        if path.name == "session.py":
            continue
        text = path.read_text()
        assert not re.search(r"while not [\w.]*is_over\(", text), path
        tree = ast.parse(text)
        for loop in [n for n in ast.walk(tree) if isinstance(n, ast.For)]:
            if "moves" in ast.unparse(loop.iter):
                calls = [dotted(c.func) for c in ast.walk(loop) if isinstance(c, ast.Call)]
                assert not any(c.endswith(".apply") for c in calls), f"{path}: a move-applying loop at line {loop.lineno}"


def test_the_table_is_one_class_that_holds_its_parts():
    """The table has at most one base (its parts are collaborators it holds, not base
    classes), and no view inherits the table (issue 31)."""
    from gelateria.web.table import Table

    assert len(Table.__bases__) <= 1, [b.__name__ for b in Table.__bases__]
    for path in VIEWS:
        tree = ast.parse(path.read_text())
        for cls in [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]:
            bases = [ast.unparse(b) for b in cls.bases]
            assert not any("Table" in b for b in bases), f"{path.name}: {cls.name}({', '.join(bases)})"


def test_nothing_probes_a_game_by_name_or_attribute():
    pattern = re.compile(r"getattr\((self\.)?game\b|\bgame\.id ==|\bgame_id ==")
    for root in (PY, TESTS):
        for path in root.rglob("*.py"):
            if path.name == "test_layout.py":
                continue
            assert not pattern.search(path.read_text()), path
    assert "simulator(" not in (PY / "core" / "arena.py").read_text()


VIEW_MAY_IMPORT = ("gelateria.core.", "gelateria.web.markup", "gelateria.web.art", "gelateria.web.views.contract",
                   "gelateria.web.views.board_pan")  # (and Python's own library)
VIEW_MAY_NOT_IMPORT = ("gelateria.core.session", "gelateria.core.record", "gelateria.core.seats")


def imports_of(path: Path) -> list[str]:
    """Every module a file imports (`from package import module` names the module)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                module = f"{node.module}.{alias.name}"
                found.append(module if importlib.util.find_spec(node.module) and is_module(module) else node.module)
    return list(dict.fromkeys(found))


def is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def view_may_import(module: str, game_id: str) -> bool:
    own = (f"gelateria.games.{game_id}", f"gelateria.web.views.{game_id}_", "race_game")
    if module.split(".")[0] in sys.stdlib_module_names:
        return True
    return (module.startswith(VIEW_MAY_IMPORT + own) or module in (f"gelateria.web.views.{game_id}",)) \
        and not module.startswith(VIEW_MAY_NOT_IMPORT)


def view_files() -> dict[str, list[Path]]:
    """The files of every view that draws from Facts (web/views/contract.py), by game."""
    from gelateria.web.views.contract import registered_screens

    files = {}
    for game_id, spec in registered_screens().items():
        module = sys.modules[type(spec.view()).__module__]
        path = Path(module.__file__)
        own = sorted({path.parent / f"{game_id}.py", *path.parent.glob(f"{game_id}_*.py")})
        files[game_id] = own if module.__name__.startswith("gelateria.") else [path]
    return files


def test_a_view_imports_only_core_words_markup_and_its_own_game():
    files = view_files()
    assert "race" in files  # (the tests' own game: its view is held to this too)
    for game_id, paths in files.items():
        for path in paths:
            wrong = [m for m in imports_of(path) if not view_may_import(m, game_id)]
            assert wrong == [], f"{path.name} imports {wrong}"


def test_the_checker_catches_a_view_that_reaches_for_the_table(tmp_path):
    bad = tmp_path / "x.py"
    bad.write_text("from gelateria.web.table import Table\nimport js\nfrom gelateria.core.session import Session\n"
                   "from gelateria.core.facts import Facts\nfrom gelateria.games.genial.rules import GAME\n"
                   "from gelateria.web import chrome\nimport dataclasses\nfrom gelateria.web.views import gelati_art\n")
    assert [m for m in imports_of(bad) if not view_may_import(m, "gelati")] == [
        "gelateria.web.table", "js", "gelateria.core.session", "gelateria.games.genial.rules", "gelateria.web.chrome"]


def test_a_view_sets_no_timer_and_plays_no_move():
    """Timers, moves and the browser are the table's: a view only answers (issue 31)."""
    for game_id, paths in view_files().items():
        for path in paths:
            text = path.read_text()
            found = [word for word in ("set_timer", ".later(", "act(", ".app.", "app.", "js.") if word in text]
            assert found == [], f"{path.name}: {found}"
