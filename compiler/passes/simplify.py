"""Simplify (pass 5): scalar arithmetic simplified, constants propagated, dead branches and
loops of at most one trip folded, dead scalar assignments removed.

One walk of each function, as the real pass makes it:
- every expression is simplified by the arithmetic analyzer (`arith_simplify`): a
  call's arguments, a type's shape and view, `[0 * 16, 0]` -> `[0, 0]`;
- a scalar assigned once, to a constant, at the function's top level (not inside a
  loop or `if` body, nor a `pl.spmd` body) is bound to it and read as it after; any
  other single-assigned scalar only gets the bound of its value (what proves
  `if idx < 0` dead); a body's bindings end with the body;
- a sequential `pl.range` loop with no attrs whose trip count is provably 0 becomes
  `ret = init` per carried value; one of 1 trip becomes its body, the loop variable
  read as the start and each carried value as its init, its yield read where the
  loop's results were;
- an `if` whose condition is provably true or false becomes the branch taken;
- then, over the whole body, scalar assignments nobody reads (and whose value holds
  no call) are removed, an `if`'s results nobody reads are dropped with their
  yields, and the assignments that only fed them are removed in turn.

Not modelled (the pass refuses the program, `PassNotModelled`): a `while` loop inside a
scope whose carried value starts from a value this pass changes (the real pass leaves
the body reading a copy of the carried var, `<name>_1__FREE_VAR` in its dumps, which the
outliners would see), an identity `tensor.view`, a binding of a BOOL constant (the real pass stops there with
`TypeError: Operator 'eq' does not accept bool dtype`, which `simplify_checks`
reports on the source).
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from compiler.ir import (
    AssignStmt,
    Call,
    Const,
    EvalStmt,
    Expr,
    ForKind,
    ForStmt,
    Function,
    IfStmt,
    MakeTuple,
    OpaqueExpr,
    Program,
    ReturnStmt,
    ScalarType,
    ScopeStmt,
    SeqStmts,
    Slice,
    SpmdScopeStmt,
    Stmt,
    SubscriptIndex,
    TensorType,
    TileType,
    TupleGetItem,
    Var,
    WhileStmt,
    YieldStmt,
)
from compiler.ir.types import IRType, TensorView, TileView, TupleType
from compiler.ir.visit import bound_vars, own_exprs, vars_read, walk_expr, walk_stmts
from compiler.passes.arith_bounds import int_bits
from compiler.passes.arith_simplify import PASS_NAME, Analyzer, const
from compiler.passes.not_modelled import PassNotModelled, PassStopped
from compiler.passes.scalar_nodes import dtype_of, kind_of, make, operands
from compiler.passes.simplify_checks import BOOL_EQ_MESSAGE
from compiler.passes.simplify_dce import eliminate_dead_scalars, results, trailing_yield, type_exprs
from compiler.passes.ssa import base_name


def simplify(program: Program) -> Program:
    for function in program.functions:
        simplifier = _Simplifier(function)
        simplifier.run()
        # (a var `_multi_assigned` holds back stays: our SSA may have lost its reader)
        function.body.stmts = eliminate_dead_scalars(function.body.stmts, simplifier.multi)
    return program


def _multi_assigned(body: Stmt) -> set[int]:
    """The vars assigned more than once: never bound to a value. Also those a `while`
    without iter args reads in its condition and rebinds in its body under another
    version of the name (our ConvertToSSA does not carry a `while`'s values yet: they
    are one variable assigned twice, as the real pass sees it before SSA)."""
    seen: set[int] = set()
    multi: set[int] = set()
    rebound: set[str] = set()
    for stmt in walk_stmts(body):
        if isinstance(stmt, AssignStmt):
            (multi if id(stmt.var) in seen else seen).add(id(stmt.var))
        elif isinstance(stmt, WhileStmt) and not stmt.iter_args and stmt.condition is not None:
            assigned = {base_name(var.name) for inner in walk_stmts(stmt.body) for var in bound_vars(inner)}
            rebound |= {base_name(var.name) for var in vars_read([stmt.condition])} & assigned
    if rebound:
        for stmt in walk_stmts(body):
            if isinstance(stmt, AssignStmt) and base_name(stmt.var.name) in rebound:
                multi.add(id(stmt.var))
    return multi


def _is_constant(expr: Expr) -> bool:
    return isinstance(expr, Const) and isinstance(expr.value, (bool, int, float))


class _Simplifier:
    def __init__(self, function: Function) -> None:
        self.function = function
        self.analyzer = Analyzer()
        self.multi = _multi_assigned(function.body)
        self.remap: dict[int, Expr] = {}  # a var read as another expression (a folded loop's result)
        self.log: list[Var] = []  # scalars bound, in order, so a body's bindings end with it
        self.depth = 0  # 0: the function's top level
        self.scopes = 0  # how many scopes (`pl.at`, ...) the statement is in
        self.rebuilt: set[int] = set()  # vars whose type was simplified already

    def run(self) -> None:
        self.function.body.stmts = self._stmts(self.function.body.stmts)

    # ------------------------------------------------------------ statements

    def _stmts(self, stmts: list[Stmt]) -> list[Stmt]:
        out: list[Stmt] = []
        for stmt in stmts:
            out.extend(self._stmt(stmt))
        return out

    def _block(self, block: SeqStmts) -> SeqStmts:
        block.stmts = self._stmts(block.stmts)
        return block

    def _scoped(self, block: SeqStmts) -> SeqStmts:
        """A loop, `while` or `pl.spmd` body: one level deeper, its bindings ending with it."""
        mark = len(self.log)
        self.depth += 1
        try:
            return self._block(block)
        finally:
            self.depth -= 1
            self._unbind_since(mark)

    def _unbind_since(self, mark: int) -> None:
        while len(self.log) > mark:
            self.analyzer.unbind(self.log.pop())

    def _stmt(self, stmt: Stmt) -> list[Stmt]:
        if isinstance(stmt, AssignStmt):
            self._assign(stmt)
        elif isinstance(stmt, EvalStmt):
            stmt.expr = self._simplify(stmt.expr)
        elif isinstance(stmt, (ReturnStmt, YieldStmt)):
            stmt.values = [self._simplify(value) for value in stmt.values]
        elif isinstance(stmt, ForStmt):
            return self._for(stmt)
        elif isinstance(stmt, IfStmt):
            return self._if(stmt)
        elif isinstance(stmt, WhileStmt):
            self._while(stmt)
        elif isinstance(stmt, SpmdScopeStmt):
            if stmt.core_num is not None:
                stmt.core_num = self._simplify(stmt.core_num)
            stmt.body = self._scoped(stmt.body)
        elif isinstance(stmt, ScopeStmt):
            self.scopes += 1
            stmt.body = self._block(stmt.body)
            self.scopes -= 1
        elif isinstance(stmt, SeqStmts):
            self._block(stmt)
        return [stmt]

    def _assign(self, stmt: AssignStmt) -> None:
        value = self._simplify(stmt.value)
        stmt.value = value
        var = stmt.var
        self._rebuild_var(var)
        if not isinstance(var.type, ScalarType) or id(var) in self.multi:
            return
        if _is_constant(value) and self.depth == 0:
            if isinstance(value.value, bool) or var.type.dtype == "BOOL":  # type: ignore[attr-defined]
                raise PassStopped(PASS_NAME, f"TypeError: {BOOL_EQ_MESSAGE}", stmt.span)
            if (
                isinstance(value.value, int)
                and int_bits(var.type.dtype)
                and dtype_of(value) != var.type.dtype
            ):  # type: ignore[attr-defined]
                # The real parser types a literal by the annotation it is assigned under.
                value = const(value.value, var.type.dtype, value.span)  # type: ignore[attr-defined]
            self.analyzer.bind_value(var, value)
            self.log.append(var)
        elif self.analyzer.bind_bound(var, value):
            self.log.append(var)

    def _for(self, loop: ForStmt) -> list[Stmt]:
        start = self._simplify(loop.start) if loop.start is not None else None
        stop = self._simplify(loop.stop) if loop.stop is not None else None
        step = self._simplify(loop.step) if loop.step is not None else None
        loop.start, loop.stop, loop.step = start, stop, step
        loop.init_values = [self._simplify(value) for value in loop.init_values]
        for var in loop.iter_args:
            self._rebuild_var(var)
        first = start if start is not None else const(0, "INDEX", loop.span)
        stride = step if step is not None else const(1, "INDEX", loop.span)
        if stop is None:
            raise PassNotModelled(PASS_NAME, "a loop without a stop", loop.span)
        pure = not loop.attrs and loop.kind is ForKind.RANGE
        if pure and self.analyzer.can_prove_at_least(stride, 1):
            build = self.analyzer.build
            if self.analyzer.can_prove(build("le", [stop, first], loop.span)):
                return self._no_trip(loop)
            once = build(
                "and",
                [
                    build("lt", [first, stop], loop.span),
                    build("le", [stop, build("add", [first, stride], loop.span)], loop.span),
                ],
                loop.span,
            )
            if self.analyzer.can_prove(once):
                return self._one_trip(loop, first)
        bounded = isinstance(first, Const) and isinstance(stop, Const)
        low, high = (first.value, stop.value) if bounded else (0, 0)  # type: ignore[union-attr]
        bounded = bounded and isinstance(low, int) and isinstance(high, int) and high > low
        bounded = bounded and loop.loop_var is not None
        if bounded:
            self.analyzer.bind_range(loop.loop_var, low, high)  # type: ignore[arg-type]
        baseline = dict(self.remap)
        loop.body = self._scoped(loop.body)
        if bounded:
            self.analyzer.unbind(loop.loop_var)  # type: ignore[arg-type]
        self.remap = baseline
        for var in results(loop):
            self._rebuild_var(var)
        return [loop]

    def _no_trip(self, loop: ForStmt) -> list[Stmt]:
        out: list[Stmt] = []
        for var, init in zip(results(loop), loop.init_values, strict=True):
            self._rebuild_var(var)
            out.append(AssignStmt(loop.span, var, init))
        return out

    def _one_trip(self, loop: ForStmt, first: Expr) -> list[Stmt]:
        """The body once, the loop variable read as `first` and each carried var as its init."""
        memo: dict[int, Any] = {id(var): var for var in _free_vars(loop.body)}
        if loop.loop_var is not None:
            memo[id(loop.loop_var)] = first
        for var, init in zip(loop.iter_args, loop.init_values, strict=True):
            memo[id(var)] = init
        if any(
            isinstance(node, SubscriptIndex) for stmt in walk_stmts(loop.body) for node in _exprs_under(stmt)
        ):
            # The front end keeps `x[a:b] = v` unexpanded, and prints it as written only
            # while it assigns to the var it reads: the copy's carried var is replaced.
            raise PassNotModelled(PASS_NAME, "a loop of one trip holding subscript sugar", loop.span)
        returned = results(loop)
        body: SeqStmts = copy.deepcopy(loop.body, memo)
        baseline = dict(self.remap)
        stmts = self._stmts(body.stmts)
        self.remap = baseline
        return self._lift(stmts, returned, loop)

    def _lift(self, stmts: list[Stmt], return_vars: list[Var], owner: Stmt) -> list[Stmt]:
        """A kept body in its parent: its trailing yield's values read where the results were."""
        if not return_vars:
            return stmts
        yielded = trailing_yield(stmts)
        if yielded is None or len(yielded.values) != len(return_vars):
            raise PassNotModelled(PASS_NAME, "a folded body that does not end in its yield", owner.span)
        _removetrailing_yield(stmts)
        for var, value in zip(return_vars, yielded.values, strict=True):
            self.remap[id(var)] = value
        return stmts

    def _if(self, stmt: IfStmt) -> list[Stmt]:
        condition = self._simplify(stmt.condition)
        stmt.condition = condition
        baseline = dict(self.remap)
        mark = len(self.log)
        stmt.then_body = self._branch(stmt.then_body, condition)
        then_remap, self.remap = self.remap, dict(baseline)
        self._unbind_since(mark)
        negated = make("not", [condition], "BOOL", condition.span)
        else_remap = baseline
        if stmt.else_body is not None:
            stmt.else_body = self._branch(stmt.else_body, negated)
            else_remap, self.remap = self.remap, dict(baseline)
            self._unbind_since(mark)
        returned = results(stmt)
        if self.analyzer.can_prove(condition):
            self.remap = then_remap
            return self._lift(stmt.then_body.stmts, returned, stmt)
        if self.analyzer.can_prove(negated):
            if stmt.else_body is None:
                return []
            self.remap = else_remap
            return self._lift(stmt.else_body.stmts, returned, stmt)
        return [stmt]

    def _branch(self, block: SeqStmts, known: Expr) -> SeqStmts:
        leave = self.analyzer.enter_constraint(known)
        self.depth += 1
        try:
            return self._block(block)
        finally:
            self.depth -= 1
            leave()

    def _while(self, loop: WhileStmt) -> None:
        """The real pass leaves a `while`'s carried vars as they are, but a read of one whose
        init value it simplifies reads a copy of it (with the new init) that nothing binds:
        its printer names the copy `<name>_1__FREE_VAR`, and the passes after keep it."""
        for var, init in zip(loop.iter_args, loop.init_values, strict=True):
            if self._simplify(init) is not init:
                if self.scopes:  # the outliners would take the copy for a value from outside
                    raise PassNotModelled(
                        PASS_NAME, "an outlined while loop reading a copy of a carried var", loop.span
                    )
                self.remap[id(var)] = Var(var.span, f"{var.name}_1__FREE_VAR", type=var.type)
        if loop.condition is not None:
            loop.condition = self._simplify(loop.condition)
        loop.body = self._scoped(loop.body)

    # ------------------------------------------------------------ expressions

    def _simplify(self, expr: Expr) -> Expr:
        return self.analyzer.simplify(self._visit(expr))

    def _visit(self, expr: Expr) -> Expr:
        """The real mutator's walk: leaves and arithmetic simplified bottom up, calls
        walked into (their keyword attributes are not expressions)."""
        if isinstance(expr, Var):
            return self.analyzer.simplify(self.remap.get(id(expr), expr))
        if isinstance(expr, Const):
            return expr
        kind = kind_of(expr)
        if kind == "call":
            assert isinstance(expr, Call)
            if expr.op == "tensor.view" and len(expr.args) == 1:
                raise PassNotModelled(PASS_NAME, "an identity tensor.view", expr.span)
            expr.args = [self._visit(arg) for arg in expr.args]
            return expr
        if isinstance(expr, MakeTuple):
            expr.items = [self._visit(item) for item in expr.items]
            return expr
        if isinstance(expr, TupleGetItem):
            expr.tuple_expr = self._visit(expr.tuple_expr)
            return expr
        if isinstance(expr, Slice):
            expr.lower, expr.upper, expr.step = (
                None if part is None else self._visit(part) for part in (expr.lower, expr.upper, expr.step)
            )
            return expr
        if kind == "other":
            if isinstance(expr, OpaqueExpr) and expr.modelled:
                # A distributed op's call: the real mutator walks into its arguments as it
                # does any call's (its program's IR view is never shown: its text may lag).
                expr.operands = [self._visit(part) for part in expr.operands]
                return expr
            if isinstance(expr, OpaqueExpr) and any(self._visit(part) is not part for part in expr.operands):
                raise PassNotModelled(PASS_NAME, f"simplifying inside `{expr.text}`", expr.span)
            return expr
        parts = operands(expr)
        new_parts = [self._visit(part) for part in parts]
        if any(new is not old for new, old in zip(new_parts, parts, strict=True)):
            if kind == "cast":
                expr = make("cast", new_parts, None, expr.span, like=expr)
            elif len(new_parts) == 1:
                expr = make(kind, new_parts, _dtype(expr), expr.span)
            else:
                expr = self.analyzer.build(kind, new_parts, expr.span, like=expr)
        return self.analyzer.simplify(expr)

    # ------------------------------------------------------------ types

    def _rebuild_var(self, var: Var) -> None:
        if id(var) in self.rebuilt:
            return
        self.rebuilt.add(id(var))
        var.type = self._type(var.type)

    def _type(self, ir_type: IRType) -> IRType:
        if isinstance(ir_type, (TensorType, TileType)):
            changes: dict[str, Any] = {}
            if ir_type.shape is not None:
                shape = self._dims(ir_type.shape)
                if shape is not ir_type.shape:
                    changes["shape"] = shape
            view = ir_type.view
            if isinstance(view, (TensorView, TileView)):
                new_view = self._view(view)
                if new_view is not view:
                    changes["view"] = new_view
            return dataclasses.replace(ir_type, **changes) if changes else ir_type
        if isinstance(ir_type, TupleType):
            items = tuple(self._type(item) for item in ir_type.items)
            return (
                ir_type
                if all(a is b for a, b in zip(items, ir_type.items, strict=True))
                else TupleType(items)
            )
        return ir_type

    def _view(self, view: TensorView | TileView) -> TensorView | TileView:
        changes: dict[str, Any] = {}
        for name in ("valid_shape", "stride"):
            dims = getattr(view, name)
            new = self._dims(dims)
            if new is not dims:
                changes[name] = new
        if isinstance(view, TileView) and isinstance(view.start_offset, Expr):
            offset = self._simplify(view.start_offset)
            if offset is not view.start_offset:
                changes["start_offset"] = offset
        return dataclasses.replace(view, **changes) if changes else view

    def _dims(self, dims: tuple[Any, ...]) -> tuple[Any, ...]:
        new = tuple(self._simplify(dim) if isinstance(dim, Expr) else dim for dim in dims)
        return dims if all(a is b for a, b in zip(new, dims, strict=True)) else new


def _dtype(expr: Expr) -> str | None:
    return expr.type.dtype if isinstance(expr.type, ScalarType) else None


def _removetrailing_yield(stmts: list[Stmt]) -> None:
    last = stmts[-1]
    if isinstance(last, SeqStmts):
        _removetrailing_yield(last.stmts)
    else:
        stmts.pop()


def _free_vars(body: SeqStmts) -> list[Var]:
    """The vars a body reads (in expressions or types) but does not bind: shared by the copy."""
    bound = {id(var) for stmt in walk_stmts(body) for var in bound_vars(stmt)}
    found: dict[int, Var] = {}
    for stmt in walk_stmts(body):
        exprs = list(own_exprs(stmt))
        for var in bound_vars(stmt):
            exprs.extend(type_exprs(var.type))
        if isinstance(stmt, ScopeStmt):
            found.update((id(v), v) for v, _ in stmt.attr("cache_policy_vars") or [])
            if isinstance(stmt, SpmdScopeStmt) and stmt.core_num is not None:
                exprs.append(stmt.core_num)
        for var in vars_read(exprs):
            if id(var) not in bound:
                found.setdefault(id(var), var)
    return list(found.values())


def _exprs_under(stmt: Stmt) -> list[Expr]:
    return [node for expr in own_exprs(stmt) for node in walk_expr(expr)]
