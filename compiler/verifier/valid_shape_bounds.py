"""The type check's valid-shape bounds (`ValidateTypeValidShape` of type_check_pass.cpp,
over `ValidateValidShapeBounds` of type_inference.cpp): a type's explicit valid shape
must have its shape's rank, and each extent must lie in `0 <= valid <= shape`.

Upstream asks it of each parameter's type (at the parameter), each declared return type
and the type of every expression it visits: a read of a parameter is a `Var` whose type
is the parameter's, so each read repeats the message (at the parameter: a Var's span is
where it was bound). Modelled here: the parameters, and their reads where every read is
an operand of a call (a parameter carried into a loop, yielded or rebound passes its type
on to other Vars: their messages are not modelled, nor are return types, annotated locals
and call results; a missed error, never a false one). An extent is out of bounds only
where the prover disproves it, as upstream reports only a disproof.
"""

from __future__ import annotations

from compiler.ir import Function
from compiler.ir.nodes import Call, Expr, Var
from compiler.ir.types import IRType, TensorType, TensorView, TileType, TileView
from compiler.ir.visit import own_exprs, sub_exprs, walk_stmts
from compiler.ops.prover import Proof, prove_less_equal
from compiler.ops.valid_region import format_dim, format_dims, is_known_dim

__all__ = ["valid_shape_errors"]


def valid_shape_errors(function: Function) -> list[tuple[str, Var]]:
    """(message, the parameter it is reported at) for each parameter whose declared
    valid shape is out of bounds, then for each of its reads."""
    found: list[tuple[str, Var]] = []
    invalid: dict[int, list[str]] = {}
    for i, param in enumerate(function.params):
        messages = bounds_errors(param.var.type)
        if messages:
            invalid[id(param.var)] = messages
            context = f"Function '{function.name}' parameter[{i}] '{param.var.name}'"
            found += [(f"{context} has invalid {message}", param.var) for message in messages]
    if invalid:
        found += _read_errors(function, invalid)
    return found


def _read_errors(function: Function, invalid: dict[int, list[str]]) -> list[tuple[str, Var]]:
    reads: list[Var] = []
    for stmt in walk_stmts(function.body):
        for expr in own_exprs(stmt):
            if not _collect_reads(expr, invalid, reads, in_call=False):
                return []  # a parameter's type passed on: not modelled
    return [(f"Var '{var.name}' has invalid {message}", var) for var in reads for message in invalid[id(var)]]


def _collect_reads(expr: Expr, invalid: dict[int, list[str]], reads: list[Var], in_call: bool) -> bool:
    """Gathers the reads of the invalid parameters under `expr`; False where one is read
    other than as a call's operand."""
    if isinstance(expr, Var):
        if id(expr) in invalid:
            if not in_call:
                return False
            reads.append(expr)
        return True
    operand_of_call = isinstance(expr, Call)
    return all(_collect_reads(sub, invalid, reads, operand_of_call) for sub in sub_exprs(expr))


def bounds_errors(ir_type: IRType) -> list[str]:
    """`ValidateValidShapeBounds` of a type's explicit valid shape (none: nothing)."""
    if not isinstance(ir_type, (TensorType, TileType)):
        return []
    view = ir_type.view
    if not isinstance(view, (TensorView, TileView)) or not view.valid_shape or ir_type.shape is None:
        return []
    valid, physical = list(view.valid_shape), list(ir_type.shape)
    kind = ir_type.ir_class_name
    if len(valid) != len(physical):
        return [
            f"{kind} valid_shape rank mismatch: got rank {len(valid)} {format_dims(valid)}, "
            f"but physical shape has rank {len(physical)} {format_dims(physical)}"
        ]
    found = []
    for i, (extent, bound) in enumerate(zip(valid, physical)):
        if not (is_known_dim(extent) and is_known_dim(bound)):
            continue
        if _disproved(0, extent):
            found.append(
                f"{kind} valid_shape dimension {i} has provably negative extent {format_dim(extent)}; "
                f"expected 0 <= valid_shape[{i}] <= shape[{i}] ({format_dim(bound)})"
            )
        if _disproved(extent, bound):
            found.append(
                f"{kind} valid_shape dimension {i} extent {format_dim(extent)} provably exceeds "
                f"physical shape extent {format_dim(bound)}"
            )
    return found


def _disproved(lower: object, upper: object) -> bool:
    return prove_less_equal(lower, upper) is Proof.FALSE  # type: ignore[arg-type]
