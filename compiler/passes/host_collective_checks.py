"""LowerHostTensorCollectives' refusals of a HOST orchestrator's collective: the pass's own
checks of the call, then the deduction of the builtin op it rewrites the call to
(`builtin.tensor.allreduce_ring`, `builtin.tensor.broadcast`, ...).

The pass runs late (after the memory planner, before codegen) on each HOST orchestrator.
A collective whose comm domain is the dynamic "all devices" one (every dispatch of the
function is `device=r` in a `for r in pl.range(pld.world_size())`) is lowered to a loop
over the ranks, and only the checks that need no device count run; over an explicit
subset (every dispatch `device=r` in a `for r in pl.range(N)`, N literal) the signal's
rows are held to the N devices too (a ring's signal to `[2*(N-1) + 1, N]`, its source
to a multiple of N elements, a broadcast's root to a rank below N). Checked:

- `pld.tensor.allreduce(mode="ring")`: `core_num` 1; then the ring builtin's deduction,
  which reads the rank count NR from the signal's `shape[1]`: a rank-2 signal of
  `2*(NR-1) + 1` rows, at most 16 ranks, a static source whose element count NR divides,
  `ReduceOp.Sum` on FP32 only;
- a mesh `allreduce`: `core_num` within the backend's AIV cores, and a signal of rank 1
  (`core_num` 1) or rank 2 with at least `core_num` lanes;
- `broadcast` / `reduce_scatter`: a signal of rank 1 or of one lane, then the builtin's:
  a rank-1 signal, FP32 data (`reduce_scatter`: and `ReduceOp.Sum`).

What is judged is only what is certain: a collective whose operands are written
positionally, each a window (`pld.window`) of this function, the target's buffer also
handed to a dispatch (MaterializeCommDomainScopes, which comes first, refuses a buffer no
dispatch consumes), with literal attributes. The pass's messages carry the call's
location; the builtin's have none: we point at the call all the same.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, Stage
from compiler.ir import (
    AssignStmt,
    Call,
    Const,
    EvalStmt,
    ForStmt,
    Function,
    OpaqueExpr,
    Program,
    TensorType,
    Var,
)
from compiler.ir.visit import walk_stmts
from compiler.ops.type_inference import dtype_text
from compiler.parser.distributed_ops import REDUCE_OPS

# The default backend's (Ascend910B) AIV core count, which bounds a mesh allreduce's blocks.
_AIV_CORES = 48
# The ring builtin's rank limit (`kMaxSupportedRingRanks`).
_MAX_RING_RANKS = 16
_PASS = "LowerHostTensorCollectives"
_JUDGED = frozenset({"allreduce", "broadcast", "reduce_scatter"})


class _Refused(Exception):
    pass


@dataclass
class _Collective:
    name: str  # allreduce, broadcast, reduce_scatter
    expr: OpaqueExpr
    target: TensorType
    signal: TensorType
    keywords: dict[str, ast.expr]
    buffer: str  # the target's window buffer
    devices: int | None = None  # the explicit subset's device count; None: all, not known here

    @property
    def op(self) -> str:
        return f"pld.tensor.{self.name}"

    def literal(self, keyword: str, default: object) -> object:
        """The keyword's literal (an enum member by its value), `default` when absent,
        None when not a literal."""
        node = self.keywords.get(keyword)
        if node is None:
            return default
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Attribute) and node.attr in REDUCE_OPS:
            return REDUCE_OPS[node.attr]
        return None


def host_collective_errors(program: Program) -> list[Diagnostic]:
    """The pass's first refusal in the program, or none (see the module docstring)."""
    for function in sorted(program.functions, key=lambda f: f.name):
        if function.level != "HOST" or function.role != "Orchestrator":
            continue
        for collective in _judged_collectives(function):
            try:
                _check(collective)
            except _Refused as refused:
                return [
                    Diagnostic(
                        codes.HOST_COLLECTIVE_REFUSED,
                        str(refused),
                        collective.expr.span,
                        stage=Stage.LOWER_HOST_TENSOR_COLLECTIVES,
                        exception="ValueError",
                    )
                ]
    return []


def _judged_collectives(function: Function) -> list[_Collective]:
    stmts = list(walk_stmts(function.body))
    loops = {id(stmt.loop_var): _devices(stmt) for stmt in stmts if isinstance(stmt, ForStmt)}
    windows: dict[int, str] = {}  # a window's variable -> its buffer's name
    dispatched: set[str] = set()
    found: list[_Collective] = []
    domains: set[int | None] = set()
    for stmt in stmts:
        expr = (
            stmt.value if isinstance(stmt, AssignStmt) else stmt.expr if isinstance(stmt, EvalStmt) else None
        )
        if isinstance(expr, Call) and "device" in expr.kwargs:
            device = expr.kwargs["device"]
            if not isinstance(device, Var) or loops.get(id(device), _UNKNOWN) is _UNKNOWN:
                return []  # a device given otherwise: its domain is not followed
            domains.add(loops[id(device)])
            dispatched.update(windows[id(arg)] for arg in expr.args if id(arg) in windows)
        if not isinstance(expr, OpaqueExpr):
            continue
        call = parsed_call(expr.text)
        if call is None:
            continue
        path = ast.unparse(call.func)
        if path in ("pld.window", "pld.tensor.window") and isinstance(stmt, AssignStmt):
            if call.args and isinstance(call.args[0], ast.Name):
                windows[id(stmt.var)] = call.args[0].id
            continue
        name = path.removeprefix("pld.tensor.")
        if name not in _JUDGED or not path.startswith("pld.tensor.") or len(call.args) != 2:
            continue
        if any(keyword.arg is None or keyword.arg in ("target", "signal") for keyword in call.keywords):
            continue
        target, signal = expr.operands[:2]
        if (
            isinstance(target, Var)
            and isinstance(signal, Var)
            and id(target) in windows
            and id(signal) in windows
            and isinstance(target.type, TensorType)
            and isinstance(signal.type, TensorType)
        ):
            keywords = {keyword.arg: keyword.value for keyword in call.keywords if keyword.arg is not None}
            found.append(_Collective(name, expr, target.type, signal.type, keywords, windows[id(target)]))
    if len(domains) != 1:
        return []  # no dispatch, or devices of two kinds: not followed
    [devices] = domains
    judged = [collective for collective in found if collective.buffer in dispatched]
    for collective in judged:
        collective.devices = devices
    return judged


_UNKNOWN = object()


def _devices(loop: ForStmt) -> int | object | None:
    """A dispatch loop's devices: None for `pl.range(pld.world_size())` (all, a count known at
    run time), N for `pl.range(N)`, `_UNKNOWN` otherwise."""
    stop = loop.stop
    if isinstance(stop, OpaqueExpr) and stop.text == "pld.world_size()":
        return None
    plain = all(
        bound is None or (isinstance(bound, Const) and bound.value == value)
        for bound, value in ((loop.start, 0), (loop.step, 1))
    )
    if plain and isinstance(stop, Const) and type(stop.value) is int:
        return stop.value
    return _UNKNOWN


def parsed_call(text: str) -> ast.Call | None:
    """The call a distributed op's opaque expression was written as."""
    try:
        node = ast.parse(text, mode="eval").body
    except SyntaxError:
        return None
    return node if isinstance(node, ast.Call) else None


def _check(collective: _Collective) -> None:
    signal = collective.signal
    if signal.shape is None or collective.target.shape is None:
        return
    devices = collective.devices
    if collective.name != "allreduce":
        _signal_capacity(signal, lanes=1, wider=False, slots=devices)
        root = collective.literal("root", None)
        if collective.name == "broadcast" and devices is not None and type(root) is int and root >= devices:
            raise _Refused(
                f"pld.tensor.broadcast root ({root}) must be a valid rank in [0, {devices}) for this explicit "
                "device subset"
            )
        _builtin_signal(f"builtin.tensor.{collective.name}", signal)
        _builtin_fp32(collective, f"builtin.tensor.{collective.name}")
        return
    mode, core_num = collective.literal("mode", "mesh"), collective.literal("core_num", 1)
    if mode not in ("ring", "mesh") or type(core_num) is not int:
        return
    if mode == "ring":
        if core_num != 1:
            raise _Refused(
                f'HOST pld.tensor.allreduce mode="ring" does not support core_num > 1, got core_num={core_num}; '
                'use mode="mesh" for a multi-core AllReduce'
            )
        if devices is not None:
            _ring_capacity(collective, devices)
        _builtin_ring(collective)
        return
    if core_num > _AIV_CORES:
        raise _Refused(
            f"pld.tensor.allreduce core_num ({core_num}) exceeds the backend AIV core count ({_AIV_CORES})"
        )
    _signal_capacity(signal, lanes=core_num, wider=True, slots=devices)


def _signal_capacity(signal: TensorType, lanes: int, wider: bool, slots: int | None) -> None:
    """The pass's `CheckStaticSignalCapacity` where the device count is not known."""
    assert signal.shape is not None
    rank = len(signal.shape)
    if rank not in (1, 2):
        raise _Refused(
            f"{_PASS}: collective signal must be rank-1 [world_size] or rank-2 [world_size, signal_stride]"
        )
    if rank == 1:
        if lanes != 1:
            raise _Refused(f"{_PASS}: rank-1 signal is valid only when one signal lane is required")
        _signal_slots(signal, slots)
        return
    stride = signal.shape[1]
    if type(stride) is not int:
        raise _Refused(f"{_PASS}: collective rank-2 signal shape[1] must be constant")
    if wider and stride < lanes:
        raise _Refused(
            f"{_PASS}: collective rank-2 signal shape[1] ({stride}) must be at least the required lane count ({lanes})"
        )
    if not wider and stride != lanes:
        raise _Refused(
            f"{_PASS}: collective rank-2 signal shape[1] ({stride}) must equal the required lane count ({lanes})"
        )
    _signal_slots(signal, slots)


def _signal_slots(signal: TensorType, slots: int | None) -> None:
    assert signal.shape is not None
    rows = signal.shape[0]
    if slots is not None and type(rows) is int and rows < slots:
        raise _Refused(
            f"{_PASS}: collective signal shape[0] ({rows}) must be at least the participating device count ({slots})"
        )


def _ring_capacity(collective: _Collective, devices: int) -> None:
    """The pass's ring checks over an explicit subset of `devices` (NR)."""
    signal, source = collective.signal, collective.target
    assert signal.shape is not None and source.shape is not None
    what = f"{_PASS}: ring allreduce"
    if signal.dtype is not None and signal.dtype != "INT32":
        raise _Refused(f"{what} signal dtype must be INT32, got {dtype_text(signal.dtype)}")
    if len(signal.shape) != 2:
        raise _Refused(f"{what} signal must be rank-2 [2*(NR-1) + 1, NR], got rank {len(signal.shape)}")
    rounds, ranks = signal.shape
    needed = 2 * (devices - 1) + 1
    if type(rounds) is int and rounds < needed:
        raise _Refused(
            f"{what} signal shape[0] ({rounds}) must be at least 2*(NR-1) + 1 = {needed} for NR = {devices}"
        )
    if type(ranks) is int and ranks != devices:
        raise _Refused(
            f"{what} signal shape[1] ({ranks}) must equal the participating device count ({devices})"
        )
    if type(rounds) is int and type(ranks) is int and ranks > 0 and rounds != 2 * (ranks - 1) + 1:
        raise _Refused(
            f"{what} signal shape[0] ({rounds}) must equal 2*(NR-1) + 1 = {2 * (ranks - 1) + 1} for NR = {ranks}"
        )
    if devices > _MAX_RING_RANKS:
        raise _Refused(f"{what} requires {_MAX_RING_RANKS} or fewer participating devices, got {devices}")
    if not source.shape:
        return
    if not all(type(dim) is int for dim in source.shape):
        raise _Refused(
            f"{what} requires a statically-known src shape (dynamic host-ring extents are not supported; the ring "
            "schedule partitions src into NR compile-time chunks)"
        )
    size = 1
    for dim in source.shape:
        size *= dim
    if size % devices:
        raise _Refused(
            f"{what} requires the per-rank data size (product of src shape = {size}) to be an exact multiple of "
            f"the rank count ({devices}); got a remainder of {size % devices}"
        )


def _builtin_signal(op: str, signal: TensorType) -> None:
    assert signal.shape is not None
    if signal.dtype is not None and signal.dtype != "INT32":
        raise _Refused(f"{op} signal dtype must be INT32, got {dtype_text(signal.dtype)}")
    if len(signal.shape) != 1:
        raise _Refused(f"{op} signal must be a rank-1 DistributedTensor, got rank {len(signal.shape)}")


def _builtin_fp32(collective: _Collective, op: str) -> None:
    dtype = collective.target.dtype
    if collective.name == "broadcast":
        if dtype is not None and dtype != "FP32":
            raise _Refused(f"{op} currently supports only dtype=FP32; got {dtype_text(dtype)}")
        return
    _sum_fp32(collective, op)


def _sum_fp32(collective: _Collective, op: str) -> None:
    reduce_op = collective.literal("op", 0)
    if type(reduce_op) is not int:
        return
    if reduce_op != REDUCE_OPS["Sum"]:
        raise _Refused(f"{op} op must be ReduceOp.Sum (got int {reduce_op})")
    dtype = collective.target.dtype
    if dtype is not None and dtype != "FP32":
        raise _Refused(
            f"{op} currently supports only (op=ReduceOp.Sum, dtype=FP32); got (op=ReduceOp.Sum, dtype={dtype_text(dtype)})"
        )


def _builtin_ring(collective: _Collective) -> None:
    """`builtin.tensor.allreduce_ring`'s deduction: NR is the signal's `shape[1]`."""
    op = "builtin.tensor.allreduce_ring"
    signal, source = collective.signal, collective.target
    assert signal.shape is not None and source.shape is not None
    if signal.dtype is not None and signal.dtype != "INT32":
        raise _Refused(f"{op} signal dtype must be INT32, got {dtype_text(signal.dtype)}")
    if len(signal.shape) != 2:
        raise _Refused(f"{op} signal must be rank-2 [2*(NR-1) + 1, NR], got rank {len(signal.shape)}")
    rounds, ranks = signal.shape
    if type(ranks) is int and ranks > 0:
        if ranks > _MAX_RING_RANKS:
            raise _Refused(f"{op} requires {_MAX_RING_RANKS} or fewer ranks (signal shape[1] = {ranks})")
        if type(rounds) is int and rounds != 2 * (ranks - 1) + 1:
            raise _Refused(
                f"{op} signal shape[0] ({rounds}) must equal 2*(NR-1) + 1 = {2 * (ranks - 1) + 1} for NR = {ranks}"
            )
        if not all(type(dim) is int for dim in source.shape):
            raise _Refused(
                f"{op} requires a statically-known src shape (dynamic host-ring extents are not supported; "
                "the ring schedule partitions src into NR compile-time chunks)"
            )
        size = 1
        for dim in source.shape:
            size *= dim
        if size % ranks:
            raise _Refused(
                f"{op} requires the src data size (product of shape = {size}) to be an exact multiple of the "
                f"rank count ({ranks}); got a remainder of {size % ranks}"
            )
    _sum_fp32(collective, op)
