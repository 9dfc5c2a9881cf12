"""The `TypeChecked` property at pipeline_input (type_check_pass.cpp), on our IR of a function,
statement by statement in upstream's order (pre-order; a statement's own checks before those
of the statements nested in it):

- a `for` loop's start, stop and step must be scalars ("ForStmt stop must be ScalarType, but
  got TensorType"). (Upstream checks an `if`'s and a `while`'s condition too, but its parser
  refuses any condition that is no BOOL scalar before: `ExpressionParser.require_bool`.)
- a loop with iteration arguments whose body ends with a yield: the counts of iteration
  arguments, yielded values and results must agree ("ForStmt size mismatch: iter_args=1,
  yield values=2, return_vars=1"); when they do, each carry's type must be the same along
  init value -> iteration argument -> yielded value -> result (`carried_type_errors`);
- an `if` whose two branches both end with a yield: the same for the two yields and the
  `if`'s results.

Each check reports only what it can decide exactly: an unknown type, a dimension that is no
constant, a view not known here gives nothing (a missed error, never a false one). The error
is at the statement (upstream's span starts there); the range is its keyword.
"""

from __future__ import annotations

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.base.span import Span
from compiler.ir import Function
from compiler.ir.nodes import Expr, ForStmt, IfStmt, SeqStmts, Stmt, Var, WhileStmt, YieldStmt
from compiler.ir.types import IRType, ScalarType
from compiler.ir.visit import level_yields, walk_stmts
from compiler.verifier.carried_types import carried_type_errors, type_kind
from compiler.verifier.function_source import FunctionSource
from compiler.verifier.valid_shape_bounds import valid_shape_errors

_BOUNDS = ("start", "stop", "step")


def type_check_errors(function: Function, source: FunctionSource) -> list[Diagnostic]:
    # Upstream checks the parameters' types first, at each parameter.
    found = [
        _diagnostic(message, span) for message, span in valid_shape_errors(function, source.annotated_names)
    ]
    for stmt in walk_stmts(function.body):
        if isinstance(stmt, ForStmt):
            found += [_error(m, stmt, "for") for m in _bound_errors(stmt)]
            if stmt.iter_args:
                found += [_error(m, stmt, "for") for m in _loop_errors(stmt, "ForStmt")]
        elif isinstance(stmt, WhileStmt) and stmt.iter_args:
            found += [_error(m, stmt, "while") for m in _loop_errors(stmt, "WhileStmt")]
        elif isinstance(stmt, IfStmt) and stmt.else_body is not None:
            found += [_error(m, stmt, "if") for m in _if_errors(stmt)]
    return found


def _error(message: str, stmt: Stmt, keyword: str) -> Diagnostic:
    start = stmt.span
    return _diagnostic(
        message, Span(start.start_line, start.start_col, start.start_line, start.start_col + len(keyword))
    )


def _diagnostic(message: str, span: Span) -> Diagnostic:
    return Diagnostic(
        codes.VERIFY_TYPE_CHECK, message, span, stage=Stage.VERIFIER, exception="VerificationError"
    )


def _expr_type(expr: Expr | None) -> IRType | None:
    return getattr(expr, "type", None) if expr is not None else None


def _bound_errors(loop: ForStmt) -> list[str]:
    """A `for`'s start, stop and step that are no scalars (a Tensor passed as a bound)."""
    found = []
    for name in _BOUNDS:
        kind = type_kind(_expr_type(getattr(loop, name)))
        if kind is not None and kind != ScalarType.ir_class_name:
            found.append(f"ForStmt {name} must be ScalarType, but got {kind}")
    return found


def _last_yield(body: SeqStmts) -> YieldStmt | None:
    last: Stmt | None = body
    while isinstance(last, SeqStmts):
        last = last.stmts[-1] if last.stmts else None
    return last if isinstance(last, YieldStmt) else None


def _loop_errors(loop: ForStmt | WhileStmt, name: str) -> list[str]:
    yield_stmt = _last_yield(loop.body)
    if yield_stmt is None:
        return []
    iter_args = len(loop.iter_args)
    results = sum(len(y.targets) for y in level_yields(loop.body))
    if results != iter_args:  # the builder refuses this loop while the parser builds it
        return []
    values = len(yield_stmt.values)
    if values != iter_args:
        return [f"{name} size mismatch: iter_args={iter_args}, yield values={values}, return_vars={results}"]
    found = []
    for i, (declared, value) in enumerate(zip(loop.iter_args, yield_stmt.values)):
        # The parser gives the iteration argument and the result the init value's type, so
        # only the yield can differ: declared -> yield, then yield -> result (the same type).
        yielded = _expr_type(value)
        found += carried_type_errors(
            declared.type, yielded, name, f"declared iter_arg[{i}]", f"yield value[{i}]"
        )
        found += carried_type_errors(yielded, declared.type, name, f"yield value[{i}]", f"return_var[{i}]")
    return found


def _if_errors(stmt: IfStmt) -> list[str]:
    assert stmt.else_body is not None
    then_yield, else_yield = _last_yield(stmt.then_body), _last_yield(stmt.else_body)
    if then_yield is None or else_yield is None:
        return []
    # The `if`'s results, one per name its branches' yields bind (the then branch's
    # first), each typed as the parser types it: the first target of that name.
    results: dict[str, Var] = {}
    for body in (stmt.then_body, stmt.else_body):
        for inner in body.stmts:
            if isinstance(inner, YieldStmt):
                for var in inner.targets:
                    results.setdefault(var.name, var)
    names = list(results)
    if not names:
        return []
    then_values, else_values = len(then_yield.values), len(else_yield.values)
    if then_values != else_values or then_values != len(names):
        return [
            f"IfStmt size mismatch: then yield={then_values}, else yield={else_values}, return_vars={len(names)}"
        ]
    found = []
    for i, (then_value, else_value) in enumerate(zip(then_yield.values, else_yield.values)):
        then_type, else_type = _expr_type(then_value), _expr_type(else_value)
        found += carried_type_errors(
            then_type, else_type, "IfStmt", f"then yield value[{i}]", f"else yield value[{i}]"
        )
        # A result annotated (`r: pl.Tile[...] = pl.yield_(t)`) has the annotation's type.
        found += carried_type_errors(
            then_type, results[names[i]].type, "IfStmt", f"then yield value[{i}]", f"return_var[{i}]"
        )
    return found
