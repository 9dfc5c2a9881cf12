"""Where a dump of ours would not be the real compiler's, found by construct.

- A subscript our parser keeps as written (an integer index, a step, an extent that is
  not a constant, a tile's window): the real parser builds an op call of it
  (`pl.tensor.read(x, [i, j])`, `pl.tile.slice(...)`), ours prints the subscript back.
- A type this front end does not infer (an op whose result type it does not model):
  every var of the real IR has a type, which the real printer writes on each
  assignment and parameter (`qk_h: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec] = ...`);
  ours would leave it out or write `pl.UnknownType`.

The IR view says a program with one of them is not shown rather than print it.
"""

from __future__ import annotations

from compiler.base.span import Span
from compiler.ir import AssignStmt, Expr, Function, Program, ScopeStmt, Stmt, SubscriptIndex, Var, YieldStmt
from compiler.ir.visit import own_exprs, walk_expr, walk_stmts
from compiler.printer.types import format_param_type, format_type

SUBSCRIPT_KEPT = (
    "a subscript the real parser builds as an op call (an integer index, a step, an extent "
    "that is not a constant, a tile's or a viewed tensor's window)"
)


def _functions(definition: Program | Function) -> list[Function]:
    return definition.functions if isinstance(definition, Program) else [definition]


def kept_subscript(definition: Program | Function) -> Span | None:
    """Where the first subscript the IR keeps as written is, if any."""
    for function in _functions(definition):
        for stmt in walk_stmts(function.body):
            for expr in [*own_exprs(stmt), *_attr_exprs(stmt)]:
                for node in walk_expr(expr):
                    if isinstance(node, SubscriptIndex):
                        return node.span
    return None


def _attr_exprs(stmt: Stmt) -> list[Expr]:
    """A scope's header values the printer writes as expressions (`predicate=(...)`)."""
    if not isinstance(stmt, ScopeStmt):
        return []
    return [value for _, value in stmt.attrs if isinstance(value, Expr)]


def first_untyped(definition: Program | Function) -> tuple[str, Span] | None:
    """The first var of `definition`'s DSL bodies whose type our dump cannot write (what
    the view says of it, and where); None when every type prints."""
    for function in _functions(definition):
        for param in function.params:
            if format_param_type(param.var.type) is None:
                return _untyped(param.var, param.var.span)
        if not function.has_dsl_body:
            continue  # a HOST SubWorker's plain Python: printed as written, no types
        for stmt in walk_stmts(function.body):
            var = None
            if isinstance(stmt, AssignStmt):
                var = stmt.var
            elif isinstance(stmt, YieldStmt) and len(stmt.targets) == 1:
                var = stmt.targets[0]
            if var is not None and format_type(var.type) is None:
                return _untyped(var, stmt.span)
    return None


def _untyped(var: Var, span: Span) -> tuple[str, Span]:
    return f"the type of `{var.name}`", span
