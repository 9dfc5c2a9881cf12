"""SSAVerify after ConvertToSSA: `Variable 'tc' used outside its defining scope`.

A plain `for` loop leaves the names its body binds in scope after it (Python's rule, and
the real parser's), but in SSA form a value made in a loop only leaves it as one of the
loop's results. ConvertToSSA makes a result for each name the body binds first and the
statements after the loop read, carried from an init value it looks for before the loop:
an Out / InOut parameter, else any earlier variable, whose type is the very type object
of the body's value. A tile op's type deduction makes a fresh type, so none is found,
the init is a free variable, and the verifier the pipeline runs after the pass refuses
it, at the loop. The loop variable itself is never a result: a read of it after the loop
is refused too (the real item names no place in the author's file: we point at the read).
An `if` is the same for a value only one of its branches makes: the other branch has no
value of that type for the phi (reported at the value).

Judged only where certain: loops written `pl.range` / `pl.parallel` (an unrolled loop has
no scope of its own by then: only its loop variable, which nothing defines after it, is judged), a name bound at the top of the loop body by one of the tile
ops whose deduction makes a new type (others return an operand's type object, which the
pass may find), and read after the loop before anything binds it again.
"""

from __future__ import annotations

import itertools

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.base.span import Span
from compiler.ir import (
    AssignStmt,
    Call,
    ForKind,
    ForStmt,
    Function,
    FunctionType,
    IfStmt,
    Program,
    SeqStmts,
    Stmt,
)
from compiler.ir.visit import bound_vars, loop_header_span, own_exprs, vars_read, walk_stmts

HEADER = "Verification failed after 'ConvertToSSA' for properties {SSAForm}"
_SCOPED = frozenset({ForKind.RANGE, ForKind.PARALLEL})
# Tile ops (and the tensor one an orchestration makes) whose deduction builds a new type object (`std::make_shared<TileType>`), never
# an operand's (`tile.write`, `tile.paged_gather` and the cross-core pops return one).
FRESH_TYPE_OPS = frozenset(
    f"tile.{name}"
    for name in (
        "load", "create", "full", "cast", "move", "matmul",
        "add", "sub", "mul", "div", "maximum", "minimum",
        "adds", "subs", "muls", "divs", "maximums", "minimums",
        "exp", "log", "sqrt", "rsqrt", "recip", "abs", "neg", "relu",
        "row_sum", "row_max", "row_min", "col_sum", "col_max", "col_min",
        "row_expand_mul", "row_expand_add", "row_expand_sub", "row_expand_div",
    )
) | {"tensor.create"}  # fmt: skip


def message(name: str) -> str:
    return f"Variable '{name}' used outside its defining scope"


def ssa_scope_errors(program: Program) -> list[Diagnostic]:
    """The SSAVerify items of `program`'s functions (an Inline one is judged where it is
    spliced, which we do not: not judged)."""
    found: list[Diagnostic] = []
    for function in program.functions:
        if function.func_type is not FunctionType.INLINE and function.has_dsl_body:
            found.extend(_function_errors(function))
    return found


def _function_errors(function: Function) -> list[Diagnostic]:
    # Pre-order: a statement's subtree is the run of statements right after it.
    order = list(walk_stmts(function.body))
    before: set[str] = set()  # the names bound by the statements before the one at hand
    found: list[Diagnostic] = []
    for index, stmt in enumerate(order):
        if isinstance(stmt, IfStmt) or (isinstance(stmt, ForStmt) and stmt.kind in _SCOPED):
            after = index + sum(1 for _ in walk_stmts(stmt))  # where the code after it starts
            if isinstance(stmt, IfStmt):
                found.extend(_one_branch_errors(stmt, before, order, after, function))
            else:
                found.extend(_loop_errors(stmt, before, order, after, function))
        elif isinstance(stmt, ForStmt) and stmt.kind is ForKind.UNROLL:
            # UnrollLoops (before ConvertToSSA) puts each iteration's constant in place of
            # the loop variable: a read of it after the loop reads a variable nothing defines.
            after = index + sum(1 for _ in walk_stmts(stmt))
            found.extend(_loop_variable_errors(stmt, order, after, function))
        before.update(var.name for var in bound_vars(stmt))
    return found


def _loop_errors(
    loop: ForStmt, before: set[str], order: list[Stmt], after: int, function: Function
) -> list[Diagnostic]:
    """Names the body binds last at its top by a fresh-type tile op, unbound before the
    loop, read after it (by name, as the pass orders them); and the loop variable."""
    found = [
        _error(message(name), loop_header_span(loop), function)
        for name, stmt in sorted(_last_top_bindings(loop.body).items())
        if _fresh(stmt) and name not in before and _first_read(name, order, after) is not None
    ]
    return found + _loop_variable_errors(loop, order, after, function)


def _loop_variable_errors(
    loop: ForStmt, order: list[Stmt], after: int, function: Function
) -> list[Diagnostic]:
    """The loop variable read after its loop: never one of the loop's results."""
    if loop.loop_var is not None and (read := _first_read(loop.loop_var.name, order, after)) is not None:
        return [_error(message(loop.loop_var.name), read.span, function)]
    return []


def _one_branch_errors(
    branch: IfStmt, before: set[str], order: list[Stmt], after: int, function: Function
) -> list[Diagnostic]:
    """A value one branch of an `if` makes (the other does not bind it) and the code after
    it reads: its phi has no value for the other branch of that very type, at the value."""
    bodies = [branch.then_body, branch.else_body]
    bound = [
        {var.name for s in walk_stmts(body) for var in bound_vars(s)} if body else set() for body in bodies
    ]
    found = []
    for body, own, other in ((bodies[0], bound[0], bound[1]), (bodies[1], bound[1], bound[0])):
        if body is None:
            continue
        last = _last_top_bindings(body)
        for name in sorted(own - other - before):
            stmt = last.get(name)
            if stmt is not None and _fresh(stmt) and _first_read(name, order, after) is not None:
                found.append(_error(message(name), stmt.span, function))
    return found


def _last_top_bindings(body: SeqStmts) -> dict[str, Stmt]:
    """Each name's last binding in `body`, kept only where it is a statement at its top."""
    last: dict[str, Stmt] = {}
    for stmt in walk_stmts(body):
        for var in bound_vars(stmt):
            last[var.name] = stmt
    top = {id(stmt) for stmt in body.stmts}
    return {name: stmt for name, stmt in last.items() if id(stmt) in top}


def _fresh(stmt: Stmt) -> bool:
    return isinstance(stmt, AssignStmt) and isinstance(stmt.value, Call) and stmt.value.op in FRESH_TYPE_OPS


def _first_read(name: str, order: list[Stmt], start: int) -> Stmt | None:
    """The first statement from `order[start]` on that reads `name`, when none binds it
    again before."""
    for stmt in itertools.islice(order, start, None):
        if any(var.name == name for var in vars_read(own_exprs(stmt))):
            return stmt
        if any(var.name == name for var in bound_vars(stmt)):
            return None
    return None


def _error(text: str, span: Span, function: Function) -> Diagnostic:
    return Diagnostic(
        codes.VERIFY_SSA_SCOPE, text, span, stage=Stage.CONVERT_TO_SSA, exception="VerificationError"
    ).with_related(function.span, f"{HEADER}: in function '{function.name}'")
