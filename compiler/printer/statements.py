"""Statements as indented DSL lines.

Sugar the parser desugared is written back in the form it reads again into the
same IR: `a, b = f(...)` for its `_tuple_tmp` unpacking of a tuple of unknown type,
`dst[i, :] = v` for a subscript assignment. Scopes are printed by `compiler.printer.scopes`.
"""

from __future__ import annotations

from compiler.ir import (
    AssignStmt,
    BreakStmt,
    Call,
    ContinueStmt,
    EvalStmt,
    Expr,
    ForKind,
    ForStmt,
    IfStmt,
    OpaqueStmt,
    ReturnStmt,
    ScopeStmt,
    SeqStmts,
    Stmt,
    SubscriptIndex,
    TupleGetItem,
    Var,
    WhileStmt,
    YieldStmt,
    is_index_literal,
)
from compiler.printer.expressions import format_expr, format_subscript
from compiler.printer.types import format_type
from compiler.printer.values import format_attr_dict
from compiler.printer.var_names import printed_name

INDENT = "    "
TUPLE_TEMP = "_tuple_tmp"  # the name the parser gives a tuple-unpacking temporary
_LOOP_FUNCTIONS = {
    ForKind.RANGE: "range",
    ForKind.PARALLEL: "parallel",
    ForKind.UNROLL: "unroll",
    ForKind.PIPELINE: "pipeline",
}


class Lines:
    """The output: one entry per line, indentation included."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def add(self, depth: int, text: str) -> None:
        # Source text we keep verbatim (an OpaqueStmt) may span several lines.
        for line in text.split("\n"):
            self.lines.append(INDENT * depth + line if line else line)

    def __len__(self) -> int:
        return len(self.lines)


def print_block(stmts: list[Stmt], depth: int, out: Lines, leading: list[str] | None = None) -> None:
    """A block body: `leading` lines (cache-policy markers) first, `pass` if nothing at all."""
    start = len(out)
    for line in leading or []:
        out.add(depth, line)
    for stmt in stmts:
        print_stmt(stmt, depth, out)
    if len(out) == start:
        out.add(depth, "pass")


def print_comments(stmt: Stmt, depth: int, out: Lines) -> None:
    """The source comments the statement carries, each a `# <text>` line above it."""
    for text in stmt.comments:
        out.lines.append(f"{INDENT * depth}# {text}")


def print_stmt(stmt: Stmt, depth: int, out: Lines) -> None:
    from compiler.printer.scopes import print_scope  # scopes print their bodies with print_block

    print_comments(stmt, depth, out)
    if isinstance(stmt, SeqStmts):
        unpacked = _tuple_unpacking(stmt)
        if unpacked is not None:
            print_comments(stmt.stmts[0], depth, out)
            out.add(depth, unpacked)
        else:
            for child in stmt.stmts:
                print_stmt(child, depth, out)
    elif isinstance(stmt, AssignStmt):
        out.add(depth, _assignment(stmt))
    elif isinstance(stmt, EvalStmt):
        out.add(depth, format_expr(stmt.expr))
    elif isinstance(stmt, ReturnStmt):
        out.add(depth, "return " + _values(stmt.values) if stmt.values else "return")
    elif isinstance(stmt, YieldStmt):
        out.add(depth, _yield(stmt))
    elif isinstance(stmt, ForStmt):
        out.add(depth, _for_header(stmt))
        print_block(stmt.body.stmts, depth + 1, out)
    elif isinstance(stmt, WhileStmt):
        _print_while(stmt, depth, out)
    elif isinstance(stmt, IfStmt):
        out.add(depth, f"if {format_expr(stmt.condition)}:")
        print_block(stmt.then_body.stmts, depth + 1, out)
        if stmt.else_body is not None:
            out.add(depth, "else:")
            print_block(stmt.else_body.stmts, depth + 1, out)
    elif isinstance(stmt, ScopeStmt):
        print_scope(stmt, depth, out)
    elif isinstance(stmt, BreakStmt):
        out.add(depth, "break")
    elif isinstance(stmt, ContinueStmt):
        out.add(depth, "continue")
    elif isinstance(stmt, OpaqueStmt):
        out.add(depth, stmt.text)
    else:  # fail loudly rather than drop what a new node means
        raise TypeError(f"the printer has no DSL spelling for {type(stmt).__name__}")


def annotated(var: Var) -> str:
    """`name: <type>`, or the bare name when the type has no faithful annotation."""
    annotation = format_type(var.type)
    name = printed_name(var)
    return f"{name}: {annotation}" if annotation else name


def _assignment(stmt: AssignStmt) -> str:
    value = stmt.value
    if (
        isinstance(value, Call)
        and value.op == "tensor.assemble"
        and len(value.args) == 3
        and isinstance(value.args[2], SubscriptIndex)
        and isinstance(value.args[0], Var)
        and printed_name(value.args[0]) == printed_name(stmt.var)
    ):
        # `dst[...] = src`, which the parser read as `dst = assemble(dst, src, <index>)`.
        return f"{format_subscript(value.args[0], value.args[2])} = {format_expr(value.args[1])}"
    return f"{annotated(stmt.var)} = {format_expr(value)}"


def _yield(stmt: YieldStmt) -> str:
    call = f"pl.yield_({_values(stmt.values)})"
    if not stmt.targets:
        return call
    if len(stmt.targets) == 1:
        return f"{annotated(stmt.targets[0])} = {call}"
    return f"{', '.join(printed_name(var) for var in stmt.targets)} = {call}"


def _values(values: list[Expr]) -> str:
    return ", ".join(format_expr(value) for value in values)


def _for_header(stmt: ForStmt) -> str:
    target = printed_name(stmt.loop_var) if stmt.loop_var is not None else "_"
    if stmt.iter_args:
        names = ", ".join(printed_name(var) for var in stmt.iter_args)
        target += f", ({names}{',' if len(stmt.iter_args) == 1 else ''})"
    args = _written_bounds(stmt)
    attrs = [(key, value) for key, value in stmt.attrs if key != "pipeline_stages"]
    stage = next((value for key, value in stmt.attrs if key == "pipeline_stages"), None)
    if stage is not None:
        args.append(f"stage={stage}")
    if stmt.init_values:
        args.append(f"init_values={_tuple(stmt.init_values)}")
    if attrs:
        args.append(f"attrs={format_attr_dict(attrs, format_expr)}")
    return f"for {target} in pl.{_LOOP_FUNCTIONS[stmt.kind]}({', '.join(args)}):"


def _written_bounds(stmt: ForStmt) -> list[str]:
    """The bounds as the real printer writes them, Python's concise form: a start of 0
    and a step of 1 (INDEX literals, which a bare literal reads back as) are left out,
    the start only when the step is."""
    start, stop, step = (
        format_expr(bound) if bound is not None else "" for bound in (stmt.start, stmt.stop, stmt.step)
    )
    # None is the parser's spelling of a start of 0 / a step of 1 left out.
    if stmt.step is None or is_index_literal(stmt.step, 1):
        return [stop] if stmt.start is None or is_index_literal(stmt.start, 0) else [start, stop]
    return [start or "0", stop, step]


def _print_while(stmt: WhileStmt, depth: int, out: Lines) -> None:
    if not stmt.iter_args and stmt.condition is not None:
        out.add(depth, f"while {format_expr(stmt.condition)}:")
        print_block(stmt.body.stmts, depth + 1, out)
        return
    names = ", ".join(printed_name(var) for var in stmt.iter_args) + ("," if len(stmt.iter_args) == 1 else "")
    out.add(depth, f"for ({names}) in pl.while_(init_values={_tuple(stmt.init_values)}):")
    cond = [f"pl.cond({format_expr(stmt.condition)})"] if stmt.condition is not None else []
    print_block(stmt.body.stmts, depth + 1, out, leading=cond)


def _tuple(values: list[Expr]) -> str:
    return f"({_values(values)}{',' if len(values) == 1 else ''})"


def _tuple_unpacking(seq: SeqStmts) -> str | None:
    """`a, (b, c) = f(...)` if `seq` is the parser's `_tuple_tmp` unpacking of it, of a
    tuple whose type is not known. The real printer never writes this sugar: a known
    tuple is printed as built (`_tuple_tmp: pl.Tuple[...] = f(...)`, `a = _tuple_tmp[0]`);
    an unknown one could not be annotated, and the sugar reads back into the same IR."""
    stmts = seq.stmts
    if not (stmts and isinstance(stmts[0], AssignStmt) and stmts[0].var.name == TUPLE_TEMP):
        return None
    if format_type(stmts[0].var.type) is not None:
        return None
    target, used = _unpacked_target(stmts[0].var, stmts, 1)
    if target is None or used != len(stmts):
        return None
    return f"{target[1:-1]} = {format_expr(stmts[0].value)}"


def _unpacked_target(temp: Var, stmts: list[Stmt], position: int) -> tuple[str | None, int]:
    """The target tuple unpacked from `temp` by `stmts[position:]`, and where it ends."""
    names: list[str] = []
    while position < len(stmts):
        stmt = stmts[position]
        if not (
            isinstance(stmt, AssignStmt)
            and isinstance(stmt.value, TupleGetItem)
            and stmt.value.tuple_expr is temp
            and stmt.value.index == len(names)
        ):
            break
        position += 1
        if stmt.var.name == TUPLE_TEMP:
            nested, position = _unpacked_target(stmt.var, stmts, position)
            if nested is None:
                return None, position
            names.append(nested)
        else:
            names.append(printed_name(stmt.var))
    if not names:
        return None, position
    return f"({', '.join(names)}{',' if len(names) == 1 else ''})", position
