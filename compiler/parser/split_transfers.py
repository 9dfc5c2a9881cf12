"""`pl.aiv_shard(x)` / `pl.aic_gather(x)` (also under `pl.tile.` / `pl.tensor.`): the
real parser's own path for the two cross-core transfers (`_parse_split_transfer_op`), in
its order.

Before the operand is read: no keyword but `split=` and `lane_stride=` (a `mode=` has its
own message), exactly one positional operand. After: no distributed tensor; the outlined
form (an explicit `split=`) only outside a `pl.split_aiv` body, on a tile, with an integer
literal split (and lane stride, which `aic_gather` never takes); the scoped form (no
`split=`) only inside a `pl.split_aiv` body, whose mode it inherits, with no lane stride.
Every error is on the call.
"""

from __future__ import annotations

import ast

from compiler.ir import IRType, TensorType
from compiler.parser.errors import syntax_error

_TRANSFERS = ("aiv_shard", "aic_gather")


def is_transfer(op_path: list[str]) -> bool:
    """`aiv_shard` / `aic_gather`, bare or under `tile` / `tensor`."""
    return op_path[-1] in _TRANSFERS and (
        len(op_path) == 1 or (len(op_path) == 2 and op_path[0] in ("tile", "tensor"))
    )


def _hint(name: str) -> str:
    return (
        f"Write 'x = pl.{name}(tile)' inside a "
        "'for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):' loop; "
        "the split mode is taken from that scope."
    )


def check_form(name: str, node: ast.Call) -> None:
    """The keywords, then the positional count (before the operand is parsed)."""
    for keyword in node.keywords:
        if keyword.arg in ("split", "lane_stride"):
            continue
        if keyword.arg == "mode":
            raise syntax_error(
                f"pl.{name}() does not take a mode= argument — pass the lowered "
                "integer 'split=' (outlined form) or rely on the enclosing "
                "pl.split_aiv(mode=...) scope (high-level form)",
                node,
                _hint(name),
            )
        raise syntax_error(f"pl.{name}() does not accept keyword argument '{keyword.arg}'", node, _hint(name))
    if len(node.args) != 1:
        what = "shard" if name == "aiv_shard" else "gather"
        raise syntax_error(
            f"pl.{name}() takes exactly one positional argument (the tile to {what}), got {len(node.args)}",
            node,
            _hint(name),
        )


def check_operand(name: str, node: ast.Call, operand: IRType, in_split_aiv: bool) -> None:
    """The operand's kind and the form against the enclosing `pl.split_aiv` body."""
    hint = _hint(name)
    if isinstance(operand, TensorType) and operand.distributed:
        raise syntax_error(f"pl.{name} does not support distributed tensors (AIV/AIC split only)", node, hint)
    keywords = {keyword.arg: keyword.value for keyword in node.keywords}
    split = keywords.get("split")
    lane_stride = keywords.get("lane_stride")
    if split is not None:
        if in_split_aiv:
            raise syntax_error(
                f"pl.{name}() does not take a split= argument inside a "
                "'for ... in pl.split_aiv(...)' loop — the split mode is inherited "
                "from that scope",
                node,
                hint,
            )
        if isinstance(operand, TensorType):
            raise syntax_error(
                f"pl.{name}(..., split=N) does not accept a high-level Tensor "
                "operand — the outlined split= form is tile-only. Wrap the Tensor "
                "in a 'for aiv_id in pl.split_aiv(...)' region instead, which supplies "
                "the split mode and lowers to the tile op.",
                node,
                hint,
            )
        if not _is_int_literal(split):
            raise syntax_error(
                f"pl.{name}(..., split=N) requires an integer split (the lowered "
                f"SplitMode value), got '{ast.unparse(split)}'",
                node,
                hint,
            )
        if lane_stride is None:
            return
        if name == "aic_gather":
            raise syntax_error(
                "pl.aic_gather() does not take a lane_stride= argument: only the Cube -> "
                "Vector shard is ever rebalanced onto a ragged boundary's valid region, so "
                "the gather always re-joins the lanes on the box partition",
                node,
                hint,
            )
        if not _is_int_literal(lane_stride):
            raise syntax_error(
                f"pl.{name}(..., lane_stride=N) requires an integer partition stride, got "
                f"'{ast.unparse(lane_stride)}'",
                node,
                hint,
            )
        return
    if not in_split_aiv:
        raise syntax_error(
            f"pl.{name}() must be used inside a 'for ... in pl.split_aiv(...)' loop "
            "(or pass an explicit integer 'split=' in the outlined form); it otherwise "
            "inherits the split mode from that scope",
            node,
            hint,
        )
    if lane_stride is not None:
        raise syntax_error(
            f"pl.{name}() does not take a lane_stride= argument inside a "
            "'for ... in pl.split_aiv(...)' loop — the partition follows the region's own "
            "per-lane offsets",
            node,
            hint,
        )


def _is_int_literal(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, int)
