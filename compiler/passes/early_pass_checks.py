"""The errors the first passes raise on a program the parser accepts: InlineFunctions'
`Cycle detected in FunctionType::Inline call graph: f -> f` (an Inline function that
calls itself) and UnrollLoops' `Unroll loop trip count N exceeds maximum allowed (1024).
...` (a `pl.unroll` loop of more iterations).

Both are `ValueError`s without a location: we point at the call that recurses, at the
loop's `for`. The real pass stops at its first: UnrollLoops visits the functions in
name order (the program's function map), each body in order, an outer loop before
the loops in it. A cycle through several Inline functions is an error too, whose
message starts where the real pass's hash order happens to enter the cycle: not
reported (`inline_cycle_blocks`), and nothing after it is looked at.
"""

from __future__ import annotations

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.base.span import Span
from compiler.ir import Call, ForKind, ForStmt, Function, FunctionType, Program
from compiler.ir.visit import own_calls, walk_stmts
from compiler.passes.inline_functions import CYCLE_MESSAGE, inline_cycle
from compiler.passes.unroll import unroll_limit_error, unroll_range


def early_pass_errors(program: Program) -> list[Diagnostic] | None:
    """The first error of passes 1-3 on `program`: a list of it, [] for none, None when the
    real pass fails with an error we do not report (nothing after it is then looked at)."""
    inline = {f.name: f for f in program.functions if f.func_type is FunctionType.INLINE}
    cycle = inline_cycle(inline) if inline else None
    if cycle is not None:
        if len(cycle) > 2:
            return None
        [name, _] = cycle
        call = next(call for call in _calls(inline[name]) if call.op.removeprefix("self.") == name)
        message = CYCLE_MESSAGE.format(cycle=f"{name} -> {name}")
        return [
            Diagnostic(
                codes.INLINE_CYCLE, message, call.span, stage=Stage.INLINE_FUNCTIONS, exception="ValueError"
            )
        ]
    for function in sorted(program.functions, key=lambda f: f.name):
        if function.func_type is FunctionType.INLINE:
            continue  # its loops are judged where it is spliced (not looked at here)
        for stmt in walk_stmts(function.body):
            if not isinstance(stmt, ForStmt) or stmt.kind is not ForKind.UNROLL:
                continue
            iterations = unroll_range(stmt)
            message = unroll_limit_error(iterations) if iterations is not None else None
            if message is not None:
                start = stmt.span
                keyword = Span(
                    start.start_line, start.start_col, start.start_line, start.start_col + len("for")
                )
                return [
                    Diagnostic(
                        codes.UNROLL_TRIP_COUNT,
                        message,
                        keyword,
                        stage=Stage.UNROLL_LOOPS,
                        exception="ValueError",
                    )
                ]
    return []


def _calls(function: Function) -> list[Call]:
    return [call for stmt in walk_stmts(function.body) for call in own_calls(stmt)]
