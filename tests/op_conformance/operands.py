"""Operands for the conformance grids: a row names the operands its call uses, and gets
the parameters and setup lines that make them.

`T(shape, dtype)` is a tile (a `pl.load` of a tensor parameter of that shape and
dtype), `G(shape, dtype)` a tensor parameter, `S(dtype)` a scalar parameter; any other
value is written into the call as it is (a literal, a dtype, an expression).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from op_conformance.grid import Row


@dataclass(frozen=True)
class T:
    """A tile: `name = pl.load(name_src, [0, ...], shape)`."""

    shape: tuple[int, ...]
    dtype: str = "FP32"


@dataclass(frozen=True)
class G:
    """A tensor parameter."""

    shape: tuple[int, ...]
    dtype: str = "FP32"


@dataclass(frozen=True)
class S:
    """A scalar parameter."""

    dtype: str = "FP32"


Operand = T | G | S


def _dims(shape: tuple[int, ...]) -> str:
    return "[" + ", ".join(str(d) for d in shape) + "]"


def make_row(
    id: str,
    op: str,
    check: str,
    call: str,
    operands: dict[str, Operand] | None = None,
    setup: tuple[str, ...] = (),
) -> Row:
    """A row whose call (e.g. "pl.tile.add(a, b)") reads the named operands."""
    params: list[str] = []
    lines: list[str] = []
    for name, operand in (operands or {}).items():
        if isinstance(operand, T):
            params.append(f"{name}_src: pl.Tensor[{_dims(operand.shape)}, pl.{operand.dtype}]")
            zeros = _dims(tuple(0 for _ in operand.shape))
            lines.append(f"{name} = pl.load({name}_src, {zeros}, {_dims(operand.shape)})")
        elif isinstance(operand, G):
            params.append(f"{name}: pl.Tensor[{_dims(operand.shape)}, pl.{operand.dtype}]")
        else:
            params.append(f"{name}: pl.Scalar[pl.{operand.dtype}]")
    return Row(id=id, op=op, check=check, call=call, params=tuple(params), setup=(*lines, *setup))


def row_collector() -> tuple[list[Row], Callable[..., None]]:
    """A grid's `ROWS` and its `add(id, op, check, call, **operands)` (`make_row`)."""
    rows: list[Row] = []

    def add(id: str, op: str, check: str, call: str, **operands: Operand) -> None:
        rows.append(make_row(id, op, check, call, operands))

    return rows, add


# Rows whose operands are written out as source text (parameters and setup lines).


def vec_tile(name: str, shape: str, dtype: str) -> str:
    """A setup line: a Vec tile `pl.tile.create`d with that shape (e.g. "[16, 64]") and dtype."""
    return f"{name} = pl.tile.create({shape}, pl.{dtype}, target_memory=pl.Mem.Vec)"


def tensor_param(name: str, shape: str, dtype: str) -> str:
    """A tensor parameter of that shape and dtype."""
    return f"{name}: pl.Tensor[{shape}, pl.{dtype}]"


def tiles_row(
    op: str, id_: str, check: str, call: str, *tiles: tuple[str, str, str], params: tuple[str, ...] = ()
) -> Row:
    """A row over Vec tiles (name, shape, dtype) made in its setup."""
    return Row(
        id=f"{op}/{id_}",
        op=op,
        check=check,
        call=call,
        params=params,
        setup=tuple(vec_tile(name, shape, dtype) for name, shape, dtype in tiles),
    )


def params_row(op: str, id_: str, check: str, call: str, *params: str) -> Row:
    """A row over its parameters (e.g. `tensor_param`s)."""
    return Row(id=f"{op}/{id_}", op=op, check=check, call=call, params=params)


# The check of a row the real compiler is meant to accept: it passes every check of its op.
PASSES = "*"


def spread_accepted(rows: list[Row]) -> list[Row]:
    """Give each accepted row (check `PASSES`) a check of its op to stand for, so that
    every check has an accepted row next to its rejected ones: the op's first accepted
    row once for each of its checks, the others in turn."""
    checks: dict[str, list[str]] = {}
    for row in rows:
        if row.check != PASSES and row.check not in checks.setdefault(row.op, []):
            checks[row.op].append(row.check)
    done: set[str] = set()
    turn: dict[str, int] = {}
    spread: list[Row] = []
    for row in rows:
        own = checks.get(row.op) or ["result type"]
        if row.check != PASSES:
            spread.append(row)
        elif row.op not in done:
            done.add(row.op)
            spread.extend(replace(row, id=f"{row.id}~{check}", check=check) for check in own)
        else:
            index = turn.get(row.op, 0)
            turn[row.op] = index + 1
            spread.append(replace(row, check=own[index % len(own)]))
    return spread
