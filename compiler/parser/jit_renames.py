"""The names the real `@pl.jit` specializer gives rebound values, before parsing.

Before a `@pl.jit` function is parsed, the real specializer (`pypto/jit/specializer.py`)
alpha-renames a name assigned again at the depth where it was first bound (`tile =
pl.add(tile, x)` becomes `tile_v1 = ...`, the next one `tile_v2`, skipping names the
author uses; a parameter counts as bound at depth 0); a deeper rebinding of a renamed
name binds its current alias. The real PTO MLIR then names those values
`%tile_v1__ssa_v0`: ConvertToSSA versions each binding under its alias
(`AssignStmt.jit_alias`).

It also bridges a name a loop body reads before rebinding it when a sibling scope at
the loop body's depth bound it first (a statement `x_v1 = x` before the loop, `x_v1`
inside): the extra statement is not modelled, and a kernel it shows in is not emitted
(`Function.jit_bridges`).

The walk follows the specializer's bookkeeping on the parsed IR: loop, `if` and `with`
bodies are one level deeper; a loop body's names first bound in a sibling scope at its
depth and not read before they are written there are forgotten (fresh locals); the else
arm does not see names the then arm bound first. Tuple unpacking and subscript stores
are not renamed, loop targets are not bookkept.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.base.span import Span
from compiler.ir import (
    AssignStmt,
    Call,
    ForStmt,
    Function,
    IfStmt,
    ScopeStmt,
    SeqStmts,
    SpmdScopeStmt,
    Stmt,
    SubscriptIndex,
    TupleGetItem,
    Var,
    WhileStmt,
    YieldStmt,
)
from compiler.ir.visit import own_exprs, vars_read, walk_stmts


def mark_jit_renames(function: Function) -> None:
    """For a `@pl.jit` function: set each rebinding statement's `jit_alias` and the
    function's `jit_bridges` (each bridged name with its loop's span)."""
    walk = _Walk(used=_bound_names(function))
    for param in function.params:
        walk.depth_of[param.var.name] = 0
        walk.count[param.var.name] = 1
    walk.block(function.body.stmts, 0)
    function.jit_bridges = walk.bridged_at


@dataclass
class _Walk:
    used: set[str]  # every name the author binds (an alias skips them)
    depth_of: dict[str, int] = field(default_factory=dict)  # a bound name -> its first depth
    count: dict[str, int] = field(default_factory=dict)  # `_assign_count`
    current: dict[str, str] = field(default_factory=dict)  # `_var_renames`: name -> its alias
    bridged_at: list[tuple[str, Span]] = field(default_factory=list)

    def rebind(self, name: str) -> str:
        """`_rebind`: the next `<name>_v<n>` the author does not use."""
        number = self.count[name]
        alias = f"{name}_v{number}"
        while alias in self.used:
            number += 1
            alias = f"{name}_v{number}"
        self.count[name] = number + 1
        self.current[name] = alias
        self.used.add(alias)
        return alias

    def forget(self, name: str) -> None:
        for table in (self.depth_of, self.count, self.current):
            table.pop(name, None)  # type: ignore[attr-defined]

    def block(self, stmts: list[Stmt], depth: int) -> None:
        for stmt in stmts:
            self.stmt(stmt, depth)

    def stmt(self, stmt: Stmt, depth: int) -> None:
        name = _simple_target(stmt)
        if name is not None:
            assert isinstance(stmt, (AssignStmt, YieldStmt))
            if name not in self.count:
                self.depth_of[name] = depth
                self.count[name] = 1
            elif self.depth_of[name] == depth:
                stmt.jit_alias = self.rebind(name)
            elif name in self.current:
                stmt.jit_alias = self.current[name]
        elif isinstance(stmt, SeqStmts):
            self.block(stmt.stmts, depth)
        elif isinstance(stmt, ForStmt) or _spmd_for_body(stmt) is not None:
            body = stmt.body.stmts if isinstance(stmt, ForStmt) else _spmd_for_body(stmt)
            assert body is not None
            self.loop_locals(body, depth, stmt.span)
            self.block(body, depth + 1)
        elif isinstance(stmt, IfStmt):
            before = set(self.count)
            self.block(stmt.then_body.stmts, depth + 1)
            if stmt.else_body is not None:
                for added in set(self.count) - before:
                    self.forget(added)
                self.block(stmt.else_body.stmts, depth + 1)
        elif isinstance(stmt, (WhileStmt, ScopeStmt)):
            self.block(stmt.body.stmts, depth + 1)

    def loop_locals(self, body: list[Stmt], depth: int, loop: Span) -> None:
        """`_classify_loop_locals`: a name the body's own statements bind that a sibling
        scope at the body's depth bound first is carried when the body reads it before
        writing it (bridged `x_v1 = x` before the loop, at `depth`; bound as `x_v1` in
        it), else a fresh local (forgotten)."""
        exposed = _upward_exposed(body)
        for stmt in body:
            name = _simple_target(stmt)
            if name is None or self.depth_of.get(name) != depth + 1:
                continue
            if name in exposed:
                self.rebind(name)
                self.depth_of[name] = depth
                self.bridged_at.append((name, loop))
            else:
                self.forget(name)


def _bound_names(function: Function) -> set[str]:
    names = {param.var.name for param in function.params}
    for stmt in walk_stmts(function.body):
        if isinstance(stmt, AssignStmt):
            names.add(stmt.var.name)
        elif isinstance(stmt, YieldStmt):
            names.update(var.name for var in stmt.targets)
        elif isinstance(stmt, ForStmt):
            names.update(var.name for var in [stmt.loop_var, *stmt.iter_args] if var is not None)
    return names


def _simple_target(stmt: Stmt) -> str | None:
    """The name a single-name assignment binds (`x = ...`, `x = pl.yield_(...)`); None for
    tuple unpacking, subscript stores and the parser's own bindings."""
    if isinstance(stmt, YieldStmt):
        return stmt.targets[0].name if len(stmt.targets) == 1 else None
    if not isinstance(stmt, AssignStmt) or stmt.var.name.startswith("_tuple_tmp"):
        return None
    value = stmt.value
    if isinstance(value, TupleGetItem):
        return None
    if (
        isinstance(value, Call)
        and value.op == "tensor.assemble"
        and any(isinstance(arg, SubscriptIndex) for arg in value.args)
    ):
        return None
    return stmt.var.name


def _spmd_for_body(stmt: Stmt) -> list[Stmt] | None:
    """`for i in pl.spmd(...)`'s body as the specializer sees it (a Python loop): the
    statements after the target's `i = tile.get_block_idx()` the parser puts first (in
    the scope, or in its InCore carrier); None for any other statement."""
    if not isinstance(stmt, SpmdScopeStmt) or not stmt.body.stmts:
        return None
    body = stmt.body.stmts
    if isinstance(body[0], ScopeStmt) and body[0].body.stmts:
        body = body[0].body.stmts
    first = body[0]
    if (
        isinstance(first, AssignStmt)
        and isinstance(first.value, Call)
        and first.value.op == "tile.get_block_idx"
        and first.span.start_line == stmt.span.start_line
    ):
        return body[1:]
    return None


def _upward_exposed(stmts: list[Stmt]) -> set[str]:
    """The names `stmts` read before writing them (`_collect_upward_exposed`)."""
    written: set[str] = set()
    exposed: set[str] = set()
    _exposed(stmts, written, exposed)
    return exposed


def _exposed(stmts: list[Stmt], written: set[str], exposed: set[str]) -> None:
    for stmt in stmts:
        reads = {var.name for var in vars_read(own_exprs(stmt))}
        exposed.update(reads - written)
        if isinstance(stmt, AssignStmt):
            written.add(stmt.var.name)
        elif isinstance(stmt, YieldStmt):
            written.update(var.name for var in stmt.targets)
        elif isinstance(stmt, SeqStmts):
            _exposed(stmt.stmts, written, exposed)
        elif isinstance(stmt, ForStmt):
            if isinstance(stmt.loop_var, Var):
                written.add(stmt.loop_var.name)
            _exposed(stmt.body.stmts, written, exposed)
        elif isinstance(stmt, IfStmt):
            then_written = set(written)
            _exposed(stmt.then_body.stmts, then_written, exposed)
            if stmt.else_body is not None:
                else_written = set(written)
                _exposed(stmt.else_body.stmts, else_written, exposed)
                written.update(then_written & else_written)
        elif isinstance(stmt, (WhileStmt, ScopeStmt)):
            _exposed(stmt.body.stmts, written, exposed)
