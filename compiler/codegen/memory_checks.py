"""The on-chip capacity errors of the passes between ConvertTensorToTileOps and codegen.

Three real checks, each with its real message (the location the real text appends, ` at
<span>` / ` [<span>]`, left out: the diagnostic's range is that location):

- ConvertTensorToTileOps (`op_conversion_registry.cpp`): a `tensor.create` in a kernel
  becomes a Vec `tile.create`; a static one larger than all of Vec is refused,
  `tensor.create: tile size (N bytes) exceeds buffer capacity (M bytes) for memory space 1`
  (`InternalError`, as `ir.compile` raises it). Range: the create.
- AutoTileMatmulL0 (`CheckExplicitL0OperandCapacity`): a matmul operand the author
  already placed in Left / Right (a `pl.move(..., target_memory=pl.Mem.Left)`) larger than
  the whole L0A / L0B: `tile.matmul left operand 'a_l0' is already resident in Left (L0A)
  with physical shape [128, 256] and dtype fp32, requiring 131072 bytes, but the active
  backend provides 65536 bytes. ...` (`ValueError`). Range: the operand's definition (the
  real location); related: the matmul.
- AllocateMemoryAddr: a space whose planned buffers end past the platform's capacity,
  `Vec buffer usage (262144 bytes) exceeds platform limit (188416 bytes)` (`ValueError`,
  no location). Only where the use is exact (`kernel_memory`): an "at most" use is never
  an error. Range: the op defining the tile whose buffer crosses the limit (where the
  author can act; the kernel's header when it has no place in the source); related: the
  kernel's scope (its `with pl.at` / `def` line), then the other buffers of that space
  live at the same time.

The passes run program by program and stop at the first that fails, so a program with a
ConvertTensorToTileOps error gets no other, and one with an AutoTileMatmulL0 error no
AllocateMemoryAddr error; none of them reaches codegen.

Capacities are the default SoC's (910B); `for_soc` re-judges the errors for another SoC
the real compiler knows (its capacities are never smaller than the 910B's, so it only
drops errors and rewrites the limit).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.base.span import Span
from compiler.codegen.kernel_memory import KernelMemory, format_bytes, is_kernel, kernel_memory
from compiler.codegen.pipeline_depth_hints import pipeline_depth_hints
from compiler.codegen.tile_memory import DEFAULT_SOC, SPACE_NUMBERS, capacity, tile_bytes
from compiler.ir import (
    Call,
    Const,
    Function,
    MakeTuple,
    Program,
    ScopeStmt,
    TensorType,
    TileType,
    Var,
)
from compiler.ir.visit import own_calls, walk_stmts
from compiler.ops.type_inference import dtype_text
from compiler.passes.canonicalize_tile_slice import accumulator_window_errors
from compiler.passes.expand_mixed_kernel import AIV, is_mixed_kernel, split_transpose_errors
from compiler.passes.init_memref_checks import init_memref_shape_errors
from compiler.passes.legalize_tile_cast import cast_error_for_soc, cast_path_errors
from compiler.passes.lower_auto_vector_split import unhalved_boundary_errors
from compiler.passes.lower_pipeline_loops import step_zero_errors
from compiler.passes.not_modelled import KernelsNotModelled, PassNotModelled, PassStopped
from compiler.passes.pipeline import PIPELINE, run_passes
from compiler.passes.ssa import base_name
from compiler.passes.tensor_to_tile import TileConversionError
from compiler.passes.tensor_to_tile_checks import tile_conversion_diagnostic
from compiler.verifier.aiv_split_valid import vector_ops_outside_regions
from compiler.verifier.hard_syncall_occupancy import LaunchNotKnown, hard_syncall_errors
from compiler.verifier.perf_hint_tile_innermost_dim import tile_innermost_dim_hints

MEMORY_CODES = frozenset(
    {codes.MEMORY_SPACE_OVERFLOW, codes.TENSOR_CREATE_TOO_LARGE, codes.L0_OPERAND_TOO_LARGE}
)
# The diagnostics whose verdict depends on the SoC: its capacities (L0A/L0B are 64 KB on every
# SoC), its backend's native cast table, and the performance hints (judged for the 910B's
# backend; another's recommends another row width: not given for it).
SOC_JUDGED_CODES = frozenset(
    {
        codes.MEMORY_SPACE_OVERFLOW,
        codes.TENSOR_CREATE_TOO_LARGE,
        codes.TILE_CAST_NO_PATH,
        codes.PERF_HINT_TILE_INNERMOST_DIM,
        codes.PERF_HINT_PIPELINE_DEPTH,
        codes.PRELU_SCRATCH_NOT_UINT8,
        codes.A2A3_UNSUPPORTED_FORM,
    }
)
_MATMULS = {"tile.matmul": 0, "tile.matmul_acc": 1, "tile.matmul_bias": 0}  # op -> its lhs index
# `GetL0aCapacityBytes` / `GetL0bCapacityBytes`: 64 KB on both SoCs.
_L0 = {"Left": ("left", "L0A"), "Right": ("right", "L0B")}


def overflow_message(space: str, used: int, limit: int, reserved: int = 0) -> str:
    """AllocateMemoryAddr's capacity error; `reserved`: the bytes a cross-core pipe's slots
    take at the bottom of the space, which the real message then names (with the knob that
    sizes them)."""
    message = f"{space} buffer usage ({used} bytes) exceeds platform limit ({limit} bytes)"
    if reserved:
        message += (
            f". The first {reserved} bytes of that space are reserved by system.reserve_buffer, so tiles are "
            "allocated above them — this is the cross-core pipe ring. Lower its depth with "
            "optimizations=[pl.cross_core_slot(slot_num=N)] on the enclosing pl.at(...), or shrink the "
            "tile that crosses the cube/vector boundary"
        )
    return message


def create_message(size: int, limit: int) -> str:
    return (
        f"tensor.create: tile size ({size} bytes) exceeds buffer capacity ({limit} bytes) "
        f"for memory space {SPACE_NUMBERS['Vec']}"
    )


@dataclasses.dataclass(frozen=True)
class ProgramMemory:
    """What the memory passes say of one program: each kernel's use, and their errors."""

    kernels: list[KernelMemory]
    errors: list[Diagnostic]
    # The performance hints of the compiled program (none where a pass rejects it; None:
    # not judged here).
    hints: list[Diagnostic] | None = dataclasses.field(default_factory=list)
    # Where a pass stopped on what it does not model (`PassNotModelled`), and why: the
    # program, or those kernels, were not taken through the rest of the pipeline, so not checked.
    unanalysed: list[tuple[Span, str]] = dataclasses.field(default_factory=list)
    # MemoryReuse's hints of pipeline stages made to share buffers (PH-MR-001), printed before
    # the others (None: not judged here).
    depth_hints: list[Diagnostic] | None = dataclasses.field(default_factory=list)


def program_memory(program: Program) -> ProgramMemory:
    """The kernels' memory use and the capacity errors of one program (default SoC). A
    program the modelled passes cannot take through gets neither: not analysed, never an error."""
    try:
        return _program_memory(program)
    except RecursionError:
        raise  # the unit is too deep to analyse (`analyse_unit` says so)
    except PassStopped as stopped:
        if stopped.diagnostic is None:
            return ProgramMemory([], [], None, [_where_stopped(stopped, program.span)])
        return ProgramMemory([], [stopped.diagnostic])  # a pass's own error: the compile stops there
    except Exception as problem:  # a pass or the emitter stumbling: "not analysed"
        return ProgramMemory([], [], None, [_where_stopped(problem, program.span)])


def _where_stopped(problem: Exception, otherwise: Span) -> tuple[Span, str]:
    """Where a pass refused to go on (`PassNotModelled.span`, else the program's header), and
    what it did not model."""
    span = getattr(problem, "span", None)
    if isinstance(problem, PassNotModelled):
        return (span if isinstance(span, Span) else otherwise), f"{problem.pass_name}: {problem.reason}"
    return otherwise, "a pass pto-lsp could not take this program through"


def _program_memory(program: Program) -> ProgramMemory:
    headers = _kernel_headers(program)
    # ConvertTensorToTileOps (the last pass) checks each `tensor.create` of a kernel as it
    # converts it, in order with the rest of what it converts: the creates are judged on
    # its input, and whichever of its errors comes first is the one raised.
    outlined, _ = run_passes([program], [], PIPELINE[-2].name, keep_input=True)
    # The verifier after OutlineIncoreScopes: the tile ops the author wrote.
    misplaced = vector_ops_outside_regions([f for p in outlined for f in p.functions], Stage.OUTLINE_INCORE)
    if misplaced:
        return ProgramMemory([], misplaced)
    creates = [
        d
        for kernel in [f for p in outlined for f in p.functions if is_kernel(f)]
        for d in _create_errors(
            kernel, [call for stmt in walk_stmts(kernel.body) for call in own_calls(stmt)]
        )
    ]
    refused: dict[str, PassNotModelled] = {}
    try:
        programs = [PIPELINE[-1].run(p) for p in outlined]
    except TileConversionError as error:
        first = tile_conversion_diagnostic(error)
        earlier = [d for d in creates if d.sort_key() < first.sort_key()]
        return ProgramMemory([], earlier or [first])
    except KernelsNotModelled as problem:  # the kernels the pass took through
        programs, refused = [problem.partial], problem.kernels  # type: ignore[list-item]
    kernels = [f for p in programs for f in p.functions if is_kernel(f) and f.name not in refused]
    # The verifier after ConvertTensorToTileOps: the tile ops the tensor ops became.
    misplaced = [] if creates else vector_ops_outside_regions(kernels, Stage.CONVERT_TENSOR_TO_TILE)
    if misplaced:
        return ProgramMemory([], misplaced)
    stopped = [_where_stopped(problem, program.span) for problem in refused.values()]
    # The passes after the conversion reject in their order: LegalizeTileCast, AutoTileMatmulL0,
    # CanonicalizeTileSlice, LowerAutoVectorSplit, LowerPipelineLoops, InitMemRef, then the planner. A tile InitMemRef refuses has no size: no use is shown.
    casts = [] if creates else cast_path_errors(kernels, DEFAULT_SOC)
    calls = [
        (kernel, [call for stmt in walk_stmts(kernel.body) for call in own_calls(stmt)]) for kernel in kernels
    ]
    operands = [] if creates or casts else [d for _, found in calls for d in _l0_operand_errors(found)]
    windows = [] if creates or casts or operands else accumulator_window_errors(kernels)
    plain = [kernel for kernel in kernels if not is_mixed_kernel(kernel)]  # their loops are not skewed
    unhalved = [] if creates or casts or operands or windows else unhalved_boundary_errors(kernels)
    # ExpandMixedKernel's refusal of a split it cannot apply.
    hazards = [] if creates or casts or operands or windows or unhalved else split_transpose_errors(kernels)
    steps = [] if creates or casts or operands or windows or unhalved or hazards else step_zero_errors(plain)
    # The HardSyncallOccupancy verifier, right after ExpandMixedKernel: a hard syncall's
    # launch. A launch pto-lsp cannot judge stops the judging of what comes after it (the
    # memory use is still shown).
    earlier = creates or casts or operands or windows or unhalved or hazards
    unknown: LaunchNotKnown | None = None
    try:
        syncalls = [] if earlier else hard_syncall_errors(programs, DEFAULT_SOC)
    except LaunchNotKnown as launch:
        syncalls, unknown = [], launch
    rejected = earlier or syncalls or ([] if unknown else steps)
    if unknown is not None:
        stopped.append((unknown.span, f"HardSyncallOccupancy: {unknown.reason}"))
    shapes = init_memref_shape_errors(kernels)
    if shapes:  # a tile with no size: no use is shown
        return ProgramMemory([], rejected or ([] if unknown else shapes), [], stopped)
    memories = [_located(kernel_memory(kernel), headers, program.name) for kernel in kernels]
    if unknown is not None:
        return ProgramMemory(memories, [], None, stopped)
    if rejected:
        return ProgramMemory(memories, rejected, [], stopped)
    overflows = first_overflow(memories, DEFAULT_SOC)
    if overflows:
        return ProgramMemory(memories, overflows, [], stopped)
    # A kernel the pass did not take through, or a mixed kernel whose cut is not modelled: the
    # program's hints are not judged.
    hints = (
        None
        if refused or not all(memory.split_modelled for memory in memories)
        else tile_innermost_dim_hints([f for p in programs for f in p.functions], DEFAULT_SOC)
    )
    depth_hints = None if refused else pipeline_depth_hints(memories)
    return ProgramMemory(memories, [], hints, stopped, depth_hints)


def first_overflow(memories: list[KernelMemory], soc: str) -> list[Diagnostic]:
    """The one capacity error AllocateMemoryAddr raises for a program: it plans the kernels in
    the order of their names (the program's functions are a map by name) and stops at the
    first space over its capacity. It visits a kernel's spaces newest first (an
    `unordered_map` keyed by the space, filled in the order the kernel's buffers are made:
    the space whose first tile comes last is checked first; a real Mat overflow and Acc
    overflow in one kernel is reported for Acc)."""
    for memory in sorted(memories, key=lambda found: found.name):
        found = overflow_errors(memory, soc)
        if found:
            # A mixed kernel's halves are planned in the order of their names: the AIC first.
            halves = {use.space: use.half for use in memory.spaces}
            first_half = min(halves.get(d.data["space"], "") for d in found)
            if first_half == AIV and {"Mat", "Acc", "Bias"} & set(memory.unknown):
                # The AIC, planned first, may fail on a space not analysed (AutoTileMatmulL0
                # sizes its Left / Right tiles to fit, not its accumulators): which error
                # comes first is not known.
                return []
            found = [d for d in found if halves.get(d.data["space"], "") == first_half]
            first_tile = {
                use.space: min((t.live[0] for t in use.tiles if t.live), default=0) for use in memory.spaces
            }
            return [max(found, key=lambda d: first_tile.get(d.data["space"], 0))]
    return []


def overflow_errors(memory: KernelMemory, soc: str) -> list[Diagnostic]:
    """AllocateMemoryAddr's capacity error for each space of the kernel its exact use overflows
    (on `soc`: a pipelined kernel's plan may differ by SoC)."""
    found = []
    elsewhere = {use.space: memory.used_on(use.space) for use in memory.spaces}
    memory = memory.for_soc(soc)
    for use in memory.spaces:
        limit = capacity(soc, use.space)
        if not use.exact or limit is None or use.used <= limit:
            continue
        tipping = use.tipping_tile(limit)
        at = tipping.span if tipping is not None and tipping.span is not None else memory.span
        diagnostic = Diagnostic(
            codes.MEMORY_SPACE_OVERFLOW,
            overflow_message(use.space, use.used, limit, use.reserved),
            at,
            stage=Stage.ALLOCATE_MEMORY_ADDR,
            exception="ValueError",
            data={
                "space": use.space,
                "used": use.used,
                "soc": soc,
                "kernel": memory.name,
                "reserved": use.reserved,
                # The use on the SoCs whose plan of the space differs (`for_soc` re-judges by it).
                **({"used_on": elsewhere[use.space]} if elsewhere.get(use.space) else {}),
            },
        )
        if at is not memory.span and tipping is not None:
            name = f"'{tipping.label}' " if tipping.label else ""
            diagnostic = diagnostic.with_related(
                memory.span,
                f"in kernel '{memory.name}': tile {name}({format_bytes(tipping.size)} bytes at {use.space} "
                f"address {format_bytes(tipping.address or 0)}) ends past the {format_bytes(limit)} bytes "
                f"of {use.space}",
            )
            for other in use.tiles:
                if other is tipping or other.span is None or not other.live_with(tipping):
                    continue
                label = f"'{other.label}' " if other.label else ""
                diagnostic = diagnostic.with_related(
                    other.span,
                    f"live at the same time: tile {label}({format_bytes(other.size)} bytes at {use.space} "
                    f"address {format_bytes(other.address or 0)})",
                )
        found.append(diagnostic)
    return found


def for_soc(diagnostics: Iterable[Diagnostic], soc: str) -> list[Diagnostic]:
    """The diagnostics as the real compiler would judge them for `soc`: a capacity error stays
    only when the use is over that SoC's capacity too, with that SoC's limit in its message; a
    performance hint (the 910B backend's) is left out."""
    if soc == DEFAULT_SOC:
        return list(diagnostics)
    judged = []
    for diagnostic in diagnostics:
        if diagnostic.code == codes.TILE_CAST_NO_PATH:
            judged.extend(cast_error_for_soc(diagnostic, soc))
            continue
        if diagnostic.code in (
            codes.PERF_HINT_TILE_INNERMOST_DIM,
            codes.PERF_HINT_PIPELINE_DEPTH,
            codes.PRELU_SCRATCH_NOT_UINT8,
            codes.A2A3_UNSUPPORTED_FORM,
        ):
            continue  # the 910B backend's hint and scratch rule: another SoC's backend is not judged here
        if diagnostic.code not in MEMORY_CODES or diagnostic.code == codes.L0_OPERAND_TOO_LARGE:
            judged.append(diagnostic)
            continue
        space = diagnostic.data["space"]
        used = diagnostic.data.get("used_on", {}).get(soc, diagnostic.data["used"])
        limit = capacity(soc, space)
        if limit is None or used <= limit:
            continue
        message = (
            overflow_message(space, used, limit, diagnostic.data.get("reserved", 0))
            if diagnostic.code == codes.MEMORY_SPACE_OVERFLOW
            else create_message(used, limit)
        )
        # The tile crossing this SoC's limit may be another one: the error goes back to the
        # kernel's header (the first related location, where there is one), without the rest.
        header = diagnostic.related[0].span if diagnostic.related else diagnostic.span
        judged.append(
            dataclasses.replace(
                diagnostic,
                span=header,
                message=message,
                related=(),
                data={**diagnostic.data, "used": used, "soc": soc},
            )
        )
    return judged


# ------------------------------------------------------------------ the passes' checks


def _create_errors(kernel: Function, calls: list[Call]) -> list[Diagnostic]:
    """`calls`: the kernel's, in order (`own_calls` of each statement, walked once for both checks)."""
    limit = capacity(DEFAULT_SOC, "Vec") or 0
    found = []
    for call in calls:
        if call.op != "tensor.create" or not call.args or not isinstance(call.args[0], MakeTuple):
            continue
        dims = [item.value if isinstance(item, Const) else None for item in call.args[0].items]
        if not all(isinstance(dim, int) and not isinstance(dim, bool) for dim in dims):
            continue
        dtype = call.type.dtype if isinstance(call.type, TensorType) else None
        elements = 1
        for dim in dims:
            elements *= dim  # type: ignore[operator]
        # `StaticStorageBytes` of the element count (non-positive dims: no check).
        size = tile_bytes((elements,), dtype or "FP32", "Vec") if elements > 0 else None
        if size is None or size <= limit:
            continue
        found.append(
            Diagnostic(
                codes.TENSOR_CREATE_TOO_LARGE,
                create_message(size, limit),
                call.span,
                stage=Stage.CONVERT_TENSOR_TO_TILE,
                exception="InternalError",
                data={"space": "Vec", "used": size, "soc": DEFAULT_SOC, "kernel": kernel.name},
            )
        )
    return found


def _l0_operand_errors(calls: list[Call]) -> list[Diagnostic]:
    found = []
    for call in calls:
        first = _MATMULS.get(call.op)
        if first is None or len(call.args) < first + 2:
            continue
        # The left operand is judged only where it sits in Left, the right one in Right (an
        # operand in the other L0 space is not the check's).
        for operand, expected in zip(call.args[first : first + 2], ("Left", "Right"), strict=True):
            diagnostic = _l0_operand_error(call, operand, expected)
            if diagnostic is not None:
                found.append(diagnostic)
    return found


def _l0_operand_error(call: Call, operand: object, expected: str) -> Diagnostic | None:
    if not isinstance(operand, Var) or not isinstance(operand.type, TileType):
        return None
    tile = operand.type
    if tile.memory != expected or tile.shape is None or len(tile.shape) != 2 or tile.dtype is None:
        return None
    size = tile_bytes(tuple(tile.shape), tile.dtype, tile.memory)
    limit = capacity(DEFAULT_SOC, tile.memory) or 0
    if size is None or size <= limit:
        return None
    role, hardware = _L0[tile.memory]
    shape = "[" + ", ".join(str(dim) for dim in tile.shape) + "]"
    message = (
        f"{call.op} {role} operand '{base_name(operand.name)}' is already resident in {tile.memory} "
        f"({hardware}) with physical shape {shape} and dtype {dtype_text(tile.dtype)}, requiring {size} "
        f"bytes, but the active backend provides {limit} bytes. AutoTileMatmulL0 does not retile operands "
        f"already placed in Left or Right. Keep this operand in Mat and pass it directly to {call.op} so "
        f"AutoTileMatmulL0 can choose legal L0 tiles, or manually extract a smaller {tile.memory} tile."
    )
    return Diagnostic(
        codes.L0_OPERAND_TOO_LARGE,
        message,
        operand.span,
        stage=Stage.AUTO_TILE_MATMUL_L0,
        exception="ValueError",
        data={"space": tile.memory, "used": size, "soc": DEFAULT_SOC},
    ).with_related(call.span, f"the {call.op} that takes it")


# ------------------------------------------------------------------ where a kernel is


def _kernel_headers(program: Program) -> dict[Span, Span]:
    """A kernel's span -> the line the author wrote it on: an outlined scope's `with` header,
    a kernel function's `def <name>`."""
    headers: dict[Span, Span] = {}
    for function in program.functions:
        span = function.span
        headers[span] = Span(
            span.start_line, span.start_col, span.start_line, span.start_col + 4 + len(function.name)
        )
        for stmt in walk_stmts(function.body):
            if isinstance(stmt, ScopeStmt) and stmt.header_span is not None:
                headers.setdefault(stmt.span, stmt.header_span)
    return headers


def _located(memory: KernelMemory, headers: dict[Span, Span], program: str) -> KernelMemory:
    return dataclasses.replace(memory, span=headers.get(memory.span, memory.span), program=program or None)
