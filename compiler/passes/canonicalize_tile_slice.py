"""What CanonicalizeTileSlice does to a kernel's `tile.slice` windows, as far as the memory plan
needs it (the pass is not run: nothing here rewrites IR).

A slice takes no buffer of its own: it is a window of its source's (InitMemRef's
`OutputMemoryInheritsInput`). The pass then decides, per consumer, whether that window can be
read in place or is first copied into a fresh tile (`tile.extract`, a buffer of its own, a
statement of its own just before the consumer; a slice left with no reader is dropped):

- an Acc window a matmul accumulates into stays in place when it is contiguous in L0C's block
  layout (all the source's rows, or inside one 16-column block at a constant offset); any other
  is refused (`accumulator_windows`, `contiguous_in_l0c`);
- a Vec window read by a `tile.col_expand_*` op is copied when its offset is not constant or it
  is not one unbroken run of the source (a single row, or every column), since the lazy
  in-place materialization would overwrite its own source;
- a Vec window read by any other op is copied when its start is not provably 32-byte aligned
  (`(row * source columns + column) * element bits` a multiple of 256 bits).

A window of an Acc tile that an accumulating op (`matmul_acc`, `gemv_acc`, `matmul_mx_acc`:
the ops whose result is their first operand's buffer) writes, and that is not contiguous in
L0C, is refused (`accumulator_window_errors`): the real message, at the op.

Modelled (`VecWindow.needs_copy`): canonical 2-D windows (source, shape, offset) of a tile that
is not itself a slice, read only as a call's direct operands, with constant offsets (a dynamic
one is decided only where it forces the copy: a col-expand read). Not modelled: Mat windows
(folded into matmul operands and extracts), chains of slices, windows read through a yield, a
loop's initial value or another name.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.ir import AssignStmt, Call, Const, Function, MakeTuple, TileType, Var
from compiler.ir.visit import own_exprs, vars_read, walk_stmts
from compiler.ops.type_inference import dtype_bits

COL_EXPAND_OPS = frozenset(
    f"tile.col_expand_{name}" for name in ("mul", "add", "div", "sub", "max", "min", "expdif")
)
# The ops that read a window without the pass copying it for them (an extract folds the offset in).
_NOT_CONSUMERS = frozenset({"tile.slice", "tile.extract"})
# An L0C fractal block's columns (16 x 16 FP32 / INT32 elements).
_ACC_BLOCK_COLUMNS = 16
_ALIGNMENT_BITS = 32 * 8


@dataclass(frozen=True)
class VecWindow:
    """A canonical Vec slice: its source's columns and element type, its shape and offset."""

    rows: int
    cols: int
    source_cols: int
    dtype: str
    offset: tuple[int | None, int | None]  # (row, column); None: not a constant

    def needs_copy(self, op: str) -> bool | None:
        """Whether CanonicalizeTileSlice gives this read by `op` a copy of its own (None: not
        decided here, a dynamic offset whose alignment its scalar analysis may prove)."""
        row, column = self.offset
        if op in COL_EXPAND_OPS and (
            row is None or column is None or not (self.rows == 1 or self.cols == self.source_cols)
        ):
            return True
        if row is None or column is None:
            return None
        bits = dtype_bits(self.dtype)
        storage = 4 if bits == 4 else (bits + 7) // 8 * 8
        return (row * self.source_cols + column) * storage % _ALIGNMENT_BITS != 0


def vec_window(
    call: Call, shape: tuple[int, int], source_shape: tuple[int, int], dtype: str
) -> VecWindow | None:
    """The window a canonical 2-D `tile.slice` call takes (None: not one modelled)."""
    offsets = call.args[2] if len(call.args) == 3 else None
    items = offsets.items if isinstance(offsets, MakeTuple) else []
    if len(items) != 2:
        return None
    row, column = (
        item.value if isinstance(item, Const) and isinstance(item.value, int) else None for item in items
    )
    return VecWindow(shape[0], shape[1], source_shape[1], dtype, (row, column))


def slice_reads(function: Function) -> tuple[set[int], set[int]]:
    """The vars (by id) a `tile.slice` binds: those whose every read is as the accumulator of a
    `tile.matmul_acc` (its first operand), and those whose every read is a direct operand of a
    call that is not itself a slice (the reads CanonicalizeTileSlice rewrites one by one)."""
    slices: set[int] = set()
    sources: dict[int, int] = {}  # a slice -> the var it slices
    reads: dict[int, int] = {}
    accumulations: dict[int, int] = {}
    operands: dict[int, int] = {}
    for stmt in walk_stmts(function.body):
        if isinstance(stmt, AssignStmt) and isinstance(stmt.value, Call) and stmt.value.op == "tile.slice":
            slices.add(id(stmt.var))
            source = stmt.value.args[0] if stmt.value.args else None
            if isinstance(source, Var):
                sources[id(stmt.var)] = id(source)
        exprs = own_exprs(stmt)
        for var in vars_read(exprs):
            reads[id(var)] = reads.get(id(var), 0) + 1
        for expr in exprs:
            if not isinstance(expr, Call):
                continue
            if expr.op == "tile.matmul_acc" and expr.args and isinstance(expr.args[0], Var):
                accumulations[id(expr.args[0])] = accumulations.get(id(expr.args[0]), 0) + 1
            if expr.op not in _NOT_CONSUMERS:
                for arg in expr.args:
                    if isinstance(arg, Var):
                        operands[id(arg)] = operands.get(id(arg), 0) + 1
    windows = {key for key in slices if reads.get(key, 0) == accumulations.get(key, 0)}
    chained = {key for key, source in sources.items() if source in slices}  # a slice of a slice
    read_as_operands = {key for key in slices - chained if reads.get(key, 0) == operands.get(key, 0)}
    return windows, read_as_operands


def contiguous_in_l0c(rows: int, cols: int, source_rows: int, call: Call) -> bool:
    """Whether a window of an Acc tile is contiguous in L0C's block layout: it spans all the
    source's rows, or lies inside one 16-column block at a constant column offset."""
    if rows == source_rows:
        return True
    offsets = call.args[2] if len(call.args) > 2 else None
    items = offsets.items if isinstance(offsets, MakeTuple) else []
    column = items[1] if len(items) == 2 else None
    if cols > _ACC_BLOCK_COLUMNS or not (isinstance(column, Const) and isinstance(column.value, int)):
        return False
    start = column.value
    return start >= 0 and start // _ACC_BLOCK_COLUMNS == (start + cols - 1) // _ACC_BLOCK_COLUMNS


# The ops whose result is their first operand's buffer, an accumulator the cube writes.
ACCUMULATING_OPS = frozenset({"tile.matmul_acc", "tile.gemv_acc", "tile.matmul_mx_acc"})


def accumulator_window_errors(kernels: list[Function]) -> list[Diagnostic]:
    """CanonicalizeTileSlice's refusal of an accumulator that is a window of an Acc tile not
    contiguous in L0C (a window of fewer rows than its source, wider than one 16-column block or
    across two): the first one, as the pass raises it (the kernels, then their statements, in
    order)."""
    for kernel in kernels:
        windows: dict[int, tuple[Var, int | None]] = {}  # a slice var -> its root tile, column offset
        for stmt in walk_stmts(kernel.body):
            if not isinstance(stmt, AssignStmt) or not isinstance(stmt.value, Call):
                continue
            call = stmt.value
            if call.op == "tile.slice" and len(call.args) >= 3 and isinstance(call.args[0], Var):
                offsets = call.args[2]
                if isinstance(offsets, MakeTuple) and len(offsets.items) == 2:
                    root, column = call.args[0], _constant(offsets.items[1])
                    if id(root) in windows:  # a window of a window: its root, the offsets summed
                        root, earlier = windows[id(root)]
                        column = None if earlier is None or column is None else earlier + column
                    windows[id(stmt.var)] = (root, column)
                continue
            accumulator = call.args[0] if call.op in ACCUMULATING_OPS and call.args else None
            if isinstance(accumulator, Var) and id(accumulator) in windows:
                message = _refused_window(call.op, accumulator, *windows[id(accumulator)])
                if message is not None:
                    return [
                        Diagnostic(
                            codes.ACC_WINDOW_NOT_CONTIGUOUS,
                            message,
                            call.span,
                            stage=Stage.CANONICALIZE_TILE_SLICE,
                            exception="ValueError",
                        )
                    ]
    return []


def _refused_window(op: str, window: Var, root: Var, column: int | None) -> str | None:
    view, parent = window.type, root.type
    if not isinstance(view, TileType) or not isinstance(parent, TileType) or parent.memory != "Acc":
        return None
    if view.shape is None or parent.shape is None or len(view.shape) != 2 or len(parent.shape) != 2:
        return None
    rows, cols = view.shape
    parent_rows, parent_cols = parent.shape
    if not all(isinstance(dim, int) for dim in (rows, cols, parent_rows)):
        return None  # a symbolic extent is not judged
    if rows == parent_rows:
        return None
    if (
        cols <= _ACC_BLOCK_COLUMNS  # type: ignore[operator]
        and column is not None
        and column >= 0
        and column // _ACC_BLOCK_COLUMNS == (column + cols - 1) // _ACC_BLOCK_COLUMNS  # type: ignore[operator]
    ):
        return None
    columns = parent_cols if isinstance(parent_cols, int) else "?"
    return (
        f"{op}: the accumulator is a {rows}x{cols} row window of a {parent_rows}x{columns} Acc (L0C) tile, "
        "which is not contiguous in L0C's block layout and cannot be a matmul destination — the hardware "
        "MAD writes its result compactly and has no destination stride, so only the first "
        f"{_ACC_BLOCK_COLUMNS} columns of each row tile would be correct.\n"
        f"Slice the accumulator along columns instead, so each window spans every row: allocate "
        f"{rows}x{parent_rows // rows * cols} and use tile.slice(acc, [{rows}, {cols}], [0, i * {cols}]). "  # type: ignore[operator]
        "That is the same L0C memory, addressed in the order the hardware writes it."
    )


def _constant(expr: object) -> int | None:
    return expr.value if isinstance(expr, Const) and isinstance(expr.value, int) else None
