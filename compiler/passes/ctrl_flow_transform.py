"""CtrlFlowTransform (pass 3): `break` and `continue` in a kernel's loops become structured
control flow, as the real pass rewrites them (src/ir/transforms/ctrl_flow_transform_pass.cpp).

Only InCore, AIC and AIV functions are rewritten (orchestration code keeps its jumps), and
in them only sequential `pl.range` loops and `while` loops; inner loops first. A jump
the rewrite does not reach (inside a scope in the loop) stays, as the real pass leaves it
(its StructuredCtrlFlow property is not verified by default).

- `continue`: what follows it in the body moves into the `else` of the `if` that holds
  it (`if c: pass` / `else: rest`); a loop with iter-args gets `x__phi_v<n>` merges.
- `break`: a `for` loop becomes `i__idx_v<n> = start`, `break__tmp_v<n> = False` and a
  `while i__idx_v<n> < stop and not break__tmp_v<n>` whose body sets the flag where it
  broke and advances the index under `if not break__tmp_v<n>`; a `while` loop only gets
  the flag.

The names count with one counter per function, in the order the real pass makes them.
Each binding gets a Var of its own (the IR's convention: SSA renames bindings in place);
names are what identify a value here, as the real pass's shared Vars do.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from compiler.base.span import Span
from compiler.ir import (
    AssignStmt,
    BinaryExpr,
    BreakStmt,
    Const,
    ContinueStmt,
    Expr,
    ForKind,
    ForStmt,
    FunctionType,
    IfStmt,
    Program,
    ScalarType,
    ScopeStmt,
    SeqStmts,
    Stmt,
    UnaryExpr,
    Var,
    WhileStmt,
    YieldStmt,
)
from compiler.ir.opaque import respell_reads
from compiler.ir.substitute import substitute_uses
from compiler.ir.visit import child_stmts
from compiler.passes.not_modelled import PassNotModelled

PASS_NAME = "CtrlFlowTransform"
_KERNEL_TYPES = frozenset({FunctionType.INCORE, FunctionType.AIC, FunctionType.AIV})
_BOOL = ScalarType("BOOL")
_INDEX = ScalarType("INDEX")
# The dtypes a loop bound may have for `i < stop` / `i + step` to need no cast.
_INDEX_LIKE = frozenset({"INDEX", "INT64"})


def ctrl_flow_transform(program: Program) -> Program:
    for function in program.functions:
        if function.func_type in _KERNEL_TYPES:
            function.body.stmts = _Lowering().block(function.body.stmts)
    return program


@dataclass
class _Body:
    """A rewritten statement list and the values its loop iteration yields at its end."""

    stmts: list[Stmt]
    yields: list[Expr] = field(default_factory=list)


@dataclass
class _Decomposed:
    stmts: list[Stmt]
    yields: list[Expr]
    had_yield: bool
    # What the closing yield binds: the loop's return vars (the parser keeps them there).
    targets: list[Var] = field(default_factory=list)


class _Lowering:
    """One function's rewrite; `counter` numbers the names it makes."""

    def __init__(self) -> None:
        self.counter = 0

    def fresh(self, base: str, role: str) -> str:
        name = f"{base}__{role}_v{self.counter}"
        self.counter += 1
        return name

    # ------------------------------------------------------------ the walk

    def block(self, stmts: list[Stmt]) -> list[Stmt]:
        out: list[Stmt] = []
        for stmt in stmts:
            lowered = self.stmt(stmt)
            if isinstance(lowered, list):  # a loop lowered into its set-up and a `while`
                out.extend(lowered)
            else:
                out.append(lowered)
        return out

    def stmt(self, stmt: Stmt) -> Stmt | list[Stmt]:
        if isinstance(stmt, (ForStmt, WhileStmt)):
            stmt.body.stmts = self.block(stmt.body.stmts)
            has_break, has_continue = _scan(stmt.body.stmts)
            if isinstance(stmt, ForStmt) and stmt.kind is not ForKind.RANGE:
                return stmt
            if has_break:
                if isinstance(stmt, ForStmt):
                    return self.for_with_break(stmt, has_continue)
                return self.while_with_break(stmt, has_continue)
            if has_continue:
                return self.loop_with_continue(stmt)
            return stmt
        if isinstance(stmt, (IfStmt, ScopeStmt, SeqStmts)):
            for child in [stmt] if isinstance(stmt, SeqStmts) else child_stmts(stmt):
                assert isinstance(child, SeqStmts)
                child.stmts = self.block(child.stmts)
        return stmt

    # ------------------------------------------------------------ loops

    def loop_with_continue(self, loop: ForStmt | WhileStmt) -> Stmt:
        decomposed = _decompose(loop.body)
        result = self.continue_body(decomposed.stmts, loop.iter_args, decomposed.yields, loop.span)
        targets = loop.return_vars or decomposed.targets
        loop.body.stmts = _final_body(result, decomposed.had_yield, targets, loop.span)
        return loop

    def for_with_break(self, loop: ForStmt, has_continue: bool) -> list[Stmt]:
        span = loop.span
        assert loop.loop_var is not None
        start, stop, step = _bounds(loop)
        flag = Var(span, self.fresh("break", "tmp"), type=_BOOL)
        index = Var(span, self.fresh(_base(loop.loop_var.name), "idx"), type=loop.loop_var.type)
        _substitute(loop.body, loop.loop_var, index)
        in_range = BinaryExpr(span, "lt", index, stop, type=_BOOL)
        condition = BinaryExpr(span, "and", in_range, _not(flag, span), type=_BOOL)
        decomposed = _decompose(loop.body)
        processed = self.break_and_continue(decomposed, loop.iter_args, flag, has_continue, span)
        # The yield reads the values before the index advances: an expression is bound first.
        closing: list[Expr] = []
        for value in processed.yields:
            if isinstance(value, Var):
                closing.append(value)
                continue
            temp = Var(span, self.fresh("yield", "tmp"), type=value.type)
            processed.stmts.append(AssignStmt(span, temp, value))
            closing.append(temp)
        advanced = BinaryExpr(span, "add", index, step, type=index.type)
        advance = AssignStmt(span, _rebinding(index), advanced)
        processed.stmts.append(IfStmt(span, _not(flag, span), SeqStmts(span, [advance]), None))
        if closing or decomposed.had_yield:
            processed.stmts.append(_yield(closing, loop.return_vars or decomposed.targets, span))
        body = SeqStmts(span, processed.stmts)
        lowered = WhileStmt(span, condition, body, loop.iter_args, loop.init_values, loop.return_vars)
        return [AssignStmt(span, index, start), AssignStmt(span, flag, _false(span)), lowered]

    def while_with_break(self, loop: WhileStmt, has_continue: bool) -> list[Stmt]:
        span = loop.span
        if loop.condition is None:
            raise PassNotModelled(PASS_NAME, "a `while` loop without a condition breaks", span)
        flag = Var(span, self.fresh("break", "tmp"), type=_BOOL)
        condition = BinaryExpr(span, "and", loop.condition, _not(flag, span), type=_BOOL)
        decomposed = _decompose(loop.body)
        processed = self.break_and_continue(decomposed, loop.iter_args, flag, has_continue, span)
        targets = loop.return_vars or decomposed.targets
        loop.body.stmts = _final_body(processed, decomposed.had_yield, targets, span)
        loop.condition = condition
        loop.comments = ()  # the real pass builds a new loop: the old one's comments go
        return [AssignStmt(span, flag, _false(span)), loop]

    def break_and_continue(
        self, decomposed: _Decomposed, iter_args: list[Var], flag: Var, has_continue: bool, span: Span
    ) -> _Body:
        stmts, yields = decomposed.stmts, decomposed.yields
        if has_continue:
            without_continue = self.continue_body(stmts, iter_args, yields, span)
            stmts, yields = without_continue.stmts, without_continue.yields
        return self.break_body(stmts, flag, iter_args, yields, span)

    # ------------------------------------------------------------ continue

    def continue_body(self, stmts: list[Stmt], iter_args: list[Var], yields: list[Expr], span: Span) -> _Body:
        for index, stmt in enumerate(stmts):
            if isinstance(stmt, ContinueStmt):
                pre = stmts[:index]
                return _Body(pre, _resolve(yields, pre, iter_args))
            if not isinstance(stmt, IfStmt):
                continue
            then_has = _scan(stmt.then_body.stmts)[1]
            else_has = stmt.else_body is not None and _scan(stmt.else_body.stmts)[1]
            if not (then_has or else_has):
                continue
            pre, post = stmts[:index], stmts[index + 1 :]
            then_ends = _ends_with(stmt.then_body, ContinueStmt)
            else_ends = stmt.else_body is not None and _ends_with(stmt.else_body, ContinueStmt)
            if then_ends or else_ends:  # the continue closes a branch: the rest is the other's
                escape_in_then = then_ends
                escape_values = _resolve(yields, pre, iter_args)
                normal = _normal_path(stmt, escape_in_then, post)
                normal_yields = _resolve(yields, pre + normal, iter_args)
                normal_result = self.continue_body(normal, iter_args, normal_yields, span)
                if not yields:
                    filled = SeqStmts(stmt.span, normal_result.stmts)
                    empty = SeqStmts(stmt.span, [])
                    then_body, else_body = (empty, filled) if escape_in_then else (filled, empty)
                    return _Body([*pre, IfStmt(stmt.span, stmt.condition, then_body, else_body)])
                return self.escape_if(stmt, escape_in_then, pre, [], escape_values, normal_result)
            return self.continue_nested(stmt, pre, post, then_has, else_has, iter_args, yields, span)
        return _Body(list(stmts), yields)

    def continue_nested(
        self,
        stmt: IfStmt,
        pre: list[Stmt],
        post: list[Stmt],
        then_has: bool,
        else_has: bool,
        iter_args: list[Var],
        yields: list[Expr],
        span: Span,
    ) -> _Body:
        """A continue deeper inside a branch: each branch is rewritten on its own."""

        def branch(body: SeqStmts, has_continue: bool) -> _Body:
            decomposed = _decompose(body)
            values = decomposed.yields if decomposed.had_yield else yields
            if not has_continue:
                return _Body(decomposed.stmts, _resolve(values, pre, iter_args))
            return self.continue_body(decomposed.stmts, iter_args, values, span)

        then_result = branch(stmt.then_body, then_has)
        if stmt.else_body is not None:
            else_result = branch(stmt.else_body, else_has)
        else:
            else_result = _Body([], _resolve(yields, pre, iter_args))
        if then_result.yields or else_result.yields:
            phis = self.phis(then_result.yields or else_result.yields, span)
            then_result.stmts.append(_yield(then_result.yields, phis, span))
            else_result.stmts.append(_yield(else_result.yields, phis, span))
            then_body, else_body = SeqStmts(span, then_result.stmts), SeqStmts(span, else_result.stmts)
            merged = [*pre, IfStmt(stmt.span, stmt.condition, then_body, else_body, phis)]
            if post:
                rest = self.continue_body(post, iter_args, list(phis), span)
                return _Body(merged + rest.stmts, rest.yields)
            return _Body(merged, list(phis))
        else_seq = SeqStmts(span, else_result.stmts) if stmt.else_body is not None else None
        merged = [*pre, IfStmt(stmt.span, stmt.condition, SeqStmts(span, then_result.stmts), else_seq)]
        if post:
            rest = self.continue_body(post, iter_args, yields, span)
            return _Body(merged + rest.stmts, rest.yields)
        return _Body(merged, yields)

    # ------------------------------------------------------------ break

    def break_body(
        self, stmts: list[Stmt], flag: Var, iter_args: list[Var], yields: list[Expr], span: Span
    ) -> _Body:
        for index, stmt in enumerate(stmts):
            if isinstance(stmt, BreakStmt):
                pre = [*stmts[:index], _set_flag(flag, True, span)]
                return _Body(pre, _break_values(yields, pre, iter_args))
            if not isinstance(stmt, IfStmt):
                continue
            then_has = _scan(stmt.then_body.stmts)[0]
            else_has = stmt.else_body is not None and _scan(stmt.else_body.stmts)[0]
            if not (then_has or else_has):
                continue
            pre, post = stmts[:index], stmts[index + 1 :]
            then_ends = _ends_with(stmt.then_body, BreakStmt)
            else_ends = stmt.else_body is not None and _ends_with(stmt.else_body, BreakStmt)
            if then_ends or else_ends:
                escape_in_then = then_ends
                escape_values = _break_values(yields, pre, iter_args)
                normal = _normal_path(stmt, escape_in_then, post)
                normal_yields = _resolve(yields, pre + normal, iter_args)
                normal_result = self.break_body(normal, flag, iter_args, normal_yields, span)
                prefix: list[Stmt] = [_set_flag(flag, True, span)]
                return self.escape_if(stmt, escape_in_then, pre, prefix, escape_values, normal_result)
            return self.break_nested(stmt, pre, post, then_has, else_has, flag, iter_args, yields, span)
        return _Body(list(stmts), yields)

    def break_nested(
        self,
        stmt: IfStmt,
        pre: list[Stmt],
        post: list[Stmt],
        then_has: bool,
        else_has: bool,
        flag: Var,
        iter_args: list[Var],
        yields: list[Expr],
        span: Span,
    ) -> _Body:
        """A break deeper inside a branch: the statements after the `if` run under
        `if not break__tmp_v<n>`."""

        def branch(body: SeqStmts, has_break: bool) -> _Body:
            decomposed = _decompose(body)
            values = decomposed.yields if decomposed.had_yield else yields
            if not has_break:
                return _Body(decomposed.stmts, _resolve(values, pre, iter_args))
            return self.break_body(decomposed.stmts, flag, iter_args, values, span)

        then_result = branch(stmt.then_body, then_has)
        if stmt.else_body is not None:
            else_result = branch(stmt.else_body, else_has)
        else:
            else_result = _Body([], _resolve(yields, pre, iter_args))
        phis = self.phis(then_result.yields or else_result.yields, span)
        for result in (then_result, else_result):
            if result.yields:
                result.stmts.append(_yield(result.yields, phis, span))
        then_body, else_body = SeqStmts(span, then_result.stmts), SeqStmts(span, else_result.stmts)
        merged = [*pre, IfStmt(stmt.span, stmt.condition, then_body, else_body, phis)]
        if not post:
            return _Body(merged, list(phis))
        rest = self.break_body(post, flag, iter_args, list(phis), span)
        guard_phis = self.phis(list(phis), span)
        rest.stmts.append(_yield(rest.yields, guard_phis, span))
        otherwise = SeqStmts(span, [_yield(list(phis), guard_phis, span)])
        guard = IfStmt(span, _not(flag, span), SeqStmts(span, rest.stmts), otherwise, guard_phis)
        return _Body([*merged, guard], list(guard_phis))

    # ------------------------------------------------------------ merges

    def escape_if(
        self,
        stmt: IfStmt,
        escape_in_then: bool,
        pre: list[Stmt],
        prefix: list[Stmt],
        escape_values: list[Expr],
        normal: _Body,
    ) -> _Body:
        """The `if` whose one branch escapes (yielding `escape_values`) and whose other runs
        the rest of the body; both close with a yield, merged into phis."""
        phis = self.phis(escape_values, stmt.span)
        escape = SeqStmts(stmt.span, [*prefix, _yield(escape_values, phis, stmt.span)])
        rest = SeqStmts(stmt.span, [*normal.stmts, _yield(normal.yields, phis, stmt.span)])
        then_body, else_body = (escape, rest) if escape_in_then else (rest, escape)
        return _Body([*pre, IfStmt(stmt.span, stmt.condition, then_body, else_body, phis)], list(phis))

    def phis(self, values: Sequence[Expr], span: Span) -> list[Var]:
        return [
            Var(
                span,
                self.fresh(_base(value.name) if isinstance(value, Var) else "phi", "phi"),
                type=value.type,
            )
            for value in values
        ]


# ---------------------------------------------------------------- helpers


def _scan(stmts: list[Stmt]) -> tuple[bool, bool]:
    """Whether the statements break / continue, not looking into nested loops."""
    has_break = has_continue = False
    pending = list(stmts)
    while pending:
        stmt = pending.pop()
        if isinstance(stmt, BreakStmt):
            has_break = True
        elif isinstance(stmt, ContinueStmt):
            has_continue = True
        elif not isinstance(stmt, (ForStmt, WhileStmt)):
            pending.extend(child_stmts(stmt))
    return has_break, has_continue


def _ends_with(body: SeqStmts, kind: type[Stmt]) -> bool:
    return bool(body.stmts) and isinstance(body.stmts[-1], kind)


def _decompose(body: SeqStmts) -> _Decomposed:
    """The body without its closing yield, and what that yield yields."""
    stmts = list(body.stmts)
    last: Stmt | None = body
    while isinstance(last, SeqStmts):
        last = last.stmts[-1] if last.stmts else None
    if not isinstance(last, YieldStmt):
        return _Decomposed(stmts, [], False)
    if stmts and stmts[-1] is last:
        stmts.pop()
    else:
        raise PassNotModelled(PASS_NAME, "a loop body closing with a nested yield", body.span)
    return _Decomposed(stmts, list(last.values), True, list(last.targets))


def _final_body(result: _Body, had_yield: bool, return_vars: list[Var], span: Span) -> list[Stmt]:
    if result.yields or had_yield:
        return [*result.stmts, _yield(result.yields, return_vars, span)]
    return result.stmts


def _yield(values: list[Expr], targets: list[Var], span: Span) -> YieldStmt:
    """A yield; it binds `targets` (the return vars of what it closes) only when it yields."""
    return YieldStmt(span, list(values), list(targets) if values else [])


def _normal_path(stmt: IfStmt, escape_in_then: bool, post: list[Stmt]) -> list[Stmt]:
    """The branch that does not escape, then the statements after the `if`."""
    if escape_in_then:
        branch = stmt.else_body.stmts if stmt.else_body is not None else []
    else:
        branch = stmt.then_body.stmts
    return [*branch, *post]


def _defined_names(stmts: list[Stmt]) -> set[str]:
    names: set[str] = set()
    for stmt in stmts:
        for flat in stmt.stmts if isinstance(stmt, SeqStmts) else [stmt]:
            if isinstance(flat, AssignStmt):
                names.add(flat.var.name)
    return names


def _resolve(values: list[Expr], pre: list[Stmt], iter_args: list[Var]) -> list[Expr]:
    """The yield values at an escape point: a var not yet bound there reads its iter-arg."""
    available = _defined_names(pre) | {var.name for var in iter_args}
    return [
        iter_args[index]
        if isinstance(value, Var) and value.name not in available and index < len(iter_args)
        else value
        for index, value in enumerate(values)
    ]


def _break_values(values: list[Expr], pre: list[Stmt], iter_args: list[Var]) -> list[Expr]:
    """At a break an expression (the next iteration's value) yields the iter-arg instead."""
    resolved = _resolve(values, pre, iter_args)
    return [
        iter_args[index] if index < len(iter_args) and not isinstance(value, Var) else value
        for index, value in enumerate(resolved)
    ]


def _base(name: str) -> str:
    """The name before its `__` suffix, as the real pass's auto-naming reads it."""
    return name.split("__", 1)[0]


def _not(var: Var, span: Span) -> UnaryExpr:
    return UnaryExpr(span, "not", var, type=_BOOL)


def _set_flag(flag: Var, value: bool, span: Span) -> AssignStmt:
    return AssignStmt(span, _rebinding(flag), Const(span, value, type=_BOOL))


def _false(span: Span) -> Const:
    return Const(span, False, type=_BOOL)


def _rebinding(var: Var) -> Var:
    """A new binding of `var`'s name (each binding its own Var, as the parser makes them)."""
    return Var(var.span, var.name, type=var.type)


def _bounds(loop: ForStmt) -> tuple[Expr, Expr, Expr]:
    """The loop's start, stop and step, where `i < stop` and `i + step` need no cast and
    the step is known not negative (the real pass compares with `>` only for a negative
    integer constant step, which our literals do not tell from a negated one)."""
    start = loop.start if loop.start is not None else Const(loop.span, 0, type=_INDEX)
    step = loop.step if loop.step is not None else Const(loop.span, 1, type=_INDEX)
    stop = loop.stop
    index_type = loop.loop_var.type if loop.loop_var is not None else None
    if not (isinstance(index_type, ScalarType) and index_type.dtype == "INDEX"):
        raise PassNotModelled(PASS_NAME, "a breaking loop whose index is not an INDEX scalar", loop.span)
    for bound in (stop, step):
        dtype = bound.type.dtype if bound is not None and isinstance(bound.type, ScalarType) else None
        if dtype not in _INDEX_LIKE:
            raise PassNotModelled(PASS_NAME, "a breaking loop bound of another dtype than INDEX", loop.span)
    if not (isinstance(step, Const) and isinstance(step.value, int) and step.value > 0):
        raise PassNotModelled(PASS_NAME, "a breaking loop whose step is not a positive constant", loop.span)
    assert stop is not None
    return start, stop, step


def _substitute(body: SeqStmts, old: Var, new: Var) -> None:
    """Every read of `old` under `body` reads `new` (source text we keep too)."""
    substitute_uses(body, {id(old): new})
    respell_reads(body, old.name, new, new.name)
