"""ConvertToSSA: every binding gets its SSA name, every use the version it reads,
and an `if` merges what its branches assign.

Names are spelled the way the real dumps spell them: parameters and assignments
`<name>__ssa_v<n>`, loop variables `__idx_v<n>`, loop-carried values `__iter_v<n>`,
loop results and an `if`'s own `x = pl.yield_(...)` results `__rv_v<n>` (a loop's own
iter_args and `x = pl.yield_(...)` results keep the names the author gave them), branch
merges `__phi_v<n>`, with one version counter per user name in the order the real
pass allocates them (source order; an `if`'s merges after both of its branches).

Each use is rewritten to the version current where it is read, as the real
pass's `cur_` map gives it: a branch reads what held before the `if` (not what the
other branch assigned), and after the `if`

* a name an arm reassigned, or that both arms bind, reads a merge: a return var
  of the `if`, bound by a `name__phi_v<n> = pl.yield_(...)` closing each arm
  (an `if` without `else` gets one yielding the values from before it);
  merges come first, sorted by name, then the `if`'s own yield results;
* a name only one arm binds has no version: the real pass leaves that use on
  the pre-SSA variable, which its dump prints as the bare source name (and its
  SSA verifier then rejects, "used outside its defining scope").

A loop (`for` or `while`) carries each name its body assigns that was bound before
it, as the real `ConvertFor` / `ConvertWhile` do: an iter_arg `<name>__iter_v<n>`
starting from the version before the loop, a return var `<name>__rv_v<n+1>` the
body's closing yield binds, and the name reads the return var after the loop. Then
the names the body binds first that the statements after the loop (in its own
statement list) read: "escaping" iter_args, whose init value the real pass picks by
type identity (`FindInitValue`: the first Out/InOut parameter whose current version
has the very same type object, else the first-bound name whose has); this pass
tracks that identity where it is certain (a parameter's type, carried through copies
and `tile.store`) and refuses the program (`PassNotModelled`) elsewhere. After a loop
only what was bound before it, its own results and its carries are visible (a
loop's target stays readable). A host-level SubWorker function keeps its source
names. Declarations follow their Var, so a scope's `cache_policy_vars` names the
renamed binding.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Any

from compiler.ir import (
    AssignStmt,
    BinaryExpr,
    Call,
    Direction,
    EvalStmt,
    Expr,
    ForKind,
    ForStmt,
    Function,
    IfStmt,
    InCoreScopeStmt,
    MakeTuple,
    OpaqueExpr,
    Program,
    ReturnStmt,
    RuntimeScopeStmt,
    ScopeStmt,
    SeqStmts,
    Slice,
    SplitAivScopeStmt,
    SpmdScopeStmt,
    Stmt,
    TensorType,
    TupleGetItem,
    UnaryExpr,
    Var,
    WhileStmt,
    YieldStmt,
)
from compiler.ir.types import TensorView
from compiler.ir.visit import own_exprs, vars_read, walk_expr, walk_stmts
from compiler.passes.not_modelled import PassNotModelled

_SUFFIX = re.compile(r"__(?:ssa|idx|iter|rv|phi|tmp)_v\d+$")
# The parser's unpacking temporaries (a submit's is `_submit_tmp`): a var of its own each
# time, never merged.
_TUPLE_TEMP = ("_tuple_tmp", "_submit_tmp")


def base_name(name: str) -> str:
    """The user's name of a renamed var (`b__ssa_v0` -> `b`), as `GetBaseName` gives it."""
    return _SUFFIX.sub("", name)


# Levels at or above HOST (Linqu level 3 and up).
_HOST_LEVELS = frozenset({"HOST", "CLUSTER_0", "CLUSTER_1", "CLUSTER_2", "GLOBAL"})


def convert_to_ssa(program: Program) -> Program:
    for function in program.functions:
        if not _keeps_source_names(function):
            _Converter().function(function)
    return program


def _keeps_source_names(function: Function) -> bool:
    """A host-level SubWorker's body is its Python source, run as written: the real pass
    leaves it (and its parameters' names) alone."""
    return function.role == "SubWorker" and function.level in _HOST_LEVELS


def _trailing_yield(body: SeqStmts | None) -> YieldStmt | None:
    """An arm's closing `x = pl.yield_(...)`: the `if`'s own return vars."""
    if body is None or not body.stmts:
        return None
    last = body.stmts[-1]
    return last if isinstance(last, YieldStmt) and last.targets else None


class _Converter:
    """One function's SSA state: the current version of each user name, and counters."""

    def __init__(self) -> None:
        self.counters: dict[str, int] = {}
        # name -> the key its versions are counted under (a loop target's own, else the name)
        self.keys: dict[str, str] = {}
        self.loop_targets_seen = 0
        self.skip: set[int] = set()  # statements converted already (an spmd loop's target)
        self.future: set[str] = set()  # see `block`
        self.loop_scoped: set[str] = set()  # names bound only as a finished loop's target
        self.alias: dict[str, str] = {}  # a name -> the alias its current binding was given
        self.cur: dict[str, Var] = {}
        # id(var) -> the user name the var binds (its name before renaming); the var is
        # kept so that its id is not reused while the pass runs.
        self._source: dict[int, tuple[Var, str]] = {}
        # Uses of a name no version reaches: one pre-SSA var per name, printed bare.
        self.unversioned: dict[str, Var] = {}
        # The parameters (source name, direction, var), for the escaping iter_args' inits.
        self.params: list[tuple[str, Direction, Var]] = []
        # id(var) -> a token for the type object the real var would have (same token, same
        # object), where known: what `FindInitValue` compares.
        self.origin: dict[int, object] = {}
        self.first_bound: dict[str, int] = {}  # name -> when first bound (the real UniqueId order)

    # ------------------------------------------------------------- bindings

    def define(self, var: Var, kind: str) -> None:
        """`var` binds its name: rename it `<name>__<kind>_v<n>` and make it current."""
        name = var.name
        if name.startswith(_TUPLE_TEMP):
            # Each unpacking's temporary is a var of its own: its first and only version.
            if not _SUFFIX.search(name):
                var.name = f"{name}__ssa_v0"
            return
        self.bind_name(var, name)
        self.first_bound.setdefault(name, len(self.first_bound))
        if not _SUFFIX.search(name):  # a name a dump already gave it stays
            var.name = self.fresh_name(name, kind)
        self.cur[name] = var
        self.loop_scoped.discard(name)

    def define_own(self, var: Var) -> None:
        """`define` for a var the real parser makes anew under a name that may be bound
        already (a scope's `as tid`): its versions count from 0 on their own (`tid__ssa_v0`,
        which the printer tells apart from the name's other `__ssa_v0` with `_1`)."""
        name = var.name
        key = self.keys.get(name)
        self.loop_targets_seen += 1
        self.keys[name] = f"{name}#{self.loop_targets_seen}"
        self.define(var, "ssa")
        var.own = True
        if key is None:
            self.keys.pop(name, None)
        else:
            self.keys[name] = key

    def keep(self, var: Var) -> None:
        """`var` binds its name and keeps it: a loop's own iter_args and return vars (the
        real pass rebuilds them with their name hints; codegen names `%acc_pview` so)."""
        if var.name.startswith(_TUPLE_TEMP):
            return
        self.bind_name(var, var.name)
        self.cur[var.name] = var

    def bind_name(self, var: Var, name: str) -> None:
        self._source[id(var)] = (var, name)

    def source(self, var: Var) -> str | None:
        """The user name `var` binds, if this pass saw it bound."""
        found = self._source.get(id(var))
        return found[1] if found is not None else None

    def fresh_name(self, name: str, kind: str) -> str:
        base = self.alias.get(name, name)  # a @pl.jit rebinding's alias (`tile_v1`)
        key = self.keys.get(name, name) if base == name else base
        version = self.counters.get(key, 0)
        self.counters[key] = version + 1
        return f"{base}__{kind}_v{version}"

    def take_alias(self, alias: str | None, name: str) -> None:
        """The alias the real @pl.jit specializer gives the name a statement binds, if any
        (`AssignStmt.jit_alias`); a binding without one is the name itself again."""
        if alias is None:
            self.alias.pop(name, None)
        else:
            self.alias[name] = alias

    def bind_loop_target(self, var: Var, kind: str) -> tuple[str | None, Var | None]:
        """A loop's target (`for i in ...`, `for i in pl.spmd(...)`): a variable of its own
        in the real parser, whose versions count from 0 whatever the name meant before.
        Returns what the name was before, for `end_loop_target`."""
        name = var.name
        saved = (self.keys.get(name), self.cur.get(name))
        self.alias.pop(name, None)  # a loop target is never renamed
        self.loop_targets_seen += 1
        self.keys[name] = f"{name}#{self.loop_targets_seen}"
        self.define(var, kind)
        var.origin = None  # a variable of its own now, even where UnrollLoops' copies shared one
        return saved

    def end_loop_target(self, name: str, saved: tuple[str | None, Var | None]) -> None:
        """Leaving the loop: the name is again what it was before it (the target is scoped
        to the loop, so a later loop does not carry it). A name that was not bound before
        stays readable (a read after the loop is not ours to judge), but is no value a
        later loop carries; its versions go on counting under the loop's variable."""
        key, var = saved
        if key is not None:
            self.keys[name] = key
        # A name not bound before stays the loop's variable in the real parser: a later
        # assignment of it is a new version of that variable (`for c in ...` then
        # `c = h * 192` is `c__ssa_v1`, after `c__idx_v0`).
        if var is None:
            self.loop_scoped.add(name)
        else:
            self.cur[name] = var

    def use(self, var: Var) -> Var:
        name = self.source(var)
        if name is None:
            return var  # a temporary, or a var this pass did not see bound
        current = self.cur.get(name)
        if current is not None:
            return current
        bare = self.unversioned.get(name)
        if bare is None:
            bare = self.unversioned[name] = Var(var.span, name, type=var.type)
            self.bind_name(bare, name)
        return bare

    # ---------------------------------------------------------- expressions

    def expr(self, expr: Expr) -> Expr:
        """`expr` reading current versions (rewritten in place; a bare var is replaced)."""
        if isinstance(expr, Var):
            return self.use(expr)
        if isinstance(expr, Call):
            expr.args = [self.expr(arg) for arg in expr.args]
            expr.kwargs = {key: self.value(value) for key, value in expr.kwargs.items()}
        elif isinstance(expr, MakeTuple):  # SubscriptIndex too
            expr.items = [self.expr(item) for item in expr.items]
        elif isinstance(expr, TupleGetItem):
            expr.tuple_expr = self.expr(expr.tuple_expr)
        elif isinstance(expr, BinaryExpr):
            expr.lhs = self.expr(expr.lhs)
            expr.rhs = self.expr(expr.rhs)
        elif isinstance(expr, UnaryExpr):
            expr.operand = self.expr(expr.operand)
        elif isinstance(expr, Slice):
            expr.lower = self.expr(expr.lower) if expr.lower is not None else None
            expr.upper = self.expr(expr.upper) if expr.upper is not None else None
            expr.step = self.expr(expr.step) if expr.step is not None else None
        elif isinstance(expr, OpaqueExpr):
            expr.operands = [self.expr(operand) for operand in expr.operands]
            self.respell(expr)
        return expr

    def value(self, value: Any) -> Any:
        """An attr or keyword value: an expression, or lists and pairs that hold some."""
        if isinstance(value, Expr):
            return self.expr(value)
        if isinstance(value, list):
            return [self.value(item) for item in value]
        if isinstance(value, tuple):
            return tuple(self.value(item) for item in value)
        return value

    def respell(self, expr: OpaqueExpr) -> None:
        """Source text we keep (a comparison, `a and b`) names its operands as the
        author did: spell them as the versions it now reads."""
        renames = {}
        for operand in expr.operands:
            for node in walk_expr(operand):
                if isinstance(node, Var):
                    name = self.source(node)
                    if name is not None and name != node.name:
                        renames[name] = node.name
        if not renames:
            return
        try:
            tree = ast.parse(expr.text, mode="eval")
        except SyntaxError:
            return
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id in renames:
                node.id = renames[node.id]
        expr.text = ast.unparse(tree)

    # ----------------------------------------------------------- statements

    def function(self, function: Function) -> None:
        for param in function.params:
            self.params.append((param.var.name, param.direction, param.var))
            self.define(param.var, "ssa")
            # Each parameter's annotation is a type object of its own.
            self.origin[id(param.var)] = object() if _fully_valid(param.var.type) else None
        self.block(function.body)

    def block(self, body: SeqStmts, closing: YieldStmt | None = None) -> None:
        """The statements of `body`; `closing` (an arm's return-var yield) binds nothing here.
        While each runs, `future` holds the names the statements after it (in this body)
        read before assigning them (the real `ConvertSeq`'s suffix needs): what a loop
        among them carries out as escaping iter_args. A body of one statement is that
        statement itself in the real IR (its builder makes no list of one), so it runs with
        the `future` of the statement that holds it; after a list the real pass leaves
        `future` empty (the last statement's), which this keeps too."""
        if len(body.stmts) == 1:
            self.run(body.stmts[0], closing)
            return
        needs = _suffix_needs(body.stmts)
        for index, stmt in enumerate(body.stmts):
            self.future = needs[index + 1]
            self.run(stmt, closing)

    def run(self, stmt: Stmt, closing: YieldStmt | None) -> None:
        if stmt is closing:
            assert isinstance(stmt, YieldStmt)
            stmt.values = [self.expr(value) for value in stmt.values]
        else:
            self.stmt(stmt)

    def stmt(self, stmt: Stmt) -> None:
        if id(stmt) in self.skip:
            return
        if isinstance(stmt, SeqStmts):
            self.block(stmt)
        elif isinstance(stmt, AssignStmt):
            stmt.value = self.expr(stmt.value)
            # `dst[...] = src` is `dst = pl.tensor.assemble(dst, src, offsets)` to the real
            # parser: a new version of dst, as any assignment.
            self.take_alias(stmt.jit_alias, stmt.var.name)
            self.define(stmt.var, "ssa")
            self.origin[id(stmt.var)] = self.value_origin(stmt.value)
        elif isinstance(stmt, EvalStmt):
            stmt.expr = self.expr(stmt.expr)
        elif isinstance(stmt, ReturnStmt):
            stmt.values = [self.expr(value) for value in stmt.values]
        elif isinstance(stmt, YieldStmt):
            stmt.values = [self.expr(value) for value in stmt.values]
            alias = stmt.jit_alias
            for var in stmt.targets:  # a loop's own return vars keep their names
                if alias is not None and len(stmt.targets) == 1:
                    # (as the @pl.jit specializer renamed it: `r_v1 = pl.yield_(...)`)
                    self.cur[var.name] = var
                    self.bind_name(var, var.name)
                    var.name = alias
                    continue
                self.keep(var)
        elif isinstance(stmt, ForStmt):
            self.loop(stmt)
        elif isinstance(stmt, WhileStmt):
            self.while_loop(stmt)
        elif isinstance(stmt, IfStmt):
            self.branch(stmt)
        elif isinstance(stmt, ScopeStmt):
            self.scope(stmt)
        # Break, continue and statements kept as text bind and read nothing we model.

    def loop(self, stmt: ForStmt) -> None:
        """`ConvertFor`: the bounds read the versions before the loop; the body carries
        what it reassigns and what it binds first but the statements after it read."""
        stmt.start, stmt.stop, stmt.step = (
            self.expr(bound) if bound is not None else None for bound in (stmt.start, stmt.stop, stmt.step)
        )
        stmt.init_values = [self.expr(value) for value in stmt.init_values]
        stmt.attrs = [(key, self.value(value)) for key, value in stmt.attrs]
        explicit = {var.name for var in stmt.iter_args}
        if stmt.loop_var is not None:
            explicit.add(stmt.loop_var.name)
        # (A pl.unroll loop still here is one UnrollLoops did not expand for us, where the
        # real pass would have: it cannot take init_values, and carries nothing.)
        carries = self.carries(stmt, explicit) if stmt.kind is not ForKind.UNROLL else []
        before = dict(self.cur)
        scoped = self.scope_carried_body(stmt, explicit) if stmt.iter_args else []
        target = stmt.loop_var.name if stmt.loop_var is not None else None
        saved = self.bind_loop_target(stmt.loop_var, "idx") if stmt.loop_var is not None else None
        for var in [*stmt.iter_args, *stmt.return_vars]:
            self.keep(var)
        for carry in carries:
            self.cur[carry.name] = carry.iter_arg
        self.block(stmt.body)
        loop_version = self.cur.get(target) if target is not None else None
        self.close_loop(stmt, before, carries)
        for name, key in scoped:
            if key is None:
                self.keys.pop(name, None)
            else:
                self.keys[name] = key
        if target is not None and saved is not None:
            self.end_loop_target(target, saved)
            if saved[1] is None and loop_version is not None:
                self.cur[target] = loop_version  # (kept readable: see end_loop_target)

    def scope_carried_body(self, stmt: ForStmt, explicit: set[str]) -> list[tuple[str, str | None]]:
        """A loop with `init_values` has a body scope of its own in the real parser: a name
        the body binds first is a variable of its own there, whose versions count from 0
        (`tids_next__ssa_v0`, printed `tids_next__ssa_v0_1` beside another loop's). Returns
        the keys to restore after the loop."""
        saved = []
        for name in sorted(_assigned_names(stmt.body) - explicit):
            if self.bound(name) or name.startswith(_TUPLE_TEMP):
                continue
            saved.append((name, self.keys.get(name)))
            self.loop_targets_seen += 1
            self.keys[name] = f"{name}#{self.loop_targets_seen}"
        return saved

    def while_loop(self, stmt: WhileStmt) -> None:
        """`ConvertWhile`: as a `for` loop, the condition read inside (after the carries)."""
        stmt.init_values = [self.expr(value) for value in stmt.init_values]
        carries = self.carries(stmt, {var.name for var in stmt.iter_args})
        before = dict(self.cur)
        for var in [*stmt.iter_args, *stmt.return_vars]:
            self.keep(var)
        for carry in carries:
            self.cur[carry.name] = carry.iter_arg
        if stmt.condition is not None:
            stmt.condition = self.expr(stmt.condition)
        self.block(stmt.body)
        self.close_loop(stmt, before, carries)

    def carries(self, stmt: ForStmt | WhileStmt, explicit: set[str]) -> list[_Carry]:
        """The iter_args the real pass adds to a loop, versioned before its body: first
        the names the body assigns that are bound before it (loop-carried), then those it
        binds first that the statements after it read (escaping), each group by name."""
        future = self.future
        assigned = {
            name
            for name in _assigned_names(stmt.body)
            if name not in explicit and not name.startswith(_TUPLE_TEMP)
        }
        carried = sorted(name for name in assigned if self.bound(name))
        escaping = sorted(name for name in assigned if not self.bound(name) and name in future)
        found = []
        for name in carried:
            init = self.cur[name]
            found.append(self.new_carry(stmt, name, init, init.type, self.origin.get(id(init))))
        for name in escaping:
            last = _last_assignment(stmt.body, name)
            assert last is not None
            origin = self.body_origin(last.value)
            init = self.escaping_init(name, origin)
            if init is None:
                raise PassNotModelled(
                    "ConvertToSSA",
                    f"the init value the real pass finds by type identity for '{name}' (first assigned "
                    "in the loop, read after it)",
                    stmt.span,
                )
            found.append(self.new_carry(stmt, name, init, init.type, origin))
        return found

    def bound(self, name: str) -> bool:
        """Whether `name` has a version here (the real `cur_`; a finished loop's target has
        none)."""
        return name in self.cur and name not in self.loop_scoped

    def new_carry(self, stmt: Stmt, name: str, init: Var, type_: Any, origin: object) -> _Carry:
        iter_arg = Var(stmt.span, self.fresh_name(name, "iter"), type=type_)
        result = Var(stmt.span, self.fresh_name(name, "rv"), type=type_)
        for var in (iter_arg, result):
            self.bind_name(var, name)
            self.origin[id(var)] = origin
        return _Carry(name, init, iter_arg, result)

    def close_loop(self, stmt: ForStmt | WhileStmt, before: dict[str, Var], carries: list[_Carry]) -> None:
        """After the body: the names are again what they were before the loop (what the body
        bound first is gone), each carried name its return var, which the body's closing
        yield binds to the name's last version there."""
        after = self.cur
        self.cur = before
        # The loop's own results (`r = pl.yield_(...)` closing its body) are what follows reads.
        closing = stmt.body.stmts[-1] if stmt.body.stmts else None
        for var in [*stmt.return_vars, *(closing.targets if isinstance(closing, YieldStmt) else [])]:
            name = self.source(var)
            if name is not None and name in after:
                self.cur[name] = after[name]
        if not carries:
            return
        if not isinstance(closing, YieldStmt):
            closing = YieldStmt(stmt.span, [], [])
            stmt.body.stmts.append(closing)
        for carry in carries:
            stmt.iter_args.append(carry.iter_arg)
            stmt.init_values.append(carry.init)
            last = after[carry.name]
            closing.values.append(last)
            # The real pass gives a loop's return var its iteration argument's type (the
            # init's), as the parser types a loop's yield targets.
            carry.result.type = carry.iter_arg.type
            closing.targets.append(carry.result)
            self.cur[carry.name] = carry.result

    # ------------------------------------------------- type identity (escaping inits)

    def value_origin(self, value: Expr) -> object:
        """Which type object the var an assignment binds gets (`GetAuthoritativeAssignmentType`),
        as far as the escaping iter_args' init search needs to know: a copy's, a store's
        destination's (`tile.store` returns that very type when the destination is fully
        valid); else a type of its own (a tensor op's), or None when not known."""
        if isinstance(value, Var):
            return self.origin.get(id(value))
        destination = _store_destination(value)
        if destination is not None:
            return self.origin.get(id(destination)) if _fully_valid(destination.type) else None
        return object() if isinstance(value.type, TensorType) else None

    def body_origin(self, value: Expr) -> object:
        """`value_origin` of a value in a loop body not yet converted (its vars are the
        source's: a parameter's name is the parameter's own type object)."""
        source = value if isinstance(value, Var) else _store_destination(value)
        if source is None:
            return object() if isinstance(value.type, TensorType) else None
        if source is not value and not _fully_valid(source.type):
            return None
        name = self.source(source) or source.name
        return next((self.origin.get(id(var)) for param, _, var in self.params if param == name), None)

    def escaping_init(self, name: str, origin: object) -> Var | None:
        """`FindInitValue`: the current version of the first Out/InOut parameter whose type is
        the escaping value's very type object, else of the first-bound name whose is."""
        if origin is None:
            return None
        for param, direction, _ in self.params:
            current = self.cur.get(param)
            if (
                direction is not Direction.IN
                and current is not None
                and self.origin.get(id(current)) is origin
            ):
                return current
        for candidate in sorted(
            self.cur, key=lambda n: self.first_bound.get(n, len(self.first_bound))
        ):  # (UniqueId)
            current = self.cur[candidate]
            if self.bound(candidate) and self.origin.get(id(current)) is origin:
                return current
        return None

    def scope(self, stmt: ScopeStmt) -> None:
        # Attrs read the versions at scope entry, as the real pass substitutes them
        # before the body; `task_id_var` is the one the scope binds.
        task_id = stmt.attr("task_id_var")
        stmt.attrs = [
            (key, value if key == "task_id_var" else self.value(value)) for key, value in stmt.attrs
        ]
        if isinstance(stmt, SpmdScopeStmt) and stmt.core_num is not None:
            stmt.core_num = self.expr(stmt.core_num)
        if isinstance(task_id, Var):
            self.define_own(task_id)
        # A scope the outliners cut out is a boundary: a loop in its body carries out no
        # name first bound in it (the real pass narrows `future` to the names bound here).
        future = self.future
        if not isinstance(stmt, (RuntimeScopeStmt, SplitAivScopeStmt)):
            self.future = {name for name in future if self.bound(name)}
        target = _spmd_target(stmt)
        if target is None:
            self.block(stmt.body)
        else:
            target.value = self.expr(target.value)
            saved = self.bind_loop_target(target.var, "ssa")
            self.skip.add(id(target))
            self.block(stmt.body)
            self.end_loop_target(base_name(target.var.name), saved)
        self.future = future

    def branch(self, stmt: IfStmt) -> None:
        """`ConvertIf`: each arm from the versions before the `if`, then the merges."""
        stmt.condition = self.expr(stmt.condition)
        then_yield = _trailing_yield(stmt.then_body)
        else_yield = _trailing_yield(stmt.else_body)
        before = dict(self.cur)
        scoped_before = set(self.loop_scoped)
        self.block(stmt.then_body, then_yield)
        then_ver, then_scoped = self.cur, set(self.loop_scoped)
        self.cur, self.loop_scoped = dict(before), set(scoped_before)
        if stmt.else_body is not None:
            self.block(stmt.else_body, else_yield)
        else_ver = self.cur
        else_scoped = set(self.loop_scoped)
        self.loop_scoped = then_scoped | else_scoped
        # A finished loop's target is no version the real pass merges (`cur_` has none).
        seen = {name: var for name, var in before.items() if name not in scoped_before}
        then_ver = {name: var for name, var in then_ver.items() if name not in then_scoped}
        else_ver = {name: var for name, var in else_ver.items() if name not in else_scoped}

        merged = [
            name
            for name, var in then_ver.items()
            if (name in seen and (var is not seen[name] or else_ver.get(name, var) is not seen[name]))
            or (name not in seen and name in else_ver)
        ]
        merged += [
            name
            for name, var in else_ver.items()
            if name not in then_ver and name in seen and var is not seen[name]
        ]
        merged.sort()
        explicit = self.explicit_return_vars(then_yield, else_yield)
        self.cur = before
        if not merged and not explicit:
            return

        phis: list[Var] = []
        then_values: list[Expr] = []
        else_values: list[Expr] = []
        for name in merged:
            then_value = then_ver.get(name, before.get(name))
            else_value = else_ver.get(name, before.get(name))
            assert then_value is not None and else_value is not None
            phi = Var(stmt.span, self.fresh_name(base_name(name), "phi"), type=then_value.type)
            self.bind_name(phi, name)
            self.cur[name] = phi
            phis.append(phi)
            then_values.append(then_value)
            else_values.append(else_value)
        for var in explicit:
            self.define(var, "rv")
        if not phis:
            return
        _close_arm(stmt.then_body, then_yield, phis, then_values)
        if stmt.else_body is None:
            stmt.else_body = SeqStmts(stmt.span, [])
        _close_arm(stmt.else_body, else_yield, phis, else_values)

    def explicit_return_vars(self, then_yield: YieldStmt | None, else_yield: YieldStmt | None) -> list[Var]:
        """The `if`'s own results, `x = pl.yield_(...)` in each arm: one var per name
        (the then arm's, as the real parser types them), shared by both yields."""
        if then_yield is None and else_yield is None:
            return []
        by_name: dict[str, Var] = {}
        for closing in (then_yield, else_yield):
            if closing is not None:
                for var in closing.targets:
                    by_name.setdefault(var.name, var)
                    self.bind_name(var, var.name)  # a later read of either arm's var
        for closing in (then_yield, else_yield):
            if closing is not None:
                closing.targets = [by_name[var.name] for var in closing.targets]
        return list(by_name.values())


@dataclass
class _Carry:
    """A name a loop carries: its init value, iter_arg and return var."""

    name: str
    init: Var
    iter_arg: Var
    result: Var


def _last_assignment(body: Stmt, name: str) -> AssignStmt | None:
    """The last assignment of `name` in `body`, pre-order (the real `TypeCollector`'s pick)."""
    found = None
    for stmt in walk_stmts(body):
        if isinstance(stmt, AssignStmt) and stmt.var.name == name:
            found = stmt
    return found


def _store_destination(value: Expr) -> Var | None:
    """The tensor var a `tile.store` writes (its result's type is that tensor's)."""
    if isinstance(value, Call) and value.op == "tile.store" and len(value.args) >= 3:
        destination = value.args[2]
        return destination if isinstance(destination, Var) else None
    return None


def _fully_valid(type_: Any) -> bool:
    """A tensor type whose dims are constants or `pl.dynamic` dims (module-level: renaming
    the function's vars leaves the type object as it is) and that has no valid-shape view
    (a store into it returns that very type object)."""
    if not isinstance(type_, TensorType) or type_.shape is None:
        return False
    view = type_.view
    plain = view is None or (isinstance(view, TensorView) and not view.valid_shape)
    return plain and all(isinstance(dim, (int, str)) for dim in type_.shape)


def _assigned_names(body: Stmt) -> set[str]:
    """The user names an assignment anywhere in `body` binds (`VarDefUseCollector`'s
    assign defs: nested loops, branches and scopes included; a subscript store
    `dst[...] = v` assigns dst). An spmd loop's target is a variable of its own."""
    targets: set[int] = set()
    names: set[str] = set()
    for stmt in walk_stmts(body):  # (pre-order: a scope before its target, in its body)
        if isinstance(stmt, AssignStmt):
            if id(stmt) not in targets:
                names.add(stmt.var.name)
        elif isinstance(stmt, SpmdScopeStmt) and (target := _spmd_target(stmt)) is not None:
            targets.add(id(target))
    return names


def _suffix_needs(stmts: list[Stmt]) -> list[set[str]]:
    """needs[i]: the names `stmts[i:]` read before assigning them (`ComputeStmtLiveIn`
    and the suffix walk of the real `ConvertSeq`)."""
    needs: list[set[str]] = [set() for _ in range(len(stmts) + 1)]
    for index in range(len(stmts) - 1, -1, -1):
        stmt = stmts[index]
        needs[index] = _live_in(stmt) | (needs[index + 1] - _assigned_names(stmt))
    return needs


def _live_in(stmt: Stmt) -> set[str]:
    """The names `stmt` reads before it assigns them."""
    own = {var.name for var in vars_read(own_exprs(stmt))}
    if isinstance(stmt, SeqStmts):
        return _suffix_needs(stmt.stmts)[0]
    if isinstance(stmt, (ForStmt, WhileStmt)):
        bound = {var.name for var in stmt.iter_args}
        if isinstance(stmt, ForStmt) and stmt.loop_var is not None:
            bound.add(stmt.loop_var.name)
        return own | (_live_in(stmt.body) - bound)
    if isinstance(stmt, IfStmt):
        arms = _live_in(stmt.then_body) | (_live_in(stmt.else_body) if stmt.else_body is not None else set())
        return own | arms
    if isinstance(stmt, ScopeStmt):
        return own | _live_in(stmt.body)
    return own


def _spmd_target(scope: ScopeStmt) -> AssignStmt | None:
    """`for i in pl.spmd(...)`'s `i = tile.get_block_idx()`, which the parser puts first in
    the scope's body (or its InCore carrier's), at the loop's target in the header."""
    if not isinstance(scope, SpmdScopeStmt) or not scope.body.stmts:
        return None
    first = scope.body.stmts[0]
    if isinstance(first, InCoreScopeStmt) and first.body.stmts:
        first = first.body.stmts[0]
    header = scope.header_span
    if (
        isinstance(first, AssignStmt)
        and isinstance(first.value, Call)
        and first.value.op == "tile.get_block_idx"
        and header is not None
        and header.start_line <= first.span.start_line <= header.end_line
        and first.span.start_line == scope.span.start_line
    ):
        return first
    return None


def _close_arm(body: SeqStmts, closing: YieldStmt | None, phis: list[Var], values: list[Expr]) -> None:
    """End an arm in one yield: its merged values, then the ones it yields itself."""
    if closing is not None:
        closing.values = [*values, *closing.values]
        closing.targets = [*phis, *closing.targets]
    else:
        # (An arm without the `if`'s own yield while the other has one is not valid
        # input; its merges are still yielded.)
        body.stmts.append(YieldStmt(body.span, list(values), list(phis)))
