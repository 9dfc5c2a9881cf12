"""Calls the real printer spells otherwise than `pl.<op>(args, kwargs)`.

- Scalar `min` / `max`: the real IR's `Min` / `Max` nodes, which the front end keeps as
  calls `tile.min` / `tile.max` (the spelling `pl.min` resolves to), print as
  `pl.min(a, b)` / `pl.max(a, b)`.
- `system.syncall` in soft mode prints through the keyword-only DSL surface,
  `mode="soft", core_type="...", gm_workspace=..., used_cores=N` (N is 0 when the
  count is left to the launch); in hard mode it prints its `core_type` keyword
  (the builder always records one, "mix" by default).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from compiler.ir import Call, Const, Expr, OpaqueExpr

_SCALAR_MIN_MAX = {"tile.min": "pl.min", "tile.max": "pl.max"}
_SYNCALL = "system.syncall"


def special_call(call: Call, format_expr: Callable[[Expr], str]) -> str | None:
    """The real printer's text of `call` when it is one of the calls above, else None."""
    if call.op in _SCALAR_MIN_MAX and not call.kwargs:
        return f"{_SCALAR_MIN_MAX[call.op]}({', '.join(format_expr(arg) for arg in call.args)})"
    if call.op == _SYNCALL:
        return _syncall(call, format_expr)
    return None


def _syncall(call: Call, format_expr: Callable[[Expr], str]) -> str | None:
    """`pl.system.syncall(...)`: the soft form's operands are its workspace and participant
    count (given by keyword, or as the IR's arguments), its mode and core type keywords."""
    mode = _text(call.kwargs.get("mode", "hard"))
    core_type = _text(call.kwargs.get("core_type", "mix"))
    if mode is None or core_type is None:
        return None
    if mode != "soft":
        return f"pl.system.syncall(core_type='{core_type}')" if not call.args else None
    workspace = call.kwargs.get("gm_workspace", call.args[0] if call.args else None)
    used = call.kwargs.get("used_cores", call.args[1] if len(call.args) > 1 else None)
    if not isinstance(workspace, Expr):
        return None
    count = "0" if used is None else str(used.value) if isinstance(used, Const) else format_expr(used)
    return (
        f'pl.system.syncall(mode="soft", core_type="{core_type}", '
        f"gm_workspace={format_expr(workspace)}, used_cores={count})"
    )


def _text(value: Any) -> str | None:
    """A string keyword's value: as written (`'soft'`, kept as source text) or as a string."""
    if isinstance(value, str):
        return value
    if isinstance(value, Const) and isinstance(value.value, str):
        return value.value
    if isinstance(value, OpaqueExpr):
        try:
            literal = ast.literal_eval(value.text)
        except (ValueError, SyntaxError):
            return None
        return literal if isinstance(literal, str) else None
    return None
