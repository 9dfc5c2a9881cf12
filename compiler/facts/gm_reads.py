"""Every GM read of a module's kernels with its effective cache policy and why.

A read is what ConvertTensorToTileOps turns into a `tile.load` (reference §3.1):
- a hand-written `pl.load` / `pl.tile.load` of a tensor parameter;
- a slice of a tensor parameter (`pl.slice`, `x[a:b, :]`);
- each operand of a tensor-level matmul that is a tensor parameter;
- a tensor parameter consumed by any other converted tensor op (its entry load:
  one load per parameter, reported at every op that consumes it).
Self-loading ops (`assemble`, `read`, `write`, gathers, ...) issue no entry load
of their own; `tensor.read` stays a scalar access the policy never reaches.

The policy of a read is, first of: its own `cache=` kwarg, the declaration for
the parameter it reads (following loop-carried values and written results back
to the parameter), DEFAULT.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from compiler.base.span import Span
from compiler.facts.kernels import Kernel, function_cache_policy, function_kernels
from compiler.ir import (
    Call,
    Expr,
    Function,
    FunctionType,
    InCoreScopeStmt,
    Program,
    ScopeStmt,
    Stmt,
    TensorType,
    Var,
)
from compiler.ir.cache_policy import BYPASS, DEFAULT, POLICY_NAMES
from compiler.ir.visit import own_calls, walk_stmts
from compiler.lowering.outlining import OutlinedScope, function_outlines, names_beside, outlined_scopes
from compiler.lowering.scope_interface import ScopeInterface, callee_directions_among, propagate_aliases
from compiler.lowering.tensor_reads import ReadKind, loaded_operands


class Reason(str, enum.Enum):
    EXPLICIT = "explicit"  # its own cache= kwarg
    DECLARED = "declared"  # the scope declaration for the parameter it reads
    DEFAULT = "default"  # neither: the ordinary cached access


@dataclass(frozen=True)
class GmRead:
    span: Span  # the user's expression that issues the read
    tensor: str  # the user's name of the tensor read
    kernel: str  # the device kernel the read ends up in
    param_index: int
    kind: ReadKind
    policy: int
    reason: Reason
    reason_span: Span | None  # the cache= kwarg, or the declaration

    @property
    def policy_name(self) -> str:
        return POLICY_NAMES[self.policy]


@dataclass(frozen=True)
class Declaration:
    span: Span  # the marker statement
    tensor: str
    policy: int
    scope_header: Span
    kernel: str | None  # the function the scope is outlined into (None: not outlined)
    param_index: int | None  # None: not captured, or not outlined
    lowered: bool  # False: carried, but no load picks it up (non-CORE_GROUP scope, InCore function)
    reads: tuple[GmRead, ...] = ()

    @property
    def policy_name(self) -> str:
        return POLICY_NAMES[self.policy]


@dataclass
class ModuleFacts:
    reads: list[GmRead] = field(default_factory=list)
    declarations: list[Declaration] = field(default_factory=list)

    def reads_at(self, line: int, byte_col: int) -> list[GmRead]:
        """The reads issued by the innermost expression covering a position."""
        covering = [read for read in self.reads if _covers(read.span, line, byte_col)]
        if not covering:
            return []
        innermost = min((read.span for read in covering), key=_extent)
        return [read for read in covering if read.span == innermost]

    def declaration_at(self, line: int, byte_col: int) -> Declaration | None:
        return next((d for d in self.declarations if _covers(d.span, line, byte_col)), None)


def module_facts(
    programs: list[Program],
    functions: list[Function],
    known: dict[int, ScopeInterface] | None = None,
    only: Callable[[Function], bool] | None = None,
    outlined: dict[int, list[ScopeStmt]] | None = None,
    calls: dict[int, list[tuple[Stmt, list[Call]]]] | None = None,
) -> ModuleFacts:
    """The GM reads and declarations of the kernels; `known`: scope interfaces computed
    already for these very functions (see `scope_interface`), `outlined` their outlined
    scopes (see `function_outlines`), `calls` InCore functions' calls (see `may_read_bypass`). With `only`, just the reads
    of the functions it accepts (no declarations): each exactly as without it."""
    facts = ModuleFacts()
    for group, in_program in [(program.functions, True) for program in programs] + [(functions, False)]:
        callee_directions = callee_directions_among(group)  # among the whole group, as without `only`
        for function in group:
            if only is not None and not only(function):
                continue
            taken = names_beside(function, group if in_program else None)
            outlines = function_outlines(function, callee_directions, known, taken, outlined)
            kernels = function_kernels(function, outlines)
            if calls is not None and function.func_type is FunctionType.INCORE:
                kernels[0].calls = calls.get(id(function))  # its only kernel
            for kernel in kernels:
                facts.reads.extend(kernel_reads(kernel))
            if only is None:
                facts.declarations.extend(_declarations(function, outlines, kernels, facts.reads))
    # By place only: the reads of one call keep their operand order (stable sort), as the
    # hints and hovers list them (`pl.matmul(y, w)`: y, then w).
    facts.reads.sort(key=lambda read: read.span)
    return facts


def may_read_bypass(
    function: Function,
    outlined: list[ScopeStmt] | None = None,
    known: dict[int, ScopeInterface] | None = None,
    calls: dict[int, list[tuple[Stmt, list[Call]]]] | None = None,
) -> bool:
    """Whether a read of `function`'s kernels can get the BYPASS policy (`_effective_policy`):
    only through a declaration (the `cache_policy` attr, a scope's marker) or a `cache=`
    kwarg of a load saying BYPASS. False: none of its reads can warn (`bypass_warnings`).
    An InCore function is its kernel: all of it is looked at (`calls`, if given, gets its
    statements with their calls, id(function) -> them, for `kernel_reads`); another
    function's kernels are its outlined InCore scopes (`outlined`: its `outlined_scopes`
    if known), each looked at through its interface's calls when `known` has it."""
    if any(policy == BYPASS for _, policy in function_cache_policy(function)):
        return True
    if function.func_type is FunctionType.INCORE:
        recorded: list[tuple[Stmt, list[Call]]] | None = [] if calls is not None else None
        found = _walk_calls(function.body, recorded)
        if calls is not None and recorded is not None:
            calls[id(function)] = recorded
        return found
    for scope in outlined if outlined is not None else outlined_scopes(function):
        if not isinstance(scope, InCoreScopeStmt):
            continue  # no kernel of its own
        if _marker_says_bypass(scope):
            return True
        interface = known.get(id(scope)) if known is not None else None
        if interface is None:
            if _walk_calls(scope.body, None):
                return True
        elif any(_bypass_load(call) for _, found_calls in interface.calls for call in found_calls):
            return True
    return False


def _bypass_load(call: Call) -> bool:
    return call.op == "tile.load" and call.kwargs.get("cache") == BYPASS


def _marker_says_bypass(stmt: Stmt) -> bool:
    return isinstance(stmt, ScopeStmt) and any(
        policy == BYPASS for _, policy in stmt.attr("cache_policy_vars") or []
    )


def _walk_calls(body: Stmt, recorded: list[tuple[Stmt, list[Call]]] | None) -> bool:
    """Whether a scope marker or a load under `body` says BYPASS; `recorded` (if given) gets
    every statement with its calls, pre-order as `walk_expr` (then nothing stops the walk)."""
    found = False
    for stmt in walk_stmts(body):
        stmt_calls = own_calls(stmt)
        if _marker_says_bypass(stmt) or any(_bypass_load(call) for call in stmt_calls):
            found = True
        if recorded is not None:
            recorded.append((stmt, stmt_calls))
        elif found:
            return True
    return found


def kernel_reads(kernel: Kernel) -> list[GmRead]:
    root: dict[int, int] = {id(p): id(p) for p in kernel.params if isinstance(p.type, TensorType)}
    index_of = {id(param): index for index, param in enumerate(kernel.params)}
    names = {id(param): param.name for param in kernel.params}
    reads: list[GmRead] = []

    def read(operand: Expr, call: Call, kind: ReadKind, span: Span) -> None:
        origin = root.get(id(operand)) if isinstance(operand, Var) else None
        if origin is None:
            return
        policy, reason, reason_span = _effective_policy(
            call if kind is ReadKind.LOAD else None, kernel, origin
        )
        reads.append(
            GmRead(span, names[origin], kernel.name, index_of[origin], kind, policy, reason, reason_span)
        )

    if not root:
        return reads  # no tensor parameter: nothing to read, nothing to alias
    recorded = kernel.interface.calls if kernel.interface is not None else kernel.calls
    # The calls of each statement: as a walk recorded them (the interface's, `may_read_bypass`),
    # else found now.
    statements = recorded if recorded is not None else _statement_calls(kernel.body)
    for stmt, calls in statements:
        if isinstance(stmt, ScopeStmt) and stmt is not kernel.scope and stmt.kind.value == "InCore":
            continue  # a nested InCore scope is a kernel of its own
        propagate_aliases(stmt, root)
        for call in calls:
            for operand, kind in loaded_operands(call):
                read(operand, call, kind, call.span)
    return reads


def _statement_calls(body: Stmt) -> Iterator[tuple[Stmt, list[Call]]]:
    for stmt in walk_stmts(body):
        yield stmt, own_calls(stmt)


def _effective_policy(load: Call | None, kernel: Kernel, origin: int) -> tuple[int, Reason, Span | None]:
    if load is not None and isinstance(load.kwargs.get("cache"), int):
        return load.kwargs["cache"], Reason.EXPLICIT, load.kwarg_spans.get("cache")
    declared = kernel.declared.get(origin)
    if declared is not None:
        return declared[0], Reason.DECLARED, declared[1]
    return DEFAULT, Reason.DEFAULT, None


def _declarations(
    function: Function, outlines: list[OutlinedScope], kernels: list[Kernel], reads: list[GmRead]
) -> list[Declaration]:
    outlined = {id(outline.scope): outline for outline in outlines}
    found: list[Declaration] = []
    for scope in (stmt for stmt in walk_stmts(function.body) if isinstance(stmt, ScopeStmt)):
        outline = outlined.get(id(scope))
        lowered = outline is not None and scope.kind.value == "InCore"
        for index, (var, policy) in enumerate(scope.attr("cache_policy_vars") or []):
            span = scope.declaration_spans[index] if index < len(scope.declaration_spans) else scope.span
            param_index = outline.interface.index_of(var) if outline else None
            governed = tuple(
                read
                for read in reads
                if lowered and read.reason is Reason.DECLARED and read.reason_span == span
            )
            header = scope.header_span or scope.span
            kernel = outline.name if outline else None
            found.append(Declaration(span, var.name, policy, header, kernel, param_index, lowered, governed))
    return found


def _covers(span: Span, line: int, byte_col: int) -> bool:
    return (span.start_line, span.start_col) <= (line, byte_col) <= (span.end_line, span.end_col)


def _extent(span: Span) -> tuple[int, int]:
    return (span.end_line - span.start_line, span.end_col - span.start_col)
