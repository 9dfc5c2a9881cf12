"""The real parser's rules for a distributed op call (`pld.<op>(...)`, `pld.<category>.<op>(...)`),
checked before the op's wrapper runs: `alloc_window_buffer` only as the value of a simple
assignment, bound to a name unique in the program, and with `world_size` only in a HOST
function outside device scopes; an op or a category the `pld` namespace does not have.

The ops themselves (their wrappers' checks, their types) are not modelled: past these rules
a distributed call stays opaque ("not analysed").
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from compiler.parser.errors import invalid_operation, syntax_error

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
_HOST_ONLY_HINT = (
    "Use '@pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)' "
    "on the enclosing function and call outside any nested device-side scope"
)
ALLOC = "alloc_window_buffer"


@dataclass(frozen=True)
class PldContext:
    """Where a distributed call is parsed: the function's `level=` as the real message
    prints it (`Level.CHIP`, `None` when the decorator states none; `unknown`: a form whose
    level we do not know, e.g. an alias or a jit kernel), and whether it is inside an
    InCore or SPMD scope."""

    level: str | None
    level_known: bool
    in_device_scope: bool

    def host_only_error(self, what: str, call: ast.Call) -> None:
        if not self.level_known or (self.level == "HOST" and not self.in_device_scope):
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
    path = pld_path(node)
    return path is not None and path[-1] == ALLOC


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
