"""Forms the real parser accepts: checking them must show nothing (no false positives).

Spec: gm-cache-policy.md "Where the declaration may be written", reference §1.1–§1.4
and §1.6 (accepted `cache=` values), §6.0 (P_AT, P_SPMD, P_LATE, P_MULTI).
"""

from __future__ import annotations

import textwrap

import pytest
from conftest import BYPASS, DEFAULT, assert_diagnostics, at_scope, check, program

MARKER_B = f"pl.set_cache_policy(b, {BYPASS})"

P_AT = """\
import pypto.language as pl


@pl.program
class Demo:
    @pl.function
    def main(
        self,
        a: pl.Tensor[[256, 128], pl.FP32],
        b: pl.Tensor[[128, 256], pl.FP32],
        out: pl.Out[pl.Tensor[[256, 256], pl.FP32]],
    ) -> pl.Tensor[[256, 256], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):
            pl.set_cache_policy(b, pl.CachePolicy.BYPASS)
            c: pl.Tensor[[256, 256], pl.FP32] = pl.matmul(a, b, out_dtype=pl.FP32)
            out = pl.assemble(out, c, [0, 0])
        return out
"""

P_SPMD = """\
import pypto.language as pl


@pl.program
class Spmd:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        b: pl.Tensor[[512, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[512, 128], pl.FP32]],
    ) -> pl.Tensor[[512, 128], pl.FP32]:
{body}
        return out
"""


def spmd(body: str) -> str:
    return P_SPMD.format(body=textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 8))


ACCEPTED = {
    "P_AT: CORE_GROUP scope with name_hint": P_AT,
    "P_AT in @pl.jit style": """\
import pypto.language as pl


@pl.jit
def matmul(a: pl.Tensor, b: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):
        pl.set_cache_policy(b, pl.CachePolicy.BYPASS)
        c = pl.matmul(a, b, out_dtype=pl.FP32)
        out = pl.assemble(out, c, [0, 0])
    return out
""",
    "positional pl.at(pl.Level.CORE_GROUP)": program(
        at_scope(MARKER_B).replace(
            'pl.at(level=pl.Level.CORE_GROUP, name_hint="mm")', "pl.at(pl.Level.CORE_GROUP)"
        )
    ),
    "non-CORE_GROUP level (Hierarchy)": program(
        f"""
        with pl.at(level=pl.Level.CHIP):
            {MARKER_B}
            with pl.at(level=pl.Level.CORE_GROUP):
                c = pl.matmul(a, b, out_dtype=pl.FP32)
                out = pl.assemble(out, c, [0, 0])
        """,
        decorator="@pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)",
    ),
    "Hierarchy with role=": program(
        f"""
        with pl.at(level=pl.Level.CHIP, role=pl.Role.Orchestrator):
            {MARKER_B}
            with pl.at(level=pl.Level.CORE_GROUP):
                c = pl.matmul(a, b, out_dtype=pl.FP32)
                out = pl.assemble(out, c, [0, 0])
        """,
        decorator="@pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)",
    ),
    "P_SPMD: for i in pl.spmd(4)": spmd(
        f"""
        for i in pl.spmd(4):
            {MARKER_B}
            offset = i * 128
            tile_b: pl.Tile[[128, 128], pl.FP32] = pl.load(b, [offset, 0], [128, 128])
            out = pl.store(tile_b, [offset, 0], out)
        """
    ),
    "inline with pl.spmd(4) reading get_block_idx": spmd(
        f"""
        with pl.spmd(4):
            {MARKER_B}
            i = pl.tile.get_block_idx()
            offset = i * 128
            tile_b = pl.load(b, [offset, 0], [128, 128])
            out = pl.store(tile_b, [offset, 0], out)
        """
    ),
    "inline with pl.spmd(4) as tid": spmd(
        f"""
        with pl.spmd(4) as tid:
            {MARKER_B}
            i = pl.tile.get_block_idx()
            offset = i * 128
            tile_b = pl.load(b, [offset, 0], [128, 128])
            out = pl.store(tile_b, [offset, 0], out)
        """
    ),
    "lone pl.at(CORE_GROUP) inside with pl.spmd(4)": spmd(
        f"""
        with pl.spmd(4):
            with pl.at(level=pl.Level.CORE_GROUP):
                {MARKER_B}
                i = pl.tile.get_block_idx()
                offset = i * 128
                tile_b = pl.load(b, [offset, 0], [128, 128])
                out = pl.store(tile_b, [offset, 0], out)
        """
    ),
    "P_LATE: marker after the code using the tensor": program(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="mm"):
            c = pl.matmul(a, b, out_dtype=pl.FP32)
            {MARKER_B}
            out = pl.assemble(out, c, [0, 0])
        """
    ),
    "P_MULTI: two tensors, two policies": program(at_scope(MARKER_B, f"pl.set_cache_policy(a, {DEFAULT})")),
    "repeated identical marker": program(at_scope(MARKER_B, MARKER_B)),
    "pl.tensor.set_cache_policy spelling": program(at_scope(f"pl.tensor.set_cache_policy(b, {BYPASS})")),
    "bare CachePolicy.BYPASS prefix": program(at_scope("pl.set_cache_policy(b, CachePolicy.BYPASS)")),
    "rebinding after the scope": program(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="first"):
            {MARKER_B}
            c = pl.matmul(a, b, out_dtype=pl.FP32)
            out = pl.assemble(out, c, [0, 0])
        b = out
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="second"):
            pl.set_cache_policy(b, {DEFAULT})
            d = pl.matmul(a, b, out_dtype=pl.FP32)
            out = pl.assemble(out, d, [0, 0])
        """
    ),
    "different policies for one tensor in two scopes": program(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="first"):
            {MARKER_B}
            c = pl.matmul(a, b, out_dtype=pl.FP32)
            out = pl.assemble(out, c, [0, 0])
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="second"):
            pl.set_cache_policy(b, {DEFAULT})
            d = pl.matmul(b, a, out_dtype=pl.FP32)
            out = pl.assemble(out, d, [0, 0])
        """
    ),
    "tensor assigned before the scope": program(
        f"""
        w = pl.create_tensor([64, 64], dtype=pl.FP32)
        with pl.at(level=pl.Level.CORE_GROUP):
            pl.set_cache_policy(w, {BYPASS})
            c = pl.matmul(a, w, out_dtype=pl.FP32)
            out = pl.assemble(out, c, [0, 0])
        """
    ),
    "scope inside a loop": program(
        f"""
        for r in pl.parallel(0, 64, 32):
            with pl.at(level=pl.Level.CORE_GROUP):
                {MARKER_B}
                t = pl.load(b, [r, 0], [32, 64])
                out = pl.store(t, [r, 0], out)
        """
    ),
    "Out parameter with DEFAULT": program(at_scope(f"pl.set_cache_policy(out, {DEFAULT})")),
    "tensor bound inside an earlier scope": program(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="first"):
            c = pl.matmul(a, b, out_dtype=pl.FP32)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="second"):
            pl.set_cache_policy(c, {BYPASS})
            d = pl.matmul(c, b, out_dtype=pl.FP32)
            out = pl.assemble(out, d, [0, 0])
        """
    ),
    "scope inside an if": program(
        f"""
        if n > 0:
            with pl.at(level=pl.Level.CORE_GROUP):
                {MARKER_B}
                c = pl.matmul(a, b, out_dtype=pl.FP32)
                out = pl.assemble(out, c, [0, 0])
        """
    ),
    "dispatch-shaped spmd with optimizations": """\
import pypto.language as pl


@pl.program
class SplitDispatch:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        b: pl.Tensor[[512, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[512, 128], pl.FP32]],
    ) -> pl.Tensor[[512, 128], pl.FP32]:
        i = pl.tile.get_block_idx()
        offset = i * 128
        t = pl.load(b, [offset, 0], [128, 128])
        out = pl.store(t, [offset, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        b: pl.Tensor[[512, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[512, 128], pl.FP32]],
    ) -> pl.Tensor[[512, 128], pl.FP32]:
        with pl.spmd(4, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            pl.set_cache_policy(b, pl.CachePolicy.BYPASS)
            out = self.kernel(b, out)
        return out
""",
    "not DSL code: module level and an undecorated helper": """\
import pypto.language as pl

pl.set_cache_policy(None, 1)


def build_specs(a):
    pl.set_cache_policy(a, pl.CachePolicy.BYPASS)
    return [a]


@pl.jit
def entry(b: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        pl.set_cache_policy(b, pl.CachePolicy.BYPASS)
        t = pl.load(b, [0, 0], [64, 64])
        out = pl.store(t, [0, 0], out)
    return out
""",
    "another alias for pypto.language is no marker": """\
import pypto.language as lang


@lang.jit
def entry(b: lang.Tensor, out: lang.Out[lang.Tensor]):
    lang.set_cache_policy(b, lang.CachePolicy.BYPASS)
    with lang.at(level=lang.Level.CORE_GROUP):
        lang.set_cache_policy(b, 1)
        t = lang.load(b, [0, 0], [64, 64], cache=2)
        out = lang.store(t, [0, 0], out)
    return out
""",
}


@pytest.mark.parametrize("source", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_accepted_form_checks_clean(tmp_path, source):
    assert_diagnostics(check(tmp_path, source))


CACHE_VALUES = ["0", "1", "True", "False", "None", DEFAULT, BYPASS]


@pytest.mark.parametrize("value", CACHE_VALUES)
@pytest.mark.parametrize("op", ["pl.load", "pl.tile.load"])
def test_accepted_load_cache_value(tmp_path, op, value):
    source = program(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP):
            t = {op}(b, [0, 0], [64, 64], cache={value})
            out = pl.store(t, [0, 0], out)
        """
    )
    assert_diagnostics(check(tmp_path, source))


def test_explicit_default_inside_a_bypassing_scope(tmp_path):
    # gm-cache-policy.md "Precedence": an explicit cache= wins over the scope declaration.
    source = program(
        f"""
        with pl.at(level=pl.Level.CORE_GROUP):
            {MARKER_B}
            hot = pl.load(b, [0, 0], [32, 64], cache={DEFAULT})
            rest = pl.load(b, [32, 0], [32, 64])
            out = pl.store(hot, [0, 0], out)
            out = pl.store(rest, [32, 0], out)
        """
    )
    assert_diagnostics(check(tmp_path, source))


@pytest.mark.parametrize("value", ["pl.CachePolicy.BYPASS", "1", "0"])
def test_module_constant_holding_a_policy(tmp_path, value):
    source = program(
        """
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(b, [0, 0], [64, 64], cache=STREAM)
            out = pl.store(t, [0, 0], out)
        """,
        prelude=f"\nSTREAM = {value}\n",
    )
    assert_diagnostics(check(tmp_path, source))
