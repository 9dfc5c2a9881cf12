"""`OutParamWriteDropped` (warning_out_param_write_dropped.cpp): `out = <expr>` on an
`Out` / `InOut` Tensor or Tile parameter rebinds the name and never writes the caller's
buffer, unless the value flows from the parameter (read directly, or through other
variables and loop carries: upstream taints each parameter forward through the
definitions, a loop's or an `if`'s results depending on all its init and yielded values).

Decided by names (`function_source`): a name's definitions are merged, and a statement
binding names makes each depend on everything the statement reads (its own
expressions), a loop's iteration arguments and results on its yields too. That can only
widen the taint, hence only drop a warning. A parameter name also bound by a loop,
a yield or a `with` (which would shadow the parameter's Var) is not judged.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Severity, Stage
from compiler.base.span import Span
from compiler.ir import Function
from compiler.ir.nodes import Direction
from compiler.ir.types import TensorType, TileType
from compiler.syntax.subtree import subtree
from compiler.verifier.function_source import (
    FunctionSource,
    bound_names,
    is_yield_call,
    names_read,
    target_names,
)

_WRITABLE = {Direction.OUT: "Out", Direction.INOUT: "InOut"}


def out_param_write_dropped(function: Function, source: FunctionSource) -> list[Diagnostic]:
    tracked = {
        param.var.name: _WRITABLE[param.direction]
        for param in function.params
        if param.direction in _WRITABLE and isinstance(param.var.type, (TensorType, TileType))
    }
    if not tracked:
        return []
    rebinds = [
        stmt
        for stmt in source.body_statements
        if isinstance(stmt, (ast.Assign, ast.AnnAssign))
        and not is_yield_call(stmt.value)
        and any(name in tracked for name in _rebound(stmt))
    ]
    if not rebinds:
        return []
    defined_by = _definitions(source)
    shadowed = {
        name
        for stmt in source.body_statements
        if not (isinstance(stmt, (ast.Assign, ast.AnnAssign)) and not is_yield_call(stmt.value))
        for name in bound_names(stmt)
    }
    found = []
    readers = _readers(defined_by)
    taints: dict[str, set[str]] = {}  # per parameter: one walk, however often it is rebound
    for stmt, name in [(rebind, name) for rebind in rebinds for name in _rebound(rebind)]:
        if name not in tracked or name in shadowed:
            continue
        tainted = taints.get(name)
        if tainted is None:
            tainted = taints[name] = _taint(name, readers)
        if _reads(stmt.value) & tainted:
            continue
        direction = tracked[name]
        message = (
            f"Assigning to {direction} parameter '{name}' in function '{function.name}' rebinds the name "
            f"only — the caller's buffer is never written. Use '{name}[:] = <expr>' to write the whole "
            f"tensor, or '{name}[<slices>] = <expr>' for a sub-window."
        )
        found.append(
            Diagnostic(
                codes.OUT_PARAM_WRITE_DROPPED, message, Span.of(stmt), Severity.WARNING, Stage.VERIFIER
            )
        )
    return found


def _rebound(stmt: ast.Assign | ast.AnnAssign) -> list[str]:
    """The names `name = value` rebinds; or each name of `a, b = call(...)`, which the
    parser unpacks into one assignment per element (`a = tmp[0]`, at the statement):
    an element's value derives from what the call reads."""
    if isinstance(stmt, ast.AnnAssign):
        return [stmt.target.id] if isinstance(stmt.target, ast.Name) and stmt.value is not None else []
    if len(stmt.targets) != 1:
        return []
    [target] = stmt.targets
    if isinstance(target, ast.Name):
        return [target.id]
    if (
        isinstance(target, ast.Tuple)
        and isinstance(stmt.value, ast.Call)
        and all(isinstance(elt, ast.Name) for elt in target.elts)
    ):
        return [elt.id for elt in target.elts if isinstance(elt, ast.Name)]
    return []


def _reads(node: ast.AST | None) -> set[str]:
    return set() if node is None else names_read(node)


# Statements made of expressions only (none nested): everything under one is its own.
_EXPRESSION_STATEMENTS = frozenset({ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr, ast.Return})


def _statement_reads(stmt: ast.stmt) -> set[str]:
    """The names a statement's own expressions read (`names_read` of each)."""
    if stmt.__class__ in _EXPRESSION_STATEMENTS:
        # Its flattened subtree (shared with the parser's walks) holds the same names.
        return {
            node.id  # type: ignore[attr-defined]
            for node in subtree(stmt)
            if node.__class__ is ast.Name and node.ctx.__class__ is not ast.Store  # type: ignore[attr-defined]
        }
    reads: set[str] = set()
    for expr in _own_expressions(stmt):
        reads |= _reads(expr)
    return reads


def _own_expressions(stmt: ast.stmt) -> Iterator[ast.AST]:
    """A statement's expressions, not those of the statements nested in it."""
    for name, value in ast.iter_fields(stmt):
        if name in ("body", "orelse", "handlers", "finalbody"):
            continue
        if isinstance(value, ast.AST):
            yield value
        elif isinstance(value, list):
            yield from (item for item in value if isinstance(item, ast.AST))


def _definitions(source: FunctionSource) -> dict[str, set[str]]:
    defined_by: dict[str, set[str]] = {}
    for stmt in source.body_statements:
        names = bound_names(stmt)
        yields: list[ast.Assign | ast.AnnAssign] = []
        if isinstance(stmt, ast.For) and isinstance(stmt.target, ast.Tuple):
            # The carry: iteration arguments and results depend on every init and yielded value.
            assigns = [inner for inner in ast.walk(stmt) if isinstance(inner, (ast.Assign, ast.AnnAssign))]
            yields = [inner for inner in assigns if is_yield_call(inner.value)]
            for inner in yields:
                targets = [inner.target] if isinstance(inner, ast.AnnAssign) else inner.targets
                names += [name for target in targets for name in target_names(target)]
        if not names:
            continue  # (what it reads defines nothing)
        reads = _statement_reads(stmt)
        for inner in yields:
            reads |= _reads(inner.value)
        for name in names:
            defined_by.setdefault(name, set()).update(reads)
    return defined_by


def _readers(defined_by: dict[str, set[str]]) -> dict[str, set[str]]:
    """Per name, the names defined from it (`defined_by` turned round)."""
    readers: dict[str, set[str]] = {}
    for defined, sources in defined_by.items():
        for source_name in sources:
            readers.setdefault(source_name, set()).add(defined)
    return readers


def _taint(root: str, readers: dict[str, set[str]]) -> set[str]:
    """Every name whose value may derive from `root` (itself included)."""
    tainted = {root}
    work = [root]
    while work:
        for reader in readers.get(work.pop(), ()):
            if reader not in tainted:
                tainted.add(reader)
                work.append(reader)
    return tainted
