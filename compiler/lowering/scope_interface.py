"""What a scope becomes when it is outlined: its parameters and their directions.

Shared by OutlineHierarchyScopes and OutlineIncoreScopes, like the real
`scope_outline_utils.cpp`:
- parameters are the body's live-in vars in first-use order (the scope's own
  attrs, and so its cache-policy markers, are not uses);
- a captured tensor is `In` unless the body writes it (a store target, an
  assemble/write destination, a callee's Out/InOut argument); written and also
  read it is `InOut`, written only `Out`. Reads of a write's result (the
  post-write alias) count as reads of the tensor.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from compiler.base.span import Span
from compiler.ir import (
    AssignStmt,
    Call,
    Const,
    Direction,
    Expr,
    ForStmt,
    Function,
    OpaqueExpr,
    OpaqueStmt,
    ScopeKind,
    ScopeStmt,
    Stmt,
    TensorType,
    Var,
    WhileStmt,
    YieldStmt,
)
from compiler.ir.visit import (
    bound_vars,
    own_exprs,
    sub_exprs,
    vars_in_evaluation_order,
    walk_stmts,
)

# Ops whose argument at this index is written (the registry's write slots).
_WRITE_SLOTS: dict[str, int] = {
    "tensor.assemble": 0,
    "tensor.write": 0,
    "tensor.expand_clone": 1,
    "tile.store": 2,
    "tile.mscatter": 2,
}
_WRITE_KEYWORDS: dict[str, str] = {"tile.store": "output_tensor"}

# Directions of a callee's parameters, looked up by the name a call uses ("self.k" or "k").
CalleeDirections = Callable[[str], "list[Direction] | None"]


def callee_directions_among(functions: Sequence[Function]) -> CalleeDirections:
    """Resolve `self.<name>(...)` / `<name>(...)` calls among `functions` (one program)."""
    by_call_name = {name: f for f in functions for name in (f.name, f"self.{f.name}")}

    def directions(call_name: str) -> list[Direction] | None:
        callee = by_call_name.get(call_name)
        return [param.direction for param in callee.params] if callee else None

    return directions


@dataclass
class CapturedParam:
    var: Var
    direction: Direction = Direction.IN
    first_write: Span | None = None


@dataclass
class ScopeInterface:
    params: list[CapturedParam] = field(default_factory=list)
    # False when part of the body was not analysed: then nothing is claimed about it.
    complete: bool = True
    # Source text of unmodelled expressions in the body (a name there may be a use).
    opaque_texts: list[str] = field(default_factory=list)
    # Each statement of the body (pre-order) with the calls it evaluates (pre-order, as
    # `walk_expr`): what the facts' read search walks again, recorded by the walk here.
    calls: list[tuple[Stmt, list[Call]]] = field(default_factory=list, repr=False, compare=False)

    def param_of(self, var: Var) -> CapturedParam | None:
        return next((param for param in self.params if param.var is var), None)

    def index_of(self, var: Var) -> int | None:
        return next((index for index, param in enumerate(self.params) if param.var is var), None)


@dataclass
class _Access:
    read: bool = False
    write: Span | None = None


def scope_interface(
    scope: ScopeStmt,
    callee_directions: CalleeDirections,
    known: dict[int, ScopeInterface] | None = None,
    iter_args: frozenset[int] = frozenset(),
) -> ScopeInterface:
    """What the outliner makes the scope's parameters. `known` (the scope's id -> its
    interface) lets the checks and the facts of one analysis compute it once; it must
    hold only scopes still alive and resolved with the same `callee_directions`.
    `iter_args`: the ids of the loop iter_args of the enclosing function (SSA input): the
    real outliner matches a store's or assemble's destination as a plain Var only, so one
    of these there is neither written nor read."""
    if known is not None:
        found = known.get(id(scope))
        if found is None:
            found = known[id(scope)] = scope_interface(scope, callee_directions)
        return found
    defined: set[int] = set()
    read: list[Var] = []
    interface = ScopeInterface()
    # Each statement with its own expressions, listed once for both walks here.
    statements = [(stmt, own_exprs(stmt)) for stmt in walk_stmts(scope.body)]
    for stmt, exprs in statements:
        if isinstance(stmt, OpaqueStmt):
            interface.complete = False
        for var in bound_vars(stmt):
            defined.add(id(var))
        if isinstance(stmt, ForStmt) and stmt.init_values:
            # The real outliner reads a loop's iter_arg inits before its bounds.
            exprs = [*stmt.init_values, *exprs[: len(exprs) - len(stmt.init_values)]]
        for expr in exprs:
            if expr.__class__ is Var:
                read.append(expr)  # what `vars_in_evaluation_order` says of a var
            else:
                read.extend(vars_in_evaluation_order(expr))
    seen: set[int] = set()
    captured = []
    for var in read:  # first uses, in order, of the vars the body does not bind
        key = id(var)
        if key not in seen:
            seen.add(key)
            if key not in defined:
                captured.append(var)
    accesses = _tensor_accesses(statements, captured, scope.kind, callee_directions, interface, iter_args)
    for var in captured:
        access = accesses.get(id(var))
        param = CapturedParam(var)
        if access is not None and access.write is not None:
            param.direction = Direction.INOUT if access.read else Direction.OUT
            param.first_write = access.write
        interface.params.append(param)
    return interface


def _tensor_accesses(
    statements: list[tuple[Stmt, list[Expr]]],
    captured: list[Var],
    kind: ScopeKind,
    callee_directions: CalleeDirections,
    interface: ScopeInterface,
    iter_args: frozenset[int],
) -> dict[int, _Access]:
    """Read/write evidence per captured tensor, following write results (aliases) back;
    the text of every unmodelled expression goes to the interface's `opaque_texts` on
    the way, each statement's calls to its `calls` (in the order of the statements and
    their expressions, pre-order: one walk for all three)."""
    opaque_texts = interface.opaque_texts
    root: dict[int, int] = {id(var): id(var) for var in captured if isinstance(var.type, TensorType)}
    accesses = {key: _Access() for key in root}
    captured_ids = set(root)
    # Stores into a tensor a Hierarchy scope captures are not exported: the param stays In.
    write_slots = {
        op: i for op, i in _WRITE_SLOTS.items() if not (kind is ScopeKind.HIERARCHY and op == "tile.store")
    }

    def note(expr: Expr, span: Span, write: bool, read: bool) -> None:
        origin = root.get(id(expr)) if isinstance(expr, Var) else None
        if origin is None:
            return
        access = accesses[origin]
        access.read = access.read or read
        if write and access.write is None:
            access.write = span

    for stmt, exprs in statements:
        propagate_aliases(stmt, root)
        neutral = _neutral_operands(stmt, exprs)
        calls: list[Call] = []
        interface.calls.append((stmt, calls))
        for expr in exprs:
            if expr.__class__ is Var:
                if id(expr) not in neutral:
                    note(expr, stmt.span, False, True)
                continue
            pending = [expr]  # pre-order, as `walk_expr`, each node's operands listed once
            while pending:
                node = pending.pop()
                cls = node.__class__
                if cls is Var or cls is Const:
                    continue  # no operand to note
                operands = sub_exprs(node)
                if cls is Call:
                    calls.append(node)
                    for operand, write, read in _call_slots(node, write_slots, callee_directions):
                        if write and id(operand) in iter_args:
                            continue
                        if write and node.op == "tensor.assemble" and id(operand) not in captured_ids:
                            # The real outliner upgrades an assemble's destination only when it
                            # is the captured var itself, not a value derived from it.
                            continue
                        note(operand, stmt.span, write, read)
                else:  # any other use of a tensor counts as a read
                    if cls is OpaqueExpr:
                        opaque_texts.append(node.text)
                    for operand in operands:  # `note` of a read, inline: most operands are no tensor
                        origin = root.get(id(operand))  # only a var's id is a key (all are alive)
                        if origin is not None:
                            accesses[origin].read = True
                pending.extend(reversed(operands))
    return accesses


def _neutral_operands(stmt: Stmt, exprs: list[Expr]) -> set[int]:
    """Operands that only pass a tensor along (yields, loop inits, `y = x`): neither read nor
    write; `exprs`: the statement's own expressions."""
    if isinstance(stmt, (YieldStmt, ForStmt, WhileStmt)):
        return {id(expr) for expr in exprs}
    if isinstance(stmt, AssignStmt) and isinstance(stmt.value, Var):
        return {id(stmt.value)}
    return set()


def propagate_aliases(stmt: Stmt, root: dict[int, int]) -> None:
    """Extend `root` (var id -> id of the tensor it stands for) with the vars `stmt`
    binds to an existing alias: a write's result, a copy, a loop-carried value."""
    if isinstance(stmt, AssignStmt):
        source = _written_tensor(stmt.value) or stmt.value
        if isinstance(source, Var) and id(source) in root:
            root[id(stmt.var)] = root[id(source)]
    elif isinstance(stmt, (ForStmt, WhileStmt)):
        for target, init in zip(stmt.iter_args, stmt.init_values):
            if isinstance(init, Var) and id(init) in root:
                root[id(target)] = root[id(init)]
    elif isinstance(stmt, YieldStmt):
        for target, value in zip(stmt.targets, stmt.values):
            if isinstance(value, Var) and id(value) in root:
                root[id(target)] = root[id(value)]


def _written_tensor(value: Expr) -> Expr | None:
    """The tensor a write op writes; its result is that tensor after the write."""
    if isinstance(value, Call) and value.op in _WRITE_SLOTS:
        index = _WRITE_SLOTS[value.op]
        if len(value.args) > index:
            return value.args[index]
        keyword = _WRITE_KEYWORDS.get(value.op)
        return value.kwargs.get(keyword) if keyword else None
    return None


def _call_slots(
    call: Call, write_slots: dict[str, int], callee_directions: CalleeDirections
) -> list[tuple[Expr, bool, bool]]:
    """(operand, is write, is read) for every direct operand of a call."""
    directions = callee_directions(call.op) if not call.op.startswith(("tile.", "tensor.")) else None
    slots: list[tuple[Expr, bool, bool]] = []
    write_index = write_slots.get(call.op)
    for index, arg in enumerate(call.args):
        if directions is not None and index < len(directions):
            direction = directions[index]
            slots.append((arg, direction is not Direction.IN, direction is not Direction.OUT))
        else:
            is_write = index == write_index
            slots.append((arg, is_write, not is_write))
    write_keyword = _WRITE_KEYWORDS.get(call.op) if call.op in write_slots else None
    for key, value in call.kwargs.items():
        if isinstance(value, Expr):
            slots.append((value, key == write_keyword, key != write_keyword))
    return slots
