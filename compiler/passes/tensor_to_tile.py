"""ConvertTensorToTileOps (pass 11), as the real one (convert_tensor_to_tile_ops_pass.cpp).

Phase 1, each InCore function:
- a tensor parameter a converted op reads directly (not one that loads for itself: slice,
  assemble, read, ...; nor a matmul operand, which the op loads) gets a Vec `tile.load`
  at entry, `<name>__tile`, at the parameter's span;
- each `tensor.*` op becomes its tile form (`op_conversion`), its value a new var
  `<name>__tile`; a slice a matmul reads loads straight into Mat (marked as the pass's
  Mat bridge), a matmul's tensor operand is loaded into Mat (`<name>_mat`), a transposed
  one viewed as its transpose (`<name>_t`, `tile.transpose_view`);
- types follow through loops (iter args from their init values, return vars from the
  iter args) and branches (return vars from the yields);
- a returned tile is stored into a new Out parameter `ret<i>__out` (`ret<i>__store`)
  (a returned loop that assembles into its carried tile, which the real pass makes store
  instead, is not modelled);
- a tensor parameter written is upgraded from In to Out (InOut when also read).
Phase 2: Spmd/Group wrappers forward the new Out parameters; every other caller passes
a `tensor.create` of each. Phase 3: directions flow up the call chain.
Last, names print as the real printer disambiguates them (`t__tile`, `t__tile_1`, ...).

This project's own extension (the GM cache policy, `cache_policy` function attr) is
applied here too: every `tile.load` of a declared parameter without its own `cache=`
gets `cache=<policy>`, and the attr is erased.

What is not modelled raises `PassNotModelled`; what the real pass or a tile op's type
deduction rejects raises `TileConversionError` (its message, the real line).
"""

from __future__ import annotations

import itertools
from typing import Any

from compiler.base import codes
from compiler.base.span import Span
from compiler.ir import (
    AssignStmt,
    Call,
    Const,
    Direction,
    EvalStmt,
    Expr,
    ForStmt,
    Function,
    FunctionType,
    IfStmt,
    MakeTuple,
    OpaqueExpr,
    OpaqueStmt,
    Param,
    Program,
    ReturnStmt,
    ScalarType,
    ScopeStmt,
    SeqStmts,
    Stmt,
    TensorType,
    TileType,
    TupleGetItem,
    TupleType,
    Var,
    WhileStmt,
    YieldStmt,
)
from compiler.ir.substitute import substitute_expr
from compiler.ir.visit import own_calls, own_exprs, sub_exprs, walk_stmts
from compiler.lowering.scope_interface import propagate_aliases
from compiler.passes.not_modelled import NOT_KNOWN_STATICALLY, KernelsNotModelled, PassNotModelled
from compiler.passes.op_conversion import (
    CONVERSIONS,
    INHERIT_INPUT_MEMORY,
    PASS_NAME,
    PASSTHROUGH,
    SELF_LOADING,
    ConversionError,
    index,
    memory_kwarg,
    shape_tuple,
    slice_valid_shape,
)
from compiler.passes.param_directions import propagate_directions, upgrade_written_params
from compiler.passes.printed_names import disambiguate_program_names
from compiler.passes.subscript_windows import desugar_subscripts
from compiler.passes.tile_op_types import TileOpError, typed_call

MAT_BRIDGE = "__compiler_tensor_to_tile_mat_bridge"
_WRAPPERS = (FunctionType.SPMD, FunctionType.GROUP)


class TileConversionError(PassNotModelled):
    """The real pass (or a tile op's deduction) rejects the program: `exception` is the
    class `ir.compile` raises, `message` its text, `span` where, `code` and `data` what
    the diagnostic reports it as."""

    def __init__(
        self, message: str, exception: str, span: Span, code: str, data: dict[str, Any] | None = None
    ) -> None:
        super().__init__(PASS_NAME, message, span)
        self.message = message
        self.exception = exception
        self.code = code
        self.data = data or {}


def _deduction_error(error: TileOpError, span: Span) -> PassNotModelled:
    """A tile op's rejection of what the conversion built: the real error when the message
    is one of the C++ deduction's (`The operator tile.x requires ...`, `tile.x ...`), which
    `OpRegistry::Create` runs; another (a rule's DSL-wrapper check, which the pass never
    runs) is not modelled."""
    if error.message.startswith(("The operator tile.", "tile.")):
        return TileConversionError(error.message, "ValueError", span, codes.TILE_OP_REJECTED)
    return PassNotModelled(PASS_NAME, f"{error.op} refusing what the conversion builds", span)


def convert_tensor_to_tile_ops(program: Program) -> Program:
    added: dict[str, list[Var]] = {}  # callee -> the Out parameters it gained
    refused: dict[str, PassNotModelled] = {}  # kernel -> why it is not taken through
    for function in program.functions:
        if function.func_type is FunctionType.INCORE:
            try:
                outputs = _convert_incore(function)
            except TileConversionError as error:
                if not refused:
                    raise  # the real pass stops the program here
                refused[function.name] = error  # an earlier kernel not modelled may stop it first
                continue
            except PassNotModelled as problem:
                refused[function.name] = problem  # the other kernels go on (for codegen)
                continue
            if outputs:
                added[function.name] = outputs
    forwarded: dict[str, list[Var]] = {}
    for function in program.functions:
        if function.func_type in _WRAPPERS:
            outputs = _forward_through_wrapper(function, added)
            if outputs:
                forwarded[function.name] = outputs
    callees = {**added, **forwarded}
    returns = {f.name: f.return_types for f in program.functions}
    if callees:
        for function in program.functions:
            if function.func_type not in (FunctionType.INCORE, *_WRAPPERS):
                _update_call_sites(function.body, callees, returns)
    propagate_directions(program)
    shared = disambiguate_program_names(program.functions)
    if shared is not None:
        raise PassNotModelled(PASS_NAME, "a var two functions share, which one of them renames", shared)
    if refused:
        raise KernelsNotModelled(refused, program)
    return program


# ---------------------------------------------------------------- phase 1: a kernel


def _param_span(function: Function, var: Var) -> Span:
    """Where the real parameter is: its declaration in a function the author wrote; in a
    function outlined from a scope, the scope statement (the real outliner makes each
    parameter anew at the scope's span), where ours keeps the captured variable's own."""
    inside = function.span.start_line <= var.span.start_line <= function.span.end_line
    return var.span if inside else function.span


def _convert_incore(function: Function) -> list[Var]:
    """Convert one InCore function in place; the Out parameters it gained."""
    policies = _declared_policies(function)
    function.attrs = [(key, value) for key, value in function.attrs if key != "cache_policy"]
    desugar_subscripts(function.body)
    _refuse_canonicalized_scalar_writes(function.body)
    converter = _Converter(_consumer_spaces(function.body))
    stmts: list[Stmt] = []
    used = _params_read_by_converted_ops(function.body)
    for param in function.params:
        var = param.var
        if not isinstance(var.type, TensorType) or id(var) not in used:
            continue
        span = _param_span(function, var)
        shape = _static_shape(var.type, span)
        load = _call(
            "tile.load",
            [var, _zeros(len(shape), span), shape_tuple(shape, span), shape_tuple(shape, span)],
            {"target_memory": memory_kwarg(span, "Vec")},
            span,
        )
        tile = Var(span, tile_name(var.name), type=load.type)
        stmts.append(AssignStmt(span, tile, load))
        converter.remap[id(var)] = tile
    body = function.body.stmts
    returns = [stmt for stmt in body if isinstance(stmt, ReturnStmt)]
    stmts += converter.stmts([stmt for stmt in body if not isinstance(stmt, ReturnStmt)])
    outputs: list[Var] = []
    if returns:
        stmts.append(_store_returned_tiles(function, returns[-1], converter, stmts, outputs))
    elif function.return_types:
        raise PassNotModelled(PASS_NAME, "an InCore function without a return", function.span)
    else:
        stmts.append(ReturnStmt(function.span, []))
    function.body.stmts = stmts
    try:
        upgrade_written_params(function)
    except ConversionError as error:
        raise TileConversionError(error.message, error.exception, error.span, error.code) from None
    _stamp_cache_policies(function, policies)
    return outputs


def tile_name(name: str) -> str:
    """`MakeTileValueName`: the base name (before `__`) with the `tile` role."""
    return f"{name.partition('__')[0]}__tile"


def _call(op: str, args: list[Expr], kwargs: dict[str, Any], span: Span) -> Call:
    try:
        return typed_call(op, args, kwargs, span)
    except TileOpError as error:
        raise _deduction_error(error, span) from None


def _operands(expr: Expr) -> list[Expr]:
    """A call's operands as written (the conversion replaces them in place)."""
    return list(expr.args) if isinstance(expr, Call) else []


def _zeros(rank: int, span: Span) -> MakeTuple:
    return MakeTuple(span, [index(span, 0) for _ in range(rank)])


def _static_shape(tensor: TensorType, span: Span) -> tuple[Any, ...]:
    if tensor.shape is None:
        raise PassNotModelled(PASS_NAME, f"a tensor whose shape is {NOT_KNOWN_STATICALLY}", span)
    return tensor.shape


class _Converter:
    """`TensorToTileMutator`: statements converted in order, with the vars a conversion
    replaced (`remap`, by id) read as their replacement from then on."""

    def __init__(self, spaces: dict[int, str]) -> None:
        self.spaces = spaces  # var id -> the memory space its consumers need (Mat)
        self.remap: dict[int, Expr] = {}
        self.kept: list[Var] = []  # the replaced vars, alive: a freed id could be reused
        self.computed: set[int] = set()  # vars a converted tensor op bound (now tiles)

    # -- expressions

    def expr(self, expr: Expr) -> Expr:
        return substitute_expr(expr, self.remap)

    def rebind(self, old: Var, new: Var) -> None:
        self.kept.append(old)
        self.remap[id(old)] = new

    # -- statements

    def stmts(self, stmts: list[Stmt]) -> list[Stmt]:
        out: list[Stmt] = []
        for stmt in stmts:
            out += self.stmt(stmt)
        return out

    def block(self, block: SeqStmts) -> None:
        block.stmts = self.stmts(block.stmts)

    def stmt(self, stmt: Stmt) -> list[Stmt]:
        if isinstance(stmt, AssignStmt):
            return self.assign(stmt)
        if isinstance(stmt, EvalStmt):
            return self.evaluate(stmt)
        if isinstance(stmt, (ForStmt, WhileStmt)):
            self.loop(stmt)
        elif isinstance(stmt, IfStmt):
            self.branch(stmt)
        elif isinstance(stmt, YieldStmt):
            stmt.values = [self.expr(value) for value in stmt.values]
        elif isinstance(stmt, SeqStmts):
            self.block(stmt)
        elif isinstance(stmt, ScopeStmt):
            self.block(stmt.body)
        elif isinstance(stmt, ReturnStmt):
            self.nested_return(stmt)
        elif isinstance(stmt, OpaqueStmt):
            raise PassNotModelled(PASS_NAME, f"a {type(stmt).__name__} nested in a kernel", stmt.span)
        return [stmt]

    def nested_return(self, stmt: ReturnStmt) -> None:
        """A `return` under a branch: the real mutator only reads its values through the
        conversions so far (no exit store: that is the function's last `return`'s). A value
        that became a tile would leave the kernel returning a tile where it declares a
        tensor, which we do not follow."""
        values = [self.expr(value) for value in stmt.values]
        if any(isinstance(value.type, TileType) for value in values):
            raise PassNotModelled(PASS_NAME, "a nested return of a converted tile", stmt.span)
        stmt.values = values

    def assign(self, stmt: AssignStmt) -> list[Stmt]:
        old_type, operands = stmt.value.type, _operands(stmt.value)
        value = self.expr(stmt.value)
        conversion = CONVERSIONS.get(value.op) if isinstance(value, Call) else None
        if not isinstance(value, Call) or conversion is None:
            if isinstance(value, Call):
                self.check_unconverted(value, operands)
            return [self.pass_through(stmt, value, old_type)]
        if value.op == "tensor.slice" and id(stmt.var) in self.spaces:
            loaded = self.consumer_driven_load(stmt, value, self.spaces[id(stmt.var)])
            if loaded is not None:
                # The slice becomes the load in place: its source comments stay above it.
                loaded.comments = stmt.comments
                return [loaded]
        out, result = self.converted(value)
        tile = Var(stmt.var.span, tile_name(stmt.var.name), type=result.type)
        out.append(AssignStmt(stmt.span, tile, result))
        self.rebind(stmt.var, tile)
        self.computed.add(id(stmt.var))
        return out

    def evaluate(self, stmt: EvalStmt) -> list[Stmt]:
        operands = _operands(stmt.expr)
        value = self.expr(stmt.expr)
        stmt.expr = value
        if not isinstance(value, Call) or value.op not in CONVERSIONS:
            if isinstance(value, Call):
                self.check_unconverted(value, operands)
            return [stmt]
        out, result = self.converted(value)
        out.append(EvalStmt(stmt.span, result))
        return out

    def check_unconverted(self, call: Call, operands: list[Expr]) -> None:
        if call.op.startswith("tile.") and self.reads_a_computed_tile(operands, call):
            # The real mutator rebuilds a call whose operands it replaced (`OpRegistry::Create`):
            # a tile op given a tensor the kernel computed, now a tile, is deduced again. Only
            # its deduction's refusal counts; a call we cannot type here stays as written.
            try:
                _call(call.op, call.args, call.kwargs, call.span)
            except TileConversionError:
                raise
            except PassNotModelled:
                pass
        if call.op == "tensor.view" and call.args and isinstance(call.args[0].type, TileType):
            raise TileConversionError(
                "tensor.view in an InCore function requires a GM Tensor input that remains tensor-like "
                "through ConvertTensorToTileOps; viewing the result of an op lowered to Tile is not supported",
                "ValueError",
                call.span,
                codes.TILE_CONVERSION_REJECTED,
            )
        if call.op.startswith("tensor.") and call.op not in PASSTHROUGH:
            raise PassNotModelled(PASS_NAME, f"{call.op} in a kernel (its tile conversion)", call.span)

    def reads_a_computed_tile(self, operands: list[Expr], call: Call) -> bool:
        """Whether an operand of `call` was a tensor a converted op bound, now its tile (a
        parameter loaded for a tensor op is not judged: where the load goes is not modelled
        for every kernel)."""
        return any(
            id(before) in self.computed
            and isinstance(before.type, TensorType)
            and isinstance(after.type, TileType)
            for before, after in zip(operands, call.args)
        )

    def converted(self, call: Call) -> tuple[list[Stmt], Expr]:
        conversion = CONVERSIONS[call.op]
        args, out = self.bridge(call, conversion.input_reqs)
        try:
            prologue, result = conversion.convert(args, call.kwargs, call.span)
        except TileOpError as error:
            raise _deduction_error(error, call.span) from None
        except ConversionError as error:
            raise TileConversionError(
                error.message, error.exception, error.span, error.code, error.data
            ) from None
        out += self.stmts(prologue)
        return out, self.expr(result)

    def pass_through(self, stmt: AssignStmt, value: Expr, old_type: object) -> AssignStmt:
        """`HandlePassThroughAssign`: a value whose type changed (an alias of a converted
        value) is bound to a new var of that type; else the var stays."""
        if isinstance(value, TupleGetItem) and isinstance(value.tuple_expr.type, TupleType):
            # The real mutator rebuilds the item read of a converted tuple: typed by it.
            items = value.tuple_expr.type.items
            if 0 <= value.index < len(items) and items[value.index] != value.type:
                value = TupleGetItem(value.span, value.tuple_expr, value.index, type=items[value.index])
        stmt.value = value
        if value.type != old_type and isinstance(value, (Var, TupleGetItem)):
            new = Var(stmt.var.span, stmt.var.name, type=value.type)
            self.rebind(stmt.var, new)
            stmt.var = new
        else:
            self.remap.pop(id(stmt.var), None)
        return stmt

    def consumer_driven_load(self, stmt: AssignStmt, call: Call, space: str) -> AssignStmt | None:
        """A slice a matmul reads: loaded straight into `space`, marked as the Mat bridge."""
        source = call.args[0] if call.args else None
        if source is None or not isinstance(source.type, TensorType):
            return None
        if len(call.args) not in (3, 4) or not all(isinstance(arg, MakeTuple) for arg in call.args[1:]):
            raise PassNotModelled(PASS_NAME, "a matmul operand slice with dropped dims", call.span)
        shape, offsets = call.args[1], call.args[2]
        valid = slice_valid_shape(source.type, call.args, call.kwargs, call.span)
        load = _call(
            "tile.load",
            [source, offsets, shape, valid],
            {"target_memory": memory_kwarg(call.span, space)},
            call.span,
        )
        _mark_bridge(load, space)
        tile = Var(stmt.var.span, tile_name(stmt.var.name), type=load.type)
        self.rebind(stmt.var, tile)
        return AssignStmt(stmt.span, tile, load)

    def bridge(self, call: Call, reqs: dict[int, tuple[str, str | None]]) -> tuple[list[Expr], list[Stmt]]:
        """`BridgeInputSpaces`: a tensor operand loaded into the space its op needs, a
        transposed one viewed as its transpose (a Vec tile moved to Mat first)."""
        args = list(call.args)
        out: list[Stmt] = []
        span = call.span
        for position in sorted(reqs):
            if position >= len(args):
                continue
            space, flag = reqs[position]
            transposed = flag is not None and _truthy(call.kwargs.get(flag))
            arg = args[position]
            if isinstance(arg.type, TensorType):
                shape = _static_shape(arg.type, span)
                load = _call(
                    "tile.load",
                    [arg, _zeros(len(shape), span), shape_tuple(shape, span), shape_tuple(shape, span)],
                    {"target_memory": memory_kwarg(span, space)},
                    span,
                )
                _mark_bridge(load, space)
                name = f"{arg.name}_{space.lower()}" if isinstance(arg, Var) else f"bridged_{position}"
                loaded = Var(span, name, type=load.type)
                out.append(AssignStmt(span, loaded, load))
                args[position] = self.view(loaded, out, span) if transposed else loaded
                continue
            if not transposed or not isinstance(arg, Var) or not isinstance(arg.type, TileType):
                continue
            if arg.type.memory != "Mat":
                move = _call("tile.move", [arg], {"target_memory": memory_kwarg(span, "Mat")}, span)
                moved = Var(span, f"{arg.name}_mat", type=move.type)
                out.append(AssignStmt(span, moved, move))
                arg = moved
            args[position] = self.view(arg, out, span)
        return args, out

    def view(self, tile: Var, out: list[Stmt], span: Span) -> Var:
        view = _call("tile.transpose_view", [tile], {}, span)
        viewed = Var(span, f"{tile.name}_t", type=view.type)
        out.append(AssignStmt(span, viewed, view))
        return viewed

    def loop(self, stmt: ForStmt | WhileStmt) -> None:
        """Iter args take their init values' types; the return vars (the targets of the
        body's closing yield) the iter args'."""
        stmt.init_values = [self.expr(value) for value in stmt.init_values]
        iter_args = []
        for var, init in zip(stmt.iter_args, stmt.init_values, strict=False):
            if init.type != var.type and isinstance(init.type, (TileType, TensorType)):
                new = Var(var.span, var.name, type=init.type)
                self.rebind(var, new)
                var = new
            iter_args.append(var)
        stmt.iter_args = iter_args + stmt.iter_args[len(iter_args) :]
        if isinstance(stmt, WhileStmt) and stmt.condition is not None:
            stmt.condition = self.expr(stmt.condition)
        if isinstance(stmt, ForStmt):
            stmt.start, stmt.stop, stmt.step = (
                self.expr(e) if e is not None else None for e in (stmt.start, stmt.stop, stmt.step)
            )
        self.block(stmt.body)
        closing = _closing_yield(stmt.body)
        for holder in [closing.targets] if closing is not None else []:
            for position, (target, carried) in enumerate(zip(holder, stmt.iter_args, strict=False)):
                if target.type != carried.type:
                    new = Var(target.span, target.name, type=carried.type)
                    self.rebind(target, new)
                    holder[position] = new
        stmt.return_vars = [self.remap.get(id(v), v) for v in stmt.return_vars]  # type: ignore[misc]

    def branch(self, stmt: IfStmt) -> None:
        """Each arm converted on its own; the return vars take the yields' types."""
        stmt.condition = self.expr(stmt.condition)
        saved = dict(self.remap)
        self.block(stmt.then_body)
        self.remap = dict(saved)
        if stmt.else_body is not None:
            self.block(stmt.else_body)
        self.remap = saved
        arms = [stmt.then_body, *([stmt.else_body] if stmt.else_body is not None else [])]
        yields = [found for found in (_closing_yield(arm) for arm in arms) if found is not None]
        if not yields:
            return
        types = [value.type for value in yields[0].values]
        renamed: dict[int, Var] = {}
        for target, value_type in zip(yields[0].targets, types, strict=False):
            if target.type != value_type:
                renamed[id(target)] = Var(target.span, target.name, type=value_type)
                self.rebind(target, renamed[id(target)])
        for found in yields:
            found.targets = [renamed.get(id(t), t) for t in found.targets]
        stmt.return_vars = [renamed.get(id(v), v) for v in stmt.return_vars]


def _truthy(value: object) -> bool:
    return (isinstance(value, Const) and value.value is True) or value is True


def _mark_bridge(load: Call, space: str) -> None:
    if space == "Mat":
        load.kwargs["attrs"] = [(MAT_BRIDGE, True)]


def _closing_yield(block: SeqStmts) -> YieldStmt | None:
    """`FindYieldTypes`' yield: the first one among the block's own statements."""
    for stmt in block.stmts:
        if isinstance(stmt, YieldStmt):
            return stmt
        if isinstance(stmt, SeqStmts):
            found = _closing_yield(stmt)
            if found is not None:
                return found
    return None


# ---------------------------------------------------------------- before the conversion


def _refuse_canonicalized_scalar_writes(body: SeqStmts) -> None:
    """Scalar writes (`tensor.write`) the real pass first rewrites are not modelled: a
    full-tensor `tensor.full` assembled into a parameter right after it is made (its scalar
    updates then go to the local tile), and a loop doing nothing but scalar writes (a
    constant fill, made one `tensor.full` + `tensor.assemble`). Any other write converts."""
    writes = [stmt for stmt in walk_stmts(body) if any(call.op == "tensor.write" for call in own_calls(stmt))]
    if not writes:
        return
    top = body.stmts
    for before, stmt in itertools.pairwise(top):
        made = before.value if isinstance(before, AssignStmt) else None
        value = stmt.value if isinstance(stmt, AssignStmt) else None
        if (
            isinstance(made, Call)
            and made.op == "tensor.full"
            and isinstance(value, Call)
            and value.op == "tensor.assemble"
            and len(value.args) == 3
            and value.args[1] is before.var  # type: ignore[union-attr]
        ):
            raise PassNotModelled(PASS_NAME, "scalar updates of a staged tensor.full", stmt.span)
    for loop in [stmt for stmt in walk_stmts(body) if isinstance(stmt, ForStmt)]:
        inner = [stmt for stmt in loop.body.stmts if not isinstance(stmt, YieldStmt)]
        if inner and all(any(call.op == "tensor.write" for call in own_calls(stmt)) for stmt in inner):
            raise PassNotModelled(PASS_NAME, "a loop of scalar writes (a fill)", loop.span)


def _consumer_spaces(body: SeqStmts) -> dict[int, str]:
    """`ConsumerSpaceCollector`: the vars an op reads from a memory space it requires
    (a matmul's operands: Mat), and back through the ops whose result lives where their
    operand does, and plain aliases."""
    spaces: dict[int, str] = {}
    edges: list[tuple[int, int]] = []
    for stmt in walk_stmts(body):
        if not isinstance(stmt, AssignStmt):
            continue
        value = stmt.value
        if _shaped(stmt.var):
            if isinstance(value, Var) and _shaped(value):
                edges.append((id(stmt.var), id(value)))
            elif isinstance(value, Call) and value.op in INHERIT_INPUT_MEMORY:
                first = next((arg for arg in value.args if isinstance(arg, Var) and _shaped(arg)), None)
                if first is not None:
                    edges.append((id(stmt.var), id(first)))
        conversion = CONVERSIONS.get(value.op) if isinstance(value, Call) else None
        if conversion is None or not isinstance(value, Call):
            continue
        for position, (space, _) in sorted(conversion.input_reqs.items()):
            arg = value.args[position] if position < len(value.args) else None
            if isinstance(arg, Var):
                _demand(spaces, id(arg), space)
    for dst, src in reversed(edges):
        if dst in spaces:
            _demand(spaces, src, spaces[dst])
    return spaces


def _demand(spaces: dict[int, str], key: int, space: str) -> None:
    if key not in spaces or (spaces[key] == "Vec" and space != "Vec"):
        spaces[key] = space


def _shaped(var: Var) -> bool:
    return isinstance(var.type, (TensorType, TileType))


def _params_read_by_converted_ops(body: SeqStmts) -> set[int]:
    """`TensorArgsInConvertedOpsCollector`: the tensor vars a converted op (not a
    self-loading one) reads outside the operands it loads itself, and back through the
    loops' iter args to their init values."""
    used: set[int] = set()
    inits: list[tuple[int, Expr]] = []
    for stmt in walk_stmts(body):
        if isinstance(stmt, (ForStmt, WhileStmt)):
            inits += [(id(var), init) for var, init in zip(stmt.iter_args, stmt.init_values, strict=False)]
        if not isinstance(stmt, AssignStmt) or not isinstance(stmt.value, Call):
            continue
        call = stmt.value
        conversion = CONVERSIONS.get(call.op)
        if conversion is None or call.op in SELF_LOADING:
            continue
        for position, arg in enumerate(call.args):
            if (
                position not in conversion.input_reqs
                and isinstance(arg, Var)
                and isinstance(arg.type, TensorType)
            ):
                used.add(id(arg))
    changed = True
    while changed:
        changed = False
        for key, init in inits:
            if (
                key in used
                and isinstance(init, Var)
                and isinstance(init.type, TensorType)
                and id(init) not in used
            ):
                used.add(id(init))
                changed = True
    return used


# ---------------------------------------------------------------- the return


def _store_returned_tiles(
    function: Function, ret: ReturnStmt, converter: _Converter, stmts: list[Stmt], outputs: list[Var]
) -> ReturnStmt:
    """Each returned tile stored into a new Out parameter (`ret<i>__out`); the return
    reads the store's result (`ret<i>__store`), the function returns its type."""
    values: list[Expr] = []
    types = []
    for position, value in enumerate(ret.values):
        value = converter.expr(value)
        if not isinstance(value.type, TileType):
            values.append(value)
            types.append(value.type)
            continue
        declared = function.return_types[position] if position < len(function.return_types) else None
        if isinstance(declared, (TileType, ScalarType)):
            # The real pass stores a returned tile into an Out tensor of the declared type:
            # a kernel declared to return a tile (or a scope's tile read by a later scope,
            # which the outliner returns as one) has none (an INTERNAL_CHECK at the function).
            raise TileConversionError(
                f"Internal error: return type {position} should be TensorType but got {type(declared).__name__}",
                "InternalError",
                function.span,
                codes.TILE_CONVERSION_REJECTED,
            )
        if not isinstance(declared, TensorType):
            raise PassNotModelled(PASS_NAME, "a returned tile whose declared type is no tensor", ret.span)
        out = Var(ret.span, f"ret{len(outputs)}__out", type=declared)
        function.params.append(Param(out, Direction.OUT))
        outputs.append(out)
        rewritten = _assemble_loop_to_store(stmts, value, out, declared)
        if rewritten is not None:
            values.append(rewritten)
            types.append(declared)
            continue
        rank = len(value.type.shape or ())
        store = _call("tile.store", [value, _zeros(rank, ret.span), out], {}, ret.span)
        result = Var(ret.span, f"ret{len(outputs) - 1}__store", type=store.type)
        stmts.append(AssignStmt(ret.span, result, store))
        values.append(result)
        types.append(store.type)
    ret.values = values
    if function.return_types:  # (an untyped JIT function's our front end could not deduce: left so)
        function.return_types = types
    return ret


def _assemble_loop_to_store(stmts: list[Stmt], returned: Expr, out: Var, declared: TensorType) -> Var | None:
    """`RewriteReturnedAssembleLoopToStore`: a returned loop whose one carried tile only
    takes one `tile.assemble` of other tiles per iteration stores each into the Out
    parameter instead: the loop carries `out` (typed as it), the assemble becomes a
    `tile.store` into the carried tensor (its var keeping its name), the loop's result is a
    tensor, and the carried tile's initial value is dropped when nothing else reads it.
    Returns the loop's result, None when the rewrite does not apply."""
    if not isinstance(returned, Var):
        return None
    for stmt in stmts:
        if not isinstance(stmt, ForStmt) or len(stmt.iter_args) != 1:
            continue
        closing = _closing_yield(stmt.body)
        if closing is None or closing.targets != [returned] or stmt.return_vars not in ([], [returned]):
            continue
        carried = stmt.iter_args[0]
        assemble: AssignStmt | None = None
        for inner in stmt.body.stmts:
            call = inner.value if isinstance(inner, AssignStmt) else None
            if (
                isinstance(call, Call)
                and call.op == "tile.assemble"
                and len(call.args) == 3
                and call.args[0] is carried
            ):
                if assemble is not None or _reads(call.args[1], carried) or _reads(call.args[2], carried):
                    return None
                assemble = inner  # type: ignore[assignment]
                continue
            if inner is closing:
                if len(closing.values) != 1:
                    return None
                continue
            if _stmt_reads(inner, carried):
                return None
        if assemble is None or closing.values != [assemble.var]:
            return None
        _store_each_assemble(stmts, stmt, closing, assemble, out, declared)
        return returned
    return None


def _store_each_assemble(
    stmts: list[Stmt], loop: ForStmt, closing: YieldStmt, assemble: AssignStmt, out: Var, declared: TensorType
) -> None:
    """The rewrite `_assemble_loop_to_store` found applies: made in place (the vars are the
    kernel's own)."""
    carried = loop.iter_args[0]
    init = loop.init_values[0]
    carried.type = declared
    loop.init_values = [out]
    call = assemble.value
    assert isinstance(call, Call)
    store = _call("tile.store", [call.args[1], call.args[2], carried], {}, call.span)
    assemble.value = store
    assemble.var.type = store.type
    for result in {id(var): var for var in [*closing.targets, *loop.return_vars]}.values():
        result.type = declared
    if isinstance(init, Var) and not any(_stmt_reads(other, init) for other in stmts):
        for index, other in enumerate(stmts):
            if isinstance(other, AssignStmt) and other.var is init:
                del stmts[index]  # (its initial tile: dead now)
                break


def _reads(expr: Expr, var: Var) -> bool:
    return expr is var or any(_reads(operand, var) for operand in sub_exprs(expr))


def _stmt_reads(stmt: Stmt, var: Var) -> bool:
    return any(_reads(expr, var) for inner in walk_stmts(stmt) for expr in own_exprs(inner))


# ---------------------------------------------------------------- phase 2: the callers


def _forward_through_wrapper(wrapper: Function, added: dict[str, list[Var]]) -> list[Var]:
    """A Spmd/Group wrapper calling a kernel that gained Out parameters gains the same
    ones (named as the kernel's) and forwards them; no `tensor.create` of its own."""
    for stmt in walk_stmts(wrapper.body):
        for call in own_calls(stmt):
            outputs = added.get(call.op.removeprefix("self."))
            if not call.op.startswith("self.") or not outputs:
                continue
            if not isinstance(stmt, AssignStmt) or stmt.value is not call:
                raise PassNotModelled(PASS_NAME, "a wrapper's kernel call in another form", call.span)
            forwarded = [Var(wrapper.span, out.name, type=out.type) for out in outputs]
            wrapper.params += [Param(var, Direction.OUT) for var in forwarded]
            call.args += forwarded
            return forwarded
    return []


def _update_call_sites(body: SeqStmts, callees: dict[str, list[Var]], returns: dict[str, list[Any]]) -> None:
    """`CallSiteUpdateMutator`: before each assigned call of a kernel (or wrapper) that
    gained Out parameters, a `tensor.create` of each (`ret<i>__out`), passed to it."""
    for block in [stmt for stmt in walk_stmts(body) if isinstance(stmt, SeqStmts)]:
        out: list[Stmt] = []
        for stmt in block.stmts:
            call = stmt.value if isinstance(stmt, AssignStmt) else None
            name = (
                call.op.removeprefix("self.")
                if isinstance(call, Call) and call.op.startswith("self.")
                else None
            )
            outputs = callees.get(name) if name is not None else None
            if isinstance(stmt, AssignStmt) and isinstance(call, Call) and outputs:
                for number, param in enumerate(outputs):
                    declared = param.type
                    assert isinstance(declared, TensorType)
                    create = _tensor_create(declared, call.span)
                    var = Var(call.span, f"ret{number}__out", type=create.type)
                    out.append(AssignStmt(stmt.span, var, create))
                    call.args.append(var)
                types = returns.get(name or "", [])
                new_type = types[0] if len(types) == 1 else TupleType(tuple(types)) if types else None
                if new_type is not None and new_type != stmt.var.type:
                    raise PassNotModelled(PASS_NAME, "a kernel call whose result type changes", call.span)
            else:
                _refuse_submitted(stmt, callees)
            out.append(stmt)
        block.stmts = out


def _refuse_submitted(stmt: Stmt, callees: dict[str, list[Var]]) -> None:
    for call in own_calls(stmt) if isinstance(stmt, (AssignStmt, EvalStmt)) else []:
        for arg in call.args:
            if isinstance(arg, OpaqueExpr) and arg.text.removeprefix("self.") in callees:
                raise PassNotModelled(PASS_NAME, "a submitted kernel that gained Out parameters", call.span)
        if call.op.removeprefix("self.") in callees and call.op.startswith("self."):
            raise PassNotModelled(PASS_NAME, "a kernel call that is not assigned", call.span)


def _tensor_create(declared: TensorType, span: Span) -> Call:
    shape = shape_tuple(_static_shape(declared, span), span)
    layout = declared.layout or "ND"
    kwargs: dict[str, Any] = {
        "dtype": OpaqueExpr(span, f"pl.{declared.dtype}"),
        "layout": OpaqueExpr(span, f"pl.TensorLayout.{layout}"),
    }
    return _call("tensor.create", [shape], kwargs, span)


# ---------------------------------------------------------------- the cache policy (ours)


def _declared_policies(function: Function) -> dict[int, int]:
    params = [p.var for p in function.params]
    policies: dict[int, int] = {}
    for key, value in function.attrs:
        if key == "cache_policy" and isinstance(value, (list, tuple)):
            for item in value:
                if isinstance(item, (list, tuple)) and len(item) == 2 and 0 <= item[0] < len(params):
                    policies[id(params[item[0]])] = item[1]  # the last entry wins, like insert_or_assign
    return policies


def _stamp_cache_policies(function: Function, policies: dict[int, int]) -> None:
    """Each `tile.load` of a declared parameter (through loop-carried aliases) without its
    own `cache=` gets the declared policy."""
    if not policies:
        return
    root = {id(p.var): id(p.var) for p in function.params if isinstance(p.var.type, TensorType)}
    for stmt in walk_stmts(function.body):
        propagate_aliases(stmt, root)
        for call in own_calls(stmt):
            source = call.args[0] if call.op == "tile.load" and call.args else None
            origin = root.get(id(source)) if isinstance(source, Var) else None
            if origin is None or origin not in policies or "cache" in call.kwargs:
                continue
            call.kwargs["cache"] = policies[origin]
