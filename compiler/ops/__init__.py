"""The ops' own rules, as the real compiler applies them while it builds each op call.

One registry (`registry.py`) maps each DSL op wrapper (`pl.tile.store`, `pl.add`, ...)
to its rule; the rules live in modules named after the real op registry's files
(src/ir/op/tile_ops/memory.cpp -> `tile_memory.py`, and so on), each rule doing the
wrapper's, the IR builder's and the C++ deduction's checks in their real order, with
their exact messages. `type_op_call` is what the parser calls. How a rule is taken
from the real compiler, and how to add one: docs/op-rules.md.
"""

from __future__ import annotations

from compiler.ir import IRType
from compiler.ops import (  # noqa: F401  (each module registers its rules on import)
    batch_matmul,
    cross_core,
    fillpad,
    gather,
    matmul,
    matmul_mx,
    paged_gather,
    prefetch,
    random,
    scatter,
    sort,
    tensor_broadcast,
    tensor_elementwise,
    tensor_memory,
    tensor_reduction,
    tensor_unary,
    tile_broadcast,
    tile_elementwise,
    tile_memory,
    tile_reduction,
    tile_unary,
    transform,
    unified,
)
from compiler.ops.call import OpCall, OpError
from compiler.ops.iterated_params import check_iterated
from compiler.ops.registry import modelled_wrappers, rule_for
from compiler.ops.views import fully_valid_result

__all__ = ["OpCall", "OpError", "modelled_wrappers", "type_op_call"]


def type_op_call(call: OpCall) -> IRType | None:
    """The result type of the call, None when its op is not modelled or an operand's type
    is not known; raises OpError with the real message when the real call fails."""
    check_iterated(call)
    rule = rule_for(call.op)
    result = rule(call) if rule is not None else None
    return fully_valid_result(call, result) if result is not None else None
