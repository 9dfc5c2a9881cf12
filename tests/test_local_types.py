"""Types inside a DSL body: local annotations, reassignment, unpacking, subscripts.

Each test writes a small kernel with one mistake and checks what `check_source`
reports: the real compiler's message (first line), its exception class and where
it points (1-based line, 0-based column as `ast` gives them). The correct forms
next to each mistake, and every form whose types we cannot know, stay clean.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from conftest import REPO, run_cli

from compiler import check_source

KERNEL = """\
import pypto.language as pl
{prelude}

@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.InCore)
    def kern(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        n: pl.Scalar[pl.INDEX],
        out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
{body}
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        out = self.kern(x, 0, out)
        return out
"""
BODY_LINE = 13  # the first `{body}` line, without prelude
DEF_LINE = 7  # `def kern(`
STORE = "out = pl.store(t, [0, 0], out)"

UNKNOWN_DTYPE_HINT = (
    "Use a valid dtype like pl.FP32, pl.INT32, etc. Available: FP4, FP8E4M3FN, FP8E5M2, FP8E8M0, "
    "FP16, FP32, BF16, HF4, HF8, INT4, INT8, INT16, INT32, INT64, UINT4, UINT8, UINT16, UINT32, "
    "UINT64, BOOL, INDEX, TASK_ID"
)


def module(body: str, prelude: str = "") -> str:
    lines = textwrap.dedent(body).strip("\n").splitlines()
    return KERNEL.format(body="\n".join(" " * 8 + line for line in lines), prelude=prelude)


def errors(source: str) -> list[tuple[str, str | None, int, int]]:
    return [
        (d.message, d.exception, d.span.start_line, d.span.start_col)
        for d in check_source(source)
        if d.severity.name == "ERROR"
    ]


def single(source: str) -> tuple[str, str | None, int, int]:
    found = errors(source)
    assert len(found) == 1, found
    return found[0]


def with_tile(annotation: str) -> str:
    return module(f"t: {annotation} = pl.load(x, [0, 0], [16, 64])\n{STORE}")


# ------------------------------------------------------------ annotation vs value


def test_correct_annotations_are_clean() -> None:
    assert errors(with_tile("pl.Tile[[16, 64], pl.FP32]")) == []
    assert errors(with_tile("pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec]")) == []
    assert errors(module(f"k: pl.Scalar[pl.INT64] = 0\nt = pl.load(x, [0, 0], [16, 64])\n{STORE}")) == []


@pytest.mark.parametrize(
    ("annotation", "message"),
    [
        (
            "pl.Tile[[16, 64], pl.FP16]",
            "Type annotation for 't' has dtype fp16 but expression has dtype fp32",
        ),
        (
            "pl.Tile[[16, 64], pl.BF16]",
            "Type annotation for 't' has dtype bfloat16 but expression has dtype fp32",
        ),
        ("pl.Tile[[4, 16, 64], pl.FP32]", "Type annotation for 't' has rank 3 but expression has rank 2"),
        (
            "pl.Tile[[32, 64], pl.FP32]",
            "Type annotation for 't' has shape dimension 0 = 32 but expression has shape dimension 0 = 16",
        ),
        ("pl.Tensor[[16, 64], pl.FP32]", "Type annotation for 't' is Tensor but expression has type Tile"),
    ],
)
def test_annotation_contradicting_the_value(annotation: str, message: str) -> None:
    assert single(with_tile(annotation)) == (message, "ParserTypeError", BODY_LINE, 8)


def test_symbolic_annotation_dims_are_not_compared() -> None:
    prelude = '\nM = pl.dynamic("M")\n'
    source = module(f"t: pl.Tile[[M, 64], pl.FP32] = pl.load(x, [0, 0], [16, 64])\n{STORE}", prelude)
    assert errors(source) == []


def test_scalar_literal_under_a_float_annotation() -> None:
    source = module(f"s: pl.Scalar[pl.FP32] = 1\nt = pl.load(x, [0, 0], [16, 64])\n{STORE}")
    assert single(source) == (
        "Type annotation for 's' has dtype fp32 but expression has dtype index",
        "ParserTypeError",
        BODY_LINE,
        8,
    )


# ---------------------------------------------------------- the annotation itself


@pytest.mark.parametrize(
    ("annotation", "message", "col", "hint"),
    [
        ("pl.Tile", "Incomplete type annotation: pl.Tile", 11, None),
        ("pl.Tile[[16, 64], pl.fp32]", "Unknown dtype: fp32", 29, UNKNOWN_DTYPE_HINT),
        ("pl.Tile[[16, 64], pl.FP33]", "Unknown dtype: FP33", 29, UNKNOWN_DTYPE_HINT),
        ("pl.Tile[[BLK, 64], pl.FP32]", "Unknown shape variable: BLK", 20, None),
        ("pl.Tile[16, pl.FP32]", "Shape '16' must be a list or tuple, got int", 19, None),
        ("pl.Tile[[16, 64]]", "Tile subscript requires [shape, dtype], ", 19, None),
        ("pl.Tilde[[16, 64], pl.FP32]", "Unknown type in subscript: pl.Tilde", 11, None),
    ],
)
def test_rejected_local_annotation(annotation: str, message: str, col: int, hint: str | None) -> None:
    found = [d for d in check_source(with_tile(annotation)) if d.severity.name == "ERROR"]
    assert len(found) == 1, [d.message for d in found]
    assert found[0].message.startswith(message)
    assert (found[0].exception, found[0].span.start_line, found[0].span.start_col) == (
        "ParserTypeError",
        BODY_LINE,
        col,
    )
    if hint is not None:
        assert found[0].hint == hint


def test_shape_names_the_closure_may_hold_are_not_unknown() -> None:
    assert (
        errors(
            module(f"t: pl.Tile[[BLK, 64], pl.FP32] = pl.load(x, [0, 0], [16, 64])\n{STORE}", "\nBLK = 16\n")
        )
        == []
    )
    star = "\nfrom somewhere import *\n"
    assert (
        errors(module(f"t: pl.Tile[[BLK, 64], pl.FP32] = pl.load(x, [0, 0], [16, 64])\n{STORE}", star)) == []
    )


def test_unknown_dtype_in_an_op_keyword() -> None:
    source = module(f"t = pl.load(x, [0, 0], [16, 64])\nz = pl.create_tile([16, 64], dtype=pl.fp32)\n{STORE}")
    assert single(source) == ("Unknown dtype: fp32", "ParserTypeError", BODY_LINE + 1, 43)


def test_missing_pl_attribute_in_an_op_keyword() -> None:
    source = module(f"t = pl.load(x, [0, 0], [16, 64])\nc = pl.cast(t, target_type=pl.FP64)\n{STORE}")
    assert single(source) == (
        "Failed to evaluate expression 'pl.FP64': module 'pypto.language' has no attribute 'FP64'",
        "ParserTypeError",
        BODY_LINE + 1,
        35,
    )


# ----------------------------------------------------------------- reassignment


def test_tensor_name_rebound_to_a_tile() -> None:
    message, exception, line, col = single(
        module("x = pl.load(x, [0, 0], [16, 64])\nout = pl.store(x, [0, 0], out)")
    )
    assert message.startswith(
        "Cannot reassign 'x' with a different type: was pl.Tensor[[64, 64], pl.FP32], got pl.Tile[[16, 64], pl.FP32"
    )
    assert (exception, line, col) == ("ParserTypeError", BODY_LINE, 8)


def test_call_result_of_another_dtype() -> None:
    source = module("t = pl.load(x, [0, 0], [16, 64])\nout = pl.store(t, [0, 0], out)").replace(
        "out = self.kern(x, 0, out)",
        "y = pl.create_tensor([16, 64], dtype=pl.FP16)\n        y = self.kern(x, 0, out)",
    )
    assert single(source) == (
        "Cannot reassign 'y' with a different type: was pl.Tensor[[16, 64], pl.FP16], "
        "got pl.Tensor[[16, 64], pl.FP32]",
        "ParserTypeError",
        24,
        8,
    )


def test_same_type_and_other_scopes_are_clean() -> None:
    body = """
    t = pl.load(x, [0, 0], [16, 64])
    t = pl.add(t, t)
    if n > 0:
        u = pl.load(x, [0, 0], [16, 64])
    else:
        u = pl.create_tensor([16, 64], dtype=pl.FP32)
    out = pl.store(t, [0, 0], out)
    """
    assert errors(module(body)) == []


# --------------------------------------------------------- unpacking, subscripts


def test_unpacking_a_tile() -> None:
    source = module(f"t, rest = pl.load(x, [0, 0], [16, 64])\n{STORE}")
    assert single(source) == (
        "Failed to parse function 'kern': TupleGetItemExpr requires tuple to have TupleType, got TileType",
        "ParserSyntaxError",
        DEF_LINE,
        4,
    )


def test_subscript_of_a_scalar() -> None:
    source = module(f"first = n[0]\nt = pl.load(x, [0, 0], [16, 64])\n{STORE}")
    assert single(source) == (
        "Subscript requires Tuple, Tensor, Tile, or Array type, got ScalarType",
        "ParserTypeError",
        BODY_LINE,
        16,
    )


def test_too_many_tensor_indices() -> None:
    source = module(f"part = x[0:16, 0:16, 0:1]\nt = pl.load(x, [0, 0], [16, 64])\n{STORE}")
    assert single(source) == (
        "Tensor subscript has 3 indices but the tensor is 2D",
        "ParserTypeError",
        BODY_LINE,
        15,
    )


def test_array_subscript_of_two_indices() -> None:
    source = module(
        f"arr = pl.array.create(4, pl.INT32)\ns = arr[0, 1]\nt = pl.load(x, [0, 0], [16, 64])\n{STORE}"
    )
    assert single(source) == (
        "Array subscript requires a single index (rank-1 in v1)",
        "ParserTypeError",
        BODY_LINE + 1,
        12,
    )


ARRAY_FACTORY = """\
import pypto.language as pl


def build(slots: int = 4):
    @pl.program
    class Prog:
        @pl.function(type=pl.FunctionType.InCore)
        def kern(self, x: pl.Tensor[[16], pl.INT32]) -> pl.Scalar[pl.INT32]:
            counts = pl.array.create(slots * 2, pl.INT32)
            for i in pl.range(slots):
                counts[i] = counts[i] + 1
            first: pl.Scalar[pl.INT32] = counts[0]
            return first

    return Prog
"""


def test_array_elements_are_read_when_the_extent_is_a_factory_parameter(tmp_path: Path) -> None:
    """`counts[i]` reads an element (`array.get_element`, an INT32 scalar) of an array whose
    extent the factory's caller chooses: all of it is analysed."""
    path = tmp_path / "kernel.py"
    path.write_text(ARRAY_FACTORY, encoding="utf-8")
    run = run_cli("--format", "json", str(path), cwd=REPO)
    (entry,) = json.loads(run.stdout)["files"]
    assert (entry["diagnostics"], entry["notAnalysed"]) == ([], [])
    wrong = ARRAY_FACTORY.replace(
        "first: pl.Scalar[pl.INT32] = counts[0]", "first: pl.Scalar[pl.FP32] = counts[0]"
    )
    assert [d.message for d in check_source(wrong)] == [
        "Type annotation for 'first' has dtype fp32 but expression has dtype int32"
    ]


def test_subscript_write_of_a_tile_into_a_tensor() -> None:
    source = module("t = pl.load(x, [0, 0], [16, 64])\nout[0:16, 0:64] = t")
    assert single(source) == (
        "Subscript-write source must also be a tensor, got TileType",
        "ParserTypeError",
        BODY_LINE + 1,
        8,
    )


def test_cli_reports_a_local_annotation_error(tmp_path: Path) -> None:
    path = tmp_path / "kernel.py"
    path.write_text(with_tile("pl.Tile[[16, 64], pl.FP33]"), encoding="utf-8")
    run = run_cli("--format", "json", str(path), cwd=REPO)
    assert run.returncode == 1, run.stderr
    (diagnostic,) = json.loads(run.stdout)["files"][0]["diagnostics"]
    assert diagnostic["message"] == "Unknown dtype: FP33"
    assert diagnostic["range"]["start"] == {"line": BODY_LINE - 1, "character": 29}
    assert diagnostic["data"]["exception"] == "ParserTypeError"
