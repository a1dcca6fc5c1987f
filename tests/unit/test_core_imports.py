"""core/ is one direction of dependency inside itself too: no module of it imports,
at the top or inside a function, one that imports it back (issue 31)."""

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "py" / "gelateria" / "core"


def core_imports(path: Path) -> set[str]:
    """The core modules `path` imports anywhere in it (function-local imports included)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "gelateria.core":
                found |= {alias.name for alias in node.names}
            elif node.module.startswith("gelateria.core."):
                found.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[2] for a in node.names if a.name.startswith("gelateria.core.")}
    return found - {path.stem}


def test_core_has_no_import_cycle():
    graph = {path.stem: core_imports(path) for path in CORE.glob("*.py") if path.stem != "__init__"}
    assert graph["record"] and graph["session"]  # (the walk sees imports at all)

    def cycle_from(start, node, seen):
        for nxt in sorted(graph.get(node, ())):
            if nxt == start:
                return seen + [nxt]
            if nxt not in seen:
                found = cycle_from(start, nxt, seen + [nxt])
                if found:
                    return found
        return None

    cycles = [c for c in (cycle_from(m, m, [m]) for m in graph) if c]
    assert cycles == [], " ; ".join(" -> ".join(c) for c in cycles)


def test_one_way_to_play_headless():
    assert not (CORE / "match.py").exists()
    record_py = (CORE / "record.py").read_text()
    assert "def replay" not in record_py  # replaying a record is Session.from_record
