"""Rules found by judging one-mistake mutants of other real kernels with the real compiler
(built from hw-native-sys/pypto e2d0f78): each kernel here is ours, the verdict is the real one."""

from __future__ import annotations

import textwrap

from compiler import check_source


def _errors(source: str) -> list[tuple[int, str]]:
    return [(d.span.start_line, d.message) for d in check_source(textwrap.dedent(source)) if d.severity == 1]


def test_an_if_on_index_arithmetic_is_not_a_bool() -> None:
    # Real: "if condition must be a Bool-typed scalar expression, got pl.Scalar[pl.INDEX]".
    errors = _errors(
        """\
        import pypto.language as pl

        TILE = 64


        @pl.function
        def f(x: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
            for kb in pl.range(2):
                k0 = kb * TILE
                if k0:
                    x = pl.mul(x, 2.0)
            return x
        """
    )
    assert errors == [(10, "if condition must be a Bool-typed scalar expression, got pl.Scalar[pl.INDEX]")]


def test_a_memory_space_on_a_tensor_annotation_is_an_unknown_layout() -> None:
    # Real: the annotation is resolved before it is compared with the value.
    errors = _errors(
        """\
        import pypto.language as pl


        @pl.function(type=pl.FunctionType.InCore)
        def f(x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
            t: pl.Tensor[[64, 64], pl.FP32, pl.Mem.Vec] = pl.load(x, [0, 0], [64, 64])
            out = pl.store(t, [0, 0], out)
            return out
        """
    )
    assert errors == [(6, "Unknown layout: Vec")]


def test_an_spmd_body_calling_a_method_without_self_dispatches_nothing() -> None:
    # Real: the SPMD body check comes first; `kernel(...)` is no dispatch in a program.
    errors = _errors(
        """\
        import pypto.language as pl


        @pl.program
        class P:
            @pl.function(type=pl.FunctionType.InCore)
            def kernel(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
                i = pl.tile.get_block_idx()
                t = pl.load(x, [0, 0], [64, 64])
                out = pl.store(t, [0, 0], out)
                return out

            @pl.function(type=pl.FunctionType.Orchestration)
            def main(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
                with pl.spmd(4):
                    out = kernel(x, out)
                return out
        """
    )
    assert [line for line, _ in errors] == [15]
    assert errors[0][1].startswith("`with pl.spmd(...)` body neither reads the per-block index")
