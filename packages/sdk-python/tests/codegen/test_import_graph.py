"""The package's import graph has no circle, type-only imports included.

A circle works at run time only by luck of import order (or behind `if TYPE_CHECKING:`), and it
makes every module in it depend on every other: the resources would know the client that holds
them. The TypeScript side holds the same rule with dependency-cruiser; this is its Python twin.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Dict, List, Set

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "trackforge"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def resolve(base: str, module: str, modules: Set[str]) -> str:
    """The module an import names: itself if it is one, else the package it is in."""
    while module not in modules and "." in module:
        module = module.rsplit(".", 1)[0]
    return module if module in modules else base


def import_graph() -> Dict[str, Set[str]]:
    files = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    modules = set(files)
    graph: Dict[str, Set[str]] = {name: set() for name in modules}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: List[str] = []
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - (node.level - 1)]
                    base = ".".join(anchor + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                if not base.startswith("trackforge"):
                    continue
                # `from . import x` names a module when x is one, else a name in the package.
                targets = [
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names
                ]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names if alias.name.startswith("trackforge")]
            for target in targets:
                found = resolve(name, target, modules)
                if found != name:
                    graph[name].add(found)
    return graph


def circles(graph: Dict[str, Set[str]]) -> List[List[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: Dict[str, int] = {}
    low: Dict[str, int] = {}
    stack: List[str] = []
    on_stack: Set[str] = set()
    found: List[List[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component: List[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_package_imports_form_no_circle() -> None:
    assert circles(import_graph()) == []


def test_the_check_sees_a_circle_made_only_of_type_only_imports() -> None:
    # The shape the resources had: the client imports a resource, the resource names the client
    # behind `if TYPE_CHECKING:`.
    graph = {
        "trackforge._client": {"trackforge.resources.tracks"},
        "trackforge.resources.tracks": {"trackforge._client"},
    }
    assert circles(graph) == [["trackforge._client", "trackforge.resources.tracks"]]
