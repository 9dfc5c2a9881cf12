"""ExpandMixedKernel (with LowerAutoVectorSplit before it), as far as it is modelled: a mixed
kernel (cube and vector tiles in one InCore function, after ConvertTensorToTileOps) cut into
the AIC kernel and the AIV kernel the real pass makes, for the memory planner (the halves are
planned, never printed).

- Each statement goes to the side of its tile: a tile in Mat/Left/Right/Acc/Bias (a Mat
  load, a move, a matmul) to the AIC, a Vec tile to the AIV, a store to the side of the tile
  it stores; a statement of scalars only (index arithmetic, the block index) to both. A
  loop is in both, each with its side's statements; a tensor the other side stores is, on
  this side, the tensor it stores into.
- Where a tile crosses, the pipe carries it: a Vec tile a cube op reads is pushed by the AIV
  (`tile.tpush_to_aic`) and popped by the AIC as a Mat tile of the pipe's
  (`tile.tpop_from_aiv`, then moved into L0 by the matmul); an Acc tile a vector op reads is
  pushed by the AIC (`tile.tpush_to_aiv`) and popped by the AIV as a Vec tile of the pipe's
  (`tile.tpop_from_aic`). A `tile.move` across the divide is such a crossing: its result is
  the popped tile.
- The consumer side reserves the pipe's slots at the bottom of its space (the real
  `reserve_buffer`: slot_num slots, 2 unless the kernel says, of the largest tile crossing);
  the planner places the tiles above them (`CoreHalves.reserved`).
- Under a split mode each AIV lane holds half of every vector tile (`lower_auto_vector_split`).

The AIC and AIV are numbered after the kernel's tensors and the GM pipe buffer the 910B's
InjectGMPipeBuffer adds as their last parameter (`CoreHalves.pipe_buffers`).

Where the AIV pushes tiles to the cube, the 950's backend (`RequiresVtoCFractalAdapt`) has the
pass move each pushed tile into a fresh Vec tile of the cube's fractal layout first (`<tile>_nz`,
pushed in its place): the 910B's pushes its tiles as they are (through GM, which takes ND).
`CoreHalves.adapted_aiv` is the AIV as the 950 gets it, for its own plan.

Before it cuts, the pass refuses a split it cannot apply (`split_transpose_errors`): under
`pl.split(UP_DOWN)` (or LEFT_RIGHT) a `tile.transpose` that swaps the split axis (0, or 1)
of a tile not a single row (column) there moves the halved data to the other axis:
`ExpandMixedKernel: kernel 'main_incore_0' requests pl.split(UP_DOWN) but contains a
tile.transpose (result 'u__ssa_v0') that swaps the split axis (dim 0). ...`, at the first
such transpose. A kernel with `pl.split_aiv` regions is judged region by region by an
earlier pass instead, and is not judged here.

An if/else, or a loop carrying a tile, goes whole to the one side all its tiles are on
(InferTileMemorySpace's spaces: an accumulator `create` is the cube's,
`infer_tile_memory_space`). Not modelled (`MixedKernelNotModelled`): such a statement with
tiles of both sides (or on the lanes of a split AIV), a while loop, a tile crossing read by
more than one op or by an op other than a matmul operand
/ an elementwise vector op, an explicit `slot_num` that is not a constant, and whatever
`lower_auto_vector_split` does not model.

A cube tile moved to Vec in the Acc's column-major layout (no split mode) is popped so; the
elementwise op reading it first gets ResolveBackendOpLayouts' repair on the AIV (`repaired`):
a row-major copy, the op into a row-major temporary, moved back into its column-major result.
Any other reading of a column-major tile is not modelled.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.ir import (
    AssignStmt,
    Call,
    Const,
    EvalStmt,
    Expr,
    ForStmt,
    Function,
    FunctionType,
    IfStmt,
    MakeTuple,
    ReturnStmt,
    SeqStmts,
    SplitAivScopeStmt,
    Stmt,
    Var,
    YieldStmt,
)
from compiler.ir.nodes import ForKind
from compiler.ir.types import TileType, TileView
from compiler.ir.visit import own_calls, own_exprs, vars_read, walk_stmts
from compiler.passes.infer_tile_memory_space import retyped_spaces
from compiler.passes.lower_auto_vector_split import (
    CUBE_SPACES,
    NOT_MODELLED,
    halved,
    is_mixed,
    lane_axis,
    split_mode,
)
from compiler.passes.ssa import base_name

AIC, AIV = "aic", "aiv"
# The SoCs whose backend moves a tile the AIV pushes to the cube into the cube's fractal
# layout first (`RequiresVtoCFractalAdapt`: the 950's; the 910B's pipe goes through GM).
FRACTAL_ADAPT_SOCS = frozenset({"950"})
# `BuildCrossCoreTransferView` of a Mat-bound tile on the 950: NZ (col-major blocks of
# row-major fractals), whatever the consumer moves it into after.
_NZ_VIEW = TileView(blayout="col_major", slayout="row_major")
DEFAULT_SLOT_NUM = 2  # `kDefaultAutoPipeSlotNum`
# Vector ops a popped Acc tile may feed (elementwise, their result shaped as their operands).
_ELEMENTWISE = frozenset(
    f"tile.{op}" for op in ("add", "sub", "mul", "div", "maximum", "minimum", "adds", "subs", "muls", "divs")
)
_MATMUL_OPERANDS = {"tile.matmul": (0, 1)}
# Vector ops whose halved result LowerAutoVectorSplit gives from their operands (a load is
# halved on its own arguments).
_HALVED_FROM_OPERANDS = _ELEMENTWISE | frozenset(
    f"tile.{op}" for op in ("exp", "log", "sqrt", "rsqrt", "neg", "abs", "recip", "relu", "cast")
)


class MixedKernelNotModelled(Exception):
    """What of a mixed kernel the model does not take: the message says what."""


@dataclass
class CoreHalves:
    aic: Function
    aiv: Function
    # Per side, the bytes the pipe's reserved slots take at the bottom of a space.
    reserved: dict[str, dict[str, int]] = field(default_factory=dict)
    pipe_buffers: int = 1  # the GM pipe buffer parameter each half gets (910B)
    # The AIV kernel on the SoCs whose pushes to the cube go through a fractal-layout move
    # (`FRACTAL_ADAPT_SOCS`); None where it pushes nothing to the cube (the same as `aiv`).
    adapted_aiv: Function | None = None


def is_mixed_kernel(function: Function) -> bool:
    calls = [call for stmt in walk_stmts(function.body) for call in own_calls(stmt)]
    return is_mixed(calls, retyped_spaces(function))


def expand_mixed_kernel(function: Function) -> CoreHalves:
    """The AIC and AIV kernels of a mixed kernel; raises `MixedKernelNotModelled`."""
    calls = [call for stmt in walk_stmts(function.body) for call in own_calls(stmt)]
    retyped = retyped_spaces(function)
    axis = lane_axis(function, calls, retyped)
    if axis == NOT_MODELLED:
        raise MixedKernelNotModelled(
            "its split over the AIV lanes (a partly valid tile, a split mode not known) is not modelled"
        )
    splitter = _Splitter(axis, retyped)
    aic, aiv = splitter.block(function.body.stmts)
    slot_num = next((value for key, value in function.attrs if key == "slot_num"), DEFAULT_SLOT_NUM)
    if not isinstance(slot_num, int) or isinstance(slot_num, bool) or slot_num <= 0:
        raise MixedKernelNotModelled("a pipe's slot_num that is not a constant")
    slot = max(splitter.slot_sizes, default=0)
    reserved: dict[str, dict[str, int]] = {AIC: {}, AIV: {}}
    if splitter.pushed[AIV]:  # vector to cube: the AIC holds the slots, in Mat
        reserved[AIC]["Mat"] = slot * slot_num
    if splitter.pushed[AIC]:  # cube to vector: the AIV holds them, in Vec
        reserved[AIV]["Vec"] = slot * slot_num
    aiv_half = _half(function, AIV, aiv, FunctionType.AIV)
    return CoreHalves(
        _half(function, AIC, aic, FunctionType.AIC),
        aiv_half,
        reserved,
        adapted_aiv=fractal_adapted(aiv_half),
    )


def fractal_adapted(aiv: Function) -> Function | None:
    """The AIV kernel as the 950's ExpandMixedKernel leaves it: each tile it pushes to the cube
    (a push of the cut's, or one the author wrote: `AdaptManualVtoCPush`) first moved into a
    fresh Vec tile of the fractal layout (`<tile>_nz`), which is pushed instead; a tile already
    in that layout is pushed as it is. None where it pushes nothing to adapt; raises
    `MixedKernelNotModelled` for a push where the adapted kernel is not modelled (in a while
    loop, say)."""
    body, changed = _adapted_block(aiv.body)
    if not changed:
        return None
    return Function(
        aiv.name,
        list(aiv.params),
        list(aiv.return_types),
        aiv.func_type,
        body,
        aiv.span,
        attrs=list(aiv.attrs),
    )


def _adapted_block(block: SeqStmts) -> tuple[SeqStmts, bool]:
    stmts: list[Stmt] = []
    changed = False
    for stmt in block.stmts:
        if isinstance(stmt, ForStmt):
            body, inner = _adapted_block(stmt.body)
            changed |= inner
            stmts.append(
                stmt
                if not inner
                else ForStmt(
                    stmt.span,
                    stmt.kind,
                    stmt.loop_var,
                    stmt.start,
                    stmt.stop,
                    stmt.step,
                    body,
                    list(stmt.iter_args),
                    list(stmt.init_values),
                    list(stmt.return_vars),
                    list(stmt.attrs),
                )
            )
            continue
        if isinstance(stmt, IfStmt):
            then_body, in_then = _adapted_block(stmt.then_body)
            else_body, in_else = _adapted_block(stmt.else_body) if stmt.else_body else (None, False)
            changed |= in_then or in_else
            stmts.append(
                stmt
                if not (in_then or in_else)
                else IfStmt(stmt.span, stmt.condition, then_body, else_body, list(stmt.return_vars))
            )
            continue
        push = stmt.expr if isinstance(stmt, EvalStmt) and isinstance(stmt.expr, Call) else None
        if push is None or push.op != "tile.tpush_to_aic":
            if any(call.op == "tile.tpush_to_aic" for inner in walk_stmts(stmt) for call in own_calls(inner)):
                raise MixedKernelNotModelled(f"a push to the cube in a {type(stmt).__name__}")
            stmts.append(stmt)
            continue
        source = push.args[0] if push.args else None
        if not isinstance(source, Var) or not isinstance(source.type, TileType):
            raise MixedKernelNotModelled("a push to the cube of no known tile")
        view = source.type.view
        if isinstance(view, TileView) and (view.blayout, view.slayout) == (
            _NZ_VIEW.blayout,
            _NZ_VIEW.slayout,
        ):
            stmts.append(stmt)  # already in the cube's layout
            continue
        adapted_type = TileType(source.type.shape, source.type.dtype, "Vec", _NZ_VIEW)
        adapted = Var(push.span, f"{base_name(source.name)}_nz", type=adapted_type)
        move = Call(push.span, "tile.move", [source], {"target_memory": "pl.Mem.Vec"}, type=adapted_type)
        stmts.append(AssignStmt(stmt.span, adapted, move))
        stmts.append(
            EvalStmt(stmt.span, Call(push.span, push.op, [adapted], dict(push.kwargs), type=push.type))
        )
        changed = True
    return SeqStmts(block.span, stmts), changed


def _half(function: Function, side: str, stmts: list[Stmt], func_type: FunctionType) -> Function:
    return Function(
        f"{function.name}_{side}",
        list(function.params),
        list(function.return_types),
        func_type,
        SeqStmts(function.body.span, stmts),
        function.span,
        attrs=list(function.attrs),
    )


def _side_of(tile: object) -> str | None:
    if not isinstance(tile, TileType) or tile.memory is None:
        return None
    return AIC if tile.memory in CUBE_SPACES else AIV if tile.memory == "Vec" else None


class _Splitter:
    def __init__(self, axis: int | None, retyped: dict[int, str]) -> None:
        self.axis = axis
        self.retyped = retyped
        # Per side, what a var of the kernel reads as there (a halved tile, a popped one, the
        # tensor the other side stored into).
        self.mapping: dict[str, dict[int, Expr]] = {AIC: {}, AIV: {}}
        self.pushed: dict[str, bool] = {AIC: False, AIV: False}  # the side that pushes tiles
        self.crossed: set[int] = set()
        self.slot_sizes: list[int] = []
        # The vars of column-major Vec tiles (a cube tile moved to Vec in its Acc layout, and
        # the results ResolveBackendOpLayouts moves back into it).
        self.col_major: set[int] = set()
        self.layout_fixes = 0  # ResolveBackendOpLayouts' temporaries so far (their `_v<k>`)

    def block(self, stmts: list[Stmt]) -> tuple[list[Stmt], list[Stmt]]:
        aic: list[Stmt] = []
        aiv: list[Stmt] = []
        for stmt in stmts:
            self.stmt(stmt, aic, aiv)
        return aic, aiv

    def stmt(self, stmt: Stmt, aic: list[Stmt], aiv: list[Stmt]) -> None:
        out = {AIC: aic, AIV: aiv}
        if isinstance(stmt, AssignStmt) and isinstance(stmt.value, Call):
            self.call_stmt(stmt, stmt.value, stmt.var, out)
        elif isinstance(stmt, EvalStmt) and isinstance(stmt.expr, Call):
            self.call_stmt(stmt, stmt.expr, None, out)
        elif isinstance(stmt, AssignStmt) and not _reads_tiles(stmt):
            for side in out:
                out[side].append(AssignStmt(stmt.span, stmt.var, self.read(side, stmt.value)))
        elif isinstance(stmt, IfStmt) or (
            isinstance(stmt, ForStmt) and any(isinstance(var.type, TileType) for var in stmt.iter_args)
        ):
            # An if/else, or a loop carrying a tile: taken whole by the one side its tiles are on.
            side = self.one_side(stmt)
            if side is None or (side == AIV and self.axis is not None):
                raise MixedKernelNotModelled(
                    f"a {'loop carrying a tile' if isinstance(stmt, ForStmt) else 'if/else'} with tiles of both "
                    "cores (or on the AIV lanes of a split kernel)"
                )
            out[side].append(self.whole(side, stmt))
        elif isinstance(stmt, ForStmt) and stmt.kind in (ForKind.RANGE, ForKind.PARALLEL, ForKind.PIPELINE):
            halves = self.block(stmt.body.stmts)
            for side, body in zip((AIC, AIV), halves, strict=True):
                out[side].append(
                    ForStmt(
                        stmt.span,
                        stmt.kind,
                        stmt.loop_var,
                        stmt.start,
                        stmt.stop,
                        stmt.step,
                        SeqStmts(stmt.body.span, body),
                        list(stmt.iter_args),
                        [self.read(side, value) for value in stmt.init_values],
                        list(stmt.return_vars),
                        list(stmt.attrs),
                    )
                )
        elif isinstance(stmt, YieldStmt) and not _reads_tiles(stmt):
            for side in out:
                values = [self.read(side, value) for value in stmt.values]
                out[side].append(YieldStmt(stmt.span, values, list(stmt.targets)))
        elif isinstance(stmt, ReturnStmt) and not _reads_tiles(stmt):
            for side in out:
                out[side].append(ReturnStmt(stmt.span, [self.read(side, value) for value in stmt.values]))
        else:
            raise MixedKernelNotModelled(f"a {type(stmt).__name__} in a mixed kernel")

    def side_of(self, expr: Expr) -> str | None:
        """The core an expression's tile is on (InferTileMemorySpace's space where it moves one)."""
        space = self.retyped.get(id(expr))
        if space is not None:
            return AIC if space in CUBE_SPACES else AIV if space == "Vec" else None
        return _side_of(expr.type)

    def one_side(self, stmt: Stmt) -> str | None:
        """The one core all the tiles a statement makes, reads, carries and yields are on (None:
        tiles of both, or of neither)."""
        sides: set[str | None] = set()
        for inner in walk_stmts(stmt):
            for call in own_calls(inner):
                sides.add(self.side_of(call))
                sides.update(self.side_of(arg) for arg in call.args)
            if isinstance(inner, YieldStmt):
                sides.update(self.side_of(value) for value in inner.values)
            if isinstance(inner, ForStmt):
                sides.update(self.side_of(var) for var in (*inner.iter_args, *inner.init_values))
        sides.discard(None)
        return next(iter(sides)) if len(sides) == 1 else None

    def whole(self, side: str, stmt: Stmt) -> Stmt:
        """`stmt` taken whole by `side`: a loop's initial values read as the side reads them
        (an accumulator's create moved to Acc); any other read of a value the side reads
        otherwise is not modelled."""
        inner = [stmt.body] if isinstance(stmt, ForStmt) else [stmt]
        mapped = self.mapping[side]
        for root in inner:
            for nested in walk_stmts(root):
                exprs = list(own_exprs(nested))
                if isinstance(nested, ForStmt) and nested is not stmt:
                    exprs += nested.init_values
                if any(id(var) in mapped for var in vars_read(exprs)):
                    raise MixedKernelNotModelled(
                        "a statement taken whole by one core reads a value it reads otherwise"
                    )
        if not isinstance(stmt, ForStmt):
            return stmt
        return ForStmt(
            stmt.span,
            stmt.kind,
            stmt.loop_var,
            stmt.start,
            stmt.stop,
            stmt.step,
            stmt.body,
            list(stmt.iter_args),
            [self.read(side, value) for value in stmt.init_values],
            list(stmt.return_vars),
            list(stmt.attrs),
        )

    def read(self, side: str, expr: Expr) -> Expr:
        return self.mapping[side].get(id(expr), expr)

    def call_stmt(self, stmt: Stmt, call: Call, var: Var | None, out: dict[str, list[Stmt]]) -> None:
        if call.op == "tile.store":
            side = self.side_of(call.args[0]) if call.args else None
            if side is None or len(call.args) < 3:
                raise MixedKernelNotModelled("a store of a tile of no known side")
            self.emit(side, stmt, call, var, out)
            if var is not None:  # the other side reads the tensor stored into
                other = AIV if side == AIC else AIC
                self.mapping[other][id(var)] = self.read(other, call.args[2])
            return
        side = self.side_of(call)
        if side is None:
            if any(self.side_of(arg) for arg in call.args):
                raise MixedKernelNotModelled(f"{call.op} of a tile, with no tile result, in a mixed kernel")
            for each in out:  # scalars only: both sides
                self.emit(each, stmt, call, var, out)
            return
        self.emit(side, stmt, call, var, out)

    def emit(self, side: str, stmt: Stmt, call: Call, var: Var | None, out: dict[str, list[Stmt]]) -> None:
        if (
            call.op == "tile.move"
            and var is not None
            and call.args
            and self.side_of(call.args[0]) not in (side, None)
        ):
            # A move across the divide is the crossing itself: the popped tile is its result.
            # One keeping the Acc tile's column-major layout is repaired where a vector op
            # reads it (`repaired`).
            view = call.type.view if isinstance(call.type, TileType) else None
            col_major = side == AIV and not (
                view is None or (isinstance(view, TileView) and view.blayout == "row_major")
            )
            if col_major and self.axis is not None:
                raise MixedKernelNotModelled(
                    "a cube tile moved to Vec in its column-major layout on the AIV lanes of a split kernel"
                )
            popped = self.crossing(side, call, 0, call.args[0], out)
            self.mapping[side][id(var)] = popped
            if col_major:
                self.col_major.add(id(var))
            return
        if side == AIV and call.op != "tile.store" and any(id(arg) in self.col_major for arg in call.args):
            self.repaired(stmt, call, var, out[AIV])
            return
        args = [self.crossing(side, call, index, arg, out) for index, arg in enumerate(call.args)]
        result_type = call.type
        space = self.retyped.get(id(call))
        if space is not None and isinstance(result_type, TileType):  # an accumulator's create, in Acc
            result_type = TileType(result_type.shape, result_type.dtype, space, result_type.view)
            kwargs = {**call.kwargs, "target_memory": f"pl.Mem.{space}"}
            new_call = Call(call.span, call.op, args, kwargs, dict(call.kwarg_spans), type=result_type)
            bound = Var(var.span, var.name, type=result_type) if var is not None else None
            if bound is not None and var is not None:
                self.mapping[side][id(var)] = bound
                out[side].append(AssignStmt(stmt.span, bound, new_call))
            return
        if side == AIV and self.axis is not None and isinstance(call.type, TileType):
            result_type = self.lane_tile(call.type)
            if call.op == "tile.load":
                args[2] = self.halved_sizes(args[2], result_type)
            elif call.op not in _HALVED_FROM_OPERANDS:
                raise MixedKernelNotModelled(f"{call.op} on the AIV lanes of a split kernel")
        new_call = Call(call.span, call.op, args, dict(call.kwargs), dict(call.kwarg_spans), type=result_type)
        if var is None:
            out[side].append(EvalStmt(stmt.span, new_call))
            return
        bound = var
        if result_type is not call.type:
            bound = Var(var.span, var.name, type=result_type)
            self.mapping[side][id(var)] = bound
        out[side].append(AssignStmt(stmt.span, bound, new_call))

    def repaired(self, stmt: Stmt, call: Call, var: Var | None, aiv: list[Stmt]) -> None:
        """ResolveBackendOpLayouts (before the cut) on an elementwise op whose first operand is
        a column-major Vec tile: the operand copied into a row-major tile
        (`<dest>__rm_a0_tmp_v<k>`), the op into a row-major temporary
        (`<dest>__row_major_tmp_v<k+1>`), moved back into the column-major result the op's
        type gives. Another reading of a column-major tile is not modelled."""
        first = call.args[0] if call.args else None
        tile = first.type if isinstance(first, Var) else None
        if (
            call.op not in _ELEMENTWISE
            or var is None
            or not isinstance(tile, TileType)
            or any(id(arg) in self.col_major for arg in call.args[1:])
            or not isinstance(var.type, TileType)
        ):
            raise MixedKernelNotModelled(
                f"{call.op} of a column-major Vec tile (the layout conversions ResolveBackendOpLayouts "
                "adds there are not modelled)"
            )
        assert first is not None
        row_major = TileType(tile.shape, tile.dtype, "Vec", None)
        base = base_name(var.name)
        copy = Var(call.span, f"{base}__rm_a0_tmp_v{self.layout_fixes}", type=row_major)
        result_type = TileType(var.type.shape, var.type.dtype, "Vec", None)
        temporary = Var(call.span, f"{base}__row_major_tmp_v{self.layout_fixes + 1}", type=result_type)
        self.layout_fixes += 2
        move = {"target_memory": "pl.Mem.Vec"}
        aiv.append(
            AssignStmt(
                stmt.span, copy, Call(call.span, "tile.move", [self.read(AIV, first)], move, type=row_major)
            )
        )
        others = [self.read(AIV, arg) for arg in call.args[1:]]
        aiv.append(
            AssignStmt(
                stmt.span,
                temporary,
                Call(call.span, call.op, [copy, *others], dict(call.kwargs), type=result_type),
            )
        )
        aiv.append(AssignStmt(stmt.span, var, Call(call.span, "tile.move", [temporary], move, type=var.type)))
        self.col_major.add(id(var))

    def lane_tile(self, tile: TileType) -> TileType:
        assert self.axis is not None
        lane = halved(tile, self.axis)
        if lane is None:
            raise MixedKernelNotModelled(
                "a vector tile whose extent on the split axis is not static and even"
            )
        return lane

    def halved_sizes(self, sizes: Expr, lane: TileType) -> Expr:
        if not isinstance(sizes, MakeTuple) or lane.shape is None:
            raise MixedKernelNotModelled("a load whose shape is not a tuple")
        return MakeTuple(
            sizes.span, [Const(item.span, dim) for item, dim in zip(sizes.items, lane.shape, strict=True)]
        )

    def crossing(self, side: str, call: Call, index: int, arg: Expr, out: dict[str, list[Stmt]]) -> Expr:
        """`arg` as `side` reads it: a tile of the other side comes through the pipe."""
        arg_side = self.side_of(arg)
        if arg_side is None or arg_side == side or call.op == "tile.store":
            return self.read(side, arg)
        if not isinstance(arg, Var) or id(arg) in self.crossed:
            raise MixedKernelNotModelled("a tile crossing to the other core read more than once")
        self.crossed.add(id(arg))
        tile = arg.type
        assert isinstance(tile, TileType)
        moved = call.op == "tile.move"
        if side == AIC and not moved and index not in _MATMUL_OPERANDS.get(call.op, ()):
            raise MixedKernelNotModelled(f"a vector tile read by {call.op} on the cube")
        if side == AIV and not moved and call.op not in _ELEMENTWISE:
            raise MixedKernelNotModelled(f"a cube tile read by {call.op} on the vector lanes")
        if moved and side == AIC and self.side_of(call) == AIC and call.type.memory != "Mat":
            raise MixedKernelNotModelled("a vector tile moved straight into L0")
        self.slot_sizes.append(_slot_bytes(tile))
        pusher = arg_side
        self.pushed[pusher] = True
        push = "tile.tpush_to_aic" if pusher == AIV else "tile.tpush_to_aiv"
        out[pusher].append(EvalStmt(call.span, Call(call.span, push, [self.read(pusher, arg)], {"split": 0})))
        if side == AIC:  # popped whole, into the pipe's Mat slot (the matmul moves it into L0)
            popped_type = TileType(tile.shape, tile.dtype, "Mat", None)
            name, pop = f"{arg.name}_mat", "tile.tpop_from_aiv"
        else:
            whole = TileType(tile.shape, tile.dtype, "Vec", None)
            popped_type = self.lane_tile(whole) if self.axis is not None else whole
            name, pop = f"{arg.name}_Vec", "tile.tpop_from_aic"
        popped = Var(call.span, name, type=popped_type)
        out[side].append(
            AssignStmt(call.span, popped, Call(call.span, pop, [], {"split": 0}, type=popped_type))
        )
        return popped


def _slot_bytes(tile: TileType) -> int:
    """A pipe slot's bytes for the tile it carries whole (`TryGetTileSlotSizeBytes`)."""
    from compiler.ops.type_inference import dtype_bits

    elements = 1
    for dim in tile.shape or ():
        if not isinstance(dim, int) or isinstance(dim, bool):
            raise MixedKernelNotModelled("a tile crossing to the other core whose shape is not static")
        elements *= dim
    bits = dtype_bits(tile.dtype or "")
    if not bits:
        raise MixedKernelNotModelled("a tile crossing to the other core whose dtype is not known")
    return (elements * bits + 7) // 8


def _reads_tiles(stmt: Stmt) -> bool:
    values: list[Expr] = []
    if isinstance(stmt, AssignStmt):
        values = [stmt.value]
    elif isinstance(stmt, (YieldStmt, ReturnStmt)):
        values = list(stmt.values)
    return any(isinstance(value.type, TileType) for value in values)


_SPLIT_DIMS = {"UP_DOWN": 0, "LEFT_RIGHT": 1}


def split_transpose_message(kernel: str, mode: str, result: str, dim: int) -> str:
    where = f" (result '{result}')" if result else ""
    return (
        f"ExpandMixedKernel: kernel '{kernel}' requests pl.split({mode}) but contains a tile.transpose{where} "
        f"that swaps the split axis (dim {dim}). SplitVectorKernel halves the split axis while the transpose "
        "moves that data to the other dimension, so the split cannot be applied correctly. Fix it one of two "
        'ways: (1) drop the split — set attrs={"split": pl.SplitMode.NONE} (or remove the pl.split '
        "optimization); or (2) eliminate this transpose, e.g. replace a transpose-then-row-index with a "
        "direct column slice such as pre[:, h:h+1]."
    )


def split_transpose_errors(kernels: list[Function]) -> list[Diagnostic]:
    """The first split-axis transpose of each mixed kernel under a split mode."""
    found = []
    for function in kernels:
        mode = split_mode(function)
        if mode not in _SPLIT_DIMS or not is_mixed_kernel(function):
            continue
        statements = list(walk_stmts(function.body))
        if any(isinstance(stmt, SplitAivScopeStmt) for stmt in statements):
            continue
        dim = _SPLIT_DIMS[mode]
        for stmt in statements:
            call = (
                stmt.value
                if isinstance(stmt, AssignStmt)
                else stmt.expr
                if isinstance(stmt, EvalStmt)
                else None
            )
            if isinstance(call, Call) and _swaps_split_axis(call, dim):
                result = stmt.var.name if isinstance(stmt, AssignStmt) else ""
                message = split_transpose_message(function.name, mode, result, dim)
                found.append(
                    Diagnostic(
                        codes.SPLIT_AXIS_TRANSPOSE,
                        message,
                        call.span,
                        stage=Stage.EXPAND_MIXED_KERNEL,
                        exception="ValueError",
                    )
                )
                break
    return found


def _swaps_split_axis(call: Call, dim: int) -> bool:
    """A `tile.transpose` moving axis `dim` of a tile that is not 1 there (an axis not a
    constant counts as moved, as the real check takes it)."""
    if call.op != "tile.transpose" or not call.args:
        return False
    tile = call.args[0].type
    if not isinstance(tile, TileType) or tile.shape is None or not 0 <= dim < len(tile.shape):
        return False
    axes = [
        arg.value if isinstance(arg, Const) and type(arg.value) is int else None for arg in call.args[1:3]
    ]
    if len(axes) == 2 and None not in axes and dim not in axes:
        return False
    return tile.shape[dim] != 1
