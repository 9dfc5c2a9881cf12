"""The PTO op names the emitter writes are the real backend's (issue 33): every tile op it
emits is one the real PTO codegen registers, under the name the real tables give it
(`tests/data/real_pto_op_names.json`, recorded from hw-native-sys/pypto e2d0f78's
src/backend/common). `tile.maximum` is `pto.tmax`, not `pto.tmaximum`; and a kernel using
a tile op the real backend has no PTO codegen for is not emitted, rather than emitted with
an op name of our own making."""

from __future__ import annotations

import json
import textwrap

from conftest import REPO, run_pto_lsp

from compiler.codegen import pto_op_names

REAL = json.loads((REPO / "tests" / "data" / "real_pto_op_names.json").read_text(encoding="utf-8"))


def test_every_op_the_emitter_names_is_named_as_the_real_backend_names_it() -> None:
    wrong = {
        tile_op: (ours, REAL["pto_op"].get(tile_op))
        for tile_op, ours in pto_op_names.all_names().items()
        if REAL["pto_op"].get(tile_op) != ours
    }
    assert not wrong, wrong


def test_every_op_the_emitter_writes_has_a_real_pto_codegen() -> None:
    assert set(pto_op_names.all_names()) <= set(REAL["registered"])


def _kernel(tmp_path, body: str):
    path = tmp_path / "kernel.py"
    path.write_text(
        textwrap.dedent(
            """\
            import pypto.language as pl


            @pl.program
            class Prog:
                @pl.function(type=pl.FunctionType.InCore)
                def kernel(
                    self,
                    a: pl.Tensor[[16, 64], pl.FP32],
                    b: pl.Tensor[[16, 64], pl.FP32],
                    out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
                ) -> pl.Tensor[[16, 64], pl.FP32]:
                    ta = pl.load(a, [0, 0], [16, 64])
                    tb = pl.load(b, [0, 0], [16, 64])
            BODY
                    out = pl.store(tc, [0, 0], out)
                    return out
            """
        ).replace("BODY", textwrap.indent(body, " " * 8)),
        encoding="utf-8",
    )
    return run_pto_lsp("compile", str(path), "--emit", "mlir")


def test_a_maximum_of_two_tiles_is_pto_tmax(tmp_path) -> None:
    proc = _kernel(tmp_path, "tc = pl.maximum(ta, tb)")
    assert proc.returncode == 0, proc.stderr
    assert "pto.tmax ins(" in proc.stdout and "tmaximum" not in proc.stdout


def test_a_maximum_with_a_scalar_is_pto_tmaxs(tmp_path) -> None:
    proc = _kernel(tmp_path, "tc = pl.tile.maximums(ta, 0.0)")
    if proc.returncode == 0:
        assert "pto.tmaxs ins(" in proc.stdout and "tmaximums" not in proc.stdout
    else:  # not emitted: said why, never a module with another op name
        assert "not emitted" in proc.stderr and not proc.stdout


def test_a_tile_op_without_a_real_pto_codegen_is_not_emitted(tmp_path) -> None:
    proc = _kernel(tmp_path, "tc = pl.tile.sin(ta)")
    assert "pto.tsin" not in proc.stdout
    assert proc.returncode == 1 and "not emitted" in proc.stderr, (proc.stdout, proc.stderr)
