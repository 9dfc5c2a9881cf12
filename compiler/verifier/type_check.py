"""The `TypeChecked` property at pipeline_input (type_check_pass.cpp): the carries of
`for` / `while` loops and of `if`s, in upstream's order, on our IR of a function.

- a loop with iteration arguments whose body ends with a yield: the counts of
  iteration arguments, yielded values and results must agree ("ForStmt size mismatch:
  iter_args=1, yield values=2, return_vars=1"); when they do, each carried value's
  type must keep its kind along init value -> iteration argument -> yielded value ->
  result ("Type kind mismatch in ForStmt: declared iter_arg[0] type 'TensorType' !=
  yield value[0] type 'TileType'");
- an `if` whose two branches both end with a yield: the same for the two yields and
  the `if`'s results.

Only the kind of a type is compared: dtypes, shapes and views (which upstream compares
next, through its prover) are not modelled, so a carry whose kinds agree gets nothing.
An unknown type gives nothing. The error is at the statement (upstream's span starts
there); the range is its keyword.
"""

from __future__ import annotations

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.base.span import Span
from compiler.ir import Function
from compiler.ir.nodes import ForStmt, IfStmt, ScopeStmt, SeqStmts, Stmt, WhileStmt, YieldStmt
from compiler.ir.types import IRType, ScalarType, TensorType, TileType, TupleType
from compiler.ir.visit import walk_stmts

_KINDS = (TensorType, TileType, ScalarType, TupleType)


def type_check_errors(function: Function) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    for stmt in walk_stmts(function.body):
        if isinstance(stmt, (ForStmt, WhileStmt)) and stmt.iter_args:
            found += _loop_errors(stmt)
        elif isinstance(stmt, IfStmt) and stmt.else_body is not None:
            found += _if_errors(stmt)
    return found


def _error(message: str, stmt: Stmt, keyword: str) -> Diagnostic:
    start = stmt.span
    span = Span(start.start_line, start.start_col, start.start_line, start.start_col + len(keyword))
    return Diagnostic(
        codes.VERIFY_TYPE_CHECK, message, span, stage=Stage.VERIFIER, exception="VerificationError"
    )


def _last_yield(body: SeqStmts) -> YieldStmt | None:
    last: Stmt | None = body
    while isinstance(last, SeqStmts):
        last = last.stmts[-1] if last.stmts else None
    return last if isinstance(last, YieldStmt) else None


def _level_yields(body: SeqStmts) -> list[YieldStmt]:
    """The yields whose names become this loop's results: its own, not a nested loop's
    or `if`'s (scope bodies are its own: the parser opens no yield scope for them)."""
    found: list[YieldStmt] = []
    for stmt in body.stmts:
        if isinstance(stmt, YieldStmt):
            found.append(stmt)
        elif isinstance(stmt, ScopeStmt):
            found += _level_yields(stmt.body)
    return found


def _kind(ir_type: IRType) -> str | None:
    return ir_type.ir_class_name if isinstance(ir_type, _KINDS) else None


def _loop_errors(loop: ForStmt | WhileStmt) -> list[Diagnostic]:
    name = "ForStmt" if isinstance(loop, ForStmt) else "WhileStmt"
    keyword = "for"
    yield_stmt = _last_yield(loop.body)
    if yield_stmt is None:
        return []
    iter_args = len(loop.iter_args)
    results = sum(len(y.targets) for y in _level_yields(loop.body))
    if results != iter_args:  # the builder refuses this loop while the parser builds it
        return []
    values = len(yield_stmt.values)
    if values != iter_args:
        message = f"{name} size mismatch: iter_args={iter_args}, yield values={values}, return_vars={results}"
        return [_error(message, loop, keyword)]
    found = []
    for i, (declared, value) in enumerate(zip(loop.iter_args, yield_stmt.values)):
        # The iteration argument and the result take the init value's type.
        declared_kind, yielded_kind = _kind(declared.type), _kind(value.type)
        if declared_kind is None or yielded_kind is None or declared_kind == yielded_kind:
            continue
        found.append(
            _error(
                f"Type kind mismatch in {name}: declared iter_arg[{i}] type '{declared_kind}' != "
                f"yield value[{i}] type '{yielded_kind}'",
                loop,
                keyword,
            )
        )
        found.append(
            _error(
                f"Type kind mismatch in {name}: yield value[{i}] type '{yielded_kind}' != "
                f"return_var[{i}] type '{declared_kind}'",
                loop,
                keyword,
            )
        )
    return found


def _if_errors(stmt: IfStmt) -> list[Diagnostic]:
    assert stmt.else_body is not None
    then_yield, else_yield = _last_yield(stmt.then_body), _last_yield(stmt.else_body)
    if then_yield is None or else_yield is None:
        return []
    names: list[str] = []
    for body in (stmt.then_body, stmt.else_body):
        for inner in body.stmts:
            if isinstance(inner, YieldStmt):
                names += [var.name for var in inner.targets if var.name not in names]
    if not names:
        return []
    then_values, else_values = len(then_yield.values), len(else_yield.values)
    if then_values != else_values or then_values != len(names):
        message = f"IfStmt size mismatch: then yield={then_values}, else yield={else_values}, return_vars={len(names)}"
        return [_error(message, stmt, "if")]
    found = []
    for i, (then_value, else_value) in enumerate(zip(then_yield.values, else_yield.values)):
        then_kind, else_kind = _kind(then_value.type), _kind(else_value.type)
        if then_kind is None or else_kind is None or then_kind == else_kind:
            continue
        found.append(
            _error(
                f"Type kind mismatch in IfStmt: then yield value[{i}] type '{then_kind}' != "
                f"else yield value[{i}] type '{else_kind}'",
                stmt,
                "if",
            )
        )
    return found
