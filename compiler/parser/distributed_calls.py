"""The real parser's rules for a distributed op call (`pld.<op>(...)`, `pld.<category>.<op>(...)`),
checked before the op's wrapper runs: `alloc_window_buffer` only as the value of a simple
assignment, bound to a name unique in the program, and with `world_size` only in a HOST
function outside device scopes; an op or a category the `pld` namespace does not have.

The other ops' own rules and result types are `distributed_ops`'; every distributed call
stays an `OpaqueExpr` (its printing is not modelled), typed and marked analysed where its
rules are.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any

from compiler.base.span import Span
from compiler.ir import (
    Call,
    Const,
    Expr,
    IRType,
    MakeTuple,
    OpaqueExpr,
    PtrType,
    ScalarType,
    TaskIdType,
    TensorType,
    UnknownType,
)
from compiler.parser import distributed_ops, op_arity
from compiler.parser.errors import FrontEndError, invalid_operation, syntax_error
from compiler.parser.op_catalog import OpSignature, parse_params
from compiler.printer.types import format_type
from compiler.syntax.values import DTYPE_NAMES

# The attributes the real `pypto.language.distributed.op` module and its three category
# submodules have (e2d0f78): the real parser asks `hasattr`, so an imported helper name
# (`pld.system.Scalar`) is no "unknown" op either; its wrapper refuses it instead.
_SHORT_FORMS = frozenset(
    {
        "alloc_window_buffer", "get_comm_ctx", "nranks", "rank", "remote_load", "remote_store",
        "system", "system_ops", "tensor", "tensor_ops", "tile", "tile_ops", "unified_ops", "window",
        "world_size",
    }
)  # fmt: skip
_CATEGORIES: dict[str, frozenset[str]] = {
    "system": frozenset(
        {
            "Call", "CommCtx", "DistributedTensor", "IntLike", "NotifyOp", "Scalar", "Sequence", "Tensor",
            "WaitCmp", "defer_wait", "get_comm_ctx", "notify", "nranks", "rank", "wait", "world_size",
        }
    ),
    "tensor": frozenset(
        {
            "AtomicType", "Call", "DataType", "DistributedTensor", "Expr", "IntLike", "Ptr", "ReduceOp",
            "Sequence", "Tensor", "all_to_all", "all_to_all_v", "allgather", "alloc_window_buffer",
            "allreduce", "barrier", "broadcast", "get", "overload", "put", "reduce_scatter",
            "remote_store", "window",
        }
    ),
    "tile": frozenset(
        {
            "AtomicType", "Call", "DistributedTensor", "Expr", "IntLike", "Sequence", "Tensor", "Tile",
            "get", "put", "remote_load", "remote_store",
        }
    ),
}  # fmt: skip
# The wrappers' parameter lists (e2d0f78, `python/pypto/language/distributed/op/*_ops.py`),
# written as `op_catalog_data` writes them: category -> op -> (function name, signature).
_WRAPPERS: dict[str, dict[str, tuple[str, str]]] = {
    "system": {
        "world_size": ("world_size", ""),
        "get_comm_ctx": ("get_comm_ctx", "dist_tensor"),
        "rank": ("rank", "ctx"),
        "nranks": ("nranks", "ctx"),
        "notify": ("notify", "target, peer, offsets, value, *, op"),
        "wait": ("wait", "signal, offsets, expected, *, cmp"),
        "defer_wait": ("defer_wait", "signal, offsets, expected, *, cmp"),
    },
    "tensor": {
        "alloc_window_buffer": ("alloc_window_buffer", "size, *, dtype=, name="),
        "window": ("window", "buf, shape, *, dtype"),
        "remote_store": ("remote_store", "src, target, peer, offsets, *, atomic="),
        "put": (
            "put",
            "dst, peer, src, dst_offsets=, src_offsets=, shape=, *, atomic=, chunk_rows=, chunk_cols=, pipeline=",
        ),
        "get": (
            "get",
            "dst, peer, src, dst_offsets=, src_offsets=, shape=, *, chunk_rows=, chunk_cols=, pipeline=",
        ),
        "allreduce": ("allreduce", "target, signal=, *, op=, mode=, core_num="),
        "barrier": ("barrier", "signal"),
        "broadcast": ("broadcast", "target, signal, *, root"),
        "allgather": ("allgather", "local_data, target, signal"),
        "reduce_scatter": ("reduce_scatter", "target, signal, *, op="),
        "all_to_all": ("all_to_all", "input, target, signal"),
        "all_to_all_v": ("all_to_all_v", "input, target, signal, send_counts, recv_counts"),
    },
    "tile": {
        "remote_load": ("remote_load", "target, peer, offsets, shape, valid_shape="),
        "remote_store": ("remote_store", "src_tile, target, peer, offsets, *, atomic="),
        "put": ("put", "dst, peer, src, stage, stage2=, dst_offsets=, src_offsets=, shape=, *, atomic="),
        "get": ("get", "dst, peer, src, stage, stage2=, dst_offsets=, src_offsets=, shape="),
    },
}
# `pld.<op>`: the short forms re-exported from the categories, and `remote_store`'s own
# dispatcher (tensor or tile by its first operand).
_SHORT_WRAPPERS: dict[str, tuple[str, str]] = {
    "alloc_window_buffer": _WRAPPERS["tensor"]["alloc_window_buffer"],
    "window": _WRAPPERS["tensor"]["window"],
    "world_size": _WRAPPERS["system"]["world_size"],
    "get_comm_ctx": _WRAPPERS["system"]["get_comm_ctx"],
    "rank": _WRAPPERS["system"]["rank"],
    "nranks": _WRAPPERS["system"]["nranks"],
    "remote_load": _WRAPPERS["tile"]["remote_load"],
    "remote_store": ("remote_store", "src, target, peer, offsets, *, atomic="),
}
_HOST_ONLY_HINT = (
    "Use '@pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)' "
    "on the enclosing function and call outside any nested device-side scope"
)
ALLOC = "alloc_window_buffer"


@dataclass
class PldContext:
    """Where a distributed call is parsed: the function's `level=` as the real message
    prints it (`Level.CHIP`, `None` when the decorator states none; not `level_known`: a
    form whose level we do not know, e.g. an alias or a jit kernel), and how many InCore or
    SPMD scopes are open around it (the function parser counts them as it goes)."""

    level: str | None
    level_known: bool
    device_scopes: int = 0

    def host_only_error(self, what: str, call: ast.Call) -> None:
        if not self.level_known or (self.level == "HOST" and not self.device_scopes):
            return
        printed = f"Level.{self.level}" if self.level is not None else "None"
        raise syntax_error(
            f"{what} can only be called in HOST orchestration context (not inside InCore / SPMD scopes); "
            f"current function level: {printed}",
            call,
            _HOST_ONLY_HINT,
        )


def pld_path(node: ast.expr) -> list[str] | None:
    """`["pld", op]` or `["pld", category, op]` for a call the real parser dispatches as a
    distributed op (the literal name `pld` only, as its dispatch is anchored)."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return None
    owner = node.func.value
    if isinstance(owner, ast.Name) and owner.id == "pld":
        return ["pld", node.func.attr]
    if isinstance(owner, ast.Attribute) and isinstance(owner.value, ast.Name) and owner.value.id == "pld":
        return ["pld", owner.attr, node.func.attr]
    return None


def is_alloc_window_buffer(node: ast.expr) -> bool:
    # (asked of every assignment: the attribute's name first, the cheap and usual "no")
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == ALLOC):
        return False
    return pld_path(node) is not None


def check_pld_call(call: ast.Call, path: list[str], context: PldContext | None) -> None:
    """A distributed call met as an expression: the context rules, then the op's name."""
    op = path[-1]
    if op == ALLOC:
        raise syntax_error(
            "pld.tensor.alloc_window_buffer must appear as the RHS of a simple assignment "
            "(its result must be bound to a named variable)",
            call,
            "Write 'buf = pld.tensor.alloc_window_buffer(N)' (or the short form 'buf = pld.alloc_window_buffer(N)')",
        )
    if op == "world_size" and context is not None:
        context.host_only_error("pld.system.world_size()", call)
    check_pld_name(call, path)


def check_pld_name(call: ast.Call, path: list[str]) -> None:
    unknown = _unknown(path)
    if unknown is not None:
        message, hint = unknown
        raise invalid_operation(message, call, hint)


def _unknown(path: list[str]) -> tuple[str, str] | None:
    if path[-1].startswith("_"):
        return None  # a dunder the module has; never an op
    if len(path) == 2:
        if path[1] in _SHORT_FORMS:
            return None
        return (
            f"Unknown distributed operation 'pld.{path[1]}'",
            "Available short forms: pld.world_size, pld.get_comm_ctx, pld.rank, "
            "pld.nranks, pld.alloc_window_buffer, pld.window, pld.remote_load, pld.remote_store",
        )
    category, op = path[1], path[2]
    if category not in _CATEGORIES:
        return (
            f"Unknown distributed category 'pld.{category}'",
            "Available categories: pld.system, pld.tensor, pld.tile",
        )
    if op in _CATEGORIES[category]:
        return None
    return (
        f"Unknown distributed operation 'pld.{category}.{op}'",
        f"Check spelling, or list available ops in pypto.language.distributed.op.{category}_ops",
    )


def check_alloc_assignment(
    target: ast.expr, call: ast.Call, context: PldContext | None, declared: set[str]
) -> None:
    """`buf = pld.alloc_window_buffer(size)`, in the real parser's order: a HOST function
    outside device scopes, one name, not declared before in the program (`name=` is
    checked after its arguments, `check_alloc_name_keyword`)."""
    if context is not None:
        context.host_only_error("pld.tensor.alloc_window_buffer()", call)
    if not isinstance(target, ast.Name):
        raise syntax_error(
            "pld.tensor.alloc_window_buffer must be assigned to a single variable name "
            f"(got '{ast.unparse(target)}')",
            call,
            "Use 'buf = pld.tensor.alloc_window_buffer(...)' (no tuple unpacking, no subscripts)",
        )
    if target.id in declared:
        raise syntax_error(
            f"pld.tensor.alloc_window_buffer name '{target.id}' is already declared in this program",
            call,
            "Each window buffer must have a globally unique name across all functions",
        )


def check_alloc_name_keyword(target: ast.Name, call: ast.Call) -> None:
    """After its arguments are read: the buffer's name is the assignment's, never given."""
    if any(kw.arg == "name" for kw in call.keywords):
        raise syntax_error(
            "pld.tensor.alloc_window_buffer 'name' kwarg cannot be passed explicitly — "
            f"it is auto-derived from the assignment LHS ('{target.id}')",
            call,
            "Drop the 'name=...' kwarg; the LHS variable name becomes the buffer name",
        )


def wrapper_text(path: list[str]) -> str | None:
    """`pld.<...>(<parameters>)` as the op's wrapper declares them (None: not an op)."""
    wrapper = _SHORT_WRAPPERS.get(path[1]) if len(path) == 2 else _WRAPPERS.get(path[1], {}).get(path[2])
    return None if wrapper is None else f"{'.'.join(path)}({wrapper[1]})"


def _signature(path: list[str]) -> OpSignature | None:
    wrapper = _SHORT_WRAPPERS.get(path[1]) if len(path) == 2 else _WRAPPERS.get(path[1], {}).get(path[2])
    if wrapper is None:
        return None
    function_name, text = wrapper
    return OpSignature("pld", path[-1], function_name, "pld", parse_params(text))


def arity_error(call: ast.Call, path: list[str], injected: tuple[str, ...] = ()) -> str | None:
    """Python's TypeError binding the call's arguments to the op's wrapper (None: they bind,
    or the call spreads `*args` / `**kwargs`, which we cannot count). `injected`: keywords
    the parser adds itself (the window buffer's `name`)."""
    signature = _signature(path)
    if signature is None or any(isinstance(arg, ast.Starred) for arg in call.args):
        return None
    if any(kw.arg is None for kw in call.keywords):
        return None
    keywords = [kw.arg for kw in call.keywords if kw.arg is not None] + list(injected)
    return op_arity.bind(signature, len(call.args), keywords).error


def check_pld_arguments(call: ast.Call, path: list[str]) -> None:
    """After its arguments are read: the wrapper's binding (re-raised as the real parser's
    `pld[.<category>] operation '<op>': <TypeError>`), and what the wrapper checks of a
    literal before building the op."""
    prefix = "pld" if len(path) == 2 else f"pld.{path[1]}"
    error = arity_error(call, path)
    if error is None and path[-1] == "window" and len(call.args) >= 2:
        shape = call.args[1]
        if isinstance(shape, ast.Constant) and type(shape.value) is int:
            error = "'ConstInt' object is not iterable"
    if error is not None:
        raise invalid_operation(f"{prefix} operation '{path[-1]}': {error}", call)


def check_alloc_arguments(call: ast.Call, path: list[str]) -> None:
    """The window buffer's wrapper, called by the assignment's own parse: its errors escape
    to the decorator (`Failed to parse function '<f>': ...`, on the `def` line)."""
    error = arity_error(call, path, injected=("name",))
    if error is None:
        error = _alloc_size_error(call)
    if error is not None:
        raise FrontEndError("ValueError", error, call, in_function=True)


def _alloc_size_error(call: ast.Call) -> str | None:
    size = call.args[0] if call.args else next((kw.value for kw in call.keywords if kw.arg == "size"), None)
    has_dtype = any(kw.arg == "dtype" for kw in call.keywords)
    if isinstance(size, (ast.List, ast.Tuple)):
        if not has_dtype:
            return (
                "pld.tensor.alloc_window_buffer requires dtype= when the first argument is a shape "
                "(list / tuple of per-rank dimensions)"
            )
        if not size.elts:
            return "pld.tensor.alloc_window_buffer shape must be non-empty"
        for index, dim in enumerate(size.elts):
            value = _int_literal(dim)
            if value is not None and value <= 0:
                return (
                    f"pld.tensor.alloc_window_buffer shape dimension[{index}] is {value}; "
                    "all dimensions must be positive"
                )
        return None
    # A name may hold a Python list (a shape): only a value that cannot is judged.
    if has_dtype and size is not None and not isinstance(size, (ast.Name, ast.Attribute, ast.Subscript)):
        return (
            "pld.tensor.alloc_window_buffer dtype= is only valid when the first argument is a shape "
            "(list / tuple), not a scalar byte size"
        )
    return None


def _int_literal(node: ast.expr) -> int | None:
    """An int literal's value, a negated one's too (`-2`)."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _int_literal(node.operand)
        return -inner if inner is not None else None
    return node.value if isinstance(node, ast.Constant) and type(node.value) is int else None


def typed_call(
    call: ast.Call, path: list[str], args: list[Expr], kwargs: dict[str, Any], checked: bool = False
) -> Expr:
    """The call as the IR keeps it (opaque: its printing is not modelled), typed as the
    op's deduction types it: `world_size` an INT64 scalar, `alloc_window_buffer` a `pl.Ptr`,
    `window` the distributed tensor of its shape and dtype (after the wrapper's check that
    its buffer is a `pl.Ptr`), the other ops by `distributed_ops` (their rules raised when
    `checked`). An op whose rules are modelled is analysed, whatever its result."""
    operands = [*args, *(value for value in kwargs.values() if isinstance(value, Expr))]
    result: IRType = UnknownType()
    modelled = True
    if path[-1] == ALLOC:
        result = PtrType()
    elif path[-1] == "world_size":
        result = ScalarType("INT64")
    elif path[-1] == "window" and len(args) == 2:
        _check_window_buffer(call, path, args[0])
        result = TensorType(_shape(args[1]), _dtype(call), distributed=True)
    elif distributed_ops.is_modelled(path):
        bound = _bound(call, path, args, kwargs)
        modelled = bound is not None
        if bound is not None:
            result = distributed_ops.result_type(path, call, *bound, checked)
    else:
        modelled = False
    return OpaqueExpr(Span.of(call), ast.unparse(call), operands, type=result, modelled=modelled)


def _bound(
    call: ast.Call, path: list[str], args: list[Expr], kwargs: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, ast.expr]] | None:
    """The call's operands by the wrapper's parameter names, parsed and as written (None:
    they do not bind, or are spread with `*` / `**`, which we cannot follow)."""
    signature = _signature(path)
    if signature is None or len(args) != len(call.args) or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    if any(kw.arg is None for kw in call.keywords):
        return None
    binding = op_arity.bind(signature, len(args), [kw.arg for kw in call.keywords if kw.arg is not None])
    if binding.error is not None:
        return None
    written = {kw.arg: kw.value for kw in call.keywords if kw.arg is not None}
    bound: dict[str, Any] = {}
    nodes: dict[str, ast.expr] = {}
    for param in signature.params:
        source = binding.source(param.name)
        if isinstance(source, int) and _is_none(call.args[source]):
            # A positional `None` is read as an expression: the "no task" TaskId.
            bound[param.name] = Call(args[source].span, "system.task_invalid", [], type=TaskIdType())
        elif isinstance(source, int):
            bound[param.name], nodes[param.name] = args[source], call.args[source]
        elif source is not None and source in kwargs:
            bound[param.name], nodes[param.name] = kwargs[source], written[source]
    return bound, nodes


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _check_window_buffer(call: ast.Call, path: list[str], buffer: Expr) -> None:
    if isinstance(buffer.type, (PtrType, UnknownType)):
        return
    printed = format_type(buffer.type)
    if printed is None:
        return  # a type we cannot print as the real message does: not judged
    prefix = "pld" if len(path) == 2 else f"pld.{path[1]}"
    raise invalid_operation(
        f"{prefix} operation 'window': pld.tensor.window expects a Ptr handle "
        f"(output of pld.tensor.alloc_window_buffer); got {printed}",
        call,
    )


def _shape(value: Expr) -> tuple[int | Expr, ...] | None:
    if not isinstance(value, MakeTuple):
        return None
    return tuple(
        item.value if isinstance(item, Const) and type(item.value) is int else item for item in value.items
    )


def _dtype(call: ast.Call) -> str | None:
    node = next((kw.value for kw in call.keywords if kw.arg == "dtype"), None)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "pl":
        return node.attr if node.attr in DTYPE_NAMES else None
    return None
