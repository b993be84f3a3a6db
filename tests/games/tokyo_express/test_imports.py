"""The Tokyo Express modules import one another without a cycle (issue 16 item 6)."""

from __future__ import annotations

import ast
from pathlib import Path

import navalwar.games.tokyo_express as te

PACKAGE = "navalwar.games.tokyo_express"


def _imports(path: Path) -> set[str]:
    """The package's modules that ``path`` imports anywhere (type-checking and
    function-level imports included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(PACKAGE):
            rest = node.module[len(PACKAGE) :].lstrip(".")
            found |= {rest.split(".")[0]} if rest else {a.name for a in node.names}
    return found - {path.stem}


def test_no_import_cycle_in_the_package() -> None:
    folder = Path(te.__file__).parent
    graph = {p.stem: _imports(p) for p in folder.glob("*.py")}
    cycles = []
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(name: str) -> None:
        state[name] = 1
        path.append(name)
        for dep in sorted(graph.get(name, ())):
            if state.get(dep) == 1:
                cycles.append(" -> ".join([*path[path.index(dep) :], dep]))
            elif dep not in state:
                visit(dep)
        state[name] = 2
        path.pop()

    for name in sorted(graph):
        if name not in state:
            visit(name)
    assert cycles == []
