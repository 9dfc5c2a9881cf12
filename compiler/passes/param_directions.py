"""Which parameters a kernel writes, as ConvertTensorToTileOps decides it.

`upgrade_written_params` (`UpgradeWrittenTensorParamDirections`): every read and write of
a kernel is traced back, through aliases (a write's result, a slice, a loop-carried
value, a branch's yield), to the tensor parameters it stands for; an `In` parameter
written becomes `Out`, or `InOut` when it is also read. A parameter the author declared
`Out` / `InOut` stays as it is.

A GM tensor parameter stored both by DMA (`tile.store`, `tensor.assemble`) and by
scalar writes (`tensor.write`) is refused (`MIXED_STORES`, at its first scalar write).

`propagate_directions` (the pass's phase 3): a function that is not a kernel passes
its own parameter to a callee's `Out` / `InOut` one: its parameter is upgraded the same
way, up the call chain, until nothing changes.
"""

from __future__ import annotations

from compiler.base.span import Span
from compiler.ir import (
    AssignStmt,
    Call,
    Direction,
    EvalStmt,
    Expr,
    ForStmt,
    Function,
    FunctionType,
    IfStmt,
    MakeTuple,
    OpaqueExpr,
    Program,
    ScopeStmt,
    SeqStmts,
    Stmt,
    TensorType,
    TupleGetItem,
    Var,
    WhileStmt,
    YieldStmt,
)
from compiler.ir.visit import own_calls, walk_stmts
from compiler.passes.not_modelled import PassNotModelled
from compiler.passes.op_conversion import ConversionError

Origins = frozenset[int]  # parameter positions
_NONE: Origins = frozenset()


class _Access:
    def __init__(self, count: int) -> None:
        self.read = [False] * count
        self.written = [False] * count
        self.dma_store: list[Span | None] = [None] * count  # the first MTE3 store of each
        self.scalar_store: list[Span | None] = [None] * count  # the first scalar store of each

    def mark(self, origins: Origins, flags: list[bool]) -> None:
        for position in origins:
            flags[position] = True

    def first(self, origins: Origins, spans: list[Span | None], span: Span) -> None:
        for position in origins:
            if spans[position] is None:
                spans[position] = span


# `UpgradeWrittenTensorParamDirections`' check on one GM tensor stored both ways.
MIXED_STORES = (
    "GM tensor '{name}' mixes MTE3 and scalar stores in one InCore function. tile.store/tensor.assemble "
    "uses the MTE3 path while tensor.write uses the scalar D-cache path; PyPTO cannot guarantee ordering "
    "or cache-line coherence between them. Rewrite the updates through one UB tile (use tile.write, then "
    "one tile.store), or use tensor.write for every GM element written to this tensor."
)


def upgrade_written_params(function: Function) -> None:
    params = [p.var for p in function.params]
    origins = {id(var): frozenset({i}) for i, var in enumerate(params) if isinstance(var.type, TensorType)}
    access = _Access(len(params))
    _sequence(function.body.stmts, origins, access)
    for position, param in enumerate(function.params):
        scalar = access.scalar_store[position]
        if access.dma_store[position] is not None and scalar is not None:
            raise ConversionError(MIXED_STORES.format(name=param.var.name), "ValueError", scalar)
    for position, param in enumerate(function.params):
        if param.direction is Direction.IN and access.written[position]:
            param.direction = Direction.INOUT if access.read[position] else Direction.OUT


def _write_target(call: Call) -> Expr | None:
    if call.op in ("tensor.write", "tensor.assemble") and call.args:
        return call.args[0]
    if call.op == "tile.store":
        if len(call.args) >= 3:
            return call.args[2]
        target = call.kwargs.get("output_tensor")
        return target if isinstance(target, Expr) else None
    return None


def _alias(expr: Expr | None, origins: dict[int, Origins]) -> Origins:
    """`GetAliasOrigins`: the parameters `expr` is (a var, a write's result, a slice or view)."""
    if expr is None:
        return _NONE
    if isinstance(expr, Var):
        return origins.get(id(expr), _NONE)
    if isinstance(expr, TupleGetItem):
        tuple_expr = expr.tuple_expr
        if isinstance(tuple_expr, MakeTuple) and 0 <= expr.index < len(tuple_expr.items):
            return _alias(tuple_expr.items[expr.index], origins)
        return _NONE
    if not isinstance(expr, Call):
        return _NONE
    target = _write_target(expr)
    if target is not None:
        return _alias(target, origins)
    if expr.op in ("tensor.slice", "tensor.view") and expr.args:
        return _alias(expr.args[0], origins)
    return _NONE


def _referenced(expr: Expr | None, origins: dict[int, Origins]) -> Origins:
    """`CollectReferencedOrigins`: every parameter an expression reads."""
    if expr is None:
        return _NONE
    if isinstance(expr, Var):
        return origins.get(id(expr), _NONE)
    if isinstance(expr, MakeTuple):
        return frozenset().union(*(_referenced(item, origins) for item in expr.items))
    if isinstance(expr, TupleGetItem):
        tuple_expr = expr.tuple_expr
        if isinstance(tuple_expr, MakeTuple) and 0 <= expr.index < len(tuple_expr.items):
            return _referenced(tuple_expr.items[expr.index], origins)
        return _referenced(tuple_expr, origins)
    if isinstance(expr, Call):
        return frozenset().union(*(_referenced(arg, origins) for arg in expr.args))
    return _NONE


def _call_access(call: Call, origins: dict[int, Origins], access: _Access) -> None:
    """`AnalyzeCallAccess`: which parameters the call reads and writes."""
    args = call.args
    op = call.op
    if op.startswith("pld.") or (op.startswith("system.") and op not in _PLAIN_SYSTEM_OPS):
        raise PassNotModelled("ConvertTensorToTileOps", f"the parameter access of {op}", call.span)
    if op in ("tile.load", "tensor.read"):
        if args:
            access.mark(_alias(args[0], origins), access.read)
        for arg in args[1:]:
            access.mark(_referenced(arg, origins), access.read)
        return
    if op == "tile.store":
        if args:
            access.mark(_referenced(args[0], origins), access.read)
        for arg in args[1:-1]:
            access.mark(_referenced(arg, origins), access.read)
        if len(args) < 3:
            offsets = call.kwargs.get("offsets")
            access.mark(_referenced(offsets if isinstance(offsets, Expr) else None, origins), access.read)
        stored = _alias(_write_target(call), origins)
        access.mark(stored, access.written)
        access.first(stored, access.dma_store, call.span)
        return
    if op in ("tensor.write", "tensor.assemble"):
        for arg in args[1:]:
            access.mark(_referenced(arg, origins), access.read)
        if args:
            stored = _alias(args[0], origins)
            access.mark(stored, access.written)
            spans = access.scalar_store if op == "tensor.write" else access.dma_store
            access.first(stored, spans, call.span)
        return
    if op in ("tensor.slice", "tensor.create", "tensor.full"):
        for arg in args[1:]:
            access.mark(_referenced(arg, origins), access.read)
        return
    for arg in args:
        access.mark(_referenced(arg, origins), access.read)


# `system.*` ops that only read their operands (the soft `syncall` also writes its workspace).
_PLAIN_SYSTEM_OPS = frozenset(
    {"system.aic_initialize_pipe", "system.aiv_initialize_pipe", "system.reserve_buffer",
     "system.import_peer_buffer", "system.tfree_to_aiv", "system.tfree_to_aic", "system.syncall",
     "system.task_invalid"}
)  # fmt: skip


def _syncall(call: Call, origins: dict[int, Origins], access: _Access) -> bool:
    """The soft `system.syncall` reads and writes its workspace (its first operand)."""
    if call.op != "system.syncall":
        return False
    mode = call.kwargs.get("mode")
    text = mode.text.strip("'\"") if isinstance(mode, OpaqueExpr) else getattr(mode, "value", mode)
    if mode is not None and text not in ("soft", "hard"):
        raise PassNotModelled("ConvertTensorToTileOps", "a system.syncall mode not known", call.span)
    if text != "soft":
        return False
    # The workspace is the op's first operand (the printer writes it `gm_workspace=`).
    operands = [
        *call.args,
        *(call.kwargs[key] for key in ("gm_workspace", "used_cores") if key in call.kwargs),
    ]
    if not operands or not isinstance(operands[0], Expr):
        raise PassNotModelled(
            "ConvertTensorToTileOps", "a soft system.syncall without its workspace", call.span
        )
    workspace = _alias(operands[0], origins)
    access.mark(workspace, access.read)
    access.mark(workspace, access.written)
    for arg in operands[1:]:
        access.mark(_referenced(arg, origins), access.read)
    return True


def _visit_call(call: Call | None, origins: dict[int, Origins], access: _Access) -> None:
    if call is not None and not _syncall(call, origins, access):
        _call_access(call, origins, access)


def _bind(var: Var, found: Origins, origins: dict[int, Origins]) -> None:
    if isinstance(var.type, TensorType) and found:
        origins[id(var)] = found
    else:
        origins.pop(id(var), None)


def _sequence(stmts: list[Stmt], origins: dict[int, Origins], access: _Access) -> list[Origins] | None:
    last: list[Origins] | None = None
    for stmt in stmts:
        found = _stmt(stmt, origins, access)
        if found is not None:
            last = found
    return last


def _stmt(stmt: Stmt, origins: dict[int, Origins], access: _Access) -> list[Origins] | None:
    """`AnalyzeStmtAliases`; returns the origins of a yield's values (None: no yield)."""
    if isinstance(stmt, AssignStmt):
        _visit_call(stmt.value if isinstance(stmt.value, Call) else None, origins, access)
        if isinstance(stmt.var.type, TensorType):
            _bind(stmt.var, _alias(stmt.value, origins), origins)
        return None
    if isinstance(stmt, EvalStmt):
        _visit_call(stmt.expr if isinstance(stmt.expr, Call) else None, origins, access)
        return None
    if isinstance(stmt, SeqStmts):
        return _sequence(stmt.stmts, origins, access)
    if isinstance(stmt, ScopeStmt):
        return _sequence(stmt.body.stmts, origins, access)
    if isinstance(stmt, IfStmt):
        _visit_call(stmt.condition if isinstance(stmt.condition, Call) else None, origins, access)
        then = _sequence(stmt.then_body.stmts, dict(origins), access)
        other = _sequence(stmt.else_body.stmts, dict(origins), access) if stmt.else_body is not None else None
        merged = _merge(then, other)
        for position, var in enumerate(_branch_results(stmt)):
            found = merged[position] if merged is not None and position < len(merged) else _NONE
            _bind(var, found, origins)
        return merged
    if isinstance(stmt, (ForStmt, WhileStmt)):
        for bound in [stmt.start, stmt.stop, stmt.step] if isinstance(stmt, ForStmt) else [stmt.condition]:
            _visit_call(bound if isinstance(bound, Call) else None, origins, access)
        carried = _loop(stmt, origins, access)
        for position, var in enumerate(_loop_results(stmt)):
            _bind(var, carried[position] if position < len(carried) else _NONE, origins)
        return None
    if isinstance(stmt, YieldStmt):
        return [_alias(value, origins) for value in stmt.values]
    return None


def _merge(lhs: list[Origins] | None, rhs: list[Origins] | None) -> list[Origins] | None:
    if lhs is None:
        return rhs
    if rhs is None:
        return lhs
    count = max(len(lhs), len(rhs))
    return [(lhs[i] if i < len(lhs) else _NONE) | (rhs[i] if i < len(rhs) else _NONE) for i in range(count)]


def _closing_targets(block: SeqStmts) -> list[Var]:
    for stmt in block.stmts:
        if isinstance(stmt, YieldStmt):
            return list(stmt.targets)
    return []


def _loop_results(stmt: ForStmt | WhileStmt) -> list[Var]:
    return stmt.return_vars or _closing_targets(stmt.body)


def _branch_results(stmt: IfStmt) -> list[Var]:
    return stmt.return_vars or _closing_targets(stmt.then_body)


def _loop(stmt: ForStmt | WhileStmt, origins: dict[int, Origins], access: _Access) -> list[Origins]:
    """`AnalyzeLoopCarriedOrigins`: the carried values' origins, their yields' added and
    the body scanned once more when that widened them."""
    carried = [_alias(init, origins) for init in stmt.init_values]
    for _ in range(2):
        body = dict(origins)
        for var, found in zip(stmt.iter_args, carried, strict=False):
            _bind_any(var, found, body)
        yielded = _sequence(stmt.body.stmts, body, access)
        if yielded is None:
            return carried
        widened = [found | (yielded[i] if i < len(yielded) else _NONE) for i, found in enumerate(carried)]
        if widened == carried:
            return carried
        carried = widened
    return carried


def _bind_any(var: Var, found: Origins, origins: dict[int, Origins]) -> None:
    if found:
        origins[id(var)] = found
    else:
        origins.pop(id(var), None)


def propagate_directions(program: Program) -> None:
    """Phase 3: a caller's parameter passed to a callee's Out / InOut parameter is
    upgraded alike (Out only from In), to a fixed point."""
    by_name = {function.name: function for function in program.functions}
    changed = True
    while changed:
        changed = False
        for function in program.functions:
            if function.func_type is FunctionType.INCORE:
                continue
            positions = {id(param.var): i for i, param in enumerate(function.params)}
            for stmt in walk_stmts(function.body):
                for call in own_calls(stmt):
                    callee = (
                        by_name.get(call.op.removeprefix("self.")) if call.op.startswith("self.") else None
                    )
                    if callee is None:
                        continue
                    for arg, callee_param in zip(call.args, callee.params, strict=False):
                        position = positions.get(id(arg)) if isinstance(arg, Var) else None
                        if position is None:
                            continue
                        param = function.params[position]
                        upgraded = _upgraded(param.direction, callee_param.direction)
                        if upgraded is not param.direction:
                            param.direction = upgraded
                            changed = True


def _upgraded(caller: Direction, callee: Direction) -> Direction:
    if callee is Direction.OUT and caller is Direction.IN:
        return Direction.OUT
    if callee is Direction.INOUT and caller is not Direction.INOUT:
        return Direction.INOUT
    return caller
