"""ConvertTensorToTileOps, as far as the cache policy needs it (reference §3).

For each InCore function:
- the function attr `cache_policy` ((param index, policy) pairs) is read and erased;
- every hand-written `tile.load` of a declared parameter without its own `cache=`
  gets `cache=<policy>` (explicit wins in both directions; never duplicated);
- a tensor parameter consumed by a matmul gets a Mat load per operand, and one
  consumed by any other converted tensor op an entry load at function entry;
  those ops then read the loaded tile and become `tile.*` ops; an assemble into
  a tensor parameter becomes a `tile.store`. The synthesised loads carry the span
  of the op that caused them and the declared policy.
Loads follow loop-carried values back to the parameter (`propagate_aliases`).

Names, as the real pass gives them: a tensor op's result that became a tile, a
slice that became a load and a parameter's entry load are new vars `<name>__tile`
(the old var is left to the caller, which still sees the tensor the kernel
returns); a tile the kernel returns gets an output parameter `ret<i>__out` (the
caller passes a `tensor.create` of it) and is stored into it as `ret<i>__store`,
which is returned instead.
Not modelled here (the facts still see them): loads for self-loading ops.
"""

from __future__ import annotations

from compiler.base.span import Span
from compiler.ir import (
    AssignStmt,
    BinaryExpr,
    Call,
    Const,
    Direction,
    EvalStmt,
    Expr,
    Function,
    FunctionType,
    MakeTuple,
    OpaqueExpr,
    Param,
    Program,
    ReturnStmt,
    ScalarType,
    SeqStmts,
    Slice,
    Stmt,
    SubscriptIndex,
    TensorType,
    TileType,
    Var,
)
from compiler.ir.substitute import substitute_uses
from compiler.ir.visit import child_stmts, own_calls, own_exprs, sub_exprs, walk_stmts
from compiler.lowering.scope_interface import propagate_aliases
from compiler.lowering.tensor_reads import SELF_LOADING, ReadKind, loaded_operands
from compiler.passes.ssa import base_name

_MEMORY = {ReadKind.MATMUL_OPERAND: "pl.Mem.Mat", ReadKind.ENTRY_LOAD: "pl.Mem.Vec"}


def convert_tensor_to_tile_ops(program: Program) -> Program:
    added: dict[str, list[TensorType]] = {}  # kernel -> the types of its new output parameters
    for function in program.functions:
        if function.func_type is FunctionType.INCORE:
            _convert(function)
            outputs = _store_returned_tiles(function)
            if outputs:
                added[function.name] = outputs
    if added:
        for function in program.functions:
            _pass_new_outputs(function, added)
    return program


def _store_returned_tiles(function: Function) -> list[TensorType]:
    """A returned tile is stored into a new Out parameter `ret<i>__out`, and the store's
    result `ret<i>__store` returned instead; the types of the new parameters, in order."""
    outputs: list[TensorType] = []
    block = function.body  # the function's own return statement
    for position, stmt in enumerate(list(block.stmts)):
        if isinstance(stmt, ReturnStmt):
            stores: list[Stmt] = []
            for index, value in enumerate(stmt.values):
                if not isinstance(value.type, TileType) or index >= len(function.return_types):
                    continue
                declared = function.return_types[index]
                if not isinstance(declared, TensorType):
                    continue
                number = len(outputs)
                out = Var(stmt.span, f"ret{number}__out", type=declared)
                function.params.append(Param(out, Direction.OUT))
                zeros = MakeTuple(stmt.span, [_index(stmt.span, 0) for _ in declared.shape or ()])
                store = Call(stmt.span, "tile.store", [value, zeros, out], type=declared)
                result = Var(stmt.span, f"ret{number}__store", type=declared)
                stores.append(AssignStmt(stmt.span, result, store))
                stmt.values[index] = result
                outputs.append(declared)
            block.stmts[position:position] = stores
            break
    return outputs


def _pass_new_outputs(caller: Function, added: dict[str, list[TensorType]]) -> None:
    """Each call of a kernel that got output parameters passes a `tensor.create` of each."""
    for block in [stmt for stmt in walk_stmts(caller.body) if isinstance(stmt, SeqStmts)]:
        out: list[Stmt] = []
        for stmt in block.stmts:
            for call in own_calls(stmt) if isinstance(stmt, (AssignStmt, EvalStmt)) else []:
                types = added.get(call.op.removeprefix("self."))
                if not call.op.startswith("self.") or not types:
                    continue
                for number, declared in enumerate(types):
                    var = Var(call.span, f"ret{number}__out", type=declared)
                    out.append(AssignStmt(stmt.span, var, _create(declared, call.span)))
                    call.args.append(var)
            out.append(stmt)
        block.stmts = out


def _create(declared: TensorType, span: Span) -> Call:
    shape = MakeTuple(
        span, [_index(span, dim) if isinstance(dim, int) else dim for dim in declared.shape or ()]
    )  # type: ignore[misc]
    kwargs: dict[str, object] = {
        "dtype": OpaqueExpr(span, f"pl.{declared.dtype}"),
        "layout": OpaqueExpr(span, "pl.TensorLayout.ND"),
    }
    return Call(span, "tensor.create", [shape], kwargs, type=declared)


def _convert(function: Function) -> None:
    declared = _declared_policies(function)
    function.attrs = [(key, value) for key, value in function.attrs if key != "cache_policy"]
    params = [p.var for p in function.params]
    root = {id(v): id(v) for v in params if isinstance(v.type, TensorType)}
    by_id = {id(v): v for v in params}
    entry: dict[int, Var] = {}
    prologue: list[Stmt] = []

    def load(param: Var, kind: ReadKind, span: Span) -> tuple[Var, AssignStmt]:
        name = f"{param.name}_mat" if kind is ReadKind.MATMUL_OPERAND else f"{base_name(param.name)}__tile"
        tile = Var(span, name, type=_tile_type(param, _MEMORY[kind].rpartition(".")[2]))
        call = _load_call(param, kind, span, declared.get(id(param)))
        return tile, AssignStmt(span, tile, call)

    renamed = _Renamed()  # a converted value's old var -> its `<name>__tile` var
    temps: list[Var] = []  # the nested values that became tiles, hoisted

    def hoist(stmt: Stmt, node: Call, out: list[Stmt]) -> None:
        """A nested op that became a tile is a statement of its own, as FlattenCallExpr made
        it (`t__tmp_v<n>`, renamed `t__tile` by the conversion; printed `t__tile_<k>`)."""
        if (isinstance(stmt, AssignStmt) and stmt.value is node) or not isinstance(node.type, TileType):
            return
        name = "t__tile" if not temps else f"t__tile_{len(temps)}"
        temp = Var(node.span, name, type=node.type)
        temps.append(temp)
        out.append(AssignStmt(node.span, temp, node))
        substitute_uses(stmt, {id(node): temp})

    scratches: list[Var] = []

    def scratch(node: Call, out: list[Stmt]) -> None:
        """A row reduction's workspace, as the real conversion makes it: a `tmp_tile` of the
        input's shape, its last dimension at least 128, created right before the reduction
        (printed `tmp_tile_<k>` after the first)."""
        source = node.args[0].type
        if not isinstance(source, TileType) or source.shape is None or len(source.shape) < 2:
            return
        last = source.shape[-1]
        shape = [*source.shape[:-1], last if isinstance(last, int) and last >= 128 else 128]
        tile = TileType(tuple(shape), source.dtype, "Vec")
        name = "tmp_tile" if not scratches else f"tmp_tile_{len(scratches)}"
        var = Var(node.span, name, type=tile)
        scratches.append(var)
        dims = MakeTuple(node.span, [_index(node.span, d) if isinstance(d, int) else d for d in shape])
        kwargs: dict[str, object] = {
            "dtype": OpaqueExpr(node.span, f"pl.{source.dtype}"),
            "target_memory": OpaqueExpr(node.span, "pl.Mem.Vec"),
        }
        out.append(AssignStmt(node.span, var, Call(node.span, "tile.create", [dims], kwargs, type=tile)))
        node.args = [*node.args, var]

    def rewrite(block: SeqStmts) -> None:
        out: list[Stmt] = []
        for stmt in block.stmts:
            substitute_uses(stmt, renamed)
            propagate_aliases(stmt, root)
            top = _top_call(stmt)
            was_tensor_op = top is not None and top.op.startswith("tensor.")
            for expr in own_exprs(stmt):
                for node in _post_order(expr):
                    if not isinstance(node, Call):
                        continue
                    if node.op == "tensor.slice" and _slice_to_load(node, root, by_id, declared):
                        if isinstance(stmt, AssignStmt) and stmt.value is node:
                            _rename_to_tile(stmt, node.type, renamed)  # the window is a tile now
                        else:
                            hoist(stmt, node, out)
                        continue
                    if node.op == "tile.load":
                        _stamp(node, root, declared)
                        continue
                    converted = _tile_op_on_tiles(node)
                    if converted and isinstance(stmt, AssignStmt) and stmt.value is node:
                        _rename_to_tile(stmt, node.type, renamed)
                    _retype_tile_value(stmt, node)
                    converted = converted or node.op.startswith("tensor.")
                    for operand, kind in loaded_operands(node):
                        origin = root.get(id(operand)) if isinstance(operand, Var) else None
                        if origin is None or kind not in _MEMORY or _shape(by_id[origin]) is None:
                            continue
                        if kind is ReadKind.ENTRY_LOAD:
                            if origin not in entry:
                                tile, assign = load(by_id[origin], kind, node.span)
                                entry[origin] = tile
                                prologue.append(assign)
                            tile = entry[origin]
                        else:
                            tile, assign = load(by_id[origin], kind, node.span)
                            out.append(assign)
                        node.args = [tile if arg is operand else arg for arg in node.args]
                        node.op = "tile." + node.op.partition(".")[2]
                        _drop_tensor_only_kwargs(node)
                        node.type = _as_tile(node.type)
                        if node.op == "tile.matmul":
                            node.type = _in_acc(node.type)
                        _retype_result(stmt, node, renamed)
                    if node.op in _ROW_REDUCTIONS and len(node.args) == 1:
                        scratch(node, out)
                    if converted and node.op.startswith("tile."):
                        hoist(stmt, node, out)
                    _assemble_to_store(node, root)
            if was_tensor_op and top is not None and top.op.startswith("tile."):
                stmt.comments = ()  # the real conversion builds a new statement, without them
            for child in child_stmts(stmt):
                if isinstance(child, SeqStmts):
                    rewrite(child)
            out.append(stmt)
        block.stmts = out

    rewrite(function.body)
    rewrite = None  # type: ignore[assignment]  # it refers to itself: break the cycle (the analysis runs this)
    function.body.stmts[:0] = prologue


def _top_call(stmt: Stmt) -> Call | None:
    """The call a statement evaluates at its top: an assignment's value, an evaluation's."""
    value = stmt.value if isinstance(stmt, AssignStmt) else stmt.expr if isinstance(stmt, EvalStmt) else None
    return value if isinstance(value, Call) else None


# The row reductions the real conversion gives a `tmp_tile` workspace.
_ROW_REDUCTIONS = frozenset({"tile.row_sum", "tile.row_max", "tile.row_min", "tile.row_prod"})


def _post_order(expr: Expr) -> list[Expr]:
    """Operands before the expression that uses them: a slice is a load before its consumer converts."""
    return [*(node for operand in sub_exprs(expr) for node in _post_order(operand)), expr]


def _slice_to_load(call: Call, root: dict[int, int], by_id: dict[int, Var], declared: dict[int, int]) -> bool:
    """`x[r:r + 64, :]` / `pl.slice(x, shape, offset)` of a tensor param becomes a Vec `tile.load`."""
    source = call.args[0] if call.args else None
    origin = root.get(id(source)) if isinstance(source, Var) else None
    shape = _shape(by_id[origin]) if origin is not None else None
    if source is None or origin is None or shape is None:
        return False
    window = _window(call, shape)
    if window is None:
        return False
    offsets, sizes = window
    span = call.span
    call.op = "tile.load"
    call.args = [
        source,
        MakeTuple(span, offsets),
        MakeTuple(span, [_index(span, size) for size in sizes]),
        MakeTuple(span, [_index(span, size) for size in sizes]),
    ]
    call.kwargs = {"target_memory": OpaqueExpr(span, "pl.Mem.Vec")}
    if origin in declared:
        call.kwargs["cache"] = declared[origin]
    dtype = source.type.dtype if isinstance(source.type, TensorType) else None
    call.type = TileType(tuple(sizes), dtype, "Vec")
    return True


def _window(call: Call, shape: tuple[int, ...]) -> tuple[list[Expr], list[int]] | None:
    """Offsets and static sizes of a slice, or None when a size is not static."""
    span = call.span
    if len(call.args) == 2 and isinstance(call.args[1], SubscriptIndex):
        items = list(call.args[1].items)
        offsets: list[Expr] = []
        sizes: list[int] = []
        for dim, item in enumerate(shape):
            entry = items[dim] if dim < len(items) else Slice(span, None, None, None)
            if not isinstance(entry, Slice):
                offsets.append(entry)
                sizes.append(1)
                continue
            lower = entry.lower if entry.lower is not None else _index(span, 0)
            size = _extent(entry.lower, entry.upper, item)
            if size is None or entry.step is not None:
                return None
            offsets.append(lower)
            sizes.append(size)
        return offsets, sizes
    if len(call.args) >= 3 and isinstance(call.args[1], MakeTuple) and isinstance(call.args[2], MakeTuple):
        sizes = [
            item.value
            for item in call.args[1].items
            if isinstance(item, Const) and isinstance(item.value, int)
        ]
        if len(sizes) != len(call.args[1].items):
            return None
        return list(call.args[2].items), sizes
    return None


def _extent(lower: Expr | None, upper: Expr | None, dim: int) -> int | None:
    """`a:b` with constants, `r:r + k`, `:k`, `a:` and `:` of a dimension of size `dim`."""
    low = (
        lower.value
        if isinstance(lower, Const) and isinstance(lower.value, int)
        else (0 if lower is None else None)
    )
    if upper is None:
        return dim - low if low is not None else None
    if isinstance(upper, Const) and isinstance(upper.value, int) and low is not None:
        return upper.value - low
    if isinstance(upper, BinaryExpr) and upper.op == "add" and isinstance(upper.rhs, Const):
        same = upper.lhs is lower  # `r:r + k`: the same binding on both sides
        if same and isinstance(upper.rhs.value, int):
            return upper.rhs.value
    return None


def _start(item: Expr, span: Span) -> Expr:
    if isinstance(item, Slice):
        return item.lower if item.lower is not None else _index(span, 0)
    return item


def _index(span: Span, value: int) -> Const:
    return Const(span, value, type=ScalarType("INDEX"))


def _tile_op_on_tiles(call: Call) -> bool:
    """A tensor op whose tensor operands have all become tiles is a tile op now (True)."""
    namespace, _, name = call.op.partition(".")
    if namespace != "tensor" or name in SELF_LOADING:
        return False
    operands = [arg for arg in call.args if isinstance(arg.type, (TensorType, TileType))]
    if operands and all(isinstance(arg.type, TileType) for arg in operands):
        call.op = f"tile.{name}"
        _drop_tensor_only_kwargs(call)
        first = operands[0].type
        call.type = TileType(
            first.shape if isinstance(first, TileType) else None, getattr(first, "dtype", None), "Vec"
        )
        if name == "matmul":
            call.type = _in_acc(call.type)
        return True
    return False


def _drop_tensor_only_kwargs(call: Call) -> None:
    """The tensor matmul's keywords the tile op has not: the Cube accumulator fixes the
    dtype (`out_dtype`), the layout is the Acc tile's (`c_matrix_nz`) and a transpose is a
    view of the operand, not a flag — the real pass drops them all, and `pl.tile.matmul`
    would refuse them on re-parse. A true `b_trans` stays, for the emitter to read."""
    if call.op not in ("tile.matmul", "tile.matmul_acc"):
        return
    for key in ("out_dtype", "a_trans", "c_matrix_nz"):
        call.kwargs.pop(key, None)
    b_trans = call.kwargs.get("b_trans")
    if b_trans is not None and not (isinstance(b_trans, Const) and b_trans.value is True):
        del call.kwargs["b_trans"]


def _declared_policies(function: Function) -> dict[int, int]:
    params = [p.var for p in function.params]
    policies: dict[int, int] = {}
    for key, value in function.attrs:
        if key == "cache_policy" and isinstance(value, (list, tuple)):
            for item in value:
                if isinstance(item, (list, tuple)) and len(item) == 2 and 0 <= item[0] < len(params):
                    policies[id(params[item[0]])] = item[1]  # the last entry wins, like insert_or_assign
    return policies


def _stamp(load: Call, root: dict[int, int], declared: dict[int, int]) -> None:
    """A load's own `cache=` wins in both directions; else the declaration for its root param."""
    if "cache" in load.kwargs or not load.args:
        return
    origin = root.get(id(load.args[0])) if isinstance(load.args[0], Var) else None
    if origin is not None and origin in declared:
        load.kwargs["cache"] = declared[origin]


def _as_tile(value_type: object) -> object:
    """What a converted op computes: a tile of the tensor's static shape (when it has one),
    in Vec, where the real deductions put a vector op's result (a matmul's is moved to Acc
    after)."""
    if not isinstance(value_type, TensorType):
        return value_type
    static = value_type.shape is not None and all(isinstance(dim, int) for dim in value_type.shape)
    return TileType(value_type.shape if static else None, value_type.dtype, "Vec")


def _retype_tile_value(stmt: Stmt, call: Call) -> None:
    """A value a tile op computes is a tile: the var it is bound to says so (as a re-read
    dump would type it), unless it already has a tile type of its own."""
    if (
        isinstance(stmt, AssignStmt)
        and stmt.value is call
        and call.op.startswith("tile.")
        and isinstance(call.type, TileType)
        and not isinstance(stmt.var.type, TileType)
    ):
        stmt.var.type = call.type


def _retype_result(stmt: Stmt, call: Call, renamed: dict[int, Expr]) -> None:
    """A value a converted op computes is a tile now, no longer a tensor."""
    if isinstance(stmt, AssignStmt) and stmt.value is call and isinstance(stmt.var.type, TensorType):
        call.type = _as_tile(stmt.var.type)
        if call.op == "tile.matmul":
            call.type = _in_acc(call.type)
        _rename_to_tile(stmt, call.type, renamed)


class _Renamed(dict[int, Expr]):
    """Old var id -> its new var, keeping each old var alive: a var nothing else refers to
    any more would be freed, and a var made later could take its id (and its renaming)."""

    def __init__(self) -> None:
        super().__init__()
        self.old: list[Var] = []


def _rename_to_tile(stmt: AssignStmt, tile_type: object, renamed: dict[int, Expr]) -> None:
    """The tile a tensor value became is a new var `<name>__tile`; the old one (which the
    caller of an outlined kernel shares) keeps its tensor type."""
    if id(stmt.var) in renamed or not isinstance(tile_type, TileType):
        return
    tile = Var(stmt.var.span, f"{base_name(stmt.var.name)}__tile", type=tile_type)
    renamed[id(stmt.var)] = tile
    if isinstance(renamed, _Renamed):
        renamed.old.append(stmt.var)
    stmt.var = tile


def _in_acc(tile: object) -> object:
    """A tile matmul's result lives in the accumulator (the real op's output memory)."""
    return TileType(tile.shape, tile.dtype, "Acc") if isinstance(tile, TileType) else tile


def _assemble_to_store(call: Call, root: dict[int, int]) -> None:
    """`tensor.assemble(out, tile, offsets)` into a tensor param is `tile.store(tile, offsets, out)`."""
    if call.op != "tensor.assemble" or len(call.args) < 3:
        return
    target, source, offsets = call.args[0], call.args[1], call.args[2]
    if isinstance(target, Var) and id(target) in root and isinstance(source.type, TileType):
        if isinstance(offsets, SubscriptIndex):  # `out[r:r + 64, :] = tile`: store at the slice's start
            offsets = MakeTuple(offsets.span, [_start(item, offsets.span) for item in offsets.items])
        call.op, call.args = "tile.store", [source, offsets, target]


def _load_call(param: Var, kind: ReadKind, span: Span, policy: int | None) -> Call:
    shape = _shape(param) or ()
    zeros = MakeTuple(span, [Const(span, 0, type=ScalarType("INDEX")) for _ in shape])
    sizes = MakeTuple(span, [Const(span, dim, type=ScalarType("INDEX")) for dim in shape])
    kwargs: dict[str, object] = {"target_memory": OpaqueExpr(span, _MEMORY[kind])}
    if policy is not None:
        kwargs["cache"] = policy
    valid = MakeTuple(span, list(sizes.items))
    memory = _MEMORY[kind].rpartition(".")[2]
    return Call(span, "tile.load", [param, zeros, sizes, valid], kwargs, type=_tile_type(param, memory))


def _shape(param: Var) -> tuple[int, ...] | None:
    shape = param.type.shape if isinstance(param.type, TensorType) else None
    if shape is None or not all(isinstance(dim, int) for dim in shape):
        return None
    return tuple(dim for dim in shape if isinstance(dim, int))


def _tile_type(param: Var, memory: str | None = None) -> TileType:
    """The tile a load of `param` gives: its static shape and dtype, in `memory` (as the
    parser types a written `pl.tile.load`, so a dump re-read has the same types)."""
    dtype = param.type.dtype if isinstance(param.type, TensorType) else None
    return TileType(_shape(param), dtype, memory)
