"""Sizes a kernel imports from a `config` module beside it, as the models of pypto-lib do
(`from config import FLASH as M`, then `D = M.hidden_size`): read from that module's
source, never imported, a frozen dataclass's instance folded (its fields and properties).

Judged with the real PyPTO (e2d0f78), `KERNEL` imported beside `CONFIG`: refused with
`pl operation 'matmul': tensor.matmul requires matching inner dimensions, but got lhs K=32
and rhs K=64` on line 19 (`K` is a field, `M.wide_k` a property). `STOPPED` reads an
attribute the config does not have: its import stops with `AttributeError: 'KernelConfig'
object has no attribute 'batch'` on line 7, and the matmul below is never parsed.
"""

from __future__ import annotations

import json

from conftest import run_pto_lsp

CONFIG = '''\
from dataclasses import dataclass


@dataclass(frozen=True)
class KernelConfig:
    """Sizes of the kernel."""

    rows: int
    k: int
    n: int = 64

    @property
    def wide_k(self) -> int:
        return 2 * self.k


CFG = KernelConfig(rows=16, k=32)
'''

KERNEL = """\
import pypto.language as pl

from config import CFG as M

ROWS = M.rows
K = M.k


@pl.program
class Sizes:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(
        self,
        a: pl.Tensor[[ROWS, K], pl.FP32],
        b: pl.Tensor[[M.wide_k, M.n], pl.FP32],
        out: pl.Out[pl.Tensor[[ROWS, M.n], pl.FP32]],
    ) -> pl.Tensor[[ROWS, M.n], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            c = pl.matmul(a, b)
            out = pl.assemble(out, c, [0, 0])
        return out
"""
MATMUL_ERROR = (
    "pl operation 'matmul': tensor.matmul requires matching inner dimensions, but got lhs K=32 and rhs K=64"
)
STOPPED = KERNEL.replace("K = M.k\n", "K = M.k\nBATCH = M.batch\n")


def _errors(tmp_path, source: str, config: str | None = CONFIG) -> list[tuple[int, int, str]]:
    if config is not None:
        (tmp_path / "config.py").write_text(config)
    path = tmp_path / "kernel.py"
    path.write_text(source)
    [report] = json.loads(run_pto_lsp("check", "--format", "json", str(path)).stdout)["files"]
    return [
        (d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1, d["message"])
        for d in report["diagnostics"]
        if d["severity"] == 1
    ]


def test_a_configs_fields_and_properties_size_the_kernel(tmp_path):
    assert _errors(tmp_path, KERNEL) == [(19, 17, MATMUL_ERROR)]


def test_without_the_config_module_nothing_is_claimed(tmp_path):
    assert _errors(tmp_path, KERNEL, config=None) == []


def test_a_config_class_that_is_more_than_a_record_is_not_folded(tmp_path):
    """A method besides the properties: what it does to an instance is not followed."""
    config = CONFIG.replace(
        "    @property\n", "    def scale(self) -> int:\n        return 1\n\n    @property\n"
    )
    assert _errors(tmp_path, KERNEL, config) == []


def test_reading_what_the_config_does_not_have_stops_the_import(tmp_path):
    assert _errors(tmp_path, STOPPED) == [(7, 9, "'KernelConfig' object has no attribute 'batch'")]
