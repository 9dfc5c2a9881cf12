"""A `@pl.jit` entry using what an un-annotated `@pl.jit.inline` helper returns.

The real specializer annotates such a helper's return from its source: `return a, b` of
tensor parameters binds, at the call, the types of the tensors passed for them. The
results are then typed, and what reads them is analysed, as the real compiler analyses it.

Judged with the real PyPTO (e2d0f78), each file run as `__main__` (`k.compile(...)`):
`ACCEPTED` is accepted; `MATMUL` is refused with `pl operation 'matmul': tensor.matmul
requires matching inner dimensions, but got lhs K=64 and rhs K=16` on line 17, and so
is `MATMUL` with the helper called by keyword (`fill(b=y, a=x)`).
"""

from __future__ import annotations

import json

from conftest import run_pto_lsp

ACCEPTED = """\
import pypto.language as pl


@pl.jit.inline
def fill(a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="fill"):
        t = pl.load(a, [0, 0], [16, 64])
        b = pl.store(t, [0, 0], b)
    return a, b


@pl.jit
def k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    y = pl.create_tensor([16, 64], dtype=pl.FP32)
    x2, y2 = fill(x, y)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="copy"):
        for r in pl.range(16):
            out[r : r + 1, :] = y2[r : r + 1, :]
    return out


if __name__ == "__main__":
    import torch

    k.compile(torch.zeros(16, 64), torch.zeros(16, 64))
"""

_MATMUL_EDIT = (
    """        for r in pl.range(16):
            out[r : r + 1, :] = y2[r : r + 1, :]""",
    """        m = pl.matmul(x2, y2)
        out = pl.assemble(out, m, [0, 0])""",
)
MATMUL = ACCEPTED.replace(*_MATMUL_EDIT)
MATMUL_ERROR = (
    "pl operation 'matmul': tensor.matmul requires matching inner dimensions, but got lhs K=64 and rhs K=16"
)


def _report(tmp_path, source: str) -> dict:
    path = tmp_path / "kernel.py"
    path.write_text(source)
    return json.loads(run_pto_lsp("check", "--format", "json", str(path)).stdout)["files"][0]


def test_the_slices_of_a_helpers_results_are_analysed(tmp_path):
    report = _report(tmp_path, ACCEPTED)
    assert report["notAnalysed"] == []
    assert [d for d in report["diagnostics"] if d["severity"] == 1] == []


def test_a_helpers_results_carry_the_passed_tensors_shapes(tmp_path):
    report = _report(tmp_path, MATMUL)
    errors = [
        (d["range"]["start"]["line"] + 1, d["message"]) for d in report["diagnostics"] if d["severity"] == 1
    ]
    assert errors == [
        (
            17,
            "pl operation 'matmul': tensor.matmul requires matching inner dimensions, but got lhs K=64 and rhs K=16",
        )
    ]


def test_results_passed_by_keyword_are_typed_too(tmp_path):
    report = _report(tmp_path, MATMUL.replace("fill(x, y)", "fill(b=y, a=x)"))
    assert [d["message"] for d in report["diagnostics"] if d["severity"] == 1] == [
        "pl operation 'matmul': tensor.matmul requires matching inner dimensions, but got lhs K=64 and rhs K=16"
    ]


# The same helper in a module of its own beside the kernel, imported by bare name as the
# models of pypto-lib import theirs (the script's directory is on `sys.path`). Judged with
# the real PyPTO (e2d0f78), run as `__main__` beside `fill_helpers.py`: `IMPORTING` is
# accepted; with the matmul, refused with the message above on line 11.
FILL_HELPERS = ACCEPTED.partition("\n\n\n@pl.jit\n")[0] + "\n"
IMPORTING = ACCEPTED.replace(
    ACCEPTED.partition("\n\n\n@pl.jit\n")[0], "import pypto.language as pl\n\nfrom fill_helpers import fill"
)


def test_a_helper_imported_from_a_module_beside_the_file_is_read_from_it(tmp_path):
    (tmp_path / "fill_helpers.py").write_text(FILL_HELPERS)
    assert _report(tmp_path, IMPORTING)["notAnalysed"] == []
    report = _report(tmp_path, IMPORTING.replace(*_MATMUL_EDIT))
    errors = [
        (d["range"]["start"]["line"] + 1, d["message"]) for d in report["diagnostics"] if d["severity"] == 1
    ]
    assert errors == [(11, MATMUL_ERROR)]


def test_without_the_module_the_imported_helpers_results_are_not_analysed(tmp_path):
    """No `fill_helpers.py` beside it: nothing is known of `fill`, and nothing is claimed."""
    report = _report(tmp_path, IMPORTING.replace(*_MATMUL_EDIT))
    assert [d for d in report["diagnostics"] if d["severity"] == 1] == []
    assert [span["start"]["line"] + 1 for span in _report(tmp_path, IMPORTING)["notAnalysed"]] == [12]


def test_the_editor_reads_the_imported_helper_too(tmp_path):
    """The language server names a document by its `file:` URI: the helper is read from the
    module beside the file it names."""
    from pto_lsp.workspace.engine import AnalysisEngine

    (tmp_path / "fill_helpers.py").write_text(FILL_HELPERS)
    path = tmp_path / "kernel.py"
    path.write_text(IMPORTING.replace(*_MATMUL_EDIT))
    analysis = AnalysisEngine().analyse_text(path.as_uri(), path.read_text())
    assert [(d.span.start_line, d.message) for d in analysis.diagnostics if d.severity.value == 1] == [
        (11, MATMUL_ERROR)
    ]


# Judged with the real PyPTO (e2d0f78): the second call's results have the types of the
# first call's tensors (the specializer types the helper from its first call), so the
# matmul of [32, 64] tensors is refused as one of [16, 64] ones, on line 19.
CALLED_TWICE = """\
import pypto.language as pl


@pl.jit.inline
def fill(a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="fill"):
        t = pl.load(a, [0, 0], [16, 64])
        b = pl.store(t, [0, 0], b)
    return a, b


@pl.jit
def k(x: pl.Tensor[[16, 64], pl.FP32], z: pl.Tensor[[32, 64], pl.FP32], out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]):
    y = pl.create_tensor([16, 64], dtype=pl.FP32)
    x2, y2 = fill(x, y)
    w = pl.create_tensor([32, 64], dtype=pl.FP32)
    z2, w2 = fill(z, w)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="copy"):
        m = pl.matmul(z2, w2)
        out = pl.assemble(out, m, [0, 0])
    return out
"""


def test_a_second_call_with_other_shapes_is_never_typed_by_its_own_tensors(tmp_path):
    """Typed by its own tensors, the matmul would be refused with K=32, an error the real
    compile does not raise: the result is left unknown instead (or typed as the real one)."""
    report = _report(tmp_path, CALLED_TWICE)
    errors = [
        (d["range"]["start"]["line"] + 1, d["message"]) for d in report["diagnostics"] if d["severity"] == 1
    ]
    assert errors in ([], [(19, MATMUL_ERROR)])


# A helper returning what its call of another helper binds: the specializer writes it no
# annotation, the real parser derives its results from its body (`fill`'s, of the
# parameters passed on). Judged with the real PyPTO (e2d0f78): refused as `MATMUL` is,
# on line 23.
WRAPPED = MATMUL.replace(
    "    return a, b\n\n\n@pl.jit\n",
    """    return a, b


@pl.jit.inline
def wrap(c: pl.Tensor[[16, 64], pl.FP32], d: pl.Tensor[[16, 64], pl.FP32]):
    c2, d2 = fill(c, d)
    return c2, d2


@pl.jit
""",
).replace("x2, y2 = fill(x, y)", "x2, y2 = wrap(x, y)")


def test_a_helper_returning_another_helpers_results_passes_on_their_types(tmp_path):
    report = _report(tmp_path, WRAPPED)
    errors = [
        (d["range"]["start"]["line"] + 1, d["message"]) for d in report["diagnostics"] if d["severity"] == 1
    ]
    assert errors == [(23, MATMUL_ERROR)]


# A helper returning tensors it creates itself: no annotation is written, and the real
# parser types the call from the helper's body (`BodyReturn`). Judged with the real PyPTO
# (e2d0f78), run as `__main__`: `CREATED` is refused at parse with `MATMUL_OF_CREATED` on
# line 21; with the matmul's operands swapped (`CREATED_LATER`), the parse accepts it (`b`'s
# rows are the local `rows`, not a number, to the tensor matmul) and only the later tile
# matmul refuses it, which is not claimed here.
CREATED = """\
import pypto.language as pl

ROWS = 16


@pl.jit.inline
def make(a: pl.Tensor[[16, 64], pl.FP32]):
    rows = ROWS * 1
    b = pl.create_tensor([rows, 32], dtype=pl.FP32)
    c = pl.create_tensor([ROWS, 64], dtype=pl.FP32)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="fill"):
        t = pl.load(a, [0, 0], [16, 32])
        pl.store(t, [0, 0], b)
    return b, c


@pl.jit
def k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    b2, c2 = make(x)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="use"):
        m = pl.matmul(b2, c2)
        out = pl.assemble(out, m, [0, 0])
    return out


if __name__ == "__main__":
    import torch

    k.compile(torch.zeros(16, 64), torch.zeros(16, 64))
"""
MATMUL_OF_CREATED = (
    "pl operation 'matmul': tensor.matmul requires matching inner dimensions, but got lhs K=32 and rhs K=16"
)
CREATED_LATER = CREATED.replace("pl.matmul(b2, c2)", "pl.matmul(c2, b2)")


def _error_lines(report: dict) -> list[tuple[int, str]]:
    return [
        (d["range"]["start"]["line"] + 1, d["message"]) for d in report["diagnostics"] if d["severity"] == 1
    ]


def test_a_helpers_own_tensors_are_typed_from_its_body(tmp_path):
    report = _report(tmp_path, CREATED)
    assert report["notAnalysed"] == []
    assert _error_lines(report) == [(21, MATMUL_OF_CREATED)]


def test_a_created_tensors_local_size_is_no_number_at_the_call(tmp_path):
    report = _report(tmp_path, CREATED_LATER)
    assert report["notAnalysed"] == []
    assert _error_lines(report) == []


def test_a_created_tensor_sized_by_a_parameter_is_not_typed(tmp_path):
    """Its type would be the call's: nothing is claimed of it."""
    source = CREATED.replace("rows = ROWS * 1", "rows = a.shape[0] * 1")
    assert _error_lines(_report(tmp_path, source)) == []


def test_the_editor_retypes_the_call_when_the_helpers_creation_changes(tmp_path):
    """The caller's analysis is kept while the helper's value is unchanged: an edit of the
    created tensor's size changes it."""
    from pto_lsp.workspace.engine import AnalysisEngine

    path = tmp_path / "kernel.py"
    engine = AnalysisEngine()
    first = engine.analyse_text(path.as_uri(), CREATED)
    assert [d.message for d in first.diagnostics if d.severity.value == 1] == [MATMUL_OF_CREATED]
    fixed = CREATED.replace("[ROWS, 64]", "[32, 64]")
    second = engine.analyse_text(path.as_uri(), fixed)
    assert [d.message for d in second.diagnostics if d.severity.value == 1] == []
