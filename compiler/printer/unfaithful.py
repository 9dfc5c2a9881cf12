"""Where a dump of ours would not be the real compiler's, found by construct.

- A type this front end does not infer (an op whose result type it does not model):
  every var of the real IR has a type, which the real printer writes on each
  assignment and parameter (`qk_h: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = ...`);
  ours would leave it out or write `pl.UnknownType`.
- A subscript our parser keeps as written (`x[r:r + 16, :]`, `out[8:24, 0:4] = t`):
  the real parser expands it into `pl.tensor.slice` / `pl.tensor.assemble` with
  their shapes and offsets, which ours prints back as the subscript.

The IR view says a program with one of them is not shown rather than print it.
"""

from __future__ import annotations

from compiler.base.span import Span
from compiler.ir import AssignStmt, Function, Program, SubscriptIndex, YieldStmt
from compiler.ir.visit import own_exprs, walk_expr, walk_stmts
from compiler.printer.types import format_param_type, format_type


def first_unfaithful(definition: Program | Function) -> tuple[str, Span] | None:
    """What of `definition`'s DSL bodies our dump would print unlike the real one (first
    met), and where; None when there is nothing of the kind."""
    functions = definition.functions if isinstance(definition, Program) else [definition]
    for function in functions:
        for param in function.params:
            if format_param_type(param.var.type) is None:
                return f"the type of `{param.var.name}`", param.var.span
        if not function.has_dsl_body:
            continue  # a HOST SubWorker's plain Python: printed as written, no types
        for stmt in walk_stmts(function.body):
            untyped = None
            if isinstance(stmt, AssignStmt):
                untyped = stmt.var
            elif isinstance(stmt, YieldStmt) and len(stmt.targets) == 1:
                untyped = stmt.targets[0]
            if untyped is not None and format_type(untyped.type) is None:
                return f"the type of `{untyped.name}`", stmt.span
            for expr in own_exprs(stmt):
                for node in walk_expr(expr):
                    if isinstance(node, SubscriptIndex):
                        return "a subscript expanded as the real parser does", node.span
    return None
