"""The layers of docs/architecture.md, held by the imports: no package imports one that
imports it back (directly or around a cycle), and the compiler knows nothing of the
server, of documents, edits or versions."""

from __future__ import annotations

import ast
import re

from conftest import REPO

TOP_LEVEL = ("compiler", "pto_lsp")
# What `python -m pto_lsp` runs: above every package, in none of them.
ENTRY_POINTS = {"pto_lsp.__main__"}


def _package_of_module(module: str) -> str:
    """`compiler.parser.errors` -> `compiler.parser`; a top-level module is its package's."""
    path = REPO.joinpath(*module.split("."))
    if path.is_dir():
        return module
    return module.rsplit(".", 1)[0]


def _imports() -> dict[str, set[str]]:
    """package -> the packages its modules import (at any depth in a module: lazy imports count)."""
    graph: dict[str, set[str]] = {}
    for top in TOP_LEVEL:
        for path in (REPO / top).rglob("*.py"):
            module = ".".join(path.relative_to(REPO).with_suffix("").parts)
            if module in ENTRY_POINTS:
                continue
            package = (
                module.removesuffix(".__init__") if path.name == "__init__.py" else _package_of_module(module)
            )
            targets = graph.setdefault(package, set())
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names: list[str] = []
                if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
                elif isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                for name in names:
                    if name.split(".")[0] not in TOP_LEVEL:
                        continue
                    target = name if REPO.joinpath(*name.split(".")).is_dir() else None
                    if target is None and REPO.joinpath(*name.split(".")).with_suffix(".py").is_file():
                        target = _package_of_module(name)
                    if target is not None and target != package:
                        targets.add(target)
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (found := visit(target)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_no_package_imports_one_that_imports_it_back():
    """The compiler's packages and the server's (workspace, features, server, cli) together."""
    cycle = _cycle(_imports())
    assert cycle is None, " -> ".join(cycle or [])


def test_each_layer_imports_only_the_layers_below_it():
    """cli -> server -> features -> workspace -> compiler: never upwards."""
    order = ["compiler", "pto_lsp.workspace", "pto_lsp.features", "pto_lsp.server", "pto_lsp.cli"]

    def layer(package: str) -> int | None:
        found = [i for i, top in enumerate(order) if package == top or package.startswith(top + ".")]
        return found[-1] if found else None

    upward = sorted(
        f"{package} -> {target}"
        for package, targets in _imports().items()
        for target in targets
        if (here := layer(package)) is not None and (there := layer(target)) is not None and there > here
    )
    assert upward == []
    # The package itself keeps only its version: importing it starts nothing.
    package = ast.parse((REPO / "pto_lsp" / "__init__.py").read_text(encoding="utf-8"))
    assert not [node for node in ast.walk(package) if isinstance(node, (ast.Import, ast.ImportFrom))]


def test_the_compiler_knows_nothing_of_the_server():
    graph = _imports()
    leaks = {
        package: sorted(t for t in targets if t.startswith("pto_lsp")) for package, targets in graph.items()
    }
    assert {
        package: targets for package, targets in leaks.items() if package.startswith("compiler") and targets
    } == {}
    for path in (REPO / "compiler").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for word in ("lsprotocol", "pygls", "textDocument"):
            assert word not in text, f"{path.relative_to(REPO)} mentions {word}"


def test_the_cycle_finder_finds_a_cycle():
    """The check above can fail: a graph with a cycle is reported, with its path."""
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


# What an editor keeps about a document and its edits: never a name in the compiler.
# (A tile's `window` or an SSA `version` are the compiler's own words: not listed.)
EDITOR_STATE = {
    "PlacedUnit",
    "DocumentAnalysis",
    "units_over",
    "with_last_good",
    "serial",
    "splices",
    "Splice",
    "SpliceLog",
    "memo_of",
    "take_changes",
    "uri",
}


def _identifiers(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return names


def test_the_compiler_knows_nothing_of_documents_edits_or_versions():
    mentions = {
        str(path.relative_to(REPO)): sorted(
            _identifiers(ast.parse(path.read_text(encoding="utf-8"))) & EDITOR_STATE
        )
        for path in (REPO / "compiler").rglob("*.py")
    }
    assert {path: names for path, names in mentions.items() if names} == {}
    # The check can fail: the editor's placement module is full of them.
    placement = REPO / "pto_lsp" / "workspace" / "placement.py"
    assert _identifiers(ast.parse(placement.read_text(encoding="utf-8"))) & EDITOR_STATE


def test_every_diagnostic_code_is_defined_in_codes_py():
    """A code written as a literal anywhere else would be a second source of it."""
    codes = REPO / "compiler" / "base" / "codes.py"
    elsewhere = []
    for top in TOP_LEVEL:
        for path in (REPO / top).rglob("*.py"):
            if path == codes:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and re.fullmatch(r"PTO\d{3}", str(node.value)):
                    elsewhere.append(f"{path.relative_to(REPO)}:{node.lineno} {node.value}")
    assert elsewhere == []
