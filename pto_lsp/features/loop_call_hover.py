"""Hover on a loop header (`for i in pl.range(...)`, `pl.parallel`, `pl.unroll`,
`pl.pipeline`) and on a call of a function of the program (`self.produce(x, mid)`): what
the loop does with its iterations, and the callee's signature with each argument's type,
direction and the cache policy its reads get."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from compiler.facts import GmRead
from compiler.ir import Call, Const, ForStmt, Function, FunctionType, TensorType
from compiler.ir.nodes import ForKind
from compiler.ir.visit import walk_stmts
from compiler.printer.expressions import format_expr
from compiler.printer.types import format_type
from pto_lsp.features.type_hover import calls_on_line

# The words of a loop header that ask for the loop (the loop variable has its own hover).
LOOP_WORDS = frozenset({"for", "in", "pl", "range", "parallel", "unroll", "pipeline"})
_SPELLING = {
    ForKind.RANGE: "pl.range",
    ForKind.PARALLEL: "pl.parallel",
    ForKind.UNROLL: "pl.unroll",
    ForKind.PIPELINE: "pl.pipeline",
}
_WHAT = {
    ForKind.RANGE: "Sequential (`ForKind.Sequential`): one iteration after another.",
    ForKind.PARALLEL: (
        "Parallel (`ForKind.Parallel`): the iterations are independent of each other and may "
        "run at the same time; a value carried from one iteration to the next does not belong here."
    ),
    ForKind.UNROLL: (
        "Unrolled (`ForKind.Unroll`): the UnrollLoops pass replaces the loop by one copy of its body "
        "per iteration (compile-time constant bounds; at most 1024 iterations, PTO703)."
    ),
    ForKind.PIPELINE: "Pipelined (`ForKind.Pipeline`): iterations overlap in stages.",
}


def loop_at(functions: Sequence[Function], line: int) -> ForStmt | None:
    """The loop (not a `pl.spmd` scope: it has its own hover) whose header starts on `line`."""
    for function in functions:
        if not function.span.start_line <= line <= function.span.end_line:
            continue
        for stmt in walk_stmts(function.body):
            if isinstance(stmt, ForStmt) and stmt.span.start_line == line:
                return stmt
    return None


def loop_markdown(loop: ForStmt) -> str:
    spelling = _SPELLING.get(loop.kind, "loop")
    var = loop.loop_var.name if loop.loop_var is not None else "_"
    # The front end keeps a bound the author left at its default (start 0, step 1) as None.
    start, stop, step = (
        format_expr(e) if e is not None else default
        for e, default in ((loop.start, "0"), (loop.stop, "?"), (loop.step, "1"))
    )
    head = f"**`{spelling}` loop** · `{var}` from `{start}` to `{stop}` (excluded), step `{step}`"
    count = _trip_count(loop)
    if count is not None:
        head += f" · {count} iteration{'s' if count != 1 else ''}"
    lines = [head, "", _WHAT.get(loop.kind, "")]
    if loop.iter_args:
        lines += ["", "Carried from one iteration to the next:"]
        for index, carried in enumerate(loop.iter_args):
            init = loop.init_values[index] if index < len(loop.init_values) else None
            annotation = format_type(carried.type)
            text = f"- `{carried.name}`" + (f" · `{annotation}`" if annotation else "")
            if init is not None:
                text += f" · starts as `{format_expr(init)}`"
            lines.append(text)
    return "\n".join(line for line in lines if line is not None)


def _trip_count(loop: ForStmt) -> int | None:
    start, stop, step = (
        default if e is None else e.value if isinstance(e, Const) and type(e.value) is int else None
        for e, default in ((loop.start, 0), (loop.stop, None), (loop.step, 1))
    )
    if start is None or stop is None or not step:
        return None
    return max(0, -((start - stop) // step))


# ------------------------------------------------------------------ calls of the program's functions

_SELF_CALL = re.compile(r"^(?:self\.)?([A-Za-z_]\w*)$")


def kernel_call_at(
    functions: Sequence[Function], program: Sequence[Function], line: int, byte_col: int, line_text: str
) -> tuple[Call, Function] | None:
    """The call of a function of the program whose callee (`self.produce`) is under the cursor."""
    by_name = {function.name: function for function in program}
    encoded = line_text.encode("utf-8")
    for call in calls_on_line(functions, line):
        match = _SELF_CALL.match(call.op)
        callee = by_name.get(match.group(1)) if match else None
        if callee is None or call.span.start_line != line:
            continue
        written = encoded[call.span.start_col :]
        name_end = call.span.start_col + (written.find(b"(") if b"(" in written else len(written))
        if call.span.start_col <= byte_col <= name_end:
            return call, callee
    return None


def kernel_call_markdown(
    call: Call, callee: Function, reads: Sequence[GmRead], policy_text: Callable[[GmRead], str]
) -> str:
    params = ", ".join(
        f"{p.var.name}: {format_type(p.var.type) or '?'}"
        + (f" ({p.direction.value})" if p.direction.value != "In" else "")
        for p in callee.params
    )
    kind = callee.func_type.value if isinstance(callee.func_type, FunctionType) else str(callee.func_type)
    lines = [f"```python\ndef {callee.name}({params})\n```", f"**{kind} function `{callee.name}`**", ""]
    for index, param in enumerate(callee.params):
        argument = call.args[index] if index < len(call.args) else None
        shown = format_expr(argument) if argument is not None else "(not given)"
        text = f"- `{param.var.name}` ← `{shown}` · {param.direction.value}"
        annotation = format_type(param.var.type)
        if annotation:
            text += f" · `{annotation}`"
        if isinstance(param.var.type, TensorType):
            mine = [r for r in reads if r.kernel == callee.name and r.param_index == index]
            if mine:
                text += " · " + ", ".join(dict.fromkeys(policy_text(r) for r in mine))
            elif param.direction.value != "Out":
                text += " · not read from global memory"
        lines.append(text)
    if not callee.params:
        lines.append("No parameters.")
    return "\n".join(lines)
