"""PTO MLIR for one InCore kernel after ConvertTensorToTileOps (`pypto-language.md` §6).

The format follows the real codegen's (`../shared/spec/pypto-examples/*/*.pto`):
a module with `pto.target_arch`, a `func.func` taking tensor pointers first,
then scalars, then the SPMD block index/count; constants first; one
`pto.make_tensor_view` per tensor parameter; `pto.alloc_tile` at each tile's
definition; `pto.partition_view` + `pto.tload` per load; `pto.tstore` per store;
DPS compute ops; `pto.tmov` into Left/Right around a matmul. Nested calls are
emitted operands first, as FlattenCallExpr would have ordered them.

SSA names and the order of constants are the real codegen's (`ssa_names`), tile
addresses the real planner's for the kernels emitted (`tile_memory`). Our own, and
said so in `docs/codegen.md`: `loc(...)` positions.

The cache policy: with `ptoas_cache_policy="unsupported"` (the spec's behaviour)
a BYPASS load is emitted exactly like any other load (byte-identical MLIR); the
warning that says so is decided from the GM reads, not here
(`compiler.codegen.bypass_warning`). With `"attribute"` every BYPASS `pto.tload`
carries `{cache_policy = #pto.load_cache_policy<l2_bypass>}`.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from dataclasses import dataclass, field

from compiler.base.span import Span
from compiler.codegen import pto_op_names, scalar_compare
from compiler.codegen.not_modelled import (
    MODELLED_RANK,
    format_dim,
    statement_problem,
    static_2d_problem,
    user_name,
)
from compiler.codegen.ssa_names import ADDRESSES, BODY, TILES, VIEWS, SsaNames, placeholders_in, substitute
from compiler.codegen.tile_memory import (
    SOCS,
    SPACE_NAMES,
    DepthReduction,
    TileAlloc,
    plan_addresses,
    tile_bytes,
)
from compiler.ir import (
    AssignStmt,
    BinaryExpr,
    Call,
    Const,
    EvalStmt,
    Expr,
    ForKind,
    ForStmt,
    Function,
    FunctionType,
    IfStmt,
    MakeTuple,
    OpaqueExpr,
    Program,
    ReturnStmt,
    ScalarType,
    SeqStmts,
    Stmt,
    TensorType,
    TileType,
    Var,
    WhileStmt,
    YieldStmt,
)
from compiler.ir.types import TileView
from compiler.ir.visit import own_exprs, vars_read, walk_stmts
from compiler.ops.type_inference import dtype_bits
from compiler.passes.auto_tile_matmul_l0 import (
    PASS_NAME as AUTO_TILE,
)
from compiler.passes.auto_tile_matmul_l0 import (
    L0Tiling,
    MatmulShape,
    l0_tiling,
    same_on_every_soc,
)
from compiler.passes.canonicalize_io_order import canonicalize_io_order
from compiler.passes.canonicalize_tile_slice import VecWindow, contiguous_in_l0c, slice_reads, vec_window
from compiler.passes.infer_tile_memory_space import retyped_spaces
from compiler.passes.legalize_tile_cast import TCVT_TABLES
from compiler.passes.lower_pipeline_loops import Membership, ReplicationNotModelled, lower_pipeline_loops
from compiler.passes.not_modelled import PassNotModelled, PassStopped
from compiler.passes.simplify import simplify
from compiler.passes.ssa import base_name

_DTYPES = {
    "FP32": "f32",
    "FP16": "f16",
    "BF16": "bf16",
    "INT32": "i32",
    "INT64": "i64",
    "INT8": "i8",
    "UINT8": "ui8",
}
_IR_DTYPES = {mlir: name for name, mlir in _DTYPES.items()}


def _element_bits(mlir_dtype: str) -> int:
    ir_dtype = _IR_DTYPES.get(mlir_dtype)
    return dtype_bits(ir_dtype) if ir_dtype else 32


# (blayout, slayout, fractal) per memory space.
_LAYOUT = {
    "vec": ("row_major", "none_box", 512),
    "mat": ("col_major", "row_major", 512),
    "left": ("col_major", "row_major", 512),
    "right": ("row_major", "col_major", 512),
    "acc": ("col_major", "row_major", 1024),
}
# Spaces and ops whose tiles the planner is held to (the real planner's use of the corpus and
# of `tests/data/capacity_mutants/`) but whose PTO text is not: `plan_kernel` takes them,
# `emit_kernel` refuses them.
_PLAN_ONLY_SPACES = frozenset({"bias"})
# (`tensor.dim`: a tensor's extent, the index the real codegen passes the kernel for a
# dynamic one; no tile.)
_PLAN_ONLY_SCALAR_OPS = frozenset({"tensor.read", "tensor.dim", "system.syncall", "tile.get_block_num"})
_PLAN_ONLY_OPS = frozenset(
    {
        "tile.matmul_bias",
        "tile.gemv",
        "tile.fillpad",
        "tile.fillpad_inplace",
        "tile.fillpad_expand",
        "tile.row_prod",
        "tile.assemble",
        "tile.slice",
        "tile.gather_row",
        "tile.transpose",
    }
)
# Row reductions (`pto_op_names.ROW_REDUCTIONS`) -> an [M, 1] column-major tile; none may
# write its result over an input (`not_inplace_safe`). Broadcasts (`EXPANDS`): the result
# may not share the broadcast operand's buffer (`forbid_output_alias(1)`).
# Unary ops that may not write their result over their input (`not_inplace_safe`).
_NOT_INPLACE_UNARY = {"tile.rsqrt", "tile.recip"}
# `tile.cast` modes, as `pto.tcvt` spells them.
_ROUND_MODES = ("none", "rint", "round", "floor", "ceil", "trunc", "odd", "cast_rint")
_SCALAR_MIN_MAX = {"tile.min": "minsi", "tile.max": "maxsi"}
# The pipe ops of the AIC / AIV kernels ExpandMixedKernel makes (planned, not emitted).
_CROSS_CORE_OPS = frozenset(
    {
        "tile.tpop_from_aic",
        "tile.tpop_from_aiv",
        "tile.tpush_to_aic",
        "tile.tpush_to_aiv",
        "system.tfree_to_aic",
        "system.tfree_to_aiv",
        "system.reserve_buffer",
        "system.import_peer_buffer",
        "system.aic_initialize_pipe",
        "system.aiv_initialize_pipe",
    }
)
# The space an author's `reserve_buffer` takes by default in a kernel of each side.
_RESERVE_SPACE = {FunctionType.AIC: "mat", FunctionType.AIV: "vec"}
_INDEX_OPS = {"add": "addi", "sub": "subi", "mul": "muli", "floordiv": "divsi", "mod": "remsi"}
_HOISTED = re.compile(r"(t__tile|tmp_tile)_\d+")
_CUBE_SPACES = frozenset({"mat", "left", "right", "acc", "bias"})
BYPASS_ATTRIBUTE = "{cache_policy = #pto.load_cache_policy<l2_bypass>}"


# The spaces of the tiles AutoTileMatmulL0 chooses for a matmul it rewrites (its L0 extracts
# and accumulator); it adds no Mat or Vec tile, so those spaces stay planned.
L0_SPACES = frozenset({"left", "right", "acc"})


class CodegenNotModelled(Exception):
    """The kernel uses a construct this emitter does not model (e.g. an if/else):
    the message says what, `span` where (None: the kernel as a whole)."""

    def __init__(self, message: str, span: Span | None = None) -> None:
        super().__init__(message)
        self.span = span


@dataclass(frozen=True)
class CodegenOptions:
    ptoas_cache_policy: str = "unsupported"  # or "attribute"
    emit_source_loc: bool = False
    file_label: str = "<kernel>"
    # The module's `pl.dynamic` names: a tensor dim naming one is an index the kernel is
    # passed (any other name in a shape is a value we do not fold: the kernel is refused).
    dynamic_dims: frozenset[str] = frozenset()


@dataclass(frozen=True)
class TileBuf:
    loc: str
    dtype: str
    rows: int
    cols: int
    transposed: bool = False  # a `tile.transpose_view` of a Mat tile: its layouts swap
    col_major: bool = False  # a Vec tile laid out by columns (a row reduction's [M, 1] result)
    # A Left tile `tile.extract` makes (AutoTileMatmulL0's K blocks): its boxes are row-major,
    # where a move's into Left are column-major.
    extracted: bool = False

    def type(self) -> str:
        # (A plan-only space's tile is never printed: `_alloc` refuses it when text is wanted.)
        blayout, slayout, fractal = _LAYOUT.get(self.loc, _LAYOUT["vec"])
        if self.transposed:
            blayout, slayout = slayout, blayout
        if self.col_major:
            blayout = "col_major"
        if self.extracted and self.loc == "left":
            blayout = "row_major"
        return (
            f"!pto.tile_buf<loc={self.loc}, dtype={self.dtype}, rows={self.rows}, cols={self.cols}, "
            f"v_row=?, v_col=?, blayout={blayout}, slayout={slayout}, fractal={fractal}, pad=0>"
        )


@dataclass
class Value:
    name: str  # its SSA name (a placeholder until the kernel is done: `ssa_names`)
    tile: TileBuf | None = None
    tensor: tuple[int, int, str] | None = None  # a tensor view: rows, cols, element type
    dims: tuple[int, ...] = ()  # an N-D (rank > 2) tensor view's shape (its rows, cols: flattened)
    scalar: str | None = None  # "index" / "f32"
    alloc: int | None = None  # a tile's alloc (its index in `_Emitter.allocs`)
    hint: str = ""  # the name it was given, for the names of values made from it


@dataclass
class KernelCode:
    text: str
    # Its tiles and the real planner's address of each (`tile_memory`): its on-chip use.
    allocs: list[TileAlloc] = field(default_factory=list)
    addresses: list[int] = field(default_factory=list)
    # The spaces (`loc=` names) whose tiles a later pass chooses anew (AutoTileMatmulL0's L0
    # tiles of a matmul it rewrites): their use is not the plan's (`plan_kernel` only).
    unplanned: frozenset[str] = frozenset()
    # Each alloc's lifetime as the planner took it: alloc index -> the last statement reading it
    # (an alloc never read: its own statement). For the memory view and the capacity error's
    # "live together"; the planning itself reads the same numbers.
    last_use: dict[int, int] = field(default_factory=dict)
    # The spaces (`loc=` names) an author's `reserve_buffer` takes bytes of: the planner places
    # the tiles above them (`plan_kernel` only).
    reserved_spaces: frozenset[str] = frozenset()
    # The spaces (`loc=` names) whose plan differs by SoC: a pipelined kernel's stages the
    # capacity gates differently (`plan_kernel` only); and each other SoC's addresses.
    soc_dependent: frozenset[str] = frozenset()
    soc_addresses: dict[str, list[int]] = field(default_factory=dict)
    # The pipeline groups the default SoC's plan keeps fewer stages apart than they have (a None
    # for a space packed by the legacy rule): MemoryReuse's perf hints (`plan_kernel` only).
    depth_reductions: list[DepthReduction | None] = field(default_factory=list)
    # A matmul AutoTileMatmulL0 splits in K blocks, planned (its L0 tiles are the plan's).
    k_split: bool = False


def emit_kernel(function: Function, options: CodegenOptions) -> KernelCode:
    """The kernel's PTO module. A pipelined kernel's text is the replicated body after the real
    pipeline's final Simplify (`(kb + 1) * 128` is `kb * 128 + 128` there), which runs after
    the memory planner: one whose tiles it would change is not emitted."""
    function, memberships = _lowered_pipelines(function, simplified=True)
    emitter = _Emitter(function, options)
    emitter.memberships = memberships
    return emitter.emit()


def plan_kernel(function: Function, extra_buffers: int = 0, from_incore: bool = False) -> KernelCode:
    """`emit_kernel`'s tiles and their addresses without its text (`text` is empty): what
    the memory use needs. It refuses what `emit_kernel` refuses, as it does: the text is
    only put together once the kernel is walked and its tiles planned, and that raises
    nothing. `extra_buffers`: the buffers InitMemRef numbers before the tiles besides the
    tensor parameters (an AIC / AIV kernel's GM pipe buffer); `from_incore`: the kernel is a
    half ExpandMixedKernel cut from an InCore kernel."""
    function, memberships = _lowered_pipelines(function, simplified=False)
    emitter = _Emitter(function, CodegenOptions(), with_text=False)
    emitter.extra_buffers = extra_buffers
    emitter.memberships = memberships
    emitter.from_incore = from_incore
    return emitter.emit()


def _lowered_pipelines(function: Function, simplified: bool) -> tuple[Function, dict[int, Membership]]:
    """A kernel with `pl.pipeline` loops as LowerPipelineLoops and CanonicalizeIOOrder leave it
    (a copy), and its tiles' stage memberships; `simplified`: and the final Simplify after."""
    if not any(
        isinstance(stmt, ForStmt) and stmt.kind is ForKind.PIPELINE for stmt in walk_stmts(function.body)
    ):
        return function, {}
    function = copy.deepcopy(function)
    try:
        memberships = lower_pipeline_loops(function)
        if simplified:
            tiles = _tile_bindings(function)
            simplify(Program(function.name, [function], function.span))
            if _tile_bindings(function) != tiles:
                raise CodegenNotModelled(
                    "the final Simplify drops tiles of a pl.pipeline clone the planner placed: not modelled",
                    function.span,
                )
        canonicalize_io_order(function, memberships)
    except ReplicationNotModelled as problem:
        raise CodegenNotModelled(f"LowerPipelineLoops: {problem} is not modelled") from None
    except (PassNotModelled, PassStopped) as problem:
        raise CodegenNotModelled(f"the final Simplify of a pl.pipeline kernel: {problem}") from None
    return function, memberships


def _tile_bindings(function: Function) -> int:
    return sum(
        1
        for stmt in walk_stmts(function.body)
        if isinstance(stmt, AssignStmt) and isinstance(stmt.var.type, TileType)
    )


# The text of a tile's address operand until the addresses are planned.
_ADDRESS_MARK = "\x01"


class _Emitter:
    def __init__(self, function: Function, options: CodegenOptions, with_text: bool = True) -> None:
        self.function = function
        self.options = options
        self.with_text = with_text  # False: the tiles and their addresses only (`plan_kernel`)
        # The real codegen's trailing `%argN: index` of each dynamic dim of the tensor
        # parameters' shapes, first seen first, numbered after every parameter.
        self.dynamic_args = {
            name: f"%arg{len(function.params) + index}"
            for index, name in enumerate(_dynamic_dims(function, options.dynamic_dims))
        }
        count = len(function.params) + len(self.dynamic_args)
        self.names = SsaNames({f"arg{index}" for index in range(count)})
        self.names.reserved |= {"__pypto_spmd_block_idx", "__pypto_spmd_block_num"}
        self.prologue: list[str] = []  # the tensor views, between the constants and the body
        self.lines: list[tuple[str, int]] = []  # the body's lines and the statement each is part of
        self.values: dict[int, Value] = {}
        self.allocs: list[TileAlloc] = []
        self.point = 0  # the statement being emitted (tile lifetimes are counted in statements)
        self.spmd = False
        self.cube = False
        # The first op of each core side (cube / vector) met, for the mixed-kernel refusal.
        self.sides: dict[str, tuple[str, Span]] = {}
        self.indent = 0  # nesting inside scf.for
        self.target: object = None  # the type of the var the statement being emitted binds
        self.loops: list[tuple[int, int]] = []  # each loop's first and last statement
        self.reads: list[tuple[int, int]] = []  # (alloc, statement): reads no line shows (a yield)
        self.unplanned: set[str] = set()  # spaces a later pass re-tiles (`KernelCode.unplanned`)
        self.k_split = False  # `KernelCode.k_split`
        self.last_use: dict[int, int] = {}  # alloc -> its last reading statement (`_planned`)
        self.head: list[str] = []  # the tiles declared in the kernel's head (an if's phis)
        # (alloc, phi alloc): an else-branch tile lives to its phi's last read (`_yield_fixup`).
        self.follows: list[tuple[int, int]] = []
        self.free_copies: dict[str, Value] = {}  # a while loop's copies of its carried scalars
        # YieldFixup's moves: (else tile, phi, its lines), dropped where the two share a buffer.
        self.fixups: list[tuple[int, int, range]] = []
        self.layout_fixes = 0  # ResolveBackendOpLayouts' temporaries so far (`_row_major_operands`)
        self.repaired: set[int] = set()  # the allocs of the [N, 1] results of those repairs
        self.carrying = 0  # how many enclosing loops carry a tile
        self.phi_sources: dict[int, list[int]] = {}  # an if's tile result (alloc) -> its branch tiles
        # An if's tile result (alloc) whose else branch yields a tile from before the if (a
        # `matmul_acc` accumulating in place into the loop's accumulator) -> that tile, and
        # where: plan only, and only once the loop carrying the result is seen to carry that
        # very tile (`_share_yielded`); any left over is refused (`emit`).
        self.carried_through: dict[int, tuple[int, Span]] = {}
        self.k_split = False  # a matmul split in K blocks (`_k_split`) is in the kernel
        # A fresh matmul's K split: its result's alloc -> its K loop's initial Acc tile
        # (`<result>_l0_init`), whose buffer is the result's wherever the result's is shared.
        self.split_inits: dict[int, int] = {}
        # A K split in a pl.pipeline clone (plan only): the clone's membership, read off the
        # statement's operands (`_stmt`); the L0 tiles it tags (`_k_split`), and how many
        # such splits there are (their K loops' pipeline groups, `_clone_k_group`).
        self.clone_membership: Membership | None = None
        self.clone_split_tiles: set[int] = set()
        self.clone_k_splits = 0
        self.extra_buffers = 0  # buffers numbered before the tiles besides the tensors (`plan_kernel`)
        # A half of a mixed InCore kernel (`plan_kernel`): the passes before ExpandMixedKernel
        # (InferTileMemorySpace) ran on the kernel it was cut from.
        self.from_incore = False
        self.reserved_spaces: set[str] = set()  # spaces an author's reserve_buffer takes part of
        # The accumulator creates InferTileMemorySpace moves out of Vec (call id -> space).
        self.retyped = retyped_spaces(function)
        # The slices only ever accumulated into, and those only read as ops' direct operands.
        self.accumulator_windows, self.operand_windows = slice_reads(function)
        self.vec_windows: dict[int, tuple[VecWindow, Value]] = {}  # a Vec slice var -> its window, source
        self.target_var: Var | None = None  # the var the statement being emitted binds
        # A pipelined kernel's tiles' memberships, by `id` of their var (`lower_pipeline_loops`).
        self.memberships: dict[int, Membership] = {}
        self.soc_dependent: set[str] = set()  # spaces whose plan differs by SoC (`_planned`)
        self.soc_addresses: dict[str, list[int]] = {}  # another SoC's addresses, where they differ
        self.untagged_extras: list[int] = []  # a pipelined kernel's tiles no statement defines
        self.depth_reductions: list[DepthReduction | None] = []  # the default SoC's (`_planned`)
        self.in_clone = False  # the statement emitted is a pl.pipeline clone's (`_stmt`)

    # -------------------------------------------------------------- module

    def emit(self) -> KernelCode:
        signature = self._signature()
        for stmt in self.function.body.stmts:
            self._stmt(stmt)
        self._refuse_mixed()
        for _, span in self.carried_through.values():
            raise CodegenNotModelled(
                "an if's tile result not made by an op in each of its branches is not modelled", span
            )
        planned = self._planned()
        if self.clone_k_splits:
            # The real groups of a clone's K loops are numbered otherwise than ours: which
            # group the packer sheds (MemoryReuse's PH-MR-001 hint) is not judged.
            self.depth_reductions.append(None)
        if not self.with_text:
            return KernelCode(
                "",
                self.allocs,
                planned,
                frozenset(self.unplanned),
                self.last_use,
                frozenset(self.reserved_spaces),
                frozenset(self.soc_dependent),
                self.soc_addresses,
                self.depth_reductions,
                self.k_split,
            )
        args = [*signature, *(f"{arg}: index" for arg in self.dynamic_args.values())]
        if self.spmd:
            args += ["%__pypto_spmd_block_idx: i32", "%__pypto_spmd_block_num: i32"]
        kind = "cube" if self.cube else "vector"
        head = [
            'module attributes {pto.target_arch = "a2a3"} {',
            f"  func.func @{self.function.name}({', '.join(args)}) attributes "
            f"{{pto.kernel_kind = #pto.kernel_kind<{kind}>}} {{",
        ]
        addresses = [self.names.constant(ADDRESSES, address, "i64") for address in planned]
        names, constants = self.names.resolve()
        dropped = {
            line for source, phi, lines in self.fixups if planned[source] == planned[phi] for line in lines
        }
        body = [line for number, (line, _) in enumerate(self.lines) if number not in dropped]
        lines = [*constants, *self.prologue, *self.head, *body, "return"]
        text = "\n".join([*head, *(f"  {line}" for line in lines), "  }", "}"]) + "\n"
        text = re.sub(f"{_ADDRESS_MARK}(\\d+){_ADDRESS_MARK}", lambda m: addresses[int(m.group(1))], text)
        return KernelCode(substitute(text, names), self.allocs, planned, last_use=self.last_use)

    def _planned(self) -> list[int]:
        """Each alloc's address: the real planner's (`tile_memory`); their constants are asked
        for in the order of the allocs, as the real codegen emits them before the views."""
        # The tiles each line names (its placeholders, `SsaNames`): one look at each line.
        alloc_of_name = {alloc.name: index for index, alloc in enumerate(self.allocs)}
        last_use: dict[int, int] = {}
        for line, point in self.lines:
            for name in placeholders_in(line):
                index = alloc_of_name.get(name)
                if index is not None:
                    last_use[index] = max(last_use.get(index, point), point)
        for index, point in self.reads:
            last_use[index] = max(last_use.get(index, point), point)
        # A tile defined before a loop and read in it (or after it) lives to the loop's end.
        for index, alloc in enumerate(self.allocs):
            for first, last in self.loops:
                if alloc.point < first and last_use.get(index, alloc.point) >= first:
                    last_use[index] = max(last_use[index], last)
        for index, phi in self.follows:
            last_use[index] = max(last_use.get(index, 0), last_use.get(phi, 0))
        tensors = sum(1 for p in self.function.params if isinstance(p.var.type, TensorType))
        self.last_use = last_use
        first = tensors + self.extra_buffers
        planned = plan_addresses(
            self.allocs, last_use, first_buffer_number=first, reductions=self.depth_reductions
        )
        # (One in the buffer of a tile a loop carries, a K split's initial Acc tile, is that
        # buffer whatever its stage.)
        extra = next(
            (
                self.allocs[i]
                for i in self.untagged_extras
                if self.allocs[i].space not in self.unplanned and self.allocs[i].shares is None
            ),
            None,
        )
        if extra is not None:
            raise CodegenNotModelled(
                "a tile the passes after ConvertTensorToTileOps add in a pl.pipeline loop is not modelled",
                extra.span,
            )
        if self.memberships:  # the pipeline-stage guard weighs the SoC's capacities
            for soc in SOCS:
                other = plan_addresses(self.allocs, last_use, first_buffer_number=first, soc=soc)
                differ = {
                    alloc.space
                    for alloc, mine, theirs in zip(self.allocs, planned, other, strict=True)
                    if mine != theirs
                }
                if differ:
                    self.soc_dependent |= differ
                    self.soc_addresses[soc] = other
        return planned

    def _signature(self) -> list[str]:
        for param in self.function.params:
            if not isinstance(param.var.type, (TensorType, ScalarType)):
                kind = "a tile" if isinstance(param.var.type, TileType) else "of no known type"
                raise CodegenNotModelled(
                    f"parameter '{user_name(param.var)}' is {kind}: a kernel parameter must be a tensor or a scalar",
                    param.var.span,
                )
        tensors = [p.var for p in self.function.params if isinstance(p.var.type, TensorType)]
        scalars = [p.var for p in self.function.params if isinstance(p.var.type, ScalarType)]
        # (The views are text only: the planner reads the body's lines.)
        used = _used_vars(self.function) if self.with_text else set()
        args = []
        for index, var in enumerate(tensors):
            rows, cols, dtype = self._tensor_shape(var)
            args.append(f"%arg{index}: !pto.ptr<{dtype}>")
            dims = self._nd_dims(var)
            if dims:
                self._nd_view(var, index, dims, dtype, id(var) in used)
                continue
            # Every tensor parameter's view is named and its constants emitted; only the
            # used ones get a `pto.make_tensor_view`.
            view = self.names.name(VIEWS, f"{var.name}_view")
            shape = [
                self.dynamic_args[dim] if isinstance(dim, str) else self.names.constant(VIEWS, dim, "index")
                for dim in (self._row_dim(var, rows), cols)
            ]
            # A column vector [M, 1] is DN: strides [1, M] (the real codegen forces it, as
            # PTOAS would infer it); any other tensor is ND, row-major.
            layout, stride_values = ("dn", (1, rows)) if cols == 1 else ("nd", (cols, 1))
            strides = [self.names.constant(VIEWS, stride, "index") for stride in stride_values]
            self.values[id(var)] = Value(view, tensor=(rows, cols, dtype), hint=var.name)
            if id(var) in used:
                self.prologue.append(
                    self._located(
                        f"{view} = pto.make_tensor_view %arg{index}, shape = [{', '.join(shape)}], "
                        f"strides = [{', '.join(strides)}] {{layout = #pto.layout<{layout}>}} : "
                        f"!pto.tensor_view<?x?x{dtype}>",
                        var.span,
                    )
                )
        for offset, var in enumerate(scalars, start=len(tensors)):
            scalar = _scalar_type(var)
            args.append(f"%arg{offset}: {scalar}")
            self.values[id(var)] = Value(f"%arg{offset}", scalar=scalar)
        return args

    # ---------------------------------------------------------- statements

    def _stmt(self, stmt: Stmt) -> None:
        if isinstance(stmt, SeqStmts):
            for child in stmt.stmts:
                self._stmt(child)
        elif isinstance(stmt, AssignStmt):
            self.point += 1
            if self.with_text:  # (a valid shape or pad leaves the buffer's size as it is)
                _refuse_partial_tile(stmt.var)
            self.target = stmt.var.type
            self.target_var = stmt.var
            made = len(self.allocs)
            # A pl.pipeline clone's statement (`_l0_tiling` leaves a matmul's L0 split there alone).
            read = stmt.value.args if isinstance(stmt.value, Call) else []
            self.in_clone = id(stmt.var) in self.memberships or any(
                isinstance(arg, Var) and id(arg) in self.memberships for arg in read
            )
            self.clone_membership = self._clone_membership(stmt.var, read) if self.in_clone else None
            value = self._expr(stmt.value, _name_hint(stmt.var))
            if isinstance(stmt.value, Var) and value.tile is not None:
                value = self._tile_alias(stmt.var, value, stmt.span)
            membership = self.memberships.get(id(stmt.var))
            if membership and value.alloc is not None and value.alloc >= made:
                # The tile a pipeline clone's statement defines: its (group, stage) tags.
                alloc = self.allocs[value.alloc]
                alloc.membership = membership
                alloc.load = isinstance(stmt.value, Call) and stmt.value.op in ("tile.load", "tile.read")
            operands = stmt.value.args if isinstance(stmt.value, Call) else []
            if membership or any(isinstance(arg, Var) and id(arg) in self.memberships for arg in operands):
                # A tile a later pass adds beside a clone's statement's own: whether the real
                # IR tags it with the clone's stage is not modelled (`_planned` refuses it).
                self.untagged_extras += [
                    index
                    for index in range(made, len(self.allocs))
                    if index != value.alloc
                    and self.allocs[index].view_of is None
                    and index not in self.clone_split_tiles
                ]
            self.values[id(stmt.var)] = value
            self.target = self.target_var = None
        elif isinstance(stmt, EvalStmt):
            self.point += 1
            self._expr(stmt.expr, None)
        elif isinstance(stmt, ForStmt) and stmt.kind in (ForKind.RANGE, ForKind.PARALLEL):
            self._for(stmt)
        elif isinstance(stmt, WhileStmt):
            self._while(stmt)
        elif isinstance(stmt, IfStmt):
            self._if(stmt)
        elif isinstance(stmt, YieldStmt) and stmt.targets and self.indent:
            # A loop's closing yield of what it carries (bound in `_for`): no op, but a
            # statement of its own, which reads the tiles it yields.
            self.point += 1
            for value in stmt.values:
                tile = self._expr(value, None)
                if tile.alloc is not None:
                    self.reads.append((tile.alloc, self.point))
        elif isinstance(stmt, ReturnStmt):
            # FlattenCallExpr hoists a returned call (`return pl.store(...)`) into a
            # statement of its own: it is emitted like one.
            for value in stmt.values:
                if isinstance(value, Call):
                    self.point += 1
                    self._expr(value, None)
        else:
            raise CodegenNotModelled(statement_problem(stmt), stmt.span)

    def _tile_alias(self, var: Var, source: Value, span: Span) -> Value:
        """`b = a` of a tile: InitMemRef gives `b` the buffer of `a`, and the real codegen
        gives every tile a statement binds its own `pto.alloc_tile` (named after it, at
        the statement), so `b` is a view of `a`'s buffer."""
        if not self.with_text and source.alloc is None:
            return source  # a tile of no buffer of the kernel's own (a popped pipe slot): the plan's
        if source.alloc is None or (
            self.with_text and self._tile_of(var.type, f"'{user_name(var)}'", span) != source.tile
        ):
            raise CodegenNotModelled(
                f"'{user_name(var)}' names a tile of another form than the one it is given: not modelled",
                span,
            )
        return self._alloc(_name_hint(var), source.tile, span, view_of=source.alloc)  # type: ignore[arg-type]

    def _for(self, loop: ForStmt) -> None:
        """`scf.for` over an index range, with no `iter_args`: what the loop carries is the
        value it starts from.

        A tensor the loop carries (an iter_arg, its return var) is the tensor view it starts
        from, and a partition view of it is named after the iter_arg (`%acc_pview` of `c`'s
        view). A tile it carries is its initial tile (same name), and the tile the body
        yields for it shares that tile's buffer (MaterializeSemanticAliases). A tile defined
        before the loop and used in it lives to the loop's end (`_addresses`)."""
        if loop.loop_var is None or loop.stop is None:
            raise CodegenNotModelled("a loop without an index range is not modelled yet", loop.span)
        closing = loop.body.stmts[-1] if loop.body.stmts else None
        targets = closing.targets if isinstance(closing, YieldStmt) else []
        if len(targets) != len(loop.iter_args):
            raise CodegenNotModelled(
                "a loop whose yield does not match its iter_args is not modelled", loop.span
            )
        carried_tiles: list[tuple[int, Value]] = []  # (position in the yield, the initial tile)
        for position, (iter_arg, init, target) in enumerate(
            zip(loop.iter_args, loop.init_values, targets, strict=True)
        ):
            start = self._expr(init, None)
            if start.tensor is not None and isinstance(iter_arg.type, TensorType):
                self.values[id(iter_arg)] = dataclasses.replace(start, hint=iter_arg.name)
                self.values[id(target)] = dataclasses.replace(start, hint=target.name)
            elif start.tile is not None and start.alloc is not None:
                self.values[id(iter_arg)] = start
                self.values[id(target)] = start
                self._refuse_repaired_carry(start, loop.span)
                carried_tiles.append((position, start))
            else:
                raise CodegenNotModelled(
                    f"'{user_name(iter_arg)}' (line {iter_arg.span.start_line}) is carried from one "
                    "iteration to the next: only tensors and tiles carried by a loop are modelled",
                    loop.span,
                )
        start = self._expr(loop.start, None).name if loop.start is not None else self._index(0)
        stop = self._expr(loop.stop, None).name
        step = self._expr(loop.step, None).name if loop.step is not None else self._index(1)
        induction = self._name(_name_hint(loop.loop_var))
        self.values[id(loop.loop_var)] = Value(induction, scalar="index")
        self._line(f"scf.for {induction} = {start} to {stop} step {step} {{", loop.span)
        first = self.point + 1  # the body's first statement
        self.indent += 1
        self.carrying += bool(carried_tiles)
        self._stmt(loop.body)
        self.carrying -= bool(carried_tiles)
        self.indent -= 1
        self.loops.append((first, self.point))
        self.lines.append(("  " * self.indent + "}", self.point))
        assert isinstance(closing, YieldStmt) or not carried_tiles
        for position, initial in carried_tiles:
            self._share_yielded(closing.values[position], initial, first, loop.span)  # type: ignore[union-attr]

    def _while(self, loop: WhileStmt) -> None:
        """`scf.while`, as the real codegen writes it: only the scalars the loop carries are
        its iter_args (`%r = scf.while (%before = %init) : (index) -> (index) {`, the
        condition then `scf.condition(%c) %before : index`, `} do {`, `^bb0(%after : index):`,
        the body, `scf.yield`); a tensor or tile it carries is the value it starts from.
        The before and after arguments and the results are numbered in that order. The real
        lifetime analysis takes it as it takes a for loop (the body's statements in order,
        a tile from before the loop read in it living to the loop's end, a carried tile one
        buffer with its initial tile)."""
        closing = loop.body.stmts[-1] if loop.body.stmts else None
        targets = closing.targets if isinstance(closing, YieldStmt) else []
        if len(targets) != len(loop.iter_args) or (self.with_text and loop.condition is None):
            raise CodegenNotModelled(
                "a loop whose yield does not match its iter_args is not modelled", loop.span
            )
        carried_tiles: list[tuple[int, Value]] = []
        # The tensors and tiles it carries first, then (text only) its scalars, each with
        # its init, before and after arguments in that order.
        in_region = [self.with_text and isinstance(iter_arg.type, ScalarType) for iter_arg in loop.iter_args]
        for position, (iter_arg, init, target) in enumerate(
            zip(loop.iter_args, loop.init_values, targets, strict=True)
        ):
            if in_region[position]:
                continue
            start = self._expr(init, None)
            if start.tile is not None and start.alloc is not None:
                if self.with_text:
                    # The real output gives the tile the body yields a buffer of its own (no
                    # YieldFixup move for a while loop): not what the plan models.
                    raise CodegenNotModelled(
                        f"a while loop carrying the tile '{user_name(iter_arg)}' is not modelled yet",
                        loop.span,
                    )
                carried_tiles.append((position, start))
            elif start.tensor is None and start.scalar is None:
                raise CodegenNotModelled(
                    f"'{user_name(iter_arg)}' is carried by the loop: not modelled", loop.span
                )
            for var in (iter_arg, target):
                self.values[id(var)] = dataclasses.replace(start, hint=var.name)
        scalars: list[tuple[Var, Value, str]] = []  # (iter_arg, init, MLIR type)
        before: list[str] = []
        after: list[str] = []
        for iter_arg, init, carried in zip(loop.iter_args, loop.init_values, in_region, strict=True):
            if not carried:
                continue
            start = self._expr(init, None)
            if start.scalar is None:
                raise CodegenNotModelled(
                    f"'{user_name(iter_arg)}' is carried by the loop: not modelled", loop.span
                )
            scalars.append((iter_arg, start, _scalar_type(iter_arg)))
            before.append(self._temp())
            after.append(self._temp())
        scalar_targets = [target for target, carried in zip(targets, in_region, strict=True) if carried]
        results = [self._temp() for _ in scalars]
        for target, result, (_, _, type_) in zip(scalar_targets, results, scalars, strict=True):
            self.values[id(target)] = Value(result, scalar=type_)
        types = ", ".join(type_ for _, _, type_ in scalars)
        self._bind_carried(scalars, before)
        if scalars:
            pairs = ", ".join(
                f"{name} = {init.name}" for name, (_, init, _) in zip(before, scalars, strict=True)
            )
            self._structural(
                f"{', '.join(results)} = scf.while ({pairs}) : ({types}) -> ({types}) {{", loop.span
            )
        else:
            self._structural("scf.while : () -> () {", loop.span)
        self.indent += 1
        if self.with_text:
            condition = self._condition(loop.condition)  # type: ignore[arg-type]
            carried = f" {', '.join(before)} : {types}" if scalars else ""
            self._line(f"scf.condition({condition}){carried}", loop.span)
        self.indent -= 1
        self._structural("} do {", loop.span)
        if scalars:
            self._structural(
                f"^bb0({', '.join(f'{name} : {type_}' for name, (_, _, type_) in zip(after, scalars, strict=True))}):",
                loop.span,
            )
        self._bind_carried(scalars, after)
        first = self.point + 1
        self.indent += 1
        self.carrying += bool(carried_tiles)
        self._stmt(loop.body)
        self.carrying -= bool(carried_tiles)
        if self.with_text:
            assert isinstance(closing, YieldStmt)
            yielded = [
                self._expr(value, None).name
                for value, carried in zip(closing.values, in_region, strict=True)
                if carried
            ]
            self._line(f"scf.yield {', '.join(yielded)} : {types}" if scalars else "scf.yield", loop.span)
        self.indent -= 1
        self._structural("}", loop.span)
        self.loops.append((first, self.point))
        assert isinstance(closing, YieldStmt) or not carried_tiles
        for position, initial in carried_tiles:
            self._share_yielded(closing.values[position], initial, first, loop.span)  # type: ignore[union-attr]

    def _bind_carried(self, scalars: list[tuple[Var, Value, str]], names: list[str]) -> None:
        """A while loop's scalar iter_args are its region's arguments; the real Simplify
        leaves the body reading a copy of one whose init it simplified (`<name>_1__FREE_VAR`
        in its dumps), which the real codegen reads as the iter_arg."""
        for (iter_arg, _, type_), name in zip(scalars, names, strict=True):
            value = Value(name, scalar=type_, hint=iter_arg.name)
            self.values[id(iter_arg)] = value
            self.free_copies[f"{iter_arg.name}_1__FREE_VAR"] = value

    def _if(self, stmt: IfStmt) -> None:
        """`scf.if %cond {` then `} else {` (no results: what the branches yield is in
        place). The real codegen declares each tile the if yields (a phi) in the kernel's
        head, a tile in the buffer InitMemRef gives the phi: the then-branch tile's; the
        else-branch tile has a buffer of its own (its lifetime reaches the phi's last read,
        as the real LifetimeAnalyzer redirects the phi's reads onto its branch-local
        sources), and MemoryReuse's YieldFixup moves it into the phi's buffer at the end of
        the branch (`<else tile>_mv`, a `pto.tmov`). A tensor phi is the view both branches
        write in place. The branches' statements are counted in order, then before else.
        Not modelled: a phi of a tile made before the if, of tiles of other sizes or
        spaces, a scalar phi (an `scf.if` result), an if without else that yields."""
        condition = self._condition(stmt.condition) if self.with_text else ""
        branches = [stmt.then_body, *([stmt.else_body] if stmt.else_body is not None else [])]
        then_closing = stmt.then_body.stmts[-1] if stmt.then_body.stmts else None
        phis = stmt.return_vars or (then_closing.targets if isinstance(then_closing, YieldStmt) else [])
        if phis and len(branches) != 2:
            raise CodegenNotModelled("an if without else that yields a value is not modelled", stmt.span)
        # Each tile phi's head declaration: its valid shape's constants, then its name.
        phi_names: dict[int, str] = {}
        for position, phi in enumerate(phis):
            if isinstance(phi.type, TileType):
                tile = self._phi_tile(phi, stmt.span)
                self._index(tile.rows)
                self._index(tile.cols)
                phi_names[position] = self.names.name(BODY, phi.name)
            elif not isinstance(phi.type, TensorType) and self.with_text:
                raise CodegenNotModelled(
                    f"the if's result '{user_name(phi)}' is a scalar (an scf.if result): not modelled yet",
                    stmt.span,
                )
        self._structural(f"scf.if {condition} {{", stmt.span)
        yields: list[list[Value]] = []
        phi_values: dict[int, Value] = {}
        for number, body in enumerate(branches):
            if number:
                self._structural("} else {", stmt.span)
            first = self.point + 1
            self.indent += 1
            self._stmt(body)
            closing = body.stmts[-1] if body.stmts else None
            values = closing.values if isinstance(closing, YieldStmt) else []
            found = [self._expr(value, None) for value in values]
            yields.append(found)
            for position in phi_names:
                source = found[position] if position < len(found) else None
                if number and self._made_before(source, first):
                    # The accumulator a `matmul_acc` wrote in place: no move, one buffer with
                    # the phi if the loop carries both (`_share_yielded`).
                    assert source is not None and source.alloc is not None
                    self.carried_through[phi_values[position].alloc] = (source.alloc, stmt.span)  # type: ignore[index]
                    continue
                local = self._branch_local(source, first, stmt.span)
                if number == 0:
                    phi_values[position] = self._declare_phi(phis[position], local, phi_names[position])
                else:
                    self._yield_fixup(local, phi_values[position], stmt.span)
            self.indent -= 1
        self._structural("}", stmt.span)
        for position, phi in enumerate(phis):
            if position in phi_values:
                self.values[id(phi)] = phi_values[position]
                continue
            sources = [found[position] if position < len(found) else None for found in yields]
            first_source = sources[0] if sources else None
            if (
                first_source is None
                or first_source.tile is not None
                or (self.with_text and any(s is None or s.name != first_source.name for s in sources))
            ):
                raise CodegenNotModelled(f"the if's result '{user_name(phi)}' is not modelled", stmt.span)
            self.values[id(phi)] = dataclasses.replace(first_source, hint=phi.name)
        # The branches' yields bind the phis too (their `targets`): the same values.
        for body in branches:
            closing = body.stmts[-1] if body.stmts else None
            if isinstance(closing, YieldStmt):
                for target, phi in zip(closing.targets, phis, strict=False):
                    self.values[id(target)] = self.values[id(phi)]

    def _phi_tile(self, phi: Var, span: Span) -> TileBuf:
        """The tile type of an if's tile result, from its declared type."""
        return self._tile_of(phi.type, f"the if's result '{user_name(phi)}'", span)

    def _branch_local(self, source: Value | None, first: int, span: Span) -> Value:
        """The tile a branch yields for a phi: one the branch made, with a buffer of its own."""
        if (
            source is None
            or source.alloc is None
            or source.tile is None
            or self.allocs[source.alloc].point < first
            or self.allocs[source.alloc].view_of is not None
        ):
            raise CodegenNotModelled(
                "an if's tile result not made by an op in each of its branches is not modelled", span
            )
        return source

    def _made_before(self, source: Value | None, first: int) -> bool:
        """Whether a branch yields a tile of its own buffer made before the branch, or an
        earlier if's result (a pl.pipeline clone's if accumulating into the previous clone's
        result), plan only."""
        return (
            not self.with_text
            and source is not None
            and source.alloc is not None
            and self.allocs[source.alloc].point < first
            and (self.allocs[source.alloc].view_of is None or source.alloc in self.phi_sources)
        )

    def _declare_phi(self, phi: Var, then: Value, name: str) -> Value:
        """The phi's tile in the kernel's head, in the then-branch tile's buffer."""
        assert then.tile is not None and then.alloc is not None
        tile = self._phi_tile(phi, phi.span)
        if tile != then.tile:
            raise CodegenNotModelled("an if's branches yield a tile of another type: not modelled", phi.span)
        index = len(self.allocs)
        owner = self.allocs[then.alloc]
        owner.family = index  # the phi family: the then tile and the else tile (`tile_memory`)
        self.phi_sources[index] = [then.alloc]
        self.allocs.append(
            TileAlloc(name, tile.loc, owner.size, owner.point, view_of=then.alloc, span=phi.span)
        )
        self.head.append(
            self._located(
                f"{name} = pto.alloc_tile addr = {_ADDRESS_MARK}{index}{_ADDRESS_MARK} valid_row = "
                f"{self._index(tile.rows)} valid_col = {self._index(tile.cols)} : {tile.type()}",
                phi.span,
            )
        )
        return Value(name, tile=tile, alloc=index, hint=phi.name)

    def _yield_fixup(self, source: Value, phi: Value, span: Span) -> None:
        """YieldFixup's `tile.move` of the else-branch tile into the phi's buffer, kept only
        where MemoryReuse gave the two tiles different buffers (`emit`)."""
        assert source.tile is not None and source.alloc is not None and phi.alloc is not None
        if source.tile != phi.tile:
            raise CodegenNotModelled("an if's branches yield tiles of other types: not modelled", span)
        self.follows.append((source.alloc, phi.alloc))
        self.allocs[source.alloc].family = phi.alloc
        self.phi_sources[phi.alloc].append(source.alloc)
        root = self.allocs[phi.alloc].view_of
        first_line = len(self.lines)
        moved = self._alloc(f"{source.hint}_mv", source.tile, span, view_of=root)
        self._line(
            f"pto.tmov ins({source.name} : {source.tile.type()}) outs({moved.name} : {source.tile.type()})",
            span,
        )
        self.fixups.append((source.alloc, phi.alloc, range(first_line, len(self.lines))))

    def _structural(self, text: str, span: Span) -> None:
        self.lines.append(("  " * self.indent + text, self.point))

    def _condition(self, expr: Expr) -> str:
        """An `i1` condition: a BOOL value as it is (`scf.if %arg7`), or a comparison of two
        index values (`arith.cmpi`)."""
        if isinstance(expr, Var) and isinstance(expr.type, ScalarType) and expr.type.dtype == "BOOL":
            value = self._expr(expr, None)
            if value.scalar == "i1":
                return value.name
        compared = scalar_compare.comparison(expr)
        if compared is None:
            raise CodegenNotModelled("a condition other than one comparison is not modelled yet", expr.span)
        predicate, lhs_expr, rhs_expr = compared
        lhs, rhs = self._expr(lhs_expr, None), self._expr(rhs_expr, None)
        if lhs.scalar != "index" or rhs.scalar != "index":
            raise CodegenNotModelled(
                f"a comparison of {lhs.scalar or 'a tile'} and {rhs.scalar or 'a tile'} is not modelled yet",
                expr.span,
            )
        name = self._temp()
        self._line(f"{name} = arith.cmpi {predicate}, {lhs.name}, {rhs.name} : index", expr.span)
        return name

    def _share_yielded(self, yielded: Expr, initial: Value, first: int, span: Span) -> None:
        """The tile the body yields for a carried tile: one buffer with the initial tile."""
        value = self._expr(yielded, None)
        if value.alloc == initial.alloc:
            return
        if value.alloc is None or value.tile != initial.tile or self.allocs[value.alloc].point < first:
            raise CodegenNotModelled(
                "a loop yields a tile of another type, or one made before the loop, for the tile it "
                "carries: not modelled",
                span,
            )
        sources = self.phi_sources.get(value.alloc)
        if sources is not None:
            # An if's result carried by the loop: the real MemoryReuse retargets its branch
            # tiles onto the carried buffer (no move), which the text does not model; the
            # plan takes the three as one buffer.
            if self.with_text:
                raise CodegenNotModelled(
                    "a loop carrying an if's tile result is not modelled yet (the real planner puts "
                    "its branch tiles in the carried tile's buffer)",
                    span,
                )
            # The ifs whose else branch accumulates in place, each into the one before (a
            # pl.pipeline clone's if into the previous clone's result), back to the tile the
            # loop carries: one buffer, all of them.
            chain = [value.alloc]
            through = self.carried_through.get(value.alloc)  # type: ignore[arg-type]
            while through is not None and through[0] != initial.alloc and through[0] in self.phi_sources:
                chain.append(through[0])
                through = self.carried_through.get(through[0])
            if through is not None and through[0] != initial.alloc:
                raise CodegenNotModelled(
                    "an if's tile result not made by an op in each of its branches is not modelled", span
                )
            sources = [source for phi in chain for source in self.phi_sources[phi]]  # type: ignore[index]
            for phi in chain:
                self.carried_through.pop(phi, None)  # type: ignore[arg-type]
            for source in sources:
                self.allocs[source].shares = initial.alloc
                # A K split's loop carries its initial Acc tile into its result: the real
                # MemoryReuse puts the three in the carried buffer (multi_proj's `proj`).
                init = self.split_inits.get(source)
                if init is not None:
                    self.allocs[init].shares = initial.alloc
            return
        if self.allocs[value.alloc].view_of is not None:
            # `b = a` (mlir_cases/aliases.py): MaterializeSemanticAliases leaves `b` in the
            # buffer of `a` and MemoryReuse moves it into the carried one (`<b>_mv`). The
            # other views (a reshape's) are refused alike.
            raise CodegenNotModelled(
                f"a loop yields '{base_name(value.hint) or value.name}', a view of another tile's buffer, "
                "for the tile it carries: the move MemoryReuse puts before the yield is not modelled",
                span,
            )
        self.allocs[value.alloc].shares = initial.alloc

    def _expr(self, expr: Expr, dest: str | None) -> Value:
        if isinstance(expr, Var):
            if id(expr) not in self.values and expr.name in self.free_copies:
                return self.free_copies[expr.name]
            if id(expr) not in self.values and not self.with_text and isinstance(expr.type, ScalarType):
                # A scalar the plan needs no value of (a while loop's condition variable):
                # scalars hold no tile.
                return Value(self._temp(), scalar="index")
            if id(expr) not in self.values:
                raise CodegenNotModelled(
                    f"'{user_name(expr)}' (line {expr.span.start_line}) is bound by a statement "
                    "this emitter does not model",
                    expr.span,
                )
            return self.values[id(expr)]
        if isinstance(expr, Const) and isinstance(expr.value, int) and not isinstance(expr.value, bool):
            return Value(self._index(expr.value), scalar="index")
        if isinstance(expr, Const) and isinstance(expr.value, float):
            return Value(self._float(expr.value), scalar="f32")
        folded = _float_constant(expr)
        if folded is not None:
            return Value(self._float(folded), scalar="f32")
        if isinstance(expr, BinaryExpr) and expr.op in _INDEX_OPS:
            return self._index_arith(_INDEX_OPS[expr.op], expr.lhs, expr.rhs, expr.span)
        if isinstance(expr, Call):
            return self._call(expr, dest)
        if isinstance(expr, MakeTuple) and not self.with_text:
            # A tuple standing alone (`[0, 0]` as a statement): no tile of its own; the tiles
            # it names are read there.
            items = [self._expr(item, None) for item in expr.items]
            self._line(
                " ".join(["tuple", *(item.name for item in items if item.tile)]), expr.span
            )  # never shown
            return Value(self._temp(), scalar="index")
        raise CodegenNotModelled(f"a {type(expr).__name__} expression is not modelled yet", expr.span)

    def _index_arith(self, op: str, lhs_expr: Expr, rhs_expr: Expr, span: Span) -> Value:
        """`%n = arith.<op> lhs, rhs : index` (an unnamed value, as the real codegen makes it)."""
        lhs, rhs = self._expr(lhs_expr, None), self._expr(rhs_expr, None)
        if self.with_text and (lhs.scalar != "index" or rhs.scalar != "index"):
            raise CodegenNotModelled(
                f"arith.{op} of {lhs.scalar or 'a tile'} and {rhs.scalar or 'a tile'} is not modelled yet",
                span,
            )
        name = self._temp()
        self._line(f"{name} = arith.{op} {lhs.name}, {rhs.name} : index", span)
        return Value(name, scalar="index")

    def _call(self, call: Call, dest: str | None) -> Value:
        if self.with_text and call.op not in _FLATTENED_OPS and _touches_nd_tile(call, self.target):
            raise CodegenNotModelled(
                f"{call.op} of a tile of rank > 2: how FlattenTileNdTo2D rewrites it is not modelled yet",
                call.span,
            )
        if self.vec_windows and not self.with_text and call.op not in ("tile.slice", "tile.extract"):
            copies = self._copied_windows(call)
            if copies:
                bound = {key: self.values[key] for key, _ in copies}
                windows = {key: self.vec_windows.pop(key) for key, _ in copies}
                self.values.update(copies)
                try:
                    return self._call(call, dest)
                finally:
                    self.values.update(bound)
                    self.vec_windows.update(windows)
        if call.op in _PLAN_ONLY_OPS:
            return self._plan_only(call, dest)
        if call.op in _CROSS_CORE_OPS and not self.with_text:
            return self._cross_core(call, dest)
        if call.op in _PLAN_ONLY_SCALAR_OPS and not self.with_text:
            # No tile: a scalar read from global memory (of its element type, which a cast
            # to an index then takes), a tensor's extent, a barrier across the cores.
            dtype = call.type.dtype if isinstance(call.type, ScalarType) else None
            return Value(self._temp(), scalar=_DTYPES.get(dtype or "", "index"))
        if call.op == "tensor.dim":
            return self._tensor_dim(call)
        if call.op == "system.syncall":
            return self._syncall(call)
        if call.op in _SCALAR_MIN_MAX and len(call.args) == 2:  # `pl.min(a, b)` of scalars
            return self._index_arith(_SCALAR_MIN_MAX[call.op], call.args[0], call.args[1], call.span)
        if call.op == "tile.get_block_idx":
            self.spmd = True
            name = self._name(dest or "block_idx")
            self._line(f"{name} = arith.index_cast %__pypto_spmd_block_idx : i32 to index", call.span)
            return Value(name, scalar="index")
        if call.op == "tile.load":
            return self._load(call, dest)
        if call.op == "tile.store":
            return self._store(call, dest)
        if call.op == "tile.move":
            source = self._tile_operand(call.args[0])
            return self._moved(source, _memory(call.kwargs.get("target_memory"), "vec"), dest, call.span)
        if call.op == "tile.matmul":
            return self._matmul(call, dest)
        if call.op == "tile.matmul_acc":
            return self._matmul_acc(call, dest)
        if call.op == "tile.transpose_view":
            return self._transpose_view(self._tile_operand(call.args[0]), dest, call.span)
        if call.op in pto_op_names.BINARY or call.op in pto_op_names.TILE_SCALAR:
            return self._binary(call, dest)
        if call.op == "tile.full":
            return self._full(call, dest)
        if call.op == "tile.reshape":
            # The real backend writes no op for a reshape into a planned buffer: the result
            # is a tile of the new shape at its source's address.
            source = self._tile_operand(call.args[0])
            return self._alloc(dest, self._result_tile(call), call.span, view_of=source.alloc)
        if call.op in ("tile.create_tile", "tile.create"):
            tile = self._result_tile(call)
            if id(call) in self.retyped:  # a loop's accumulator: in the space the cube demands
                tile = dataclasses.replace(tile, loc=self.retyped[id(call)].lower(), col_major=False)
            return self._alloc(dest, tile, call.span)  # the buffer alone: no op
        if call.op in pto_op_names.ROW_REDUCTIONS:
            return self._row_reduction(call, pto_op_names.ROW_REDUCTIONS[call.op], dest)
        if call.op in pto_op_names.EXPANDS:
            return self._expand(call, pto_op_names.EXPANDS[call.op], dest)
        if call.op == "tile.cast":
            return self._cast(call, dest)
        if call.op == "pl.cast":
            return self._scalar_cast(call)
        if call.op in pto_op_names.UNARY:
            source = self._tile_operand(call.args[0])
            assert source.tile is not None
            self._side(source.tile.loc, call.op, call.span)
            repaired = self._row_major_operands(call, [source], dest)
            if repaired is not None:
                (source,) = repaired
            assert source.tile is not None
            # A scratch tile passed beside the source (`pl.tile.rsqrt(a, tmp=t)`, the
            # high-precision form) is read by the op: its text is not modelled, its plan is.
            scratch = [self._tile_operand(arg) for arg in call.args[1:]]
            self._read_in_vec(call, source, *scratch)
            if scratch and self.with_text:
                raise CodegenNotModelled(f"{call.op} with a scratch tile is not modelled yet", call.span)
            inplace_unsafe = call.op in _NOT_INPLACE_UNARY
            operands = [value.alloc for value in (source, *scratch) if value.alloc is not None]
            forbidden = tuple(operands) if inplace_unsafe else ()
            result = self._alloc(
                self._row_major_result(dest, repaired), source.tile, call.span, forbidden=forbidden
            )  # type: ignore[arg-type]
            for value in scratch:
                self._line(f"reads {value.name}", call.span)  # never shown (plan only)
            pto_op = pto_op_names.UNARY[call.op]
            self._line(
                f"{pto_op} ins({source.name} : {source.tile.type()}) outs({result.name} : {result.tile.type()})",
                call.span,
            )  # type: ignore[union-attr]
            return self._column_result(result, dest, repaired, call.span)
        raise CodegenNotModelled(
            f"op {call.op} is not modelled yet (its PTO form is not in the reference outputs)", call.span
        )

    # ----------------------------------------------------------------- ops

    def _l0_tiling(
        self, call: Call, lhs: Value, rhs: Value, accumulating: bool, form_modelled: bool = True
    ) -> L0Tiling | None:
        """AutoTileMatmulL0's rewrite of the matmul, where it is the one the emitter builds
        (`_k_split`); None where the pass leaves the matmul whole (then the move into L0
        of each operand follows). A rewrite not modelled: not emitted, and planned with its
        L0 spaces left out (`KernelCode.unplanned`), its Mat operands as they are."""
        assert lhs.tile is not None and rhs.tile is not None
        shape = MatmulShape(
            lhs.tile.loc,
            rhs.tile.loc,
            lhs.tile.rows,
            rhs.tile.cols,
            lhs.tile.cols,
            _element_bits(lhs.tile.dtype),
            _element_bits(rhs.tile.dtype),
            32,
            integer_acc=lhs.tile.dtype.startswith(("i", "u")),
            accumulating=accumulating,
        )
        tiling = l0_tiling(shape)
        # The plan is one for every SoC: where another SoC's pass treats the matmul otherwise
        # (its L0C, its cost model), its L0 spaces are not the plan's to give.
        per_soc = self.with_text or same_on_every_soc(shape)
        if tiling is None:
            if not per_soc:
                self.unplanned |= L0_SPACES
            return None
        # (In a pl.pipeline clone, the split's L0 tiles take the clone's stages besides
        # their K loop's (plan only, `_k_split`); where the clone's stage is not one
        # membership of its operands, its L0 spaces are left out.)
        in_clone_modelled = not self.in_clone or (not self.with_text and self.clone_membership is not None)
        modelled = form_modelled and tiling.splits_k and per_soc and in_clone_modelled
        if modelled and (tiling.splits_k_in_two or not self.with_text):
            self.k_split = True
            return tiling
        if self.with_text:
            if self.in_clone:
                why = "its K blocks in a pl.pipeline loop's clones are not modelled"
            elif not (form_modelled and tiling.splits_k):
                why = "its grid of output tiles, or its K-loop with a narrower last block, is not modelled"
            else:
                why = "the PTO form of its pipelined K-loop of more than two blocks is not modelled yet"
            raise CodegenNotModelled(
                f"{call.op} of Mat operands: {AUTO_TILE} tiles it [{tiling.tile.m}, {tiling.tile.n}, "
                f"{tiling.tile.k}] ({why})",
                call.span,
            )
        self.unplanned |= L0_SPACES
        return None

    def _clone_membership(self, var: Var, read: list[Expr]) -> Membership | None:
        """The pipeline stage of the clone a statement is in: its own tile's membership, else
        the one membership its operands defined in clones share (None where they differ)."""
        own = self.memberships.get(id(var))
        if own is not None:
            return own
        found = {
            self.memberships[id(arg)] for arg in read if isinstance(arg, Var) and id(arg) in self.memberships
        }
        return found.pop() if len(found) == 1 else None

    def _clone_k_group(self) -> int:
        """A fresh pipeline group for a K loop in a clone. The real pass lowers the inner loop
        first (a lower number than the clones' group): negative numbers keep them below
        LowerPipelineLoops' own (`lower_pipeline_loops`), in the order they are met."""
        self.clone_k_splits += 1
        return -1000 + self.clone_k_splits

    def _k_split(
        self, call: Call, dest: str | None, tiling: L0Tiling, lhs: Value, rhs: Value, acc: Value | None
    ) -> Value:
        """AutoTileMatmulL0's K-loop of two blocks, unrolled whole by LowerPipelineLoops and
        ordered as the real .pto has it: a fresh matmul's Acc placeholder (the loop's initial
        value, never read), both blocks' extracts into Left / Right, then the matmul of the
        first block into a fresh Acc tile (or onto `acc`) and the accumulation of the second.
        The tiles are named after the matmul's result (`<result>_l0_a` ...); the second
        block's extracts are clones of no name. A loop of more blocks (plan only) is
        planned as its two stages in flight: the real planner gives it the same use."""
        assert lhs.tile is not None and rhs.tile is not None
        self.k_split = True
        shape, k = tiling.shape, tiling.tile.k
        base = dest or "matmul"
        span = call.span
        acc_tile = TileBuf("acc", "f32", shape.M, shape.N)
        init = self._alloc(f"{base}_l0_init", acc_tile, span) if acc is None else None
        blocks = []
        k_group = self._clone_k_group() if self.in_clone else None
        for block, name_a, name_b in ((0, f"{base}_l0_a", f"{base}_l0_b"), (1, None, None)):
            self.point += 1
            left = self._extract(
                lhs, 0, block * k, TileBuf("left", lhs.tile.dtype, shape.M, k, extracted=True), name_a, span
            )
            self.point += 1
            right = self._extract(
                rhs, block * k, 0, TileBuf("right", rhs.tile.dtype, k, shape.N), name_b, span
            )
            blocks.append((left, right))
            if k_group is not None and self.clone_membership is not None:
                # LowerPipelineLoops lowers the K loop (inner) before the clone's loop: each
                # extract is one stage of the K loop's group within the clone's stage.
                for tile in (left, right):
                    assert tile.alloc is not None
                    self.allocs[tile.alloc].membership = ((k_group, block), *self.clone_membership)
                    self.clone_split_tiles.add(tile.alloc)
        self.point += 1
        if acc is None:
            acc = self._alloc(f"{base}_l0_c_first", acc_tile, span)
            assert init is not None and init.alloc is not None and acc.alloc is not None
            self.split_inits[acc.alloc] = init.alloc
            (left, right), rest = blocks[0], blocks[1:]
            self._line(
                f"pto.tmatmul ins({left.name}, {right.name} : {left.tile.type()}, {right.tile.type()}) "  # type: ignore[union-attr]
                f"outs({acc.name} : {acc_tile.type()})",
                span,
            )
            self.point += 1
        else:
            rest = blocks
        assert acc.tile is not None
        for number, (left, right) in enumerate(rest):
            if number:
                self.point += 1
            self._line(
                f"pto.tmatmul.acc ins({acc.name}, {left.name}, {right.name} : {acc.tile.type()}, "
                f"{left.tile.type()}, {right.tile.type()}) outs({acc.name} : {acc.tile.type()})",  # type: ignore[union-attr]
                span,
            )
            # Each accumulation's result is a tile the real codegen names, though no line
            # shows it (written in place): the first `<result>_l0_c_acc`, its clone in
            # the next block none of its own.
            self.names.name(TILES, f"{base}_l0_c_acc" if not number else None)
        # (The loop's result, which takes the matmul's own name, is named by no tile: a
        # later split of the same name numbers its tiles as the real codegen does.)
        return acc

    def _extract(
        self, source: Value, row: int, col: int, tile: TileBuf, dest: str | None, span: Span
    ) -> Value:
        """`pto.textract` of a window of a Mat tile into an L0 tile of its own."""
        assert source.tile is not None
        extracted = self._alloc(dest, tile, span)
        self._line(
            f"pto.textract ins({source.name}, {self._index(row)}, {self._index(col)} : {source.tile.type()}, "
            f"index, index) outs({extracted.name} : {tile.type()})",
            span,
        )
        return extracted

    def _plan_only(self, call: Call, dest: str | None) -> Value:
        """An op whose tiles the planner sees as the real one does, but whose PTO form is not
        modelled: `tile.fillpad` / `fillpad_inplace`
        (a tile of its source's shape) / `fillpad_expand` (a larger one, apart from its
        source), `tile.row_prod` (a row reduction) and
        `tile.matmul_bias` of operands already in Left,
        Right and Bias (a fresh Acc tile; no later pass adds one around it), `tile.gemv` of
        operands already in Left and Right (`_gemv`)."""
        if self.with_text:
            raise CodegenNotModelled(
                f"op {call.op} is not modelled yet (its PTO form is not in the reference outputs)", call.span
            )
        if call.op == "tile.assemble":
            # The source written into the target: the result is the target's buffer
            # (InitMemRef's `OutputMemoryInheritsInput`), the source read there.
            target, source = self._tile_operand(call.args[0]), self._tile_operand(call.args[1])
            assert target.tile is not None
            result = self._alloc(dest, target.tile, call.span, view_of=target.alloc)
            self._line(f"assemble {target.name} {source.name} {result.name}", call.span)  # never shown
            return result
        if call.op == "tile.slice":
            return self._slice(call, dest)
        if call.op == "tile.transpose":
            return self._transpose(call, dest)
        if call.op == "tile.gather_row":
            # Rows of a GM tensor loaded into the destination tile in place (the op's
            # `set_output_reuses_input(0)`): the result is the destination's buffer, of its
            # type whatever part of it the transfer fills.
            target = self._tile_operand(call.args[0])
            assert target.tile is not None
            self._side(target.tile.loc, call.op, call.span)
            result = self._alloc(dest, target.tile, call.span, view_of=target.alloc)
            self._line(f"gather_row {target.name} {result.name}", call.span)  # never shown
            return result
        if call.op == "tile.row_prod":
            # A row reduction with its scratch tile, as row_sum: the real planner gives its
            # [M, 1] result a buffer of its own (the real use of a grown RowProd kernel).
            return self._row_reduction(call, "row_prod", dest)
        if call.op in ("tile.fillpad", "tile.fillpad_inplace", "tile.fillpad_expand"):
            # Padding a tile's invalid part: a tile of the source's shape, which may be
            # written over the source (in place safe); expanded to a larger shape, a tile of
            # its own (the real planner gives it a buffer apart from the source's: the real
            # use of grown FillpadExpand kernels).
            source = self._tile_operand(call.args[0])
            apart = (source.alloc,) if call.op == "tile.fillpad_expand" and source.alloc is not None else ()
            result = self._alloc(dest, self._result_tile(call), call.span, forbidden=apart)
            self._line(f"fillpad {source.name} {result.name}", call.span)  # never shown
            return result
        self.cube = True
        self._side("acc", call.op, call.span)
        if call.op == "tile.gemv":
            return self._gemv(call, dest)
        lhs, rhs, bias = (self._tile_operand(arg) for arg in call.args[:3])
        places = [operand.tile.loc if operand.tile else "" for operand in (lhs, rhs, bias)]
        if len(call.args) != 3 or places != ["left", "right", "bias"]:
            raise CodegenNotModelled(
                f"{call.op} of operands not already in Left, Right and Bias is not modelled yet", call.span
            )
        assert lhs.tile is not None and rhs.tile is not None
        acc = self._alloc(dest, TileBuf("acc", "f32", lhs.tile.rows, rhs.tile.cols), call.span)
        self._line(f"matmul_bias {lhs.name} {rhs.name} {bias.name} {acc.name}", call.span)  # never shown
        return acc

    def _transpose(self, call: Call, dest: str | None) -> Value:
        """A 2-D `tile.transpose`: FlattenTileNdTo2D first makes its scratch tile
        (`transpose_tmp`, of the source's shape and space), then the transposed tile; the op is
        `not_inplace_safe`, so neither shares the source's buffer, nor the result the scratch's."""
        source_type = call.args[0].type if call.args else None
        if not isinstance(source_type, TileType) or len(source_type.shape or ()) != 2 or len(call.args) != 3:
            # An N-D one is lowered page by page (LowerNdTranspose); one with the author's
            # scratch tile is taken as it is: neither is modelled.
            raise CodegenNotModelled(
                f"{call.op} of an N-D tile or with a scratch tile is not modelled yet", call.span
            )
        source = self._tile_operand(call.args[0])
        if source.tile is None or source.alloc is None:
            raise CodegenNotModelled(
                f"{call.op} of a tile with no buffer of its own is not modelled yet", call.span
            )
        scratch = self._alloc("transpose_tmp", source.tile, call.span, forbidden=(source.alloc,))
        assert scratch.alloc is not None
        result = self._alloc(
            dest, self._result_tile(call), call.span, forbidden=(source.alloc, scratch.alloc)
        )
        self._line(f"transpose {source.name} {scratch.name} {result.name}", call.span)  # never shown
        return result

    def _slice(self, call: Call, dest: str | None) -> Value:
        """A `tile.slice`: a window of its source's buffer (InitMemRef's
        `OutputMemoryInheritsInput`), which AllocateMemoryAddr places in its source's slot, sized
        by the source. Modelled (`canonicalize_tile_slice`): an Acc window a `matmul_acc` only
        accumulates into, contiguous in L0C; a Vec window read only as ops' operands, each read
        CanonicalizeTileSlice copies getting a tile of its own (`_copied_windows`)."""
        source = self._tile_operand(call.args[0])
        tile = self._result_tile(call)
        var = self.target_var
        assert source.tile is not None
        if (
            source.tile.loc == "acc"
            and var is not None
            and id(var) in self.accumulator_windows
            and contiguous_in_l0c(tile.rows, tile.cols, source.tile.rows, call)
        ):
            return self._alloc(dest, tile, call.span, view_of=source.alloc)
        window = (
            vec_window(
                call, (tile.rows, tile.cols), (source.tile.rows, source.tile.cols), _IR_DTYPES[tile.dtype]
            )
            if source.tile.loc == "vec"
            and tile.loc == "vec"
            and var is not None
            and id(var) in self.operand_windows
            else None
        )
        if window is None:
            raise CodegenNotModelled(
                "this tile.slice is not modelled yet (a Mat window, a chain of slices, a window read "
                "through a yield, a loop's initial value or another name: CanonicalizeTileSlice's "
                "treatment of it is not)",
                call.span,
            )
        result = self._alloc(dest, tile, call.span, view_of=source.alloc)
        self.vec_windows[id(var)] = (window, source)
        return result

    def _copied_windows(self, call: Call) -> list[tuple[int, Value]]:
        """The Vec windows among the call's operands CanonicalizeTileSlice copies for it: each a
        `tile.extract` into a tile of its own, a statement of its own before the call, which
        then reads the copy (the window's var is bound to it while the call is planned)."""
        copies: list[tuple[int, Value]] = []
        for arg in call.args:
            found = self.vec_windows.get(id(arg)) if isinstance(arg, Var) else None
            if found is None:
                continue
            window, source = found
            needed = window.needs_copy(call.op)
            if needed is None or sum(1 for other in call.args if other is arg) > 1:
                raise CodegenNotModelled(
                    f"a Vec tile.slice read by {call.op} at an offset whose alignment is not a constant "
                    "(or read twice by it): whether CanonicalizeTileSlice copies it is not modelled",
                    call.span,
                )
            if not needed:
                continue
            window_tile = self.values[id(arg)].tile
            assert window_tile is not None
            # The copy's statement comes before the call's: the call is then a statement later,
            # and its other operands live on to it (`tile.extract` is not in-place safe: never
            # in its source's buffer).
            apart = (source.alloc,) if source.alloc is not None else ()
            copy = self._alloc(f"{base_name(arg.name)}_textract", window_tile, call.span, forbidden=apart)
            self._line(f"extract {source.name} {copy.name}", call.span)  # never shown
            self.point += 1
            copies.append((id(arg), copy))
        return copies

    def _gemv(self, call: Call, dest: str | None) -> Value:
        """`tile.gemv` of a [1, K] row already in Left and a [K, N] tile in Right: a fresh Acc
        tile of one fractal block of rows (the real one is [16, N], valid row 1), of the
        accumulator's dtype (f32 for float operands, i32 for integer ones)."""
        lhs, rhs = (self._tile_operand(arg) for arg in call.args[:2])
        if [operand.tile.loc if operand.tile else "" for operand in (lhs, rhs)] != ["left", "right"]:
            raise CodegenNotModelled(
                f"{call.op} of operands not already in Left and Right is not modelled yet", call.span
            )
        assert lhs.tile is not None and rhs.tile is not None
        dtype = "i32" if lhs.tile.dtype.startswith(("i", "u")) else "f32"
        acc = self._alloc(dest, TileBuf("acc", dtype, 16, rhs.tile.cols), call.span)
        self._line(f"gemv {lhs.name} {rhs.name} {acc.name}", call.span)  # never shown
        return acc

    def _cross_core(self, call: Call, dest: str | None) -> Value:
        """A pipe op of an AIC or AIV kernel (`expand_mixed_kernel`'s halves), for the plan
        only: a popped tile is a slot of the pipe's reserved buffer (no tile of the kernel's
        own), a pushed tile is read where it is pushed, freeing a slot touches no tile."""
        if call.op in ("tile.tpop_from_aic", "tile.tpop_from_aiv"):
            tile = self._result_tile(call)
            self._side(tile.loc, call.op, call.span)
            return Value(self._name(dest or "popped"), tile=tile, hint=dest or "popped")
        if call.op in ("tile.tpush_to_aic", "tile.tpush_to_aiv"):
            pushed = self._tile_operand(call.args[0])
            assert pushed.tile is not None
            self._side(pushed.tile.loc, call.op, call.span)
            self._line(f"push {pushed.name}", call.span)  # never shown
        if call.op == "system.reserve_buffer":
            # Bytes of a space the tiles are placed above (`KernelCode.reserved_spaces`).
            space = _memory(call.kwargs.get("memory_space"), _RESERVE_SPACE.get(self.function.func_type, ""))
            if not space:
                raise CodegenNotModelled("a reserve_buffer of no known memory space", call.span)
            self.reserved_spaces.add(space)
        return Value(self._temp(), scalar="index")

    def _load(self, call: Call, dest: str | None) -> Value:
        source = call.args[0]
        view = self.values.get(id(source)) if isinstance(source, Var) else None
        if view is None or view.tensor is None or len(call.args) < 3:
            raise CodegenNotModelled("a load from a value that is not a tensor parameter", call.span)
        window = _ints(call.args[2], call.span)
        sizes = window
        if not self.with_text or view.dims:  # FlattenTileNdTo2D's 2-D result tile
            sizes = list(_flattened(tuple(sizes)) or sizes)
        rows, cols = (sizes[0], sizes[1]) if len(sizes) >= 2 else (1, sizes[0])
        dtype = view.tensor[2]
        memory = _memory(call.kwargs.get("target_memory"), "vec")
        if view.dims and (memory != "vec" or len(window) != len(view.dims) or len(window) < 2):
            raise CodegenNotModelled(
                f"a {memory.capitalize()} load of a window of rank {len(window)} from a tensor of rank "
                f"{len(view.dims)} is not modelled yet (only Vec loads of the tensor's rank are)",
                call.span,
            )
        self._side(memory, call.op, call.span)
        # A column vector's [M, 1] Vec tile is column-major, as every [M, 1] Vec tile is; a load
        # of another window of a column vector is not modelled.
        column = memory == "vec" and cols == 1 and rows > 1
        if view.tensor[1] == 1 and not column:
            _refuse_column_vector(view, call.span)
        tile = self._alloc(dest, TileBuf(memory, dtype, rows, cols, col_major=column), call.span)
        offsets = self._offsets(call.args[1], call.span)  # after the tile, as the real codegen orders them
        named = dataclasses.replace(view, hint=_name_hint(source))  # its partition: `%<source>_pview`
        pview, partition = self._partition(named, offsets, window if view.dims else [rows, cols], call.span)
        bypass = call.kwargs.get("cache") == 1
        attribute = (
            f" {BYPASS_ATTRIBUTE}" if bypass and self.options.ptoas_cache_policy == "attribute" else ""
        )
        self._line(
            f"pto.tload ins({pview} : {partition}) outs({tile.name} : {tile.tile.type()}){attribute}",
            call.span,
        )  # type: ignore[union-attr]
        return tile

    def _store(self, call: Call, dest: str | None = None) -> Value:
        if dest:
            # The real codegen names the tensor a store binds before it emits the store, though
            # nothing prints it: a name another value has taken costs a number (a pipeline
            # clone's store, whose var has the first clone's name; a second
            # `out = pl.assemble(out, ...)` of one loop body).
            self.names.name(BODY, dest)
        tile = self._tile_operand(call.args[0])
        assert tile.tile is not None
        self._side(tile.tile.loc, call.op, call.span)
        target = call.args[2] if len(call.args) > 2 else None
        view = self.values.get(id(target)) if isinstance(target, Var) else None
        if view is None or view.tensor is None:
            raise CodegenNotModelled("a store into a value that is not a tensor parameter", call.span)
        named = dataclasses.replace(view, hint=_name_hint(target))  # its partition: `%<target>_pview`
        if not tile.tile.col_major:  # a column-major [M, 1] tile into a DN column vector is modelled
            _refuse_column_vector(view, call.span)
        elif view.tensor[1] != 1:
            raise CodegenNotModelled(
                "a store of a column-major tile into a tensor that is not a column vector is not modelled yet",
                call.span,
            )
        offsets = self._offsets(call.args[1], call.span)
        window = [tile.tile.rows, tile.tile.cols]
        if len(view.dims) == 1:
            raise CodegenNotModelled("a store into a 1-D tensor is not modelled yet", call.span)
        if view.dims:
            # FlattenTileNdTo2D's `shapes` operand: the tile's own shape, 1s before it up to
            # the tensor's rank.
            written = call.args[0].type.shape if isinstance(call.args[0].type, TileType) else None
            if (
                not written
                or not all(isinstance(dim, int) for dim in written)
                or len(written) > len(view.dims)
            ):
                raise CodegenNotModelled("a store of a tile of no static shape into an N-D tensor", call.span)
            window = [1] * (len(view.dims) - len(written)) + list(written)
        pview, partition = self._partition(named, offsets, window, call.span)
        self._line(f"pto.tstore ins({tile.name} : {tile.tile.type()}) outs({pview} : {partition})", call.span)  # type: ignore[union-attr]
        return view

    def _partition(
        self, view: Value, offsets: list[str], window: list[int], span: Span, suffix: str = "_pview"
    ) -> tuple[str, str]:
        """`%x_pview = pto.partition_view %x_view, offsets = [...], sizes = [...]` of a tensor
        view (of its rank); the partition view's name and type."""
        assert view.tensor is not None
        dtype = view.tensor[2]
        partition = f"!pto.partition_tensor_view<{'x'.join(str(dim) for dim in window)}x{dtype}>"
        pview = self._name(f"{view.hint}{suffix}")
        sizes = ", ".join(self._index(dim) for dim in window)
        self._line(
            f"{pview} = pto.partition_view {view.name}, offsets = [{', '.join(offsets)}], sizes = [{sizes}] : "
            f"!pto.tensor_view<{'?x' * (len(view.dims) or 2)}{dtype}> -> {partition}",
            span,
        )
        return pview, partition

    def _matmul(self, call: Call, dest: str | None) -> Value:
        self.cube = True
        self._side("acc", call.op, call.span)
        lhs, rhs = self._tile_operand(call.args[0]), self._tile_operand(call.args[1])
        if _flag(call.kwargs.get("b_trans")):
            self.point += 1  # a statement of its own in the real IR
            rhs = self._transpose_view(rhs, f"{rhs.hint}_t", call.span)
        tiling = self._l0_tiling(call, lhs, rhs, accumulating=False)
        if tiling is not None:
            return self._k_split(call, dest, tiling, lhs, rhs, None)
        swapped = (lhs.tile is not None and lhs.tile.loc == "right") or (
            rhs.tile is not None and rhs.tile.loc == "left"
        )
        if swapped and self.with_text:
            raise CodegenNotModelled(f"{call.op} of an operand already in the other L0 space", call.span)
        # An operand in the other L0 space: in an InCore kernel (a mixed kernel's halves
        # included) InferTileMemorySpace moves it across, Right -> Left or Left -> Right, as
        # it moves a Mat one; an AIC kernel the author writes it leaves as it is.
        moves = not swapped or self.function.func_type == FunctionType.INCORE or self.from_incore
        if lhs.tile and lhs.tile.loc != "left" and moves:
            self.point += 1  # the move ConvertTensorToTileOps inserts is a statement of its own
            lhs = self._moved(lhs, "left", None, call.span)
        if rhs.tile and rhs.tile.loc != "right" and moves:
            self.point += 1
            rhs = self._moved(rhs, "right", None, call.span)
        assert lhs.tile is not None and rhs.tile is not None
        acc = self._alloc(dest, TileBuf("acc", "f32", lhs.tile.rows, rhs.tile.cols), call.span)
        self._line(
            f"pto.tmatmul ins({lhs.name}, {rhs.name} : {lhs.tile.type()}, {rhs.tile.type()}) outs({acc.name} : {acc.tile.type()})",  # type: ignore[union-attr]
            call.span,
        )
        return acc

    def _matmul_acc(self, call: Call, dest: str | None = None) -> Value:
        """`pto.tmatmul.acc ins(acc, lhs, rhs) outs(acc)`: the accumulation is in place, the
        result is the accumulator itself (no tile of its own). The real codegen still names
        the result's tile with the others (a name no line shows, a number where its hint is
        taken). With an init condition (a 4th operand) a literal picks `pto.tmatmul ins(lhs,
        rhs) outs(acc)` or the accumulating form; a runtime one branches over the two
        (`scf.if %c {` ... `} else {` ...), both writing the accumulator in place."""
        self.cube = True
        self._side("acc", call.op, call.span)
        if len(call.args) not in (3, 4):
            raise CodegenNotModelled(f"{call.op} with {len(call.args)} operands is not modelled", call.span)
        acc = self._tile_operand(call.args[0])
        lhs, rhs = self._tile_operand(call.args[1]), self._tile_operand(call.args[2])
        if _flag(call.kwargs.get("b_trans")) or _flag(call.kwargs.get("a_trans")):
            raise CodegenNotModelled(f"a transposed {call.op} is not modelled yet", call.span)
        # (With an init condition, a 4th operand, the rewrite is not modelled.)
        tiling = self._l0_tiling(call, lhs, rhs, accumulating=True, form_modelled=len(call.args) == 3)
        if tiling is not None:
            return self._k_split(call, dest, tiling, lhs, rhs, acc)
        if dest is not None:
            self.names.name(TILES, dest)
        if lhs.tile and lhs.tile.loc != "left":
            self.point += 1
            lhs = self._moved(lhs, "left", None, call.span)
        if rhs.tile and rhs.tile.loc != "right":
            self.point += 1
            rhs = self._moved(rhs, "right", None, call.span)
        assert acc.tile is not None and lhs.tile is not None and rhs.tile is not None
        if acc.tile.loc != "acc":
            raise CodegenNotModelled(f"{call.op} into a {acc.tile.loc} tile is not modelled", call.span)
        operands = f"{lhs.name}, {rhs.name} : {lhs.tile.type()}, {rhs.tile.type()}"
        accumulating = (
            f"pto.tmatmul.acc ins({acc.name}, {lhs.name}, {rhs.name} : {acc.tile.type()}, {lhs.tile.type()}, "
            f"{rhs.tile.type()}) outs({acc.name} : {acc.tile.type()})"
        )
        initializing = f"pto.tmatmul ins({operands}) outs({acc.name} : {acc.tile.type()})"
        init = call.args[3] if len(call.args) == 4 else None
        if init is None:
            self._line(accumulating, call.span)
        elif isinstance(init, Const) and isinstance(init.value, int):  # (a bool is an int)
            self._line(initializing if init.value else accumulating, call.span)
        elif self.with_text:
            self._structural(f"scf.if {self._condition(init)} {{", call.span)
            self.indent += 1
            self._line(initializing, call.span)
            self.indent -= 1
            self._structural("} else {", call.span)
            self.indent += 1
            self._line(accumulating, call.span)
            self.indent -= 1
            self._structural("}", call.span)
        return acc

    def _transpose_view(self, source: Value, dest: str | None, span: Span) -> Value:
        """The transposed view of a Mat tile, as the real codegen emits it (TensorMatmulDemo's
        `qk.pto`): a tile at the source's address, rows and columns and layouts swapped."""
        assert source.tile is not None
        if source.tile.loc != "mat" or source.tile.transposed:
            raise CodegenNotModelled(
                f"a transposed view of a {source.tile.loc} tile is not modelled yet (only of a Mat tile)",
                span,
            )
        tile = TileBuf("mat", source.tile.dtype, source.tile.cols, source.tile.rows, transposed=True)
        return self._alloc(dest, tile, span, view_of=source.alloc)

    def _binary(self, call: Call, dest: str | None) -> Value:
        """A binary op (`pto.tadd ins(a, b)`), or its tile-scalar form (`pto.tadds ins(a, s)`)
        where the right-hand side is a scalar, named as the real backend's table names them."""
        lhs = self._tile_operand(call.args[0])
        assert lhs.tile is not None
        self._side(lhs.tile.loc, call.op, call.span)
        rhs = self._expr(call.args[1], None)
        self._read_in_vec(call, lhs, rhs)
        repaired = self._row_major_operands(call, [lhs, rhs], dest)
        if repaired is not None:
            lhs, rhs = repaired
        assert lhs.tile is not None
        result = self._alloc(self._row_major_result(dest, repaired), lhs.tile, call.span)  # type: ignore[arg-type]
        if rhs.tile is None:  # a scalar right-hand side: the tile-scalar form
            scalar_op = pto_op_names.SCALAR_FORM.get(call.op, call.op)
            types = f"{lhs.tile.type()}, {rhs.scalar or 'f32'}"  # type: ignore[union-attr]
            self._line(
                f"{pto_op_names.TILE_SCALAR[scalar_op]} ins({lhs.name}, {rhs.name} : {types}) "
                f"outs({result.name} : {result.tile.type()})",
                call.span,
            )  # type: ignore[union-attr]
        else:
            if call.op not in pto_op_names.BINARY:
                raise CodegenNotModelled(f"{call.op} with a tile for its scalar operand", call.span)
            types = f"{lhs.tile.type()}, {rhs.tile.type()}"  # type: ignore[union-attr]
            self._line(
                f"{pto_op_names.BINARY[call.op]} ins({lhs.name}, {rhs.name} : {types}) "
                f"outs({result.name} : {result.tile.type()})",
                call.span,
            )  # type: ignore[union-attr]
        return self._column_result(result, dest, repaired, call.span)

    def _full(self, call: Call, dest: str | None) -> Value:
        """`pto.texpands ins(value : f32) outs(dst)`: a tile filled with one scalar (the real
        backend's `tile.full`); a value of another type than the tile's is not modelled."""
        tile = self._result_tile(call)
        self._refuse_column_major(call, Value("", tile=tile))
        result = self._alloc(dest, tile, call.span)  # its constants before the value's
        if not self.with_text:  # planning only: the fresh tile is all the planner needs
            return result
        given = call.args[1] if len(call.args) == 2 else call.kwargs.get("value")
        if isinstance(given, float):  # `value=0.0`, read as an attribute
            value = Value(self._float(given), scalar="f32")
        elif isinstance(given, Expr):
            value = self._expr(given, None)
        else:
            raise CodegenNotModelled(
                f"{call.op} with a value of {type(given).__name__} is not modelled", call.span
            )
        if value.tile is not None or value.scalar != tile.dtype:
            raise CodegenNotModelled(
                f"{call.op} of a {value.scalar or 'tile'} value into a {tile.dtype} tile is not modelled yet",
                call.span,
            )
        self._line(
            f"{pto_op_names.SPECIAL[call.op]} ins({value.name} : {value.scalar}) outs({result.name} : {tile.type()})",
            call.span,
        )
        return result

    def _syncall(self, call: Call) -> Value:
        """`pto.syncall() mode = #pto.sync_all_mode<hard>, core_type = ...`; the soft form
        polls a global-memory workspace: a partition view of the whole tensor
        (`%ws_syncgm_pview`, offsets 0) and, when given, the INT32 count of cores."""
        mode = _text(call.kwargs.get("mode")) or "hard"
        core_type = _text(call.kwargs.get("core_type")) or "mix"
        operands = [
            *call.args,
            *(call.kwargs[key] for key in ("gm_workspace", "used_cores") if key in call.kwargs),
        ]
        tail = f"mode = #pto.sync_all_mode<{mode}>, core_type = #pto.sync_core_type<{core_type}>"
        if mode == "hard" and not operands:
            self._line(f"pto.syncall() {tail}", call.span)
            return Value("")  # (no value: a barrier)
        workspace = operands[0] if operands else None
        view = self.values.get(id(workspace)) if isinstance(workspace, Var) else None
        count = operands[1] if len(operands) == 2 else None
        if (
            mode != "soft"
            or view is None
            or not view.dims
            or view.tensor is None
            or view.tensor[2] != "i32"
            or len(operands) > 2
            or (count is not None and not (isinstance(count, Const) and type(count.value) is int))
        ):
            raise CodegenNotModelled(
                "this form of pl.system.syncall is not modelled yet (the hard form, and the soft one "
                "with a static INT32 workspace and a literal count of cores, are)",
                call.span,
            )
        offsets = [self._index(0) for _ in view.dims]
        pview, partition = self._partition(view, offsets, list(view.dims), call.span, "_syncgm_pview")
        values, types = [pview], [partition]
        if count is not None:
            values.append(self.names.constant(BODY, count.value, "i32"))  # type: ignore[union-attr]
            types.append("i32")
        self._line(f"pto.syncall({', '.join(values)} : {', '.join(types)}) {tail}", call.span)
        return Value("")

    def _row_major_operands(self, call: Call, operands: list[Value], dest: str | None) -> list[Value] | None:
        """ResolveBackendOpLayouts: an op the real backend wants row-major (its
        `RequiresRowMajorLayout` table and precision ops) of [N, 1] column-major tiles runs on
        [1, N] row-major views of them (`%u__rm_a0_tmp_v0`, a reshape: the same buffer), into a
        row-major temporary (`%u__row_major_tmp_v1`) that the result is a view of again (`_column_result`);
        the `v<k>` count the kernel's repairs. None: the op needs no repair."""
        tiles = [value for value in operands if value.tile is not None]
        if not any(value.tile.col_major for value in tiles):  # type: ignore[union-attr]
            return None
        if not self.with_text:
            return None  # (the plan's tiles are as before: the memory use is held to them)
        if self.carrying:
            raise CodegenNotModelled(
                f"{call.op} of an [M, 1] column-major tile in a loop that carries a tile: how the real "
                "planner places ResolveBackendOpLayouts' row-major reshapes there is not modelled yet",
                call.span,
            )
        scalar = len(tiles) < len(
            operands
        )  # the tile-scalar form (`tile.minimum` of a scalar: `tile.minimums`)
        op = pto_op_names.SCALAR_FORM.get(call.op, call.op) if scalar else call.op
        if op not in _ROW_MAJOR_OPS or not all(value.tile.col_major for value in tiles) or dest is None:  # type: ignore[union-attr]
            self._refuse_column_major(call, *tiles)
        base = _auto_base(dest or "")
        repaired = []
        for position, value in enumerate(operands):
            if value.tile is None:
                repaired.append(value)
                continue
            row = TileBuf(value.tile.loc, value.tile.dtype, value.tile.cols, value.tile.rows)
            name = f"{base}__rm_a{position}_tmp_v{self.layout_fixes}"
            self.layout_fixes += 1
            repaired.append(self._alloc(name, row, call.span, view_of=value.alloc))
        return repaired

    def _row_major_result(self, dest: str | None, repaired: list[Value] | None) -> str | None:
        """The name of the tile a repaired op writes: its row-major temporary."""
        if repaired is None:
            return dest
        name = f"{_auto_base(dest or '')}__row_major_tmp_v{self.layout_fixes}"
        self.layout_fixes += 1
        return name

    def _column_result(
        self, result: Value, dest: str | None, repaired: list[Value] | None, span: Span
    ) -> Value:
        """The [N, 1] column-major result of a repaired op: a view of its row-major temporary."""
        if repaired is None:
            return result
        assert result.tile is not None
        column = TileBuf(
            result.tile.loc, result.tile.dtype, result.tile.cols, result.tile.rows, col_major=True
        )
        value = self._alloc(dest, column, span, view_of=result.alloc)
        self.repaired.add(value.alloc)  # type: ignore[arg-type]
        return value

    def _refuse_repaired_carry(self, start: Value, span: Span) -> None:
        if start.alloc in self.repaired:
            raise CodegenNotModelled(
                "a loop carrying the [M, 1] result of a row-major repair (ResolveBackendOpLayouts): "
                "its buffer's placement is not modelled yet",
                span,
            )

    def _refuse_column_major(self, call: Call, *operands: Value) -> None:
        """An elementwise op (or `tile.full`) the real backend wants row-major: on an [M, 1]
        column-major tile ResolveBackendOpLayouts runs it on [1, M] row-major reshapes of its
        tiles (`%s__rm_a0_tmp_v0`, `%s__row_major_tmp_v2`), which is not modelled."""
        if self.with_text and any(value.tile is not None and value.tile.col_major for value in operands):
            raise CodegenNotModelled(
                f"{call.op} of an [M, 1] column-major tile: ResolveBackendOpLayouts runs it on row-major "
                "[1, M] reshapes of its tiles, which is not modelled yet",
                call.span,
            )

    def _row_reduction(self, call: Call, pto_op: str, dest: str | None) -> Value:  # pto_op: "pto.trowmax"
        """`pto.trowmax ins(x, tmp) outs(dst)`: an [M, 1] column-major result that shares the
        buffer of neither input."""
        if len(call.args) != 2:
            raise CodegenNotModelled(f"{call.op} without its scratch tile is not modelled yet", call.span)
        source, scratch = self._tile_operand(call.args[0]), self._tile_operand(call.args[1])
        assert source.tile is not None and scratch.tile is not None
        self._side(source.tile.loc, call.op, call.span)
        self._read_in_vec(call, source, scratch)
        tile = TileBuf(source.tile.loc, source.tile.dtype, source.tile.rows, 1, col_major=True)
        forbidden = tuple(value.alloc for value in (source, scratch) if value.alloc is not None)
        result = self._alloc(dest, tile, call.span, forbidden=forbidden)
        self._line(
            f"{pto_op} ins({source.name}, {scratch.name} : {source.tile.type()}, {scratch.tile.type()}) "
            f"outs({result.name} : {tile.type()})",
            call.span,
        )
        return result

    def _expand(self, call: Call, pto_op: str, dest: str | None) -> Value:
        """`pto.trowexpandsub ins(x, v) outs(dst)`: `v` broadcast over `x`; the result may share
        `x`'s buffer, not `v`'s."""
        source, vector = self._tile_operand(call.args[0]), self._tile_operand(call.args[1])
        assert source.tile is not None and vector.tile is not None
        self._side(source.tile.loc, call.op, call.span)
        self._read_in_vec(call, source, vector)
        forbidden = (vector.alloc,) if vector.alloc is not None else ()
        result = self._alloc(dest, source.tile, call.span, forbidden=forbidden)
        self._line(
            f"{pto_op} ins({source.name}, {vector.name} : {source.tile.type()}, {vector.tile.type()}) "
            f"outs({result.name} : {source.tile.type()})",
            call.span,
        )
        return result

    def _cast(self, call: Call, dest: str | None) -> Value:
        """`pto.tcvt ins(x {rmode = #pto<round_mode ROUND>} : ...) outs(dst : ...)`; a widening
        cast may not write its result over its input."""
        source = self._tile_operand(call.args[0])
        assert source.tile is not None
        mode = _text(call.kwargs.get("mode")).lower()
        if mode not in _ROUND_MODES:
            raise CodegenNotModelled(
                f"a cast with the mode {mode or '(none)'} is not modelled yet", call.span
            )
        self._side(source.tile.loc, call.op, call.span)
        self._read_in_vec(call, source)
        # The element type the call names (the var's declared type can be the source's, as
        # pass 11 types some converted casts).
        dtype = _DTYPES.get(getattr(call.kwargs.get("target_type"), "name", ""))
        if dtype is None:
            raise CodegenNotModelled("a cast to an element type that is not modelled", call.span)
        result_tile = TileBuf(source.tile.loc, dtype, source.tile.rows, source.tile.cols)
        if source.tile.col_major:
            raise CodegenNotModelled("a cast of a column-major tile is not modelled yet", call.span)
        source_dtype, target_dtype = _IR_DTYPES.get(source.tile.dtype), _IR_DTYPES.get(dtype)
        if source_dtype != target_dtype and target_dtype not in TCVT_TABLES["a2a3"].get(
            source_dtype or "", ()
        ):
            # LegalizeTileCast makes it a chain of native casts through temporaries.
            raise CodegenNotModelled(
                f"a cast from {source.tile.dtype} to {dtype} has no native pto.tcvt: the chain of casts "
                "LegalizeTileCast makes of it (and its temporary tiles) is not modelled yet",
                call.span,
            )
        widening = _element_bits(result_tile.dtype) > _element_bits(source.tile.dtype)
        forbidden = (source.alloc,) if widening and source.alloc is not None else ()
        result = self._alloc(dest, result_tile, call.span, forbidden=forbidden)
        self._line(
            f"pto.tcvt ins({source.name} {{rmode = #pto<round_mode {mode.upper()}>}} : {source.tile.type()}) "
            f"outs({result.name} : {result_tile.type()})",
            call.span,
        )
        return result

    def _scalar_cast(self, call: Call) -> Value:
        """A scalar integer to float (`arith.sitofp`), into an unnamed value as the real
        codegen makes it (`01_hello_rank.py`'s `%0 = arith.sitofp %arg2 : i32 to f32`), or
        to an index (`%0 = arith.index_cast %arg2 : i32 to index`, test_ctrl_flow.py)."""
        source = self._expr(call.args[0], None)
        named = call.kwargs.get("target_type", call.args[1] if len(call.args) > 1 else None)
        dtype = (
            named.text.removeprefix("pl.") if isinstance(named, OpaqueExpr) else getattr(named, "name", "")
        )
        if dtype == "INDEX" and source.scalar in ("i32", "i64"):  # `arith.index_cast`, unnamed
            name = self._temp()
            self._line(f"{name} = arith.index_cast {source.name} : {source.scalar} to index", call.span)
            return Value(name, scalar="index")
        target = _DTYPES.get(dtype)
        if source.scalar not in ("i32", "i64") or target not in ("f32", "f16", "bf16"):
            raise CodegenNotModelled(
                f"a scalar cast from {source.scalar or 'an unknown type'} to {target or 'an unknown type'} "
                "is not modelled yet",
                call.span,
            )
        name = self._temp()
        self._line(f"{name} = arith.sitofp {source.name} : {source.scalar} to {target}", call.span)
        return Value(name, scalar=target)

    def _read_in_vec(self, call: Call, *operands: Value) -> None:
        """A vector op's table asks for its tile operands in Vec; given a tile of another
        (a cube) space, InferTileMemorySpace moves it to Vec first: a `tile.move` across the
        cube/vector divide, so the op runs on the vector side and the move on both, and the
        kernel is a mixed one (refused as such: `_refuse_mixed`)."""
        for operand in operands:
            if operand.tile is not None and operand.tile.loc != "vec":
                self._side(operand.tile.loc, "tile.move", call.span)
                self._side("vec", call.op, call.span)

    def _result_tile(self, call: Call) -> TileBuf:
        """The tile the statement binds, from its type (the op's deduced result)."""
        return self._tile_of(self.target, f"the result of {call.op}", call.span)

    def _tile_of(self, tile: object, what: str, span: Span) -> TileBuf:
        """The tile of a declared type; `what` names the value in a refusal."""
        # FlattenTileNdTo2D: an N-D tile is 2-D ([A, B, C] -> [A*B, C]); a 1-D one (a row for
        # the plan) keeps its rank in the real IR, whose PTO form is not modelled.
        shape = (
            None
            if not isinstance(tile, TileType)
            else tile.shape
            if self.with_text and tile.shape is not None and len(tile.shape) < 2
            else _flattened(tile.shape)
        )
        if not isinstance(tile, TileType) or shape is None or len(shape) != 2:
            raise CodegenNotModelled(f"{what} has no known 2-D tile type", span)
        rows, cols = shape
        dtype = _DTYPES.get(tile.dtype or "")
        memory = _memory(tile.memory, "")
        if not isinstance(rows, int) or not isinstance(cols, int) or dtype is None or not memory:
            raise CodegenNotModelled(f"{what} has no static tile type", span)
        col_major = memory == "vec" and cols == 1 and rows > 1  # the implicit layout of an [M, 1] Vec tile
        return TileBuf(memory, dtype, rows, cols, col_major=col_major)

    def _moved(self, source: Value, loc: str, dest: str | None, span: Span) -> Value:
        assert source.tile is not None
        # A move across the cube/vector divide belongs to both sides (a push and a pop).
        self._side(source.tile.loc, "tile.move", span)
        self._side(loc, "tile.move", span)
        name = dest or f"{source.hint}_{loc.capitalize()}"
        # `tile.move` is `not_inplace_safe`: a move within one space never writes over its source.
        forbidden = (source.alloc,) if source.alloc is not None else ()
        moved = self._alloc(
            name,
            TileBuf(loc, source.tile.dtype, source.tile.rows, source.tile.cols),
            span,
            forbidden=forbidden,
        )
        self._line(
            f"pto.tmov ins({source.name} : {source.tile.type()}) outs({moved.name} : {moved.tile.type()})",
            span,
        )  # type: ignore[union-attr]
        return moved

    # -------------------------------------------------------------- values

    def _tile_operand(self, expr: Expr) -> Value:
        value = self._expr(expr, None)
        if value.tile is None:
            raise CodegenNotModelled("an operand that must be a tile is not one", expr.span)
        return value

    def _alloc(
        self,
        dest: str | None,
        tile: TileBuf,
        span: Span,
        view_of: int | None = None,
        forbidden: tuple[int, ...] = (),
    ) -> Value:
        """A tile at its definition; the real codegen names every tile before anything else.
        `forbidden`: the allocs whose buffer the op may not write it into."""
        if self.with_text and tile.loc not in _LAYOUT:
            raise CodegenNotModelled(f"a {tile.loc} tile's PTO form is not modelled yet", span)
        name = self.names.name(TILES, dest)
        size = tile_bytes((tile.rows, tile.cols), _IR_DTYPES.get(tile.dtype), SPACE_NAMES[tile.loc])
        index = len(self.allocs)
        self.allocs.append(
            TileAlloc(
                name,
                tile.loc,
                size or 0,
                self.point,
                view_of,
                forbidden=forbidden,
                span=span,
                label=base_name(dest or ""),
            )
        )
        self._line(
            f"{name} = pto.alloc_tile addr = {_ADDRESS_MARK}{index}{_ADDRESS_MARK} valid_row = {self._index(tile.rows)} "
            f"valid_col = {self._index(tile.cols)} : {tile.type()}",
            span,
        )
        return Value(name, tile=tile, alloc=index, hint=dest or "")

    def _offsets(self, expr: Expr, span: Span) -> list[str]:
        items = expr.items if isinstance(expr, MakeTuple) else [expr]
        offsets = []
        for item in items:
            value = self._expr(item, None)
            if isinstance(item, Const):
                offsets.append(value.name)
            else:  # a runtime offset is clamped at zero, as the real codegen does
                clamped = self._temp()
                self._line(f"{clamped} = arith.maxsi {value.name}, {self._index(0)} : index", span)
                offsets.append(clamped)
        return offsets

    def _nd_dims(self, var: Var) -> tuple[int, ...]:
        """A tensor parameter's static N-D shape (rank > 2); () for any other."""
        shape = var.type.shape if isinstance(var.type, TensorType) else None
        if not self.with_text or shape is None or len(shape) == MODELLED_RANK or not shape:
            return ()
        if not all(isinstance(dim, int) and not isinstance(dim, bool) for dim in shape):
            return ()
        return tuple(shape)

    def _nd_view(self, var: Var, index: int, dims: tuple[int, ...], dtype: str, used: bool) -> None:
        """An N-D tensor's view, as the real codegen makes it: its shape, and its row-major
        strides multiplied out (`%a_s1 = arith.muli %c64_index, %c8_index`, inner first), the
        last two the last dim and 1. An N-D tensor the body never reads is not modelled."""
        if not used:
            raise CodegenNotModelled(
                f"tensor '{user_name(var)}' of rank {len(dims)} is never read: its view is not modelled",
                var.span,
            )
        view = self.names.name(VIEWS, f"{var.name}_view")
        shape = [self.names.constant(VIEWS, dim, "index") for dim in dims]
        strides = [shape[-1], self.names.constant(VIEWS, 1, "index")][-len(dims) :]
        for axis in range(len(dims) - 3, -1, -1):
            stride = self.names.name(VIEWS, f"{var.name}_s{axis}")
            self.prologue.append(
                self._located(f"{stride} = arith.muli {strides[0]}, {shape[axis + 1]} : index", var.span)
            )
            strides.insert(0, stride)
        question = "?x" * len(dims)
        self.prologue.append(
            self._located(
                f"{view} = pto.make_tensor_view %arg{index}, shape = [{', '.join(shape)}], "
                f"strides = [{', '.join(strides)}] {{layout = #pto.layout<nd>}} : "
                f"!pto.tensor_view<{question}{dtype}>",
                var.span,
            )
        )
        rows, cols = _flattened(dims) or (0, 0)
        self.values[id(var)] = Value(view, tensor=(rows, cols, dtype), dims=dims, hint=var.name)

    def _row_dim(self, var: Var, rows: int) -> int | str:
        """A 2-D tensor's row count as its view shows it: the name of its dynamic dim (one the
        kernel is passed), else `rows`."""
        shape = var.type.shape if isinstance(var.type, TensorType) else None
        if (
            shape
            and len(shape) == MODELLED_RANK
            and isinstance(shape[0], str)
            and shape[0] in self.dynamic_args
        ):
            return shape[0]
        return rows

    def _tensor_dim(self, call: Call) -> Value:
        """`pl.tensor.dim(x, axis)` of a dynamic dim: the index the kernel is passed for it."""
        tensor = call.args[0].type if call.args else None
        axis = call.args[1] if len(call.args) > 1 else None
        shape = tensor.shape if isinstance(tensor, TensorType) else None
        if (
            isinstance(axis, Const)
            and shape
            and isinstance(axis.value, int)
            and -len(shape) <= axis.value < len(shape)
        ):
            dim = shape[axis.value]
            if isinstance(dim, str) and dim in self.dynamic_args:
                return Value(self.dynamic_args[dim], scalar="index")
        raise CodegenNotModelled(
            "a pl.tensor.dim of a dim that is not dynamic is not modelled yet", call.span
        )

    def _tensor_shape(self, var: Var) -> tuple[int, int, str]:
        tensor = var.type
        assert isinstance(tensor, TensorType)
        shape = tensor.shape if self.with_text and not self._nd_dims(var) else _flattened(tensor.shape)
        if not self.with_text or self._row_dim(var, 0) != 0:
            shape = _plan_shape(tensor.shape) or shape
        problem = static_2d_problem("tensor", user_name(var), shape)
        if problem is not None or shape is None:
            raise CodegenNotModelled(problem or "", var.span)
        rows, cols = int(shape[0]), int(shape[1])
        if tensor.layout not in (None, "ND"):
            raise CodegenNotModelled(
                f"tensor '{user_name(var)}' has the {tensor.layout} layout: only ND tensors are modelled",
                var.span,
            )
        if tensor.dtype not in _DTYPES:
            raise CodegenNotModelled(
                f"tensor '{user_name(var)}' has the dtype {tensor.dtype}, whose PTO form is not modelled",
                var.span,
            )
        return rows, cols, _DTYPES[tensor.dtype]

    # ------------------------------------------------------------- sides

    def _side(self, loc: str, op: str, span: Span) -> None:
        """Record the core side an op runs on: cube for the Mat/Left/Right/Acc/Bias spaces,
        vector for Vec (ExpandMixedKernel's affinity of the op's output, or of its tile)."""
        side = "cube" if loc in _CUBE_SPACES else "vector"
        self.sides.setdefault(side, (op, span))

    def _refuse_mixed(self) -> None:
        if len(self.sides) < 2:
            return
        cube_op, cube_span = self.sides["cube"]
        vector_op, vector_span = self.sides["vector"]
        first = min(cube_span, vector_span, key=lambda span: (span.start_line, span.start_col))
        raise CodegenNotModelled(
            f"a mixed kernel: its cube ops ({cube_op}, line {cube_span.start_line}) and vector ops "
            f"({vector_op}, line {vector_span.start_line}) are split into an AIC and an AIV kernel by "
            "ExpandMixedKernel, whose PTO text (the pipe's ops, the lanes' offsets) is not modelled",
            first,
        )

    def _index(self, value: int) -> str:
        return self.names.constant(BODY, value, "index")

    def _float(self, value: float) -> str:
        return self.names.constant(BODY, float(value), "f32")

    def _name(self, wanted: str) -> str:
        return self.names.name(BODY, wanted)

    def _temp(self) -> str:
        return self.names.name(BODY, None)

    def _line(self, text: str, span: Span) -> None:
        self.lines.append(("  " * self.indent + self._located(text, span), self.point))

    def _located(self, text: str, span: Span) -> str:
        if self.options.emit_source_loc:
            text += f' loc("{self.options.file_label}":{span.start_line}:{span.start_col + 1})'
        return text


_FLOAT_OPS = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "div": lambda a, b: a / b,
}


def _float_constant(expr: Expr) -> float | None:
    """A float operand written as arithmetic on literals (`1.0 / HIDDEN`): the real compiler
    folds it to one constant (`%cst = arith.constant 1.953125e-03 : f32`)."""
    if not isinstance(expr, BinaryExpr) or expr.op not in _FLOAT_OPS:
        return None
    lhs, rhs = expr.lhs, expr.rhs
    values = [
        (
            _float_constant(side)
            if isinstance(side, BinaryExpr)
            else side.value
            if isinstance(side, Const)
            else None
        )
        for side in (lhs, rhs)
    ]
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        return None
    if not any(isinstance(v, float) for v in values) or (expr.op == "div" and values[1] == 0):
        return None
    return float(_FLOAT_OPS[expr.op](*values))


# The ops the real backend runs row-major (`RequiresRowMajorLayout` of pto_ops_elementwise.cpp,
# and its precision ops div, log and recip) among those the emitter writes.
_ROW_MAJOR_OPS = frozenset(
    {
        "tile.add",
        "tile.sub",
        "tile.mul",
        "tile.div",
        "tile.maximum",
        "tile.minimum",
        "tile.adds",
        "tile.subs",
        "tile.muls",
        "tile.divs",
        "tile.maximums",
        "tile.exp",
        "tile.sqrt",
        "tile.abs",
        "tile.relu",
        "tile.log",
        "tile.recip",
    }
)
# The ops whose N-D (rank > 2) tiles FlattenTileNdTo2D only retypes to 2-D (or, for a load
# and a store, whose tensor-rank window it keeps): the emitter writes them as 2-D ones.
_FLATTENED_OPS = frozenset(
    {
        "tile.load",
        "tile.store",
        "tile.create",
        "tile.full",
        "tile.cast",
        *pto_op_names.BINARY,
        *pto_op_names.TILE_SCALAR,
        *pto_op_names.UNARY,
    }
)


def _touches_nd_tile(call: Call, target: object) -> bool:
    """Whether the call reads or makes a tile of rank > 2."""
    types = [target, *(arg.type for arg in call.args if isinstance(arg, Var))]
    return any(
        isinstance(type_, TileType) and type_.shape is not None and len(type_.shape) > MODELLED_RANK
        for type_ in types
    )


def _refuse_partial_tile(var: Var) -> None:
    """A tile whose valid shape is not its shape, or that is padded: its `valid_row` /
    `valid_col` and pad are not modelled."""
    tile = var.type
    view = tile.view if isinstance(tile, TileType) else None
    if not isinstance(view, TileView) or not isinstance(tile, TileType):
        return
    if view.pad != "null" or (view.valid_shape and tuple(view.valid_shape) != tuple(tile.shape or ())):
        raise CodegenNotModelled(
            f"tile '{user_name(var)}' has a valid shape or pad of its own, which is not modelled yet",
            var.span,
        )


def _text(value: object) -> str:
    if isinstance(value, Const):
        return str(value.value)
    if isinstance(value, OpaqueExpr):
        return value.text.strip("'\"")
    return "" if value is None else str(value)


def _refuse_column_vector(view: Value, span: Span) -> None:
    if view.tensor is not None and view.tensor[1] == 1:
        rows = "?" if view.tensor[0] == DYNAMIC_ROWS else view.tensor[0]
        raise CodegenNotModelled(
            f"tensor '{base_name(view.hint)}' is a column vector [{rows}, 1]: its DN layout gives "
            "its loads and stores column-major tiles, which are not modelled yet",
            span,
        )


def _auto_base(name: str) -> str:
    """The real `auto_name::GetBaseName`: the name up to its first `__` (`t__tile` -> `t`),
    what ResolveBackendOpLayouts names its temporaries after."""
    return name.split("__", 1)[0]


def _name_hint(var: Var) -> str:
    """The name the real IR gives a value: its hint where we name it as the real printer
    shows it; the hoisted temporaries of one kernel are all `t__tile` there (we print them
    `t__tile_<k>`, as the real printer does)."""
    if var.hint is not None:
        return var.hint
    hoisted = _HOISTED.fullmatch(var.name)
    return hoisted.group(1) if hoisted else var.name


def _used_vars(function: Function) -> set[int]:
    """The ids of the vars the body reads (a parameter the body never names gets no view)."""
    return {id(var) for stmt in walk_stmts(function.body) for var in vars_read(own_exprs(stmt))}


def _flattened(shape: tuple | None) -> tuple | None:
    """An N-D static shape as FlattenTileNdTo2D makes it ([A, B, C] -> [A*B, C]: the same
    bytes), a 1-D one a row ([N] -> [1, N]); a 2-D or a dynamic shape as it is. For the plan
    only (`plan_kernel`)."""
    if shape is not None and len(shape) == 1:
        return (1, shape[0])  # a row
    if shape is None or len(shape) <= 2 or not all(isinstance(dim, int) for dim in shape):
        return shape
    rows = 1
    for dim in shape[:-1]:
        rows *= dim
    return (rows, shape[-1])


def _dynamic_dims(function: Function, dynamic: frozenset[str]) -> list[str]:
    """The `pl.dynamic` dims of the tensor parameters' shapes, first seen first (the order of
    the real codegen's trailing index arguments)."""
    found: dict[str, None] = {}
    for param in function.params:
        shape = param.var.type.shape if isinstance(param.var.type, TensorType) else None
        for dim in shape or ():
            if isinstance(dim, str) and dim in dynamic:
                found.setdefault(dim)
    return list(found)


# The plan's stand-in for a tensor's row count not static to us: only the tensor's view
# reads it (InitMemRef sizes tiles, whose shapes are static), never a tile's size or place.
DYNAMIC_ROWS = -1


def _plan_shape(shape: tuple | None) -> tuple[int, int] | None:
    """A tensor's [rows, cols] for the plan when a dim before its last is not static (a
    `pl.dynamic` row count, which the real codegen passes to the kernel as an index, or a
    module value we do not fold): rows `DYNAMIC_ROWS`. None for any other shape
    (`_flattened` takes a static one). The last dim stays required: whether it is 1 (a DN
    column vector) decides the layout of the tiles loaded from it."""
    if shape is None or len(shape) < 2 or all(isinstance(dim, int) for dim in shape):
        return None
    if not isinstance(shape[-1], int):
        return None
    return (DYNAMIC_ROWS, shape[-1])


def _memory(value: object, default: str) -> str:
    text = value.text if isinstance(value, OpaqueExpr) else str(value or "")
    name = text.rsplit(".", 1)[-1].lower()
    return name if name in _LAYOUT or name in _PLAN_ONLY_SPACES else default


def _ints(expr: Expr, span: Span) -> list[int]:
    items = expr.items if isinstance(expr, MakeTuple) else [expr]
    values = [item.value for item in items if isinstance(item, Const) and isinstance(item.value, int)]
    if len(values) != len(items):
        shape = ", ".join(format_dim(item) for item in items)
        raise CodegenNotModelled(f"the load size [{shape}] is not static", span)
    return values


def _scalar_type(var: Var) -> str:
    """A scalar parameter's MLIR type (`index`, `f32`, `i32`, ...), as the real signature types it."""
    dtype = var.type.dtype if isinstance(var.type, ScalarType) else None
    if dtype == "INDEX":
        return "index"
    if dtype == "BOOL":  # `%arg7: i1` (04_paged_attention.py's `is_first`)
        return "i1"
    if dtype not in _DTYPES:
        known = (
            f"the dtype {dtype}, whose PTO form is not in the reference outputs"
            if dtype
            else "no known dtype"
        )
        raise CodegenNotModelled(f"scalar parameter '{user_name(var)}' has {known}", var.span)
    return _DTYPES[dtype]


def _flag(value: object) -> bool:
    return isinstance(value, Const) and value.value is True


__all__ = ["CodegenNotModelled", "CodegenOptions", "KernelCode", "TileBuf", "emit_kernel"]
