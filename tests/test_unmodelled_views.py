"""A program holding a construct the front end keeps opaque (a distributed op, say) is not
printed in the IR view at any stage: printed as written, it would not be what the real
parser builds (the real parse of the program below prints `pld.tensor.window(...)` with
its `pld.DistributedTensor[[1, 256], pl.FP32]` annotation, `pld.system.world_size()`,
folded buffer sizes). The view says which construct, where.
"""

from __future__ import annotations

import textwrap

import pytest
from conftest import run_pto_lsp

RING = textwrap.dedent(
    """\
    import pypto.language as pl
    import pypto.language.distributed as pld


    @pl.program
    class Ring:
        @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
        def host_orch(self, x: pl.Tensor[[1, 256], pl.FP32]) -> pl.Tensor[[1, 256], pl.FP32]:
            data_buf = pld.alloc_window_buffer(256 * 4)
            data = pld.window(data_buf, [1, 256], dtype=pl.FP32)
            return x


    @pl.program
    class Plain:
        @pl.function(type=pl.FunctionType.InCore)
        def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
            t = pl.load(x, [0, 0], [16, 16])
            return pl.store(t, [0, 0], out)
    """
)


@pytest.mark.parametrize("stage", ["parse", "4", "11"])
def test_a_program_with_an_unmodelled_construct_is_not_shown(tmp_path, stage):
    path = tmp_path / "ring.py"
    path.write_text(RING)
    view = run_pto_lsp("compile", str(path), "--after", stage).stdout
    assert (
        "# pypto.program: Ring -- not shown: the IR of the distributed op `pld.alloc_window_buffer(256 * 4)` "
        "(line 9) is not modelled" in view
    )
    assert "pld.window" not in view
    # The other program of the file is printed as before.
    assert "# pypto.program: Plain\n" in view
