"""What a `@pl.jit` body means after the jit's rewrite, and a distributed op's attributes:
forms the real compiler accepts must check clean, the neighbouring mistake must not.

Judged with the real PyPTO (e2d0f78): `k.compile()` of the kernel below builds and
compiles when `T` is a module constant — of this file or imported from another — since
the jit writes it in as a literal; with `T` a local of the body, the parser refuses
`pl.const() first argument must be a numeric literal` at the start of the call's
statement (the jit maps the rewritten code's places back per statement: 8:9).
"""

from __future__ import annotations

import json
import textwrap

from conftest import run_pto_lsp

JIT_KERNEL = """\
import pypto.language as pl
{prelude}

@pl.jit
def k(a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
{local}        n = pl.const(T, pl.INT32)
        t = pl.load(a, [0, 0], [16, 16])
        out = pl.store(t, [0, 0], out)
    return out
"""


def _errors(tmp_path, source: str) -> list[tuple[int, int, str]]:
    (tmp_path / "consts.py").write_text("T = 4 * 4\n")
    path = tmp_path / "kernel.py"
    path.write_text(source)
    report = json.loads(run_pto_lsp("check", "--format", "json", str(path)).stdout)
    return [
        (d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1, d["message"])
        for entry in report["files"]
        for d in entry["diagnostics"]
        if d["severity"] == 1
    ]


def test_a_jit_pl_const_of_an_imported_constant_is_a_literal(tmp_path):
    assert _errors(tmp_path, JIT_KERNEL.format(prelude="from consts import T\n", local="")) == []


def test_a_jit_pl_const_of_a_module_constant_is_a_literal(tmp_path):
    assert _errors(tmp_path, JIT_KERNEL.format(prelude="T = 16\n", local="")) == []


def test_a_jit_pl_const_of_a_local_is_refused(tmp_path):
    source = JIT_KERNEL.format(prelude="", local="        T = 16\n")
    assert _errors(tmp_path, source) == [(8, 9, "pl.const() first argument must be a numeric literal")]


def test_a_distributed_ops_string_attribute_is_no_constant_error(tmp_path):
    """`mode="ring"` is an attribute of `pld.tensor.allreduce`, as the real parser reads it."""
    source = textwrap.dedent(
        """\
        import pypto.language as pl
        import pypto.language.distributed as pld


        @pl.program
        class Ring:
            @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
            def host_orch(self, x: pl.Tensor[[1, 256], pl.FP32]) -> pl.Tensor[[1, 256], pl.FP32]:
                data_buf = pld.alloc_window_buffer(256 * 4)
                signal_buf = pld.alloc_window_buffer(6 * 4)
                data = pld.window(data_buf, [1, 256], dtype=pl.FP32)
                signal = pld.window(signal_buf, [3, 2], dtype=pl.INT32)
                data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum, mode="ring")
                return x
        """
    )
    assert _errors(tmp_path, source) == []


BIND_KERNEL = """\
import pypto.language as pl

M = pl.dynamic("M")


@pl.jit
def k(a: pl.Tensor[[{rows}, 16], pl.FP32], out: pl.Out[pl.Tensor[[{rows}, 16], pl.FP32]]):
    a.bind_dynamic(0, M)
    out.bind_dynamic(0, M)
    with pl.at(level=pl.Level.CORE_GROUP):
        t = pl.load(a, [0, 0], [16, 16])
        out = pl.store(t, [0, 0], out)
    return out
"""


def _not_analysed(tmp_path, source: str) -> list[int]:
    path = tmp_path / "kernel.py"
    path.write_text(source)
    report = json.loads(run_pto_lsp("check", "--format", "json", str(path)).stdout)
    return [span["start"]["line"] + 1 for entry in report["files"] for span in entry["notAnalysed"]]


def test_bind_dynamic_of_a_dynamic_dim_is_analysed(tmp_path):
    """The jit deletes `param.bind_dynamic(...)`: with the dim already dynamic in the
    annotation the program is the one annotated, and every line of it is analysed."""
    assert _not_analysed(tmp_path, BIND_KERNEL.format(rows="M")) == []
    assert "could not be analysed" not in run_pto_lsp("check", str(tmp_path / "kernel.py")).stdout


def test_bind_dynamic_of_an_integer_dim_is_said_not_analysed(tmp_path):
    """Binding a dim annotated 16 makes it dynamic: a type we do not rewrite, so those
    lines are said not analysed rather than checked against the wrong shape."""
    assert _not_analysed(tmp_path, BIND_KERNEL.format(rows="16")) == [8, 9]
