"""Questions a quick fix asks of the analysed IR: which function holds a place, and
what type a name had just before it."""

from __future__ import annotations

from compiler.analysis import ModuleAnalysis
from compiler.base.span import Span
from compiler.ir import Function, IRType, UnknownType, Var
from compiler.ir.visit import bound_vars, own_exprs, walk_expr, walk_stmts


def function_containing(analysis: ModuleAnalysis, span: Span) -> Function | None:
    functions = [f for program in analysis.programs for f in program.functions] + list(analysis.functions)
    return next((f for f in functions if f.span.contains(span)), None)


def type_before(function: Function, name: str, span: Span) -> IRType:
    """The type of the last binding or use of `name` written before `span` in `function`
    (UnknownType when there is none, or the front end did not model it)."""
    seen: list[Var] = [param.var for param in function.params if param.var.name == name]
    for stmt in walk_stmts(function.body):
        seen += [var for var in bound_vars(stmt) if var.name == name]
        seen += [
            node
            for expr in own_exprs(stmt)
            for node in walk_expr(expr)
            if isinstance(node, Var) and node.name == name
        ]
    start = (span.start_line, span.start_col)
    before = [var for var in seen if (var.span.end_line, var.span.end_col) <= start]
    if not before:
        return UnknownType()
    return max(before, key=lambda var: (var.span.start_line, var.span.start_col)).type
