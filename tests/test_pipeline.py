"""The pass pipeline against the real compiler's own test catalogue for this feature
(reference §6.3 OutlineIncoreScopes, §6.4 ConvertTensorToTileOps, §6.5 the whole
pipeline), plus the round trip of pass dumps and `pto-lsp compile --after`."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
from cache_policy_programs import BYPASS_MARKER, P_AT, at_program, parse_program
from conftest import CORPUS, EXAMPLES, run_pto_lsp

from compiler import analyse_source
from compiler.ir import Call, Function, FunctionType, Program, ScopeStmt
from compiler.ir.visit import own_exprs, walk_expr, walk_stmts
from compiler.passes.not_modelled import PassNotModelled
from compiler.passes.pipeline import run_passes
from compiler.passes.ssa import base_name
from compiler.printer import print_definitions, print_module

P_AT0 = at_program()


def after(text: str, stage: str) -> Program:
    [program], _ = run_passes([parse_program(text)], [], stage)
    return program


def function(program: Program, name: str) -> Function:
    return next(f for f in program.functions if f.name == name)


def loads_by_source(func: Function) -> dict[str, Call]:
    """Each `tile.load` of `func` by the name of the tensor it reads (each read once)."""
    loads: dict[str, Call] = {}
    for stmt in walk_stmts(func.body):
        for expr in own_exprs(stmt):
            for node in walk_expr(expr):
                if isinstance(node, Call) and node.op == "tile.load":
                    name = base_name(node.args[0].name)  # type: ignore[attr-defined]
                    assert name not in loads, f"{name} loaded twice"
                    loads[name] = node
    return loads


def attr_keys(program: Program) -> set[str]:
    keys = {key for f in program.functions for key, _ in f.attrs}
    keys |= {
        key
        for f in program.functions
        for s in walk_stmts(f.body)
        if isinstance(s, ScopeStmt)
        for key, _ in s.attrs
    }
    return keys


# --- §6.3 OutlineIncoreScopes ------------------------------------------------------------------


def test_declaration_becomes_a_param_index_on_the_outlined_kernel():
    program = after(P_AT, "OutlineIncoreScopes")
    mm = function(program, "mm")
    assert dict(mm.attrs)["cache_policy"] == [(1, 1)]
    assert mm.params[1].var.name.startswith("b")
    assert mm.func_type is FunctionType.INCORE


def test_scope_attr_is_consumed_by_outlining():
    program = after(P_AT, "9")
    main = function(program, "main")
    assert main.func_type is FunctionType.ORCHESTRATION  # promoted: it outlined a scope
    assert "cache_policy" not in dict(main.attrs)
    assert "cache_policy_vars" not in attr_keys(program)
    [call] = [
        n for s in walk_stmts(main.body) for e in own_exprs(s) for n in walk_expr(e) if isinstance(n, Call)
    ]
    assert call.op == "self.mm" and [base_name(a.name) for a in call.args] == ["a", "b", "out"]  # type: ignore[attr-defined]
    assert "attrs" not in call.kwargs


def test_declarations_are_recorded_in_param_index_order():
    program = after(at_program(BYPASS_MARKER, "pl.set_cache_policy(a, pl.CachePolicy.BYPASS)"), "9")
    assert dict(function(program, "mm").attrs)["cache_policy"] == [(0, 1), (1, 1)]


def test_default_policy_is_allowed_on_a_written_tensor():
    program = after(at_program("pl.set_cache_policy(out, pl.CachePolicy.DEFAULT)"), "9")
    assert dict(function(program, "mm").attrs)["cache_policy"] == [(2, 0)]


# --- §6.4 ConvertTensorToTileOps (applied to kernels written in pass 9's shape) ---------------

MM_KERNEL = """\
import pypto.language as pl


@pl.program
class Conv:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def mm(a: pl.Tensor[[256, 128], pl.FP32], b: pl.Tensor[[128, 256], pl.FP32], out: pl.Out[pl.Tensor[[256, 256], pl.FP32]]) -> pl.Tensor[[256, 256], pl.FP32]:
{attr}        c: pl.Tensor[[256, 256], pl.FP32] = pl.matmul(a, b, out_dtype=pl.FP32)
        out = pl.assemble(out, c, [0, 0])
        return out

    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, a: pl.Tensor[[256, 128], pl.FP32], b: pl.Tensor[[128, 256], pl.FP32], out: pl.Out[pl.Tensor[[256, 256], pl.FP32]]) -> pl.Tensor[[256, 256], pl.FP32]:
        y = self.mm(a, b, out)
        return y
"""
DECLARED_MM = MM_KERNEL.format(attr='        pl.func_attr({"cache_policy": [(1, 1)]})\n')


def load_kernel(body: str, declared: str = '        pl.func_attr({"cache_policy": [(0, 1)]})\n') -> str:
    return (
        "import pypto.language as pl\n\n\n@pl.program\nclass Conv:\n"
        "    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)\n"
        "    def k(x: pl.Tensor[[64, 64], pl.FP32], y: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:\n"
        + declared
        + textwrap.indent(textwrap.dedent(body), " " * 8)
    )


def converted(text: str) -> Function:
    program = after(text, "ConvertTensorToTileOps")
    return next(f for f in program.functions if f.func_type is FunctionType.INCORE)


def test_declared_param_gets_the_cache_kwarg_on_its_synthesised_load():
    loads = loads_by_source(converted(DECLARED_MM))
    assert loads["b"].kwargs["cache"] == 1
    assert "cache" not in loads["a"].kwargs


def test_undeclared_kernel_gets_no_cache_kwarg():
    loads = loads_by_source(converted(MM_KERNEL.format(attr="")))
    assert set(loads) == {"a", "b"}
    assert all("cache" not in load.kwargs for load in loads.values())


def test_function_attr_is_erased_by_the_conversion():
    program = after(DECLARED_MM, "11")
    assert all("cache_policy" not in dict(f.attrs) for f in program.functions)


def test_preexisting_tile_load_of_a_declared_param_is_stamped():
    body = """\
    tx = pl.load(x, [0, 0], [64, 64])
    ty = pl.load(y, [0, 0], [64, 64])
    s = pl.tile.add(tx, ty)
    out = pl.store(s, [0, 0], out)
    return out
    """
    loads = loads_by_source(converted(load_kernel(body)))
    assert loads["x"].kwargs["cache"] == 1
    assert "cache" not in loads["y"].kwargs


def test_explicit_kwarg_survives_and_is_not_duplicated():
    body = """\
    tx = pl.load(x, [0, 0], [64, 64], cache=pl.CachePolicy.BYPASS)
    ty = pl.load(y, [0, 0], [64, 64], cache=pl.CachePolicy.BYPASS)
    s = pl.tile.add(tx, ty)
    out = pl.store(s, [0, 0], out)
    return out
    """
    loads = loads_by_source(converted(load_kernel(body)))
    assert [list(load.kwargs).count("cache") for load in loads.values()] == [1, 1]
    assert loads["x"].kwargs["cache"] == loads["y"].kwargs["cache"] == 1


def test_explicit_default_on_a_load_survives_and_beats_the_declaration():
    body = """\
    t = pl.load(x, [0, 0], [64, 64], cache=pl.CachePolicy.DEFAULT)
    out = pl.store(t, [0, 0], out)
    return out
    """
    assert loads_by_source(converted(load_kernel(body)))["x"].kwargs["cache"] == 0


def test_an_unstated_policy_still_takes_the_declaration():
    body = """\
    t = pl.load(x, [0, 0], [64, 64])
    out = pl.store(t, [0, 0], out)
    return out
    """
    assert loads_by_source(converted(load_kernel(body)))["x"].kwargs["cache"] == 1


def test_a_loop_carried_source_inherits_the_declaration():
    body = """\
    for _i, (carried, acc) in pl.range(2, init_values=(x, out)):
        t = pl.load(carried, [0, 0], [64, 64])
        acc_next: pl.Tensor[[64, 64], pl.FP32] = pl.store(t, [0, 0], acc)
        _carried_out, result = pl.yield_(carried, acc_next)
    return result
    """
    loads = loads_by_source(converted(load_kernel(body)))
    assert loads["carried"].kwargs["cache"] == 1


# --- §6.5 the whole pipeline -------------------------------------------------------------------


def all_loads(program: Program) -> list[Call]:
    return [
        node
        for f in program.functions
        for s in walk_stmts(f.body)
        for e in own_exprs(s)
        for node in walk_expr(e)
        if isinstance(node, Call) and node.op == "tile.load"
    ]


def test_cache_kwarg_reaches_the_end_of_the_pipeline():
    loads = all_loads(after(P_AT, "11"))
    of_b = [load for load in loads if load.args[0].name.startswith("b")]  # type: ignore[attr-defined]
    assert of_b and all(load.kwargs.get("cache") == 1 for load in of_b)
    others = [load for load in loads if load not in of_b]
    assert others and all("cache" not in load.kwargs for load in others)


def test_undeclared_program_carries_no_cache_kwarg():
    loads = all_loads(after(P_AT0, "11"))
    assert loads and all("cache" not in load.kwargs for load in loads)


def test_no_carrier_attr_outlives_its_consumer():
    assert attr_keys(after(P_AT, "11")) & {"cache_policy", "cache_policy_vars"} == set()


# --- round trip of pass dumps --------------------------------------------------------------------


def _real_files() -> list:
    files = [pytest.param(p, id=f"examples/{p.name}") for p in sorted(EXAMPLES.glob("*.py"))]
    if CORPUS.is_dir():
        manifest = (CORPUS / "MANIFEST.md").read_text(encoding="utf-8")
        rows = re.findall(r"\| \d+ \| (pypto|pypto-lib) \| `([^`]+)` \|[^\n]*\| yes \(", manifest)
        files += [pytest.param(CORPUS / repo / path, id=f"{repo}/{path}") for repo, path in rows]
    return files


# Dumps that do not read back yet, and why (strict: one that starts to pass is noticed).
# - JIT kernels whose tensors have no static type: outlined into a non-InCore function,
#   the dump has no signature the strict `@pl.function` parser accepts.
# - Pass 11 does not yet type everything it converts as the parser types it on re-read
#   (merge values of an `if` that became tiles, row reductions' tmp tile, casts), nor
#   convert every tensor op whose operand became a tile (`tensor.sort32` of a loaded
#   slice stays a tensor op, which the re-read refuses), nor give a converted vector
#   op on an Acc tile the layout view the re-read deduces from its operand.
_DUMPS_NOT_READ_BACK = {
    # A loop's return var is typed as its iteration argument (the real one): a load from it
    # then has a view naming a module constant the dump leaves unfolded (`HC_MULT = ...`).
    ("9", "pypto-lib/models/deepseek_v4_pro/decode_sparse_attn.py"),
    ("9", "pypto-lib/models/deepseek_v4_pro/hc_pre.py"),
    # Its config's sizes now folded (`from config import QWEN3_14B as M`), the JIT body's
    # `pl.cast(<a literal the jit writes in>, ...)` scalars print without a type, which the
    # re-read then gives them (the view does not show this function: it reads
    # `REAL_NUM_VOCAB_CHUNKS`, an `if` expression not folded).
    ("9", "pypto-lib/models/qwen3_14b/greedy_sample.py"),
    ("11", "pypto-lib/examples/intermediate/rms_norm.py"),
    ("11", "pypto-lib/models/deepseek_v4_pro/decode_sparse_attn.py"),
    ("11", "pypto-lib/models/deepseek_v4_pro/hc_pre.py"),
}


def _dump_cases() -> list:
    cases = []
    for stage in ("9", "11"):
        for param in _real_files():
            name = param.id
            marks = (
                [pytest.mark.xfail(strict=True, reason="dump does not read back yet")]
                if (stage, name) in _DUMPS_NOT_READ_BACK
                else []
            )
            cases.append(pytest.param(param.values[0], stage, id=f"{stage}-{name}", marks=marks))
    return cases


@pytest.mark.parametrize(("path", "stage"), _dump_cases())
def test_a_pass_dump_prints_parses_and_prints_the_same(path: Path, stage: str):
    analysis = analyse_source(path.read_text(encoding="utf-8"), str(path))
    if any(d.severity == 1 for d in analysis.diagnostics):
        pytest.skip("a kernel with errors has no pass dump")
    try:
        programs, functions = run_passes(analysis.programs, analysis.functions, stage)
    except PassNotModelled as problem:
        pytest.skip(f"the passes do not model it: {problem}")
    text = print_definitions(programs, functions, analysis.environment)
    again = analyse_source(text, str(path.with_name("printed.py")))  # (beside it: see test_roundtrip)
    assert [d.message for d in again.diagnostics if d.stage.value in ("syntax", "parser")] == []
    assert print_module(again) == text


def test_compile_prints_the_outlined_kernel_with_its_policy_attr(tmp_path: Path):
    path = tmp_path / "k.py"
    path.write_text(P_AT)
    by_number = run_pto_lsp("compile", str(path), "--emit", "ir", "--after", "9")
    by_name = run_pto_lsp("compile", str(path), "--emit", "ir", "--after", "OutlineIncoreScopes")
    assert by_number.returncode == 0 and by_number.stdout == by_name.stdout
    assert 'pl.func_attr({"cache_policy": [(1, 1)]})' in by_number.stdout
    assert "out__ssa_v1 = self.mm(a__ssa_v0, b__ssa_v0, out__ssa_v0)" in by_number.stdout.replace(
        ": pl.Tensor[[256, 256], pl.FP32]", ""
    )
    last = run_pto_lsp("compile", str(path), "--emit", "ir")
    assert "cache=1)" in last.stdout and "pl.func_attr" not in last.stdout
    dump = tmp_path / "d.py"
    dump.write_text(last.stdout)
    assert run_pto_lsp("compile", str(dump), "--emit", "ir", "--after", "parse").stdout == last.stdout


def test_compile_refuses_a_pass_it_does_not_model(tmp_path: Path):
    path = tmp_path / "k.py"
    path.write_text(P_AT)
    result = run_pto_lsp("compile", str(path), "--after", "OptimizeOrchTensors")
    assert result.returncode == 2
    assert "pass OptimizeOrchTensors is not modelled" in result.stderr


ELTWISE = """\
import pypto.language as pl


@pl.program
class EltwiseDemo:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 128], pl.FP32], y: pl.Tensor[[128, 128], pl.FP32],
             out: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        for r in pl.range(0, 128, 64):
            with pl.at(level=pl.Level.CORE_GROUP):
                pl.set_cache_policy(y, pl.CachePolicy.BYPASS)
                out[r : r + 64, :] = pl.add(x[r : r + 64, :], pl.exp(y[r : r + 64, :]))
        return out
"""


def test_subscript_slices_of_params_become_loads_that_take_the_declaration():
    program = after(ELTWISE, "11")
    kernel = function(program, "main_incore_0")
    assert [base_name(p.var.name) for p in kernel.params] == ["x", "r", "y", "out"]  # first-read order
    loads = loads_by_source(kernel)
    assert [len(load.args[2].items) for load in loads.values()] == [2, 2]  # type: ignore[attr-defined]
    assert [item.value for item in loads["y"].args[2].items] == [64, 128]  # type: ignore[attr-defined]
    assert "cache" not in loads["x"].kwargs and loads["y"].kwargs["cache"] == 1
    ops = [
        n.op
        for s in walk_stmts(kernel.body)
        for e in own_exprs(s)
        for n in walk_expr(e)
        if isinstance(n, Call)
    ]
    # Each nested op that became a tile is a statement of its own, as in the real dump
    # (FlattenCallExpr's temporaries, `t__tile`, `t__tile_1`, ...), in evaluation order.
    assert ops == ["tile.load", "tile.load", "tile.exp", "tile.add", "tile.store"]
