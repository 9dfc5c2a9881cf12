"""`for aiv_id in pl.split_aiv(2, mode=...)`: the header rules of the real parser's
`_parse_split_aiv_for_loop`, in its order: no region inside another, a single loop
variable, none of a loop's own keywords, one positional `n` equal to the AIV sub-core
count, no `**kwargs` nor unknown keyword, and a `mode=`."""

from __future__ import annotations

import ast
from collections.abc import Callable

from compiler.ir import Const, Expr
from compiler.parser.errors import syntax_error

# The AIV sub-cores of one core group (hardware-fixed).
SUBCORE_NUM = 2

_HINT = (
    "Use 'for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):' — n is the AIV "
    "sub-core count (hardware-fixed at 2); 'mode' is required (NONE = task-parallel, "
    "no halving; UP_DOWN / LEFT_RIGHT = data-parallel halving); and the loop variable "
    "binds the AIV lane index (equivalent to pl.tile.get_subblock_idx())."
)
# A loop's keywords, which a region (no loop) refuses.
_LOOP_KEYWORDS = frozenset({"init_values", "chunk", "chunk_policy", "attrs", "step", "stage"})


def check_header(
    stmt: ast.For, call: ast.Call, loop_kinds: list[str], parse: Callable[[ast.expr], Expr]
) -> None:
    if "split_aiv" in loop_kinds:
        raise syntax_error(
            "nested 'for ... in pl.split_aiv(...)' is not allowed: a split_aiv body already "
            "represents the two AIV lanes, so it cannot contain another split_aiv loop",
            stmt,
            _HINT,
        )
    if not isinstance(stmt.target, ast.Name):
        raise syntax_error("for ... in pl.split_aiv(...) must use a single loop variable", stmt.target, _HINT)
    for keyword in call.keywords:
        if keyword.arg in _LOOP_KEYWORDS:
            raise syntax_error(
                f"pl.split_aiv() loop form does not accept '{keyword.arg}='", keyword.value, _HINT
            )
        if keyword.arg == "optimizations":
            raise syntax_error(
                "pl.split_aiv() does not accept 'optimizations=' — pl.split_aiv() IS the "
                "split declaration; a co-present pl.split(...) is a conflicting split spec",
                keyword.value,
                _HINT,
            )
    if len(call.args) != 1:
        raise syntax_error(
            "pl.split_aiv() takes exactly one positional argument (n, the AIV sub-core count)", call, _HINT
        )
    n = parse(call.args[0])
    if isinstance(n, Const) and type(n.value) is int and n.value != SUBCORE_NUM:
        raise syntax_error(
            f"pl.split_aiv(n) requires n == {SUBCORE_NUM} "
            f"(AIV sub-core count is hardware-fixed at {SUBCORE_NUM}), got {n.value}",
            call.args[0],
            _HINT,
        )
    has_mode = False
    for keyword in call.keywords:
        if keyword.arg is None:
            raise syntax_error(
                "pl.split_aiv() does not accept **kwargs; pass n (positional) and mode= explicitly",
                keyword.value,
                _HINT,
            )
        if keyword.arg == "mode":
            has_mode = True
        elif keyword.arg not in _LOOP_KEYWORDS and keyword.arg != "optimizations":
            raise syntax_error(
                f"pl.split_aiv() got unexpected keyword argument '{keyword.arg}'", keyword.value, _HINT
            )
    if not has_mode:
        raise syntax_error(
            "pl.split_aiv() requires mode= (e.g. mode=pl.SplitMode.NONE for task-parallel, "
            "or pl.SplitMode.UP_DOWN / pl.SplitMode.LEFT_RIGHT for data-parallel halving)",
            call,
            _HINT,
        )
