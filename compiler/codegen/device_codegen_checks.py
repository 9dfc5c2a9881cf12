"""PTO codegen's refusals inside a kernel: a loop that does not count upward, an op with
no PTO form.

The real PTO codegen writes every device function (InCore, AIC, AIV; a CORE_GROUP
`pl.at` scope becomes one) as MLIR, where a loop is an `scf.for`, which only counts
upward. So a `pl.range` / `pl.parallel` loop whose step is a constant of zero or less
stops it, at the loop: `loops in device functions must have a positive step, but this
loop steps by -1. ...`. Nothing before codegen folds such a loop away: an empty or a
one-trip descending loop is refused as well (recorded with the real compiler). A float
literal bound has no cast to the loop's `index` type (`EmitCastToIndex does not support
floating-point types (got f32)`), where Simplify did not refuse it first. A
`pl.unroll` loop is unrolled long before, and an orchestration emits C++, where a
descending loop is fine. A step only known at run time is not judged (the real check
does not either). A `pl.pipeline(..., stage=1)` loop is kept as it is by LowerPipelineLoops:
judged as a `pl.range` one.

An op the real backend registers no PTO codegen for, which no pass rewrites first, stops
codegen with `No codegen registered for operation: tile.expands` (the real error names
no place: we point at the op); so does a kernel calling another kernel
(`No codegen registered for operation: helper`: nothing inlines an InCore function; a
CORE_GROUP scope inside another is such a call too, of the kernel the outliner makes of it,
`main_incore_0_incore_0`, from the outer one's), and
a tile created in DDR (`pl.create_tile(..., target_memory=pl.MemorySpace.DDR)`: its buffer
is a `tensor.alloc`, which PTO codegen has no form for), and a `None` handed to a kernel's op
(`pl.add(t, None)`: the parser reads it as the TaskId sentinel `system.task_invalid()`, which
only an orchestration's C++ has a form for). Only the ops recorded so with the real compiler are judged
(`tile.sin`, `tile.cos` and the others without a table entry are lowered by a pass first).

A scalar `pl.cast` between `INDEX` and a float dtype (`pl.cast(n, pl.FP32)` of an index
parameter, even of a constant: no pass folds the cast) has no MLIR form either (`arith.index_cast`
takes integers only): `Cast between float and index types is not supported`, where its
value is read (an unread one is never emitted). The real error names no place: we point
at the cast.

A compare's mode is emitted by name from the six codes 0..5 (eq, ne, lt, le, gt, ge): a
`tile.cmp` / `tile.cmps` whose constant `cmp_type` is another stops codegen (`Tile cmp mode
out of range: 9`; emitted read or not, no place named: we point at the op). A
`pl.tensor.dim` keeps the axis as written (its deduction normalises a negative one only to
check it), and codegen takes it as an index: a negative constant axis is refused where the
scalar is read (`tensor.dim axis -1 out of range for tensor with rank 2`, no place named).
A `tile.prelu`'s scratch tile on the a2a3 backend holds a UINT8 mask (`tile.prelu on A2/A3
requires UINT8 tmp scratch, but got fp32`, at the scratch's definition); the Ascend950's
`pto.tprelu` takes any scratch, so this one is the default SoC's only (PTO723).

The a2a3 backend has no form for some dtypes and ops the Ascend950's has (PTO724, judged
for the default SoC only): a `tile.tri` of INT8, UINT8 or BF16 (`tile.tri dtype int8 is not
supported on the 'a2a3' backend; use the A5 backend`), a `tile.mgather` from an FP8 or HF8
tensor (`tile.mgather dtype fp8e4m3fn is not supported ...`), both at the op; and an MX
matmul (`tile.matmul_mx`, `_acc`, `_bias`), which the InsertMxScaleAddr pass before codegen
refuses for any arch but a5 (`tile.matmul_mx is only supported on the Ascend950 ('a5')
backend, but got 'a2a3'`), at the op as well.
"""

from __future__ import annotations

from collections.abc import Iterator

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.base.span import Span
from compiler.codegen.orchestration_checks import DISTRIBUTED_LEVELS
from compiler.ir import (
    SCALAR_CAST_OP,
    AssignStmt,
    Call,
    Const,
    ForKind,
    ForStmt,
    Function,
    FunctionType,
    HierarchyScopeStmt,
    InCoreScopeStmt,
    OpaqueExpr,
    Program,
    ScalarType,
    Stmt,
    TensorType,
    TileType,
    Var,
)
from compiler.ir.visit import child_stmts, loop_header_span, own_calls, own_exprs, vars_read, walk_stmts
from compiler.lowering.outlining import outlined_names
from compiler.ops.memory_operands import dtype_string
from compiler.passes.arith_simplify import is_float
from compiler.passes.lower_pipeline_loops import pipeline_stages

_DEVICE = frozenset({FunctionType.INCORE, FunctionType.AIC, FunctionType.AIV})
# Loops that reach codegen as `scf.for` (unroll loops are gone; pipeline loops of more than
# one stage are lowered, a one-stage one is kept: `_unreplicated_pipeline`).
_SCF_FOR = frozenset({ForKind.RANGE, ForKind.PARALLEL})
# Tile ops with no PTO codegen that every pass leaves as they are (the real compile of a
# kernel using each was recorded: tests/data/postparse_cases).
UNEMITTABLE_OPS = frozenset({"tile.expands", "system.task_invalid"})
# Both checks throw the real `ValueError` (`CHECK_SPAN`, `ThrowNoCodegenForCall`).
_EXCEPTION = "ValueError"


FLOAT_BOUND_MESSAGE = "EmitCastToIndex does not support floating-point types (got f32)"
INDEX_FLOAT_CAST_MESSAGE = "Cast between float and index types is not supported"
# The compare modes codegen names (`cmp_modes`: eq, ne, lt, le, gt, ge).
_CMP_MODES = 6
_CMP_OPS = frozenset({"tile.cmp", "tile.cmps"})


def descending_loop_message(step: int) -> str:
    return (
        f"loops in device functions must have a positive step, but this loop steps by {step}. "
        "Device code lowers to MLIR 'scf.for', which only counts upward. Rewrite the loop in "
        "ascending form and invert the index in the body — replace 'for i in pl.range(64, 0, -1)' "
        "with 'for t in pl.range(0, 64)' plus 'i = 64 - t'. Orchestration functions support "
        "descending loops directly."
    )


def unemittable_op_message(op: str) -> str:
    return f"No codegen registered for operation: {op}"


def device_codegen_errors(program: Program) -> list[Diagnostic]:
    """What PTO codegen refuses in `program`'s device code, in source order."""
    found: list[Diagnostic] = []
    kernels = frozenset(f.name for f in program.functions if f.func_type in _DEVICE)
    for function in program.functions:
        # A call of a kernel is judged in a kernel function only: a scope of another
        # function holding one is a dispatch (`pl.spmd(...)` around `self.kernel(...)`).
        called = kernels if function.func_type in _DEVICE else frozenset()
        statements = list(_device_statements(function))
        read = {var.name for stmt in statements for var in vars_read(own_exprs(stmt))}
        defined: dict[str, Span] = {}  # a name -> where its latest binding so far is
        for stmt in statements:
            found.extend(_statement_errors(stmt, called, read, defined))
            if isinstance(stmt, AssignStmt):
                defined[stmt.var.name] = stmt.var.span
        found.extend(_nested_kernel_calls(function, program))
    return found


def _nested_kernel_calls(function: Function, program: Program) -> list[Diagnostic]:
    """A CORE_GROUP scope inside another is outlined into a kernel of its own, which the
    outer scope's kernel calls (`main_incore_0_incore_0`): no codegen for that call."""
    if function.level in DISTRIBUTED_LEVELS or not function.has_dsl_body:
        return []
    # Codegen stops a kernel at its first call of another: one error per calling kernel.
    first_calls = [
        called[0]
        for scope in walk_stmts(function.body)
        if isinstance(scope, InCoreScopeStmt)
        if (called := list(_incore_scopes(scope.body)))
    ]
    if not first_calls:
        return []
    names = outlined_names(function, frozenset(f.name for f in program.functions))
    return [
        _error(unemittable_op_message(names[id(inner)]), inner.header_span or inner.span)
        for inner in first_calls
        if id(inner) in names
    ]


def _device_statements(function: Function) -> Iterator[Stmt]:
    """The statements of `function` that codegen emits as device code."""
    if function.level in DISTRIBUTED_LEVELS or not function.has_dsl_body:
        return
    if function.func_type in _DEVICE:
        yield from _statements(function.body)
    elif function.func_type is not FunctionType.INLINE:
        for scope in _incore_scopes(function.body):
            yield from _statements(scope.body)


def _incore_scopes(stmt: Stmt) -> Iterator[InCoreScopeStmt]:
    """CORE_GROUP scopes outlined into kernels (one inside another `pl.at` is outlined with
    it, and is still a kernel's body)."""
    if isinstance(stmt, InCoreScopeStmt):
        yield stmt
        return
    for child in child_stmts(stmt):
        yield from _incore_scopes(child)


def _statements(stmt: Stmt) -> Iterator[Stmt]:
    yield stmt
    if isinstance(stmt, HierarchyScopeStmt):
        return  # outlined into a function of another level first
    for child in child_stmts(stmt):
        yield from _statements(child)


def _statement_errors(
    stmt: Stmt, kernels: frozenset[str], read: set[str], defined: dict[str, Span]
) -> list[Diagnostic]:
    """`read`: the names the device code reads (an assigned cast no one reads is not emitted);
    `defined`: where each name was bound last before `stmt`."""
    found = []
    for call in own_calls(stmt):
        if (name := _unemittable(call.op, call.type, kernels)) is not None:
            found.append(_error(unemittable_op_message(name), call.span))
        elif (mode := _cmp_mode_out_of_range(call)) is not None:
            found.append(_error(f"Tile cmp mode out of range: {mode}", call.span))
        elif (prelu := _prelu_scratch_not_uint8(call, defined)) is not None:
            found.append(prelu)
        elif (a2a3 := _a2a3_unsupported(call)) is not None:
            found.append(
                Diagnostic(
                    codes.A2A3_UNSUPPORTED_FORM,
                    a2a3,
                    call.span,
                    stage=Stage.PTO_CODEGEN,
                    exception=_EXCEPTION,
                )
            )
        elif not (isinstance(stmt, AssignStmt) and stmt.value is call and stmt.var.name not in read):
            if _index_float_cast(call):
                found.append(_error(INDEX_FLOAT_CAST_MESSAGE, call.span))
            elif (axis := _negative_dim_axis(call)) is not None:
                rank = len(call.args[0].type.shape)  # type: ignore[attr-defined]
                message = f"tensor.dim axis {axis} out of range for tensor with rank {rank}"
                found.append(_error(message, call.span))
    if isinstance(stmt, ForStmt) and (stmt.kind in _SCF_FOR or _unreplicated_pipeline(stmt)):
        step = stmt.step
        if isinstance(step, Const) and type(step.value) is int and step.value <= 0:
            found.insert(0, _error(descending_loop_message(step.value), loop_header_span(stmt)))
        elif any(
            isinstance(bound, Const) and type(bound.value) is float for bound in (stmt.start, stmt.stop, step)
        ):
            # Each bound is cast to `index` for the `scf.for`; a float literal (fp32) has no cast.
            found.insert(0, _error(FLOAT_BOUND_MESSAGE, loop_header_span(stmt)))
    return found


def _cmp_mode_out_of_range(call: Call) -> int | None:
    mode = call.kwargs.get("cmp_type", 0) if call.op in _CMP_OPS else 0
    if isinstance(mode, Const):
        mode = mode.value
    if type(mode) is int and not 0 <= mode < _CMP_MODES:
        return mode
    return None


def _negative_dim_axis(call: Call) -> int | None:
    """The constant negative axis of a `tensor.dim` of a tensor of known rank."""
    if call.op != "tensor.dim" or len(call.args) < 2:
        return None
    source, axis = call.args[0].type, call.args[1]
    if not isinstance(source, TensorType) or source.shape is None or not isinstance(axis, Const):
        return None
    return axis.value if type(axis.value) is int and axis.value < 0 else None


def _prelu_scratch_not_uint8(call: Call, defined: dict[str, Span]) -> Diagnostic | None:
    """A2/A3's `pto.tprelu` scratch check, at the scratch variable (the real span of a Var
    is its binding's)."""
    if call.op != "tile.prelu" or len(call.args) < 3:
        return None
    scratch = call.args[2]
    if not isinstance(scratch, Var) or not isinstance(scratch.type, TileType):
        return None
    if scratch.type.dtype in (None, "UINT8") or scratch.name not in defined:
        return None
    message = f"tile.prelu on A2/A3 requires UINT8 tmp scratch, but got {dtype_string(scratch.type.dtype)}"
    return Diagnostic(
        codes.PRELU_SCRATCH_NOT_UINT8,
        message,
        defined[scratch.name],
        stage=Stage.PTO_CODEGEN,
        exception=_EXCEPTION,
    )


# The a2a3 backend's refusals: result dtypes of `tile.tri`, source tensor dtypes of
# `tile.mgather`, and the MX matmuls (InsertMxScaleAddr: a5 only).
_A2A3_TRI_DTYPES = frozenset({"INT8", "UINT8", "BF16"})
_A2A3_MGATHER_DTYPES = frozenset({"FP8E4M3FN", "FP8E5M2", "HF8"})
_MX_MATMULS = frozenset({"tile.matmul_mx", "tile.matmul_mx_acc", "tile.matmul_mx_bias"})
_A2A3_HINT = "is not supported on the 'a2a3' backend; use the A5 backend"


def _a2a3_unsupported(call: Call) -> str | None:
    """The message the a2a3 backend refuses `call` with, if it does."""
    if call.op == "tile.tri" and (dtype := _tri_dtype(call)) in _A2A3_TRI_DTYPES:
        return f"tile.tri dtype {dtype_string(dtype)} {_A2A3_HINT}"
    if call.op == "tile.mgather" and call.args and isinstance(call.args[0].type, TensorType):
        dtype = call.args[0].type.dtype
        if dtype in _A2A3_MGATHER_DTYPES:
            return f"tile.mgather dtype {dtype_string(dtype)} {_A2A3_HINT}"
    return None


def mx_matmul_errors(program: Program) -> list[Diagnostic]:
    """InsertMxScaleAddr's refusal of an MX matmul for the a2a3 arch: the pass stops at the
    first one it meets (an assigned one, in a kernel's statements in order)."""
    for function in program.functions:
        for stmt in _device_statements(function):
            call = stmt.value if isinstance(stmt, AssignStmt) else None
            if isinstance(call, Call) and call.op in _MX_MATMULS:
                if not _scales_placed(call):
                    # A scale left in Mat gets a pass's move into LeftScale / RightScale,
                    # whose layout check (not modelled) comes first: not judged.
                    return []
                message = f"{call.op} is only supported on the Ascend950 ('a5') backend, but got 'a2a3'"
                return [
                    Diagnostic(
                        codes.A2A3_UNSUPPORTED_FORM,
                        message,
                        call.span,
                        stage=Stage.PTO_CODEGEN,
                        exception=_EXCEPTION,
                    )
                ]
    return []


def _scales_placed(call: Call) -> bool:
    """The MX matmul's scale operands (the second and the fourth of its own, after an
    accumulator's) are in LeftScale and RightScale already, as the author moved them."""
    first = 1 if call.op == "tile.matmul_mx_acc" else 0
    scales = call.args[first + 1 : first + 4 : 2]
    spaces = [arg.type.memory if isinstance(arg.type, TileType) else None for arg in scales]
    return spaces == ["LeftScale", "RightScale"]


def _tri_dtype(call: Call) -> str | None:
    """A `tile.tri`'s dtype: its type's, else its `dtype=pl.X` keyword (no rule types it yet)."""
    if isinstance(call.type, TileType) and call.type.dtype is not None:
        return call.type.dtype
    keyword = call.kwargs.get("dtype")
    text = keyword.text if isinstance(keyword, OpaqueExpr) else None
    return text.rsplit(".", 1)[-1] if text is not None and text.startswith("pl.") else None


def _unreplicated_pipeline(loop: ForStmt) -> bool:
    """A `pl.pipeline(..., stage=1)` loop: LowerPipelineLoops leaves it as it is, a `scf.for`."""
    return loop.kind is ForKind.PIPELINE and pipeline_stages(loop) == 1


def _index_float_cast(call: Call) -> bool:
    """A scalar cast from INDEX to a float dtype, or back."""
    if call.op != SCALAR_CAST_OP or not isinstance(call.type, ScalarType) or not call.args:
        return False
    source = call.args[0].type
    if not isinstance(source, ScalarType):
        return False
    dtypes = {source.dtype, call.type.dtype}
    return "INDEX" in dtypes and any(is_float(dtype) for dtype in dtypes)


def _unemittable(op: str, call_type: object, kernels: frozenset[str]) -> str | None:
    """The name codegen finds no emitter for: an op of `UNEMITTABLE_OPS`, or another kernel
    called from a kernel (`self.helper(...)`: a call of a function is no op of the backend)."""
    if op in UNEMITTABLE_OPS:
        return op
    if op == "tile.create" and isinstance(call_type, TileType) and call_type.memory == "DDR":
        return "tensor.alloc"  # a tile in DDR is given a tensor's buffer, which no kernel allocates
    callee = op.removeprefix("self.")
    return callee if op.startswith("self.") and callee in kernels else None


def _error(message: str, span: Span) -> Diagnostic:
    return Diagnostic(
        codes.DEVICE_CODEGEN_REFUSED, message, span, stage=Stage.PTO_CODEGEN, exception=_EXCEPTION
    )
