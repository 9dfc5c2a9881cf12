"""The HardSyncallOccupancy verifier, which the real pipeline runs once, right after
ExpandMixedKernel (src/ir/verifier/verify_hard_syncall_occupancy.cpp).

A hard (FFTS) `pl.system.syncall` (no `mode=`, or any mode but "soft") waits for every
physical core of its kind, so the SPMD launch of the kernel holding it must fill those cores
exactly and set `sync_start=True`. Each launch site is judged with the kernel it launches:

- a dispatch carrying the launch spec: the call of an outlined `pl.spmd` wrapper (its
  `core_num` / `sync_start` attrs; the wrapper launches the kernels its body calls) or a
  `pl.spmd_submit` (its `core_num=` / `sync_start=`; it launches the kernel it names);
- its width: a literal, compared with the SoC's core count; a launch-shape query
  (`pl.system.available_cluster_count()` / `available_aiv_count()`, directly or through the
  variable it binds anywhere in the program), which fills its own kind by construction;
  anything else the real verifier cannot classify either, and skips;
- the launched kernel as ExpandMixedKernel left it: a mixed kernel (a Group) needs one block
  per core-group (the CUBE count) for any barrier kind, and is reported once, at the first
  hard syncall of its AIC half, else of its AIV half; a standalone AIV kernel needs a
  `core_type="aiv_only"` barrier and the VECTOR count, a standalone AIC one `aic_only` and
  the CUBE count; any other barrier kind in it can never complete. A barrier is on its
  kind's side: an `aic_only` one in a vector kernel makes it mixed, as a cube tile would.
  Occupancy is judged before `sync_start`.

Not judged (the kernel's launch is then "not known", and what the planner would say after
it is not judged either): a width the real parser folds to a literal but pto-lsp cannot (a
module constant computed by a call, `CORE_NUM = _aiv_core_count(...)`: out of static reach,
`compiler.static_reach.IMPORT_VALUES`), a kernel whose
core type is not known here (a declared AIV kernel moving tiles across cores, which the backend may dispatch on both lanes), a
launch through a `pl.cluster()` Group (ExpandMixedKernel rewrites the Group in place).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.base.span import Span
from compiler.ir import (
    AssignStmt,
    BinaryExpr,
    Call,
    Const,
    Expr,
    Function,
    FunctionType,
    OpaqueExpr,
    Program,
    Var,
)
from compiler.ir.visit import own_calls, walk_stmts
from compiler.passes.expand_mixed_kernel import is_mixed_kernel
from compiler.passes.lower_auto_vector_split import CUBE_SPACES
from compiler.passes.not_modelled import IMPORT_VALUE_WORDS

# Physical cores per SoC: (CUBE, VECTOR) (src/backend/common/soc.cpp).
CORE_COUNTS = {"910B": (24, 48), "950": (36, 72)}
CLUSTER_QUERY = "system.available_cluster_count"
AIV_QUERY = "system.available_aiv_count"
_QUERY_SPELLING = {
    CLUSTER_QUERY: "pl.system.available_cluster_count()",
    AIV_QUERY: "pl.system.available_aiv_count()",
}
_SOFT = "soft"
_CROSS_CORE_OPS = ("tile.tpush", "tile.tpop")


class LaunchNotKnown(Exception):
    """A launch of a kernel with a hard syncall that the verifier judges and pto-lsp cannot
    (see the module docstring); `span` is the kernel's."""

    def __init__(self, span: Span, reason: str) -> None:
        super().__init__(reason)
        self.span = span
        self.reason = reason


@dataclass(frozen=True)
class _Width:
    """A launch width: a literal `count`, or the query op it is sized by (`query`)."""

    count: int | None = None
    query: str | None = None


def hard_syncall_errors(programs: Iterable[Program], soc: str) -> list[Diagnostic]:
    """The verifier's errors over `programs` (after ConvertTensorToTileOps, kernels not yet
    cut); raises `LaunchNotKnown` where a launch it would judge is not known here."""
    cube, vector = CORE_COUNTS[soc]
    found: list[Diagnostic] = []
    for program in programs:
        functions = {function.name: function for function in program.functions}
        queries = _query_bindings(program.functions)
        for function in program.functions:
            for call, width_expr, sync_start in _launch_sites(function):
                callee = functions.get(_callee_name(call) or "")
                if callee is None:
                    continue
                kernels = _launched_kernels(callee, functions)
                with_syncalls = [(kernel, _hard_syncalls(kernel)) for kernel in kernels]
                with_syncalls = [(kernel, found_) for kernel, found_ in with_syncalls if found_]
                if not with_syncalls:
                    continue
                width = _width(width_expr, queries)
                if width is None:
                    continue  # a width the real verifier cannot classify: not checked
                if isinstance(width, str):
                    raise LaunchNotKnown(with_syncalls[0][0].span, width)
                for kernel, syncalls in with_syncalls:
                    found.extend(_kernel_errors(kernel, syncalls, width, sync_start, cube, vector))
    return found


def _launch_sites(function: Function) -> Iterator[tuple[Call, object, bool]]:
    """(the dispatch, its core_num, its sync_start) for each dispatch carrying a launch spec."""
    for stmt in walk_stmts(function.body):
        for call in own_calls(stmt):
            if call.op == "pl.spmd_submit" and "core_num" in call.kwargs:
                yield call, call.kwargs["core_num"], _true(call.kwargs.get("sync_start"))
                continue
            attrs = dict(call.kwargs.get("attrs") or [])
            if "core_num" in attrs:
                yield call, attrs["core_num"], _true(attrs.get("sync_start"))


def _true(value: object) -> bool:
    return value is True or (isinstance(value, Const) and value.value is True)


def _callee_name(call: Call) -> str | None:
    if call.op == "pl.spmd_submit":
        target = call.args[0] if call.args else None
        text = target.text if isinstance(target, OpaqueExpr) else None
        return text.removeprefix("self.") if text is not None and text.startswith("self.") else None
    return call.op.removeprefix("self.") if call.op.startswith("self.") else None


def _launched_kernels(callee: Function, functions: dict[str, Function]) -> list[Function]:
    """An outlined `pl.spmd` wrapper launches the functions its body calls (each once);
    any other callee is itself the launched kernel."""
    if callee.func_type is FunctionType.GROUP and any(key == "spmd_unwrapped" for key, _ in callee.attrs):
        if any(_hard_syncalls(f) for f in _direct_callees(callee, functions)):
            raise LaunchNotKnown(callee.span, "a pl.spmd launch of a pl.cluster() Group")
        return []
    if callee.func_type is not FunctionType.SPMD:
        return [callee]
    return _direct_callees(callee, functions)


def _direct_callees(function: Function, functions: dict[str, Function]) -> list[Function]:
    found: dict[str, Function] = {}
    for stmt in walk_stmts(function.body):
        for call in own_calls(stmt):
            name = _callee_name(call)
            if name in functions and name not in found:
                found[name] = functions[name]
    return list(found.values())


def _query_bindings(functions: Iterable[Function]) -> dict[int, str]:
    """id(var) -> the launch-shape query it is bound to, over the whole program."""
    return {
        id(stmt.var): stmt.value.op
        for function in functions
        for stmt in walk_stmts(function.body)
        if isinstance(stmt, AssignStmt) and isinstance(stmt.value, Call) and stmt.value.op in _QUERY_SPELLING
    }


def _width(value: object, queries: dict[int, str]) -> _Width | str | None:
    """The launch width; None where the real verifier cannot classify it either (a
    variable not bound to a query, arithmetic on one); a reason where only pto-lsp cannot."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return _Width(count=value)
    if isinstance(value, Const) and isinstance(value.value, int) and not isinstance(value.value, bool):
        return _Width(count=value.value)
    if isinstance(value, Call) and value.op in _QUERY_SPELLING:
        return _Width(query=value.op)
    if isinstance(value, Var):
        query = queries.get(id(value))
        return _Width(query=query) if query is not None else None
    if isinstance(value, BinaryExpr) and not _reads_opaque(value):
        return None  # arithmetic on variables: Simplify leaves it, the verifier skips it
    names = ", ".join(f"`{part.text}`" for part in _opaque_parts(value)) or "its width"
    return f"the width of a hard syncall's SPMD launch reads {names}, {IMPORT_VALUE_WORDS}"


def _opaque_parts(value: object) -> list[OpaqueExpr]:
    if isinstance(value, OpaqueExpr):
        return [value]
    if isinstance(value, BinaryExpr):
        return _opaque_parts(value.lhs) + _opaque_parts(value.rhs)
    return []


def _reads_opaque(expr: Expr) -> bool:
    if isinstance(expr, OpaqueExpr):
        return True
    if isinstance(expr, BinaryExpr):
        return _reads_opaque(expr.lhs) or _reads_opaque(expr.rhs)
    return not isinstance(expr, (Var, Const))


@dataclass(frozen=True)
class _Syncall:
    core_type: str
    span: Span


def _hard_syncalls(kernel: Function) -> list[_Syncall]:
    """The kernel's hard `system.syncall`s, in source order, with their barrier kind."""
    found = []
    for stmt in walk_stmts(kernel.body):
        for call in own_calls(stmt):
            if call.op == "system.syncall" and _text(call.kwargs.get("mode", "hard")) != _SOFT:
                found.append(_Syncall(_text(call.kwargs.get("core_type", "mix")), call.span))
    return found


def _text(value: object) -> str:
    """A string kwarg as written (an opaque one is its literal's text)."""
    if isinstance(value, OpaqueExpr):
        return value.text.strip("'\"")
    return value if isinstance(value, str) else "?"


def _kernel_errors(
    kernel: Function, syncalls: list[_Syncall], width: _Width, sync_start: bool, cube: int, vector: int
) -> list[Diagnostic]:
    core_type = _core_type(kernel, syncalls)
    if core_type is FunctionType.GROUP:
        requirement = f"fill all {cube} core-groups (one block per core-group, i.e. all {cube} AIC cores)"
        message = _gate(
            width, CLUSTER_QUERY, cube, sync_start, f" in mixed kernel '{kernel.name}'", requirement
        )
        if message is None:
            return []
        # Reported once, at the first hard syncall of the AIC half (a `mix` or `aic_only`
        # barrier is the cube's), else of the AIV half.
        first = next((s for s in syncalls if s.core_type != "aiv_only"), syncalls[0])
        return [_error(message, first.span)]
    lane, query, count, unit, other, name = (
        ("aiv_only", AIV_QUERY, vector, "AIV", "CUBE", "vector-only (AIV)")
        if core_type is FunctionType.AIV
        else ("aic_only", CLUSTER_QUERY, cube, "AIC", "VECTOR", "cube-only (AIC)")
    )
    found = []
    for syncall in syncalls:
        if syncall.core_type != lane:
            found.append(_error(_unsatisfiable(syncall.core_type, name, other), syncall.span))
            continue
        requirement = f"fill all {count} {unit} cores (one block per physical core)"
        message = _gate(width, query, count, sync_start, f'(core_type="{lane}")', requirement)
        if message is not None:
            found.append(_error(message, syncall.span))
    return found


def _core_type(kernel: Function, syncalls: list[_Syncall]) -> FunctionType:
    """What ExpandMixedKernel makes of the kernel: a Group, an AIC or an AIV kernel."""
    if kernel.func_type in (FunctionType.AIV, FunctionType.AIC):
        if kernel.func_type is FunctionType.AIV and _moves_across_cores(kernel):
            raise LaunchNotKnown(kernel.span, "an AIV kernel moving tiles across cores (dual dispatch)")
        return kernel.func_type
    if kernel.func_type is not FunctionType.INCORE:
        raise LaunchNotKnown(kernel.span, f"a launch of a {kernel.func_type.value} function")
    if is_mixed_kernel(kernel):
        return FunctionType.GROUP
    spaces = {
        call.type.memory
        for stmt in walk_stmts(kernel.body)
        for call in own_calls(stmt)
        if getattr(call.type, "memory", None) is not None
    }
    cube_side = bool(spaces & CUBE_SPACES) or any(s.core_type == "aic_only" for s in syncalls)
    vector_side = "Vec" in spaces or any(s.core_type == "aiv_only" for s in syncalls)
    if cube_side and vector_side:  # a barrier of the other kind: the kernel is mixed
        return FunctionType.GROUP
    return FunctionType.AIC if cube_side else FunctionType.AIV


def _moves_across_cores(kernel: Function) -> bool:
    return any(
        call.op.startswith(_CROSS_CORE_OPS) for stmt in walk_stmts(kernel.body) for call in own_calls(stmt)
    )


def _gate(
    width: _Width, query: str, required: int, sync_start: bool, detail: str, requirement: str
) -> str | None:
    """Occupancy first, then co-residency (`sync_start`); None when both hold."""
    head = f"hard pl.system.syncall{detail} requires the SPMD launch to "
    if width.count is not None:
        if width.count != required:
            return (
                f"{head}{requirement}, but the launch has {width.count} blocks. "
                'Use mode="soft" (GM-polling) for partial occupancy.'
            )
    elif width.query != query:
        return (
            f"{head}{requirement}, but the launch sizes itself on {_QUERY_SPELLING[width.query or '']}. "
            f'Use {_QUERY_SPELLING[query]} instead, or mode="soft" (GM-polling) for partial occupancy.'
        )
    if not sync_start:
        return (
            f"{head}set sync_start=True so all blocks are co-resident at the FFTS barrier; without it "
            "the runtime may dispatch blocks in waves and the barrier deadlocks on device (507018). "
            'Add sync_start=True to the launch, or use mode="soft" (GM-polling).'
        )
    return None


def _unsatisfiable(core_type: str, launch: str, missing: str) -> str:
    return (
        f'hard pl.system.syncall(core_type="{core_type}") can never complete in a {launch} launch: it '
        f"waits for all {missing} cores, but a single-core-type SPMD launch provides none of them. Use a "
        "barrier core_type that matches the launch, or launch this barrier from a mixed (cube+vector) kernel."
    )


def _error(message: str, span: Span) -> Diagnostic:
    return Diagnostic(
        codes.HARD_SYNCALL_OCCUPANCY,
        message,
        span,
        stage=Stage.EXPAND_MIXED_KERNEL,
        exception="VerificationError",
    )
