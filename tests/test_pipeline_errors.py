"""The pipeline's errors after the parser (PTO7xx), through `pto-lsp check`, held to what
the real compiler's whole pipeline (`ir.compile`, Ascend910B, PTOAS skipped) said.

`tests/data/pipeline_cases/*.py` are small programs, each putting one construct where
a pass or codegen judges it; `verdicts.json` beside them is what the real compiler
said about each program (recorded, never re-run here). A case the real compiler
rejects with an error we model is reported with the real message, at the real line
and column where the real error has one; a case it accepts gets no error; a case it
rejects where we do not look (an `if` or `while` body in an orchestration) gets
nothing wrong from us.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from conftest import PERF_HINT, REPO, run_cli, run_pto_lsp

CASES = REPO / "tests" / "data" / "pipeline_cases"
VERDICTS = json.loads((CASES / "verdicts.json").read_text(encoding="utf-8"))
PIPELINE_CODES = {"PTO701", "PTO711", "PTO712", "PTO713", "PTO714", "PTO721"}
# Real rejections we deliberately do not report: Simplify may fold an `if` or a `while`
# away with its body, so an op there is not judged (docs/diagnostics.md).
NOT_LOOKED_AT = {"orch_tensor_op_in_if.py", "orch_tensor_op_in_while.py"}


def check_json(*paths: Path) -> dict[str, list[dict]]:
    """Each file's diagnostics but the performance hints (tests/test_perf_hints.py)."""
    proc = run_cli("--format", "json", *map(str, paths))
    assert proc.returncode in (0, 1), proc.stderr
    return {
        Path(f["path"]).name: [d for d in f["diagnostics"] if d["code"] != PERF_HINT]
        for f in json.loads(proc.stdout)["files"]
    }


REPORTED = check_json(*(CASES / name for name in VERDICTS)) if CASES.is_dir() else {}


def _position(diagnostic: dict) -> tuple[int, int]:
    start = diagnostic["range"]["start"]
    return start["line"] + 1, start["character"] + 1


@pytest.mark.parametrize("name", sorted(VERDICTS))
def test_each_case_gets_what_the_real_pipeline_says(name: str):
    [program] = VERDICTS[name]["programs"]
    reported = REPORTED.get(name, [])
    errors = [d for d in reported if d["severity"] == 1]
    assert all(d["code"] in PIPELINE_CODES for d in errors), errors  # the parser accepts every case
    if program["ok"]:
        assert errors == []
        return
    if name in NOT_LOOKED_AT:
        assert errors == []
        return
    [real] = program["errors"][:1]
    matching = [d for d in errors if d["message"] == real["message"]]
    assert matching, (real, errors)
    if real["line"] is not None:
        assert (real["line"], real["col"]) in [_position(d) for d in matching]


def test_a_misplaced_op_names_the_stage_and_the_real_exception():
    # (`b` is also never read: the verifier's PTO611 warning, before the passes.)
    [diagnostic] = [d for d in REPORTED["orch_tensor_add.py"] if d["severity"] == 1]
    assert diagnostic["code"] == "PTO711"
    assert diagnostic["message"] == (
        "Misplaced tensor op 'tensor.add' in Orchestration function (should be inside InCore block)"
    )
    assert diagnostic["data"]["stage"] == "orchestration codegen"
    assert diagnostic["data"]["exception"] == "RuntimeError"


def test_a_tensor_op_inside_a_core_group_scope_is_not_misplaced(tmp_path: Path):
    source = (CASES / "opaque_promoted.py").read_text(encoding="utf-8")
    moved = source.replace(
        "        b = pl.add(a, a)\n        with pl.at(level=pl.Level.CORE_GROUP):\n",
        "        with pl.at(level=pl.Level.CORE_GROUP):\n            b = pl.add(a, a)\n",
    )
    assert moved != source
    path = tmp_path / "kernel.py"
    path.write_text(moved, encoding="utf-8")
    assert check_json(path).get("kernel.py", []) == []


def test_no_pipeline_error_when_the_parser_stops_the_import(tmp_path: Path):
    source = (CASES / "orch_tensor_add.py").read_text(encoding="utf-8")
    path = tmp_path / "kernel.py"
    path.write_text(source + "\n\nx = (1,\n", encoding="utf-8")
    codes = [d["code"] for d in check_json(path)["kernel.py"]]
    assert codes == ["PTO001"]


def test_a_simplify_error_stops_the_program_before_codegen(tmp_path: Path):
    """A program Simplify rejects never reaches codegen: its misplaced op is not reported,
    and no kernel of it is emitted."""
    source = (CASES / "orch_bool_constant.py").read_text(encoding="utf-8")
    both = source.replace(
        "        f: pl.Scalar[pl.BOOL] = True\n",
        "        f: pl.Scalar[pl.BOOL] = True\n        b = pl.add(a, a)\n",
    )
    assert both != source
    path = tmp_path / "kernel.py"
    path.write_text(both, encoding="utf-8")
    # (the verifier's unused-variable warnings, PTO611, come before the passes: not counted here)
    assert [d["code"] for d in check_json(path)["kernel.py"] if d["code"] != "PTO611"] == ["PTO701"]
    compiled = run_pto_lsp("compile", "--emit", "mlir", str(path))
    assert "// kernel:" not in compiled.stdout
    assert (
        "the real compiler stops before codegen: Operator 'eq' does not accept bool dtype" in compiled.stderr
    )


def test_the_bypass_warning_still_comes_when_the_orchestration_is_refused(tmp_path: Path):
    """Codegen emits (and warns about) the kernels before it meets the orchestration."""
    source = (CASES / "orch_tensor_add.py").read_text(encoding="utf-8")
    marked = source.replace(
        "        t: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [0, 0], [64, 64])",
        "        t: pl.Tile[[64, 64], pl.FP32] = pl.load(a, [0, 0], [64, 64], cache=pl.CachePolicy.BYPASS)",
    )
    assert marked != source
    path = tmp_path / "kernel.py"
    path.write_text(marked, encoding="utf-8")
    codes = sorted(d["code"] for d in check_json(path)["kernel.py"] if d["code"] != "PTO611")
    assert codes == ["PTO301", "PTO711"]


def test_the_real_corpus_break_kernels_are_reported_on_their_break():
    corpus_file = REPO.parent / "shared" / "corpus" / "pypto-real" / "pypto" / "tests" / "st" / "runtime"
    path = corpus_file / "control_flow" / "test_ctrl_flow.py"
    if not path.is_file():
        pytest.skip(f"no corpus file {path}")
    reported = check_json(path)["test_ctrl_flow.py"]
    lines = path.read_text(encoding="utf-8").splitlines()
    assert [(d["code"], lines[d["range"]["start"]["line"]].strip()) for d in reported] == [
        ("PTO701", "break"),
        ("PTO701", "break"),
    ]


# --- the op-verdict and parser-verdict cases the real parser accepts ----------------------------

SHARED = REPO.parent / "shared" / "corpus"
ACCEPTED = json.loads(
    (REPO / "tests" / "data" / "accepted_compile_verdicts.json").read_text(encoding="utf-8")
)
# The real errors we model (PTO701, PTO711-714, PTO721), as the report prints them.
MODELLED = (
    "Operator 'eq' does not accept bool dtype",
    "Misplaced tensor op '",
    "Misplaced builtin op 'tile.alloc'",
    "pl.assemble(..., atomic=",
    "tile.store output_tensor must be a Var or IterArg",
)


def modelled(message: str) -> bool:
    return message.startswith(MODELLED) or (
        message.startswith("Call to '")
        and " is neither a variable nor a recognized constant literal" in message
    )


def test_the_accepted_verdict_cases_get_exactly_the_real_pipeline_errors_we_model():
    """Over every case the real parser accepts: each PTO7xx error we report is one the
    real `ir.compile` raised for that file, and each real error we model is reported."""
    if not SHARED.is_dir():
        pytest.skip(f"no corpus at {SHARED}")
    files = [SHARED / name for name in ACCEPTED]
    reported = check_json(*files)
    missed, wrong = [], []
    for name, entry in ACCEPTED.items():
        real = {e["message"] for p in entry["programs"] for e in p["errors"][:1]}
        diagnostics = reported.get(Path(name).name, [])
        ours = {d["message"] for d in diagnostics if d["code"] in PIPELINE_CODES}
        wrong += [(name, message) for message in ours if message not in real]
        # A file our front end wrongly rejects (the parser verdicts' business) shows no PTO7xx.
        if any(d["severity"] == 1 and d["code"] not in PIPELINE_CODES for d in diagnostics):
            continue
        missed += [(name, message) for message in real if modelled(message) and message not in ours]
    assert wrong == []
    assert missed == []


# --- ConvertTensorToTileOps: what a tensor op becomes in a kernel, rejected -------------------
# Each kernel is accepted by the parser and every pass before ConvertTensorToTileOps; the pass
# turns a tensor op into its tile op, whose own type deduction (or the conversion's check)
# refuses it. Reported on the tensor op; the program's other errors stop there.


def _kernel(params: str, body: str) -> str:
    return (
        "import pypto.language as pl\n\n\n"
        "@pl.program\n"
        "class Kernel:\n"
        "    @pl.function\n"
        f"    def main(self, {params}) -> pl.Tensor[[64, 64], pl.FP32]:\n"
        '        with pl.at(level=pl.Level.CORE_GROUP, name_hint="k"):\n'
        + textwrap.indent(textwrap.dedent(body), " " * 12)
        + "        return out\n"
    )


_F32 = "pl.Tensor[[64, 64], pl.FP32]"
_OUT = f"out: pl.Out[{_F32}]"
# name -> (source, the line the error is on (its text), message, code); `accepted`: the same
# kernel with the one thing changed that the real compiler then compiles.
TILE_CONVERSION_CASES = {
    "matmul_of_mixed_dtypes": (
        _kernel(
            f"a: pl.Tensor[[64, 64], pl.FP16], b: {_F32}, {_OUT}",
            """\
            c = pl.matmul(a, b, out_dtype=pl.FP32)
            out = pl.assemble(out, c, [0, 0])
            """,
        ),
        "c = pl.matmul(a, b, out_dtype=pl.FP32)",
        "The operator tile.matmul requires identical lhs and rhs data types, but got fp16 and fp32",
        "PTO704",
        ("b: pl.Tensor[[64, 64], pl.FP32]", "b: pl.Tensor[[64, 64], pl.FP16]"),
    ),
    "math_on_a_stored_gm_tensor": (
        _kernel(
            f"x: {_F32}, y: pl.Out[{_F32}], {_OUT}",
            """\
            t = pl.add(x, x)
            y = pl.assemble(y, t, [0, 0])
            r = pl.recip(y)
            out = pl.assemble(out, r, [0, 0])
            """,
        ),
        "r = pl.recip(y)",
        "The operator tile.recip requires argument to be a TileType, but got TensorType",
        "PTO704",
        ("r = pl.recip(y)", "r = pl.recip(t)"),
    ),
    "transpose_of_a_stored_gm_tensor": (
        _kernel(
            f"x: {_F32}, y: pl.Out[{_F32}], {_OUT}",
            """\
            t = pl.add(x, x)
            y = pl.assemble(y, t, [0, 0])
            r = pl.transpose(y, 0, 1)
            out = pl.assemble(out, r, [0, 0])
            """,
        ),
        "r = pl.transpose(y, 0, 1)",
        "tensor.transpose conversion: input must be TileType after memory promotion, got TensorType",
        "PTO705",
        ("r = pl.transpose(y, 0, 1)", "r = pl.transpose(t, 0, 1)"),
    ),
    "view_of_a_computed_value": (
        _kernel(
            f"x: {_F32}, {_OUT}",
            """\
            t = pl.add(x, x)
            v = pl.tensor.view(t, [64, 64])
            out = pl.assemble(out, v, [0, 0])
            """,
        ),
        "v = pl.tensor.view(t, [64, 64])",
        "tensor.view in an InCore function requires a GM Tensor input that remains tensor-like through "
        "ConvertTensorToTileOps; viewing the result of an op lowered to Tile is not supported",
        "PTO705",
        ("v = pl.tensor.view(t, [64, 64])", "v = pl.reshape(t, [64, 64])"),
    ),
    "dma_and_scalar_stores_of_one_gm_tensor": (
        _kernel(
            f"x: {_F32}, y: pl.Out[{_F32}], {_OUT}",
            """\
            t = pl.add(x, x)
            out = pl.assemble(out, t, [0, 0])
            pl.write(out, [0, 0], 1.0)
            """,
        ),
        "pl.write(out, [0, 0], 1.0)",
        "GM tensor 'out__ssa_v0' mixes MTE3 and scalar stores in one InCore function. "
        "tile.store/tensor.assemble uses the MTE3 path while tensor.write uses the scalar D-cache path; "
        "PyPTO cannot guarantee ordering or cache-line coherence between them. Rewrite the updates "
        "through one UB tile (use tile.write, then one tile.store), or use tensor.write for every GM "
        "element written to this tensor.",
        "PTO705",
        ("pl.write(out, [0, 0], 1.0)", "pl.write(y, [0, 0], 1.0)"),
    ),
    "assemble_of_another_dtype_into_a_local": (
        _kernel(
            f"x: pl.Tensor[[64, 64], pl.BF16], {_OUT}",
            """\
            buf = pl.create_tensor([64, 64], dtype=pl.FP32)
            src = x[0:64, 0:64]
            buf = pl.assemble(buf, src, [0, 0])
            out = pl.assemble(out, buf, [0, 0])
            """,
        ),
        "buf = pl.assemble(buf, src, [0, 0])",
        "tile.assemble requires target and source to have the same dtype (or an Acc->Mat FIXPIPE "
        "downcast to bf16/f16), but got fp32 and bfloat16",
        "PTO704",
        ("src = x[0:64, 0:64]", "src = pl.cast(x[0:64, 0:64], target_type=pl.FP32)"),
    ),
}


@pytest.mark.parametrize("name", sorted(TILE_CONVERSION_CASES))
def test_a_tile_op_the_conversion_makes_rejects_what_the_tensor_op_was_given(name: str, tmp_path: Path):
    source, line_text, message, code, _ = TILE_CONVERSION_CASES[name]
    path = tmp_path / "kernel.py"
    path.write_text(source, encoding="utf-8")
    errors = [d for d in check_json(path)["kernel.py"] if d["severity"] == 1]
    assert [(d["code"], d["message"]) for d in errors] == [(code, message)]
    [error] = errors
    line = source.splitlines()[error["range"]["start"]["line"]]
    assert line.strip() == line_text
    call = line_text.partition(" = ")[2] or line_text
    assert line[error["range"]["start"]["character"] :].startswith(call)
    assert error["data"]["stage"] == "ConvertTensorToTileOps"
    compiled = run_pto_lsp("compile", str(path))
    assert "not shown: the real ConvertTensorToTileOps" in compiled.stdout


@pytest.mark.parametrize("name", sorted(TILE_CONVERSION_CASES))
def test_the_same_kernel_made_right_is_accepted(name: str, tmp_path: Path):
    source, _, _, _, (wrong, right) = TILE_CONVERSION_CASES[name]
    assert wrong in source
    path = tmp_path / "kernel.py"
    path.write_text(source.replace(wrong, right), encoding="utf-8")
    assert [d for d in check_json(path)["kernel.py"] if d["severity"] == 1] == []
