"""Document symbols: programs -> functions -> scopes, each scope with the kernel it becomes."""

from __future__ import annotations

import contextlib
import enum
from dataclasses import dataclass, field

from compiler.analysis import UnitAnalysis
from compiler.base.span import Span
from compiler.ir import Function, InCoreScopeStmt, ScopeKind, ScopeStmt, SpmdScopeStmt, Stmt
from compiler.ir.visit import child_stmts
from compiler.lowering.outlining import names_beside, outlined_names
from compiler.parser.scopes import SPMD_SUFFIX
from compiler.printer.expressions import format_expr


class SymbolKind(enum.Enum):
    PROGRAM = "program"
    FUNCTION = "function"
    SCOPE = "scope"


@dataclass
class SymbolNode:
    name: str
    detail: str
    kind: SymbolKind
    span: Span
    selection: Span
    children: list[SymbolNode] = field(default_factory=list)


_SCOPE_NAMES = {
    ScopeKind.IN_CORE: "pl.at(CORE_GROUP)",
    ScopeKind.HIERARCHY: "pl.at",
    ScopeKind.SPMD: "pl.spmd",
    ScopeKind.CLUSTER: "pl.cluster",
    ScopeKind.RUNTIME: "pl.scope",
    ScopeKind.SPLIT_AIV: "pl.split_aiv",
}


def unit_symbols(unit: UnitAnalysis) -> list[SymbolNode]:
    """The outline of one top-level definition: its programs and free functions."""
    symbols = []
    for program in unit.programs:
        functions = [_function_symbol(function, program.functions) for function in program.functions]
        symbols.append(
            SymbolNode(program.name, "@pl.program", SymbolKind.PROGRAM, program.span, program.span, functions)
        )
    symbols.extend(_function_symbol(function, None) for function in unit.functions)
    return sorted(symbols, key=lambda symbol: symbol.span)


def _function_symbol(function: Function, program: list[Function] | None) -> SymbolNode:
    names = outlined_names(function, names_beside(function, program))
    header = Span(
        function.span.start_line, function.span.start_col, function.span.start_line, function.span.start_col
    )
    symbol = SymbolNode(function.name, function.func_type.value, SymbolKind.FUNCTION, function.span, header)
    symbol.children = _scope_symbols(function.body, names)
    return symbol


def _scope_symbols(stmt: Stmt, names: dict[int, str]) -> list[SymbolNode]:
    found = []
    for child in child_stmts(stmt):
        if isinstance(child, ScopeStmt) and child.header_span is not None:
            found.append(_scope_symbol(child, names))
        else:
            found.extend(_scope_symbols(child, names))
    return found


def _scope_symbol(scope: ScopeStmt, names: dict[int, str]) -> SymbolNode:
    carrier = _carrier(scope)
    kernel = names.get(id(carrier)) or names.get(id(scope))
    level = f"pl.at({scope.level})" if scope.kind is ScopeKind.HIERARCHY else _SCOPE_NAMES[scope.kind]  # type: ignore[attr-defined]
    symbol = SymbolNode(
        level, _scope_detail(scope, kernel), SymbolKind.SCOPE, scope.span, scope.header_span or scope.span
    )
    symbol.children = _scope_symbols(carrier if carrier is not scope else scope, names)
    return symbol


def _scope_detail(scope: ScopeStmt, kernel: str | None) -> str:
    """What tells one scope from its neighbours: an spmd's core count, the name_hint given
    (unless the kernel it names is shown already), and the kernel the scope becomes."""
    written = []
    if isinstance(scope, SpmdScopeStmt) and scope.core_num is not None:
        # A form the printer has no spelling for leaves the count out.
        with contextlib.suppress(TypeError):
            written.append(f"core_num={format_expr(scope.core_num)}")
    # As the author wrote it: the parser gives an spmd scope the hint with `_spmd` added.
    hint = scope.name_hint.removesuffix(SPMD_SUFFIX) if isinstance(scope, SpmdScopeStmt) else scope.name_hint
    if hint and hint != kernel:
        written.append(f'name_hint="{hint}"')
    parts = [", ".join(written)] if written else []
    if kernel:
        parts.append(f"→ {kernel}")
    return " ".join(parts)


def _carrier(scope: ScopeStmt) -> ScopeStmt:
    """The InCore scope an spmd loop or inline body is outlined through (the scope itself otherwise)."""
    if isinstance(scope, SpmdScopeStmt) and len(scope.body.stmts) == 1:
        inner = scope.body.stmts[0]
        if isinstance(inner, InCoreScopeStmt) and inner.header_span == scope.header_span:
            return inner
    return scope
