"""The type check's valid-shape bounds (`ValidateTypeValidShape` of type_check_pass.cpp,
over `ValidateValidShapeBounds` of type_inference.cpp): a type's explicit valid shape
must have its shape's rank, and each extent must lie in `0 <= valid <= shape`.

Upstream asks it of each parameter's type (at the parameter), each declared return type
and the type of every expression it visits: a read of a Var repeats the message at the
Var's span (where it was bound). Modelled: the parameters; a local bound once by an
annotated assignment (the Var at its binding, and the call the parser rebuilds with the
annotated type, `Call result`); and their reads where every read is an operand of a call
(a Var carried into a loop, yielded or rebound passes its type on to other Vars, whose
messages are not modelled, nor are return types). An extent is out of bounds only where
the prover disproves it, as upstream reports only a disproof.
"""

from __future__ import annotations

from collections import Counter

from compiler.base.span import Span
from compiler.ir import Function
from compiler.ir.nodes import AssignStmt, Call, Expr, Var
from compiler.ir.types import IRType, TensorType, TensorView, TileType, TileView
from compiler.ir.visit import bound_vars, own_exprs, sub_exprs, walk_stmts
from compiler.ops.prover import Proof, prove_less_equal
from compiler.ops.valid_region import format_dim, format_dims, is_known_dim

__all__ = ["valid_shape_errors"]


def valid_shape_errors(function: Function, annotated: frozenset[str]) -> list[tuple[str, Span]]:
    """(message, where) for each parameter and each annotated local (`annotated`: the names an
    annotated assignment binds) whose valid shape is out of bounds, and for each of their
    reads. A valid shape an op's deduction gives its result is not judged: the real compile
    accepts `pl.tile.add` of a [128] and a [16, 128] tile, whose result has valid shape [128]."""
    found: list[tuple[str, Span]] = []
    invalid: dict[int, list[str]] = {}
    for i, param in enumerate(function.params):
        messages = bounds_errors(param.var.type)
        if messages:
            invalid[id(param.var)] = messages
            context = f"Function '{function.name}' parameter[{i}] '{param.var.name}'"
            found += [(f"{context} has invalid {message}", param.var.span) for message in messages]
    bindings: Counter[str] | None = None  # counted when an annotated local needs it (rare)
    for stmt in walk_stmts(function.body) if annotated else ():
        if not (isinstance(stmt, AssignStmt) and stmt.var.name in annotated):
            continue
        messages = bounds_errors(stmt.var.type)
        if not messages:
            continue
        if bindings is None:
            bindings = Counter(var.name for s in walk_stmts(function.body) for var in bound_vars(s))
            bindings.update(param.var.name for param in function.params)
        if bindings[stmt.var.name] == 1:
            # `x: pl.Tile[..., pl.TileView(valid_shape=...)] = call(...)`: the Var, and
            # the call the parser rebuilds with the annotated type.
            invalid[id(stmt.var)] = messages
            found += [(f"Var '{stmt.var.name}' has invalid {m}", stmt.var.span) for m in messages]
            if isinstance(stmt.value, Call):
                found += [(f"Call result has invalid {m}", stmt.value.span) for m in messages]
    if not invalid:
        return found  # nothing invalid: no read to look for
    reads: list[Var] = []
    passed_on = False
    for stmt in walk_stmts(function.body):
        for expr in own_exprs(stmt):
            passed_on |= not _collect_reads(expr, invalid, reads, in_call=False)
    if passed_on:
        return found  # a type passed on to other Vars (a carry, a yield): not modelled
    return found + [
        (f"Var '{var.name}' has invalid {message}", var.span) for var in reads for message in invalid[id(var)]
    ]


def _collect_reads(expr: Expr, invalid: dict[int, list[str]], reads: list[Var], in_call: bool) -> bool:
    """Gathers the reads of the invalid Vars under `expr`; False where one is read other
    than as a call's operand."""
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
