"""The import graph of ``apps/`` and ``config/``, read from the source: no cycles, and each layer imports only
what is below it (engine ← domain ← live).

Every import statement counts wherever it stands: at the top, inside a function, and under ``if TYPE_CHECKING``
(a cycle hidden in a function is still a cycle for a reader). ``from package import name`` is an edge to the
submodule when ``name`` is one, else to the package (the longest prefix that is a module). Importing a module
also runs its packages' ``__init__``; those implicit edges are left out, as they only point up to a package.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pytest

from config.games import GAMES
from tests.conftest import ROOT

ENGINE = "apps.matches.engine"
DOMAIN = "apps.matches.domain"
LIVE = "apps.matches.live"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def graph() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """({module: the modules of apps/ and config/ it imports}, {module: every dotted name it imports})."""
    files = {_module_name(path): path for top in ("apps", "config") for path in (ROOT / top).rglob("*.py")}
    inner: dict[str, set[str]] = {}
    named: dict[str, set[str]] = {}
    for module, path in files.items():
        is_package = path.name == "__init__.py"
        names = set(_imported_names(ast.parse(path.read_text(), str(path)), module, is_package))
        named[module] = names
        inner[module] = {_resolve(name, files) for name in names if name.split(".")[0] in ("apps", "config")}
        # (``from . import x`` inside a package names the package itself)
        inner[module] -= {None, module}  # type: ignore[arg-type]
    return inner, named


def _imported_names(tree: ast.AST, module: str, is_package: bool) -> Iterable[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = module.split(".")
                base = ".".join(package[: len(package) - node.level + (1 if is_package else 0)])
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            yield from (f"{source}.{alias.name}" for alias in node.names)


def _resolve(name: str, files: dict[str, Path]) -> str | None:
    """The module a dotted name lives in (the longest known prefix)."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in files:
            return candidate
    return None


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module, or of one that imports itself (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in edges.get(node, ()):
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def _reachable(start: str) -> set[str]:
    inner, _ = graph()
    seen, todo = {start}, [start]
    while todo:
        for target in inner.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def _offending(modules: Iterable[str], forbidden: tuple[str, ...]) -> list[str]:
    _, named = graph()
    return sorted(f"{module} imports {name}" for module in modules for name in named[module]
                  if name in forbidden or name.startswith(tuple(f"{each}." for each in forbidden)))


def _in(package: str) -> list[str]:
    inner, _ = graph()
    return [module for module in inner if module == package or module.startswith(package + ".")]


def test_the_graph_is_read():
    inner, _ = graph()
    assert "apps.matches.engine.registry" in inner["apps.matches.engine"]
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"a"}}) == [["a"]]


def test_no_import_cycles():
    inner, _ = graph()
    assert _cycles(inner) == []


@pytest.mark.parametrize("start", [ENGINE] + [f"{entry.app}.engine" for entry in GAMES if entry.app])
def test_engines_import_nothing_of_django_domain_or_live(start):
    reached = _reachable(start)
    assert start in reached
    assert _offending(reached, ("django", "channels", DOMAIN, LIVE)) == []


def test_the_domain_imports_nothing_of_live_channels_or_templates():
    domain = _in(DOMAIN)
    assert domain, "the domain package is missing"
    assert _offending(_reachable_all(domain), (LIVE, "channels", "django.template")) == []


def _reachable_all(modules: list[str]) -> set[str]:
    return set().union(*(_reachable(module) for module in modules))
