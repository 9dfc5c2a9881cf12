"""`pto-lsp compile FILE --emit ir --after parse`: the IR as parsed, as a dump that parses again.

For any dump `d.py`, compiling `d.py` prints `d.py` again, byte for byte; and the
real compiler's own pass dumps of the demo programs (those our IR can hold)
come out unchanged.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cache_policy_programs import BYPASS_MARKER, P_AT, P_SPMD
from conftest import CORPUS, EXAMPLES, SPEC_EXAMPLES, run_pto_lsp
from test_corpus import accepted_files

COMPILE = ("compile", "--emit", "ir", "--after", "parse")


def compile_bytes(path: Path) -> bytes:
    proc = run_pto_lsp(*COMPILE, str(path), binary=True)
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stderr == b""
    return proc.stdout


def write(path: Path, text: str) -> Path:
    path.write_bytes(text.encode("utf-8"))
    return path


def test_compile_prints_the_parsed_program(tmp_path):
    out = compile_bytes(write(tmp_path / "at.py", P_AT)).decode("utf-8")
    assert out.startswith("# pypto.program: CachePolicyAt\nimport pypto.language as pl\n\n@pl.program\n")
    assert f"            {BYPASS_MARKER}\n" in out
    assert out.endswith("        return out\n")


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.py")), ids=lambda p: f"examples/{p.name}")
def test_a_dump_compiles_to_itself_byte_for_byte(tmp_path, path):
    first = run_pto_lsp(*COMPILE, str(path), binary=True)
    if path.name.startswith("mistake_") and first.returncode == 1:  # a parser error: nothing to dump
        assert f"{path}:".encode() in first.stderr and b": error[PTO" in first.stderr
        assert first.stdout == b""
        return
    dump = tmp_path / "dump.py"
    dump.write_bytes(compile_bytes(path))
    assert compile_bytes(dump) == dump.read_bytes()


def test_corpus_dumps_compile_to_themselves_byte_for_byte(tmp_path):
    if not CORPUS.is_dir():
        pytest.skip(f"no corpus at {CORPUS}")
    for index, path in enumerate(accepted_files()[::6]):  # a spread of the accepted files
        dump = tmp_path / f"dump{index}.py"
        # A definition not shown (e.g. one reading a value we cannot fold) is a note, not IR.
        shown = _without_notes(compile_bytes(path))
        if not shown:
            continue
        dump.write_bytes(shown)
        assert compile_bytes(dump) == shown, path


def _without_notes(dump: bytes) -> bytes:
    """`dump` without the paragraphs saying a definition is not shown."""
    paragraphs = dump.split(b"\n\n")
    kept = [
        p for p in paragraphs if not (p.startswith(b"# pypto.") and b" -- not shown: " in p.split(b"\n")[0])
    ]
    return b"\n\n".join(kept) if len(kept) < len(paragraphs) else dump


def _real_dumps() -> list:
    names = [
        "07_after_FlattenCallExpr.py",
        "08_after_OutlineHierarchyScopes.py",
        "09_after_OutlineIncoreScopes.py",
        "10_after_OutlineClusterScopes.py",
    ]
    demos = ["EltwiseDemo", "MatmulDemo", "SpmdDemo", "TensorMatmulDemo"]
    return [
        pytest.param(SPEC_EXAMPLES / demo / name, id=f"{demo}/{name}") for demo in demos for name in names
    ]


@pytest.mark.parametrize("path", _real_dumps())
def test_real_pass_dumps_compile_to_themselves_byte_for_byte(path):
    """The real compiler's dumps after passes 7-10 (SSA names, outlined SubWorker kernels
    without `self`, `attrs={...}` call metadata, `pl.spmd` scopes) are fixpoints too."""
    if not path.is_file():
        pytest.skip(f"no real dump at {path}")
    assert compile_bytes(path) == path.read_bytes()


def test_without_after_the_ir_after_the_last_modelled_pass_is_printed(tmp_path):
    path = write(tmp_path / "spmd.py", P_SPMD)
    plain = run_pto_lsp("compile", str(path), binary=True)
    last = run_pto_lsp("compile", str(path), "--after", "ConvertTensorToTileOps", binary=True)
    assert plain.returncode == 0
    assert plain.stdout == last.stdout != compile_bytes(path)


@pytest.mark.parametrize("after", ["12", "OptimizeOrchTensors", "InferTileMemorySpace", "99"])
def test_a_pass_that_is_not_modelled_is_refused(tmp_path, after):
    proc = run_pto_lsp("compile", "--emit", "ir", "--after", after, str(write(tmp_path / "at.py", P_AT)))
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert f"pass {after} is not modelled" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_file_the_parser_rejects_prints_its_errors_and_no_ir(tmp_path):
    bad = P_AT.replace(BYPASS_MARKER, "pl.set_cache_policy(b)")
    proc = run_pto_lsp(*COMPILE, str(write(tmp_path / "bad.py", bad)))
    assert proc.returncode == 1
    assert proc.stdout == ""
    line = bad[: bad.index("pl.set_cache_policy(b)")].count("\n") + 1
    assert (
        f"bad.py:{line}:13: error[PTO103] pl.set_cache_policy() takes exactly two positional arguments"
        in proc.stderr
    )


def test_an_outliner_error_does_not_stop_the_parse_dump(tmp_path):
    # E2 (BYPASS on a tensor the scope writes) is raised by pass 9, after the parse stage.
    written = P_AT.replace("set_cache_policy(b,", "set_cache_policy(out,")
    out = compile_bytes(write(tmp_path / "e2.py", written)).decode("utf-8")
    assert "pl.set_cache_policy(out, pl.CachePolicy.BYPASS)" in out


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["compile", "missing.py"], id="no such file"),
        pytest.param(["compile", "--emit", "llvm", "at.py"], id="unknown emit format"),
        pytest.param(["compile"], id="no file"),
    ],
)
def test_bad_usage_exits_2(tmp_path, args):
    write(tmp_path / "at.py", P_AT)
    proc = run_pto_lsp(*args, cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.strip()
    assert "Traceback" not in proc.stderr


def test_help_lists_the_compile_command():
    proc = run_pto_lsp("--help")
    assert proc.returncode == 0
    assert "compile" in proc.stdout


FACTORY = """\
import pypto.language as pl

_ROWS = 4 * 32
WIDTH = 999


def build(width_arg):
    ROWS, COLS = _ROWS, _ROWS // 2
    WIDTH = width_arg

    @pl.program
    class Built:
        @pl.function(type=pl.FunctionType.InCore)
        def kernel(self, x: pl.Tensor[[ROWS, COLS], pl.FP32], y: pl.Tensor[[ROWS, WIDTH], pl.FP32]) -> pl.Tensor[[ROWS, COLS], pl.FP32]:
            t: pl.Tile[[ROWS, COLS], pl.FP32] = pl.load(x, [0, 0], [ROWS, COLS])
            return pl.store(t, [0, 0], x)

    return Built
"""


def test_a_program_built_in_a_factory_sees_the_factorys_constants(tmp_path):
    """The decorator runs inside the factory: its straight-line locals are folded into
    shapes, and a local that shadows a module constant is not that constant."""
    without_width = FACTORY.replace(", y: pl.Tensor[[ROWS, WIDTH], pl.FP32]", "")
    out = compile_bytes(write(tmp_path / "factory.py", without_width)).decode("utf-8")
    assert "x: pl.Tensor[[128, 64], pl.FP32]" in out
    assert "pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec]" in out  # the load's memory space, as the real Var has it
    # WIDTH is the factory's argument, not the module's 999: its value is the caller's, which
    # the real printer writes as a literal; no dump of the program would be the real one.
    out = compile_bytes(write(tmp_path / "factory.py", FACTORY)).decode("utf-8")
    assert out == (
        "# pypto.program: Built -- not shown: it reads `WIDTH`, whose value the real parser takes "
        "when the program is built (not folded statically)\n"
    )


TWO_KERNELS = """\
import pypto.language as pl


@pl.program
class TwoKernels:
    @pl.function
    def main(
        self,
        x: pl.Tensor[[64, 64], pl.FP32],
        y: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
        z: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="plain"):
            t = pl.add(x, x)
            y = pl.assemble(y, t, [0, 0])
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="scalar_fill"):
            for i in pl.range(4):
                pl.write(z, [0, i], 1.0)
        return y
"""


def test_a_kernel_pass_11_cannot_take_through_is_refused_alone(tmp_path):
    """A kernel ConvertTensorToTileOps does not model (a loop of `pl.write`s, which it first
    rewrites into one fill when the value is a constant)
    leaves the program's IR not shown after pass 11, but the other kernel is still emitted,
    and the refused one says why."""
    path = tmp_path / "kernel.py"
    path.write_text(TWO_KERNELS)
    ir = run_pto_lsp("compile", str(path)).stdout
    assert ir.startswith("# pypto.program: TwoKernels -- not shown: ConvertTensorToTileOps: a loop of")
    mlir = run_pto_lsp("compile", str(path), "--emit", "mlir")
    assert "// kernel: plain\nmodule attributes" in mlir.stdout
    assert "kernel 'scalar_fill' (program 'TwoKernels', line 16) not emitted: ConvertTensorToTileOps:" in (
        mlir.stderr
    )


TEST_CASE = """\
import pypto.language as pl


class MatmulCase:
    def __init__(self, m: int = 32, n_tile: int = 16, tiles: int = 2, *, config=None):
        self.M, self.N_TILE = m, n_tile
        self.N = n_tile * tiles
        if config is not None:
            self.config = config

    def get_program(self, rows: int = 8):
        M, N = self.M, self.N

        @pl.program
        class Case:
            @pl.function(type=pl.FunctionType.InCore)
            def kernel(self, x: pl.Tensor[[M, N], pl.FP32], y: pl.Tensor[[rows, N], pl.FP32]) -> pl.Tensor[[M, N], pl.FP32]:
                t: pl.Tile[[M, N], pl.FP32] = pl.load(x, [0, 0], [M, N])
                return pl.store(t, [0, 0], x)

        return Case
"""


def test_a_test_cases_program_is_built_with_its_defaults(tmp_path):
    """`get_program` reads `self.M`, which `__init__` sets from its parameters: the program is
    the one a default-constructed case builds (the real compiler's dump of `Case().get_program()`),
    its own parameters at their defaults too; an attribute set under a condition is unknown."""
    out = compile_bytes(write(tmp_path / "case.py", TEST_CASE)).decode("utf-8")
    assert "x: pl.Tensor[[32, 32], pl.FP32], y: pl.Tensor[[8, 32], pl.FP32]" in out
    conditional = TEST_CASE.replace(
        "self.M, self.N_TILE = m, n_tile", "self.N_TILE = n_tile\n        if m:\n            self.M = m"
    )
    out = compile_bytes(write(tmp_path / "case.py", conditional)).decode("utf-8")
    assert out.startswith("# pypto.program: Case -- not shown: it reads `M`, whose value the real parser")


KEPT_SUBSCRIPT = """\
import pypto.language as pl


@pl.program
class Rows:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out[0:16, :] = pl.exp(x[16:32, :])
        return out
"""


def test_a_subscript_prints_as_the_op_the_real_parser_builds_or_is_not_shown(tmp_path):
    out = compile_bytes(write(tmp_path / "rows.py", KEPT_SUBSCRIPT)).decode("utf-8")
    assert (
        "            out: pl.Tensor[[64, 64], pl.FP32] = "
        "pl.tensor.assemble(out, pl.tensor.exp(pl.tensor.slice(x, [16, 64], [16, 0])), [0, 0])\n" in out
    )
    # An integer index drops its dimension (`drop_dims`), which we do not build: not shown.
    dropped = KEPT_SUBSCRIPT.replace("        return out\n", "            row = x[3]\n        return out\n")
    out = compile_bytes(write(tmp_path / "rows.py", dropped)).decode("utf-8")
    assert out.startswith("# pypto.program: Rows -- not shown: parse: a subscript the real parser builds")


MULTI_PROJ = CORPUS / "pypto-lib/examples/advanced/multi_proj.py"
JIT_HELPERS = Path(__file__).parent / "data" / "real_pto_cases" / "jit_helpers.py"


@pytest.mark.parametrize("after", ["parse", "1", "9", "11"])
def test_the_ir_view_of_a_jit_entry_compiles_it_with_its_helpers(after: str):
    """The real `@pl.jit` compiles `qkv_proj` with the inline `proj` it calls three times:
    no `proj_proj` kernel of `proj` compiled alone; after InlineFunctions, the numbers of
    the three splices' variables are not known (a helper binding several), so not shown.
    The call binds the type the specializer annotates `proj` with, as the real parse dump
    (`qkv_proj.compile(config=RunConfig(dump_passes=True))`, 00_frontend.py) writes it."""
    proc = run_pto_lsp("compile", str(MULTI_PROJ), "--after", after)
    assert proc.returncode == 0, proc.stderr
    assert "proj_proj" not in proc.stdout
    if after == "parse":
        assert "    qy: pl.Tensor[[16, 8192], pl.FP32] = self.proj(x, wq, q_out)\n" in proc.stdout
    else:
        assert proc.stdout.startswith("# pypto.function: qkv_proj -- not shown: InlineFunctions: ")
        assert "def proj" not in proc.stdout


def test_the_ir_view_names_a_jit_entrys_kernels_as_the_real_compiler_does():
    """`scale`, `scale_0`, `scale_1`: the real modules' names (tests/data/real_pto_cases)."""
    proc = run_pto_lsp("compile", str(JIT_HELPERS), "--after", "9")
    kernels = [line for line in proc.stdout.splitlines() if line.startswith("def ")]
    assert [line.partition("(")[0] for line in kernels] == [
        "def scale",
        "def scale_0",
        "def scale_1",
        "def three_scales",
    ]
    assert "t_inline1__ssa_v0" in proc.stdout and "t_inline5__ssa_v0" in proc.stdout


def test_an_inline_helper_no_entry_calls_is_not_shown_and_has_no_memory(tmp_path):
    source = JIT_HELPERS.read_text(encoding="utf-8").partition("@pl.jit\ndef three_scales")[0]
    path = write(tmp_path / "kernel.py", source)
    proc = run_pto_lsp("compile", str(path), "--after", "9")
    assert proc.stdout.startswith(
        "# pypto.function: scaled -- not shown: a @pl.jit.inline helper has kernels"
    )
    memory = run_pto_lsp("compile", str(path), "--emit", "memory")
    assert memory.stdout.splitlines()[1:] == []


def test_the_memory_view_of_a_jit_entry_has_the_kernels_the_real_compiler_makes():
    proc = run_pto_lsp("compile", str(MULTI_PROJ), "--emit", "memory")
    # One line per space of each kernel (in the kernels' order), or a kernel's line and its spaces.
    kernels = list(
        dict.fromkeys(
            line.partition(" (line")[0] for line in proc.stdout.splitlines()[1:] if not line.startswith(" ")
        )
    )
    assert kernels == ["qkv_proj.proj", "qkv_proj.proj_0", "qkv_proj.proj_1"]
    assert "qkv_proj.proj_1 (line 30): Acc 16,384 / 131,072 bytes" in proc.stdout
    helpers = run_pto_lsp("compile", str(JIT_HELPERS), "--emit", "memory").stdout
    assert "three_scales.scale_1 (line 7): Vec 16,384 / 188,416 bytes" in helpers
    assert "scaled" not in helpers


def test_a_jit_entry_whose_helper_is_not_in_the_file_says_why_in_the_ir_and_memory_views(tmp_path):
    head, _, rest = JIT_HELPERS.read_text(encoding="utf-8").partition("@pl.jit.inline\n")
    path = write(
        tmp_path / "kernel.py",
        head + "from helpers import scaled\n\n\n@pl.jit\n" + rest.partition("@pl.jit\n")[2],
    )
    proc = run_pto_lsp("compile", str(path))
    assert proc.stdout.startswith("# pypto.function: three_scales -- not shown: ")
    assert "def " not in proc.stdout
    memory = run_pto_lsp("compile", str(path), "--emit", "memory").stdout
    assert "three_scales (line 9): not analysed: 'three_scales' calls 'scaled', not defined" in memory


def test_two_programs_that_both_splice_are_not_shown_after_inline_functions():
    """The real counter runs across the process: the second program's `t` is `t_inline1`."""
    path = Path(__file__).parent / "data" / "real_pto_cases" / "inline_two_programs.py"
    proc = run_pto_lsp("compile", str(path), "--after", "InlineFunctions")
    assert "_inline" not in proc.stdout.replace("`<name>_inline<n>`", "")
    assert "# pypto.program: Second -- not shown: InlineFunctions numbers the variables" in proc.stdout
