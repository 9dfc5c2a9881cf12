"""Op calls given an operand of the wrong kind, for the raise-site ledger (docs/raise-sites.md):
each op deduction's "requires <operand> to be a TileType / TensorType / ScalarType" checks.

Made from the op conformance rows the real compiler accepted (`op_conformance/tables`, our
own small kernels): one operand of the call swapped for one of another kind, the rest as it
was, once per op and operand:

- a tile (`a = pl.load(a_src, ...)`) becomes its tensor (`a_src`, the load left out);
- a tensor parameter becomes a tile loaded from it;
- a scalar parameter becomes a tile of its dtype.

`tests/record_op_mutants.py --kind-swaps` has the real compiler judge them into
`tests/data/op_kind_swaps/cases.json` (source and verdict of each).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

TABLES = Path(__file__).resolve().parent / "op_conformance" / "tables"
CASES = Path(__file__).resolve().parent / "data" / "op_kind_swaps" / "cases.json"
_LOAD = re.compile(r"^        (\w+) = pl\.load\((\w+)_src, \[[^\]]*\], \[[^\]]*\]\)\n", re.M)
_TENSOR_PARAM = re.compile(r"^        (\w+): pl\.Tensor\[(\[[\d, ]+\]), pl\.(\w+)\],\n", re.M)
_SCALAR_PARAM = re.compile(r"^        (\w+): pl\.Scalar\[pl\.(\w+)\],\n", re.M)
_RESULT = "        result = "


def _swaps(source: str) -> Iterator[tuple[str, str]]:
    """(what was swapped, new source) for each operand of the call of another kind."""
    head, _, tail = source.partition(_RESULT)
    call = tail.split("\n", 1)[0]
    for load in _LOAD.finditer(head):
        name = load.group(1)
        if load.group(2) != name or not re.search(rf"\b{name}\b", call):
            continue
        swapped = head.replace(load.group(0), "").replace(f"        {name}_src:", f"        {name}:")
        yield f"{name}:tile->tensor", swapped + _RESULT + tail
    for param in _TENSOR_PARAM.finditer(head):
        name, dims, _ = param.groups()
        if not re.search(rf"\b{name}\b", call):
            continue
        zeros = "[" + ", ".join("0" for _ in dims.strip("[]").split(",")) + "]"
        load = f"        {name}_tile = pl.load({name}, {zeros}, {dims})\n"
        new_call = re.sub(rf"\b{name}\b", f"{name}_tile", call)
        yield f"{name}:tensor->tile", head + load + _RESULT + new_call + tail[len(call) :]
    for param in _SCALAR_PARAM.finditer(head):
        name, dtype = param.groups()
        if not re.search(rf"\b{name}\b", call):
            continue
        swapped = head.replace(param.group(0), f"        {name}_src: pl.Tensor[[16, 128], pl.{dtype}],\n")
        load = f"        {name} = pl.load({name}_src, [0, 0], [16, 128])\n"
        yield f"{name}:scalar->tile", swapped + load + _RESULT + tail


def cases() -> dict[str, dict]:
    """name -> {"op", "swap", "source"}: the first accepted row of each op with each swap."""
    made: dict[str, dict] = {}
    for table in sorted(TABLES.glob("*.json")):
        for row in json.loads(table.read_text(encoding="utf-8"))["rows"]:
            if not row["real"]["accepted"] or row["op"].startswith("unified"):
                continue
            for swap, source in _swaps(row["source"]):
                name = re.sub(r"\W", "_", f"{row['op']}__{swap}") + ".py"
                made.setdefault(name, {"op": row["op"], "swap": swap, "source": source})
    return made


if __name__ == "__main__":
    print(len(cases()), "cases")
