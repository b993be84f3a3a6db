"""Issue 16 item 6: no import cycle among navalwar's modules at module level (engine,
registry and serialization import each other only one way; the other direction is a
function-local or ``TYPE_CHECKING`` import)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

import navalwar

ROOT = Path(navalwar.__file__).resolve().parent


def module_imports(name: str, source: str, is_package: bool, known: set[str]) -> set[str]:
    """The navalwar modules ``name`` imports when it is itself imported: its top-level
    imports (also inside a top-level ``try``/``if``), less ``if TYPE_CHECKING:`` blocks
    and its own parent packages (imported first in any case)."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        inner = list(ast.walk(node)) if isinstance(node, ast.If | ast.Try) else [node]
        for n in inner:
            targets: list[str] = []
            if isinstance(n, ast.Import):
                targets = [a.name for a in n.names]
            elif isinstance(n, ast.ImportFrom):
                base = n.module or ""
                if n.level:
                    parts = package.split(".")[: len(package.split(".")) - n.level + 1]
                    base = ".".join([*parts, *([base] if base else [])])
                targets = [base, *(f"{base}.{a.name}" for a in n.names)]
            found |= {
                t for t in targets if t in known and t != name and not name.startswith(t + ".")
            }
    return found


def import_graph(root: Path) -> nx.DiGraph:
    files = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        files[".".join(parts).removesuffix(".__init__")] = path
    graph = nx.DiGraph()
    graph.add_nodes_from(files)
    for name, path in files.items():
        source = path.read_text(encoding="utf-8")
        for target in module_imports(name, source, path.name == "__init__.py", set(files)):
            graph.add_edge(name, target)
    return graph


def test_no_module_level_import_cycle() -> None:
    graph = import_graph(ROOT)
    assert graph.has_edge("navalwar.engine", "navalwar.registry")  # the way it goes
    assert not graph.has_edge("navalwar.registry", "navalwar.engine")
    assert not graph.has_edge("navalwar.engine", "navalwar.serialization")
    assert [" -> ".join(c) for c in nx.simple_cycles(graph)] == []


def test_a_cycle_is_found(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from typing import TYPE_CHECKING\nfrom pkg import b\n")
    (pkg / "b.py").write_text("from pkg.a import x\nif TYPE_CHECKING:\n    from pkg import c\n")
    (pkg / "c.py").write_text("from . import b\n")
    graph = import_graph(pkg)
    assert set(graph.edges) == {("pkg.a", "pkg.b"), ("pkg.b", "pkg.a"), ("pkg.c", "pkg.b")}
    assert len(list(nx.simple_cycles(graph))) == 1
