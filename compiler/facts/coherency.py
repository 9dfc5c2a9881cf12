"""The coherency hint (PTO302): a BYPASS read of a tensor that a cached write of the
same program can reach before it.

The spec (`gm-cache-policy.md`) calls mixing a cached write and a bypassing read of the
same bytes a coherency bug, and leaves it to the author: the compiler cannot see a
concurrent writer on the host or another rank. The real compiler rejects only a scope
that writes its own BYPASS tensor (PTO202). Inside one orchestration this front end can
see more: each function that is not a kernel (an orchestration, an Opaque function) is
walked in program order, and every kernel it launches — an outlined `pl.at` /
`pl.spmd` scope, or a call of an InCore function — and every write op of its own is an
event. A BYPASS read of a kernel launch is reached by a write of the same tensor (the
same variable, followed through write results, copies and loop-carried values) that is
earlier in program order and not on the other branch of an `if`, or that sits anywhere
in a loop enclosing both (an earlier iteration). Every write is a cached one: no store
bypasses L2.

What is not modelled (a tensor passed to another orchestration function, a call whose
callee is unknown) yields no event: no hint, never a wrong one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, RelatedInfo, Severity, Stage
from compiler.base.span import Span
from compiler.facts.gm_reads import GmRead
from compiler.ir import (
    AssignStmt,
    Call,
    Direction,
    ForStmt,
    Function,
    FunctionType,
    IfStmt,
    InCoreScopeStmt,
    Program,
    ScopeStmt,
    SeqStmts,
    Stmt,
    TensorType,
    Var,
    WhileStmt,
)
from compiler.ir.visit import bound_vars, own_calls, walk_stmts
from compiler.lowering.outlining import OutlinedScope, function_outlines, names_beside
from compiler.lowering.scope_interface import ScopeInterface, callee_directions_among, propagate_aliases

# Orchestration-level ops that write their argument at this index (the registry's write slots).
_ORCHESTRATION_WRITES: dict[str, int] = {
    "tensor.assemble": 0,
    "tensor.write": 0,
    "tile.store": 2,
}
_WRITING = (Direction.OUT, Direction.INOUT)
_MOST_RELATED = 10  # related locations of one hint, at most


@dataclass(frozen=True)
class CachedWrite:
    span: Span  # where the write happens (a store in the scope, the kernel call, the op)
    writer: str  # in plain words: "kernel 'produce'", "the orchestration 'main'"
    how: str  # "called" (an InCore kernel called with it) or "written"
    line: int


@dataclass(frozen=True)
class CoherencyHint:
    """A kernel's BYPASS read of a tensor that cached writes of the same program can reach first."""

    tensor: str  # the kernel's name of the tensor
    kernel: str
    declaration: Span  # what asked for BYPASS (marker, or the first load's `cache=`)
    reads: tuple[GmRead, ...]
    writes: tuple[CachedWrite, ...]  # the nearest first: the one the message names
    outer_name: str | None = None  # the orchestration's name of the tensor, when it differs


@dataclass
class _Place:
    """Where an event sits in its function: program order, enclosing loops, if-branches taken."""

    order: int
    loops: frozenset[int]
    branches: tuple[tuple[int, bool], ...]


@dataclass
class _Launch:
    kernel: str
    place: _Place
    roots: dict[int, int]  # parameter index -> root id of the tensor passed
    names: dict[int, str]  # parameter index -> the orchestration's name of the tensor
    writes: list[tuple[int, CachedWrite]] = field(default_factory=list)  # (parameter index, write)


@dataclass
class _Write:
    root: int
    place: _Place
    write: CachedWrite
    launch: _Launch | None  # the kernel launch it belongs to (None: the orchestration's own)


def coherency_hints(
    programs: Sequence[Program],
    functions: Sequence[Function],
    bypass_reads: Sequence[GmRead],
    known: dict[int, ScopeInterface] | None = None,
    outlined: dict[int, list[ScopeStmt]] | None = None,
) -> list[CoherencyHint]:
    """The hints for the BYPASS reads `bypass_reads` (each kernel's, as codegen emits them).
    `known`: the interfaces of the programs' scopes computed already (see `scope_interface`:
    a program's calls resolve among its functions here too; a free function's among itself
    alone, so none of its scopes' is taken from there); `outlined`: id(function) -> its
    `outlined_scopes`, found already."""
    if not bypass_reads:
        return []
    by_kernel: dict[tuple[str, int], list[GmRead]] = {}
    for read in bypass_reads:
        by_kernel.setdefault((read.kernel, read.param_index), []).append(read)
    hints: list[CoherencyHint] = []
    groups = [(list(program.functions), True) for program in programs] + [([f], False) for f in functions]
    for group, in_program in groups:
        for function in group:
            if function.func_type is FunctionType.INCORE:
                continue  # a kernel: its reads are launched from elsewhere
            interfaces = known if in_program else None
            hints.extend(_function_hints(function, group, in_program, by_kernel, interfaces, outlined))
    hints.sort(key=lambda hint: (hint.declaration, hint.tensor))
    return hints


def _function_hints(
    function: Function,
    group: list[Function],
    in_program: bool,
    by_kernel: dict[tuple[str, int], list[GmRead]],
    known: dict[int, ScopeInterface] | None,
    outlined: dict[int, list[ScopeStmt]] | None,
) -> list[CoherencyHint]:
    directions = callee_directions_among(group)
    outlines = function_outlines(
        function,
        directions,
        known,
        taken=names_beside(function, group if in_program else None),
        outlined=outlined,
    )
    kernels = {f.name: f for f in group if f.func_type is FunctionType.INCORE}
    walk = _Walk(function, outlines, kernels)
    walk.block(function.body, frozenset(), ())
    found: dict[Span, CoherencyHint] = {}
    for launch in walk.launches:
        for index, root in launch.roots.items():
            reads = by_kernel.get((launch.kernel, index))
            if not reads:
                continue
            reaching = [w for w in walk.writes if w.root == root and _reaches(w, launch)]
            # The nearest first: the last write before the read, back to the first; then those
            # that reach it from a later point of a loop body (an earlier iteration).
            reaching.sort(key=lambda w: _distance(w, launch))
            writes = [w.write for w in reaching]
            if not writes:
                continue
            declaration = reads[0].reason_span or reads[0].span
            outer = launch.names.get(index)
            known = found.get(declaration)
            merged = {w.span: w for w in [*(known.writes if known else ()), *writes]}  # order kept
            found[declaration] = CoherencyHint(
                reads[0].tensor,
                launch.kernel,
                declaration,
                tuple(reads),
                tuple(merged.values()),
                outer if outer and outer != reads[0].tensor else None,
            )
    return list(found.values())


def _distance(write: _Write, launch: _Launch) -> tuple[bool, int]:
    before = write.place.order < launch.place.order
    return (not before, launch.place.order - write.place.order if before else write.place.order)


def _reaches(write: _Write, launch: _Launch) -> bool:
    """Whether `write` can happen before the reads of `launch`: in an earlier iteration of a
    loop around both, or earlier in program order and not on the other branch of an `if`."""
    if write.place.loops & launch.place.loops:
        return True
    if write.launch is launch or write.place.order >= launch.place.order:
        return False
    taken = dict(launch.place.branches)
    return all(taken.get(if_id, branch) == branch for if_id, branch in write.place.branches)


class _Walk:
    """One function's kernel launches and cached writes, in program order."""

    def __init__(
        self, function: Function, outlines: list[OutlinedScope], kernels: dict[str, Function]
    ) -> None:
        self.outlined = {id(o.scope): o for o in outlines if isinstance(o.scope, InCoreScopeStmt)}
        self.kernels = kernels
        self.function = function
        self.root: dict[int, int] = {}
        self.names: dict[int, str] = {}
        # Every tensor the function binds is a tensor of its own until an alias says otherwise.
        for param in function.params:
            self._root(param.var)
        for stmt in walk_stmts(function.body):
            for var in bound_vars(stmt):
                if isinstance(var.type, TensorType):
                    self._root(var)
        self.order = 0
        self.launches: list[_Launch] = []
        self.writes: list[_Write] = []

    def _root(self, var: Var) -> int:
        key = self.root.setdefault(id(var), id(var))
        self.names.setdefault(key, var.name)
        return key

    def _place(self, loops: frozenset[int], branches: tuple[tuple[int, bool], ...]) -> _Place:
        self.order += 1
        return _Place(self.order, loops, branches)

    def block(self, stmt: Stmt, loops: frozenset[int], branches: tuple[tuple[int, bool], ...]) -> None:
        if isinstance(stmt, SeqStmts):
            for child in stmt.stmts:
                self.block(child, loops, branches)
            return
        if isinstance(stmt, (ForStmt, WhileStmt)):
            propagate_aliases(stmt, self.root)
            self.block(stmt.body, loops | {id(stmt)}, branches)
            self._loop_results(stmt)
            return
        if isinstance(stmt, IfStmt):
            self.block(stmt.then_body, loops, (*branches, (id(stmt), True)))
            if stmt.else_body is not None:
                self.block(stmt.else_body, loops, (*branches, (id(stmt), False)))
            return
        if isinstance(stmt, ScopeStmt):
            outline = self.outlined.get(id(stmt))
            if outline is None:
                self.block(stmt.body, loops, branches)  # not a kernel of its own: look inside
                return
            self._scope_launch(outline, self._place(loops, branches))
            for inner in walk_stmts(stmt.body):
                propagate_aliases(inner, self.root)  # `out = pl.assemble(out, ...)` inside
            return
        place = self._place(loops, branches)
        for call in own_calls(stmt):
            self._call(call, stmt, place)
        propagate_aliases(stmt, self.root)

    def _loop_results(self, stmt: ForStmt | WhileStmt) -> None:
        # A loop's results stand for what its iter_args carried.
        for result, carried in zip(stmt.return_vars, stmt.iter_args):
            if id(carried) in self.root:
                self.root[id(result)] = self.root[id(carried)]

    def _scope_launch(self, outline: OutlinedScope, place: _Place) -> None:
        launch = _Launch(outline.name, place, {}, {})
        for index, param in enumerate(outline.interface.params):
            root = self._root(param.var)
            launch.roots[index] = root
            launch.names[index] = self.names.get(root, param.var.name)
            if param.direction in _WRITING and param.first_write is not None:
                span = param.first_write
                write = CachedWrite(span, f"kernel '{outline.name}'", "written", span.start_line)
                launch.writes.append((index, write))
                self.writes.append(_Write(root, place, write, launch))
        self.launches.append(launch)

    def _call(self, call: Call, stmt: Stmt, place: _Place) -> None:
        callee = self.kernels.get(call.op.removeprefix("self."))
        if callee is not None and call.op in (callee.name, f"self.{callee.name}"):
            launch = _Launch(callee.name, place, {}, {})
            line = call.span.start_line
            written: list[int] = []
            for index, arg in enumerate(call.args):
                if not isinstance(arg, Var) or index >= len(callee.params):
                    continue
                root = self._root(arg)
                launch.roots[index] = root
                launch.names[index] = self.names.get(root, arg.name)
                if callee.params[index].direction in _WRITING:
                    write = CachedWrite(call.span, f"kernel '{callee.name}'", "called", line)
                    launch.writes.append((index, write))
                    self.writes.append(_Write(root, place, write, launch))
                    written.append(root)
            self.launches.append(launch)
            if isinstance(stmt, AssignStmt) and stmt.value is call and len(written) == 1:
                self.root[id(stmt.var)] = written[0]  # `mid = self.produce(x, mid)`: the tensor written
            return
        index = _ORCHESTRATION_WRITES.get(call.op)
        if index is not None and len(call.args) > index and isinstance(call.args[index], Var):
            line = call.span.start_line
            writer = f"the orchestration '{self.function.name}'"
            root = self._root(call.args[index])
            self.writes.append(_Write(root, place, CachedWrite(call.span, writer, "written", line), None))


def _lines_away(line: int, reference: int) -> str:
    """Where `line` is, seen from `reference`: it moves with the unit, unlike a line number."""
    distance = abs(reference - line)
    if distance == 0:
        return "on the same line"
    return f"{distance} line{'s' if distance > 1 else ''} {'above' if line < reference else 'below'}"


def coherency_message(hint: CoherencyHint) -> str:
    first = hint.writes[0]
    also = (
        f" (and {len(hint.writes) - 1} more write{'s' if len(hint.writes) > 2 else ''})"
        if len(hint.writes) > 1
        else ""
    )
    outer = f" (passed as '{hint.outer_name}')" if hint.outer_name else ""
    return (
        f"tensor '{hint.tensor}'{outer} is read with CachePolicy.BYPASS in kernel '{hint.kernel}', but "
        # Where the write is, relative to the read: a line number would go stale when the unit
        # moves (its analysis is moved, not redone).
        f"{first.writer} ({first.how} {_lines_away(first.line, hint.declaration.start_line)}) writes it "
        "through the "
        f"cache before this read{also}: the write may still sit in L2 "
        "when the bypassing read goes to memory, and the read then sees stale data"
    )


def coherency_diagnostic(hint: CoherencyHint) -> Diagnostic:
    # Each write, up to a screenful: a read after hundreds of writes names the count in its message.
    related = tuple(
        RelatedInfo(write.span, f"cached write of '{hint.tensor}' by {write.writer}")
        for write in hint.writes[:_MOST_RELATED]
    )
    return Diagnostic(
        code=codes.COHERENCY_BYPASS_AFTER_CACHED_WRITE,
        message=coherency_message(hint),
        span=hint.declaration,
        severity=Severity.WARNING,
        stage=Stage.COHERENCY,
        related=related,
        data={"tensor": hint.tensor},
    )
