"""Which global-memory reads ConvertTensorToTileOps issues for a tensor op
(reference §3.1): the knowledge the pass (`compiler.passes.tensor_to_tile`) acts on
and the facts (`compiler.facts.gm_reads`) report, kept in one place.
"""

from __future__ import annotations

import enum

from compiler.ir import Call, Expr, Var

# Tensor ops whose converter loads what it needs itself (no entry load of the params they consume).
SELF_LOADING = frozenset(
    {
        "assemble",
        "read",
        "write",
        "expand_clone",
        "gather",
        "paged_gather",
        "create_l1",
        "gather_row",
        "dim",
        "create",
    }
)
_MATMUL_OPERANDS = {"tensor.matmul": (0, 1), "tensor.matmul_acc": (1, 2)}


class ReadKind(str, enum.Enum):
    LOAD = "pl.load"
    SLICE = "slice"
    MATMUL_OPERAND = "matmul operand"
    ENTRY_LOAD = "entry load"


def loaded_operands(call: Call) -> list[tuple[Expr, ReadKind]]:
    if call.op == "tile.load":
        return [(call.args[0], ReadKind.LOAD)] if call.args else []
    if call.op == "tensor.slice":
        return [(call.args[0], ReadKind.SLICE)] if call.args else []
    if call.op in _MATMUL_OPERANDS:
        return [
            (call.args[i], ReadKind.MATMUL_OPERAND) for i in _MATMUL_OPERANDS[call.op] if i < len(call.args)
        ]
    namespace, _, name = call.op.partition(".")
    if namespace == "tensor" and name not in SELF_LOADING:
        return [(arg, ReadKind.ENTRY_LOAD) for arg in call.args if isinstance(arg, Var)]
    return []
