"""On-chip memory, live: each kernel's use per memory space and the real capacity errors
(PTO801 AllocateMemoryAddr, PTO802 ConvertTensorToTileOps, PTO803 AutoTileMatmulL0),
through `pto-lsp check` / `compile --emit memory` and an LSP client.

The kernels are `tests/data/memory_cases/`; the real planner's use of the corpus kernels
is `tests/data/real_memory.json`, read from the real compiler's MLIR (`tests/real_memory.py`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import capacity_grown
import pytest
from conftest import CORPUS, run_pto_lsp
from lsp_client import RecordingClient, change, open_document, wait_for_version
from lsprotocol import types as lsp
from real_memory import (
    CASE_VERDICTS,
    DYNAMIC,
    DYNAMIC_VERDICTS,
    MUTANT_VERDICTS,
    MUTANTS,
    PLAN,
    PLAN_VERDICTS,
    RECORD,
    SOC_RECORD,
    SOCS,
    UPSTREAM,
    UPSTREAM_RECORD,
    ours,
    real_use,
)

CASES = Path(__file__).parent / "data" / "memory_cases"


def check(name: str, *options: str, cases: Path = CASES) -> tuple[int, list[dict]]:
    result = run_pto_lsp("check", "--format", "json", *options, str(cases / name))
    return result.returncode, json.loads(result.stdout)["files"][0]["diagnostics"]


def test_two_128x256_fp32_tiles_and_their_sum_overflow_vec_with_the_real_message():
    status, diagnostics = check("vec_overflow.py")
    assert status == 1
    [found] = diagnostics
    assert found["code"] == "PTO801"
    assert found["message"] == "Vec buffer usage (262144 bytes) exceeds platform limit (188416 bytes)"
    # On `tb = pl.load(...)`, whose buffer crosses the limit (issue 32: where the author acts).
    assert found["range"]["start"]["line"] == 13
    assert found["data"]["stage"] == "AllocateMemoryAddr"
    kernel, *live = found["relatedInformation"]
    assert kernel["location"]["range"]["start"]["line"] == 6  # the kernel's `def` line
    assert "'tb' (131,072 bytes at Vec address 131,072)" in kernel["message"]
    assert [info["location"]["range"]["start"]["line"] for info in live] == [12, 14]  # ta, tc


def test_a_kernel_that_fits_is_clean_and_its_use_is_printed():
    assert check("vec_fits.py") == (0, [])
    result = run_pto_lsp("compile", str(CASES / "vec_fits.py"), "--emit", "memory")
    assert "Fits.add_big (line 7): Vec 131,072 / 188,416 bytes" in result.stdout.splitlines()


def test_a_full_tile_is_planned_with_the_real_reuse():
    """`pl.tile.full`, whose PTO text is not modelled, is planned all the same: its sum with
    the loaded tile reuses a buffer as the real MemoryReuse does (the real compiler's 131,072
    bytes, `memory_cases/verdicts.json`), where the buffers summed would be 196,608."""
    assert check("vec_at_most_full.py") == (0, [])
    result = run_pto_lsp("compile", str(CASES / "vec_at_most_full.py"), "--emit", "memory")
    assert "AtMost.scale (line 7): Vec 131,072 / 188,416 bytes" in result.stdout.splitlines()


def test_a_create_tile_the_emitter_models_gets_the_real_planners_exact_use():
    """The same kernel with `pl.create_tile`: the emitter models it, so the reuse is the real
    planner's and the use exact (the real compiler's 131,072 bytes)."""
    assert check("vec_at_most.py") == (0, [])
    result = run_pto_lsp("compile", str(CASES / "vec_at_most.py"), "--emit", "memory")
    assert "AtMost.scale (line 7): Vec 131,072 / 188,416 bytes" in result.stdout.splitlines()


def test_a_tensor_create_larger_than_vec_is_refused_by_convert_tensor_to_tile_ops():
    status, [found] = check("tensor_create_too_large.py")
    assert status == 1 and found["code"] == "PTO802"
    assert found["message"] == (
        "tensor.create: tile size (1048576 bytes) exceeds buffer capacity (188416 bytes) for memory space 1"
    )
    assert found["range"]["start"]["line"] == 7


def test_a_left_operand_larger_than_l0a_is_refused_by_auto_tile_matmul_l0():
    status, [found] = check("left_operand_too_large.py")
    assert status == 1 and found["code"] == "PTO803"
    assert found["message"].startswith(
        "tile.matmul left operand 'a_l0' is already resident in Left (L0A) with physical shape [128, 256] "
        "and dtype fp32, requiring 131072 bytes, but the active backend provides 65536 bytes."
    )
    assert found["range"]["start"]["line"] == 14  # the operand's definition, the real location
    # The right operand is exactly 64 KB: it fits, and is not reported.


def test_the_soc_option_judges_with_that_socs_capacities():
    status, [found] = check("vec_overflow.py", "--soc", "950")
    assert status == 1
    assert found["message"] == "Vec buffer usage (262144 bytes) exceeds platform limit (245760 bytes)"
    assert check("vec_overflow_910b_only.py")[1][0]["message"].startswith("Vec buffer usage (196608 bytes)")
    assert check("vec_overflow_910b_only.py", "--soc", "950") == (0, [])


_FREE_FUNCTION = re.compile(r"^def (\w+)\(", re.M)


def by_real_names(
    got: dict[str, dict[str, tuple[int, bool]]], file: Path
) -> dict[str, dict[str, tuple[int, bool]]]:
    """Our uses under the real record's `Program.kernel` names. A module-level kernel a
    program calls is in the real record under each program that calls it (the real parser
    adds it to the program); `compile --emit memory` gives it once, as `kernel.kernel`. A
    `FunctionType.Group` of an AIC and an AIV kernel is one module of the real codegen, named
    after the group: its spaces are its kernels' (a space two of them use is left out)."""
    source = file.read_text(encoding="utf-8")
    free = set(_FREE_FUNCTION.findall(source))
    groups = _group_members(source)

    class Named(dict):
        def __missing__(self, name: str) -> dict[str, tuple[int, bool]]:
            program, _, kernel = name.rpartition(".")
            if (program, kernel) in groups:
                uses = [got.get(f"{program}.{member}", {}) for member in groups[program, kernel]]
                spaces = [space for use in uses for space in use]
                return {
                    space: used for use in uses for space, used in use.items() if spaces.count(space) == 1
                }
            if kernel not in free:
                return {}
            if f"{kernel}.{kernel}" in got:
                return got[f"{kernel}.{kernel}"]
            # A `@pl.jit.incore` kernel the real record compiled on its own (`add_rank.compile()`):
            # its use is the one we give it under the entries calling it, where they all agree.
            callers = [uses for name, uses in got.items() if name.rpartition(".")[2] == kernel]
            return callers[0] if callers and all(uses == callers[0] for uses in callers) else {}

    return Named(got)


def _group_members(source: str) -> dict[tuple[str, str], list[str]]:
    """(program, group function) -> the kernels it calls (`self.<kernel>(...)`): a
    `FunctionType.Group` the author wrote, and each `with pl.cluster():` scope, which the real
    OutlineClusterScopes makes a Group named `<function>_cluster_<n>` (n counting the
    function's cluster scopes in source order)."""
    import ast

    def kernels_called(node: ast.AST) -> list[str]:
        return [
            call.func.attr
            for call in ast.walk(node)
            if isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and isinstance(call.func.value, ast.Name)
            and call.func.value.id == "self"
        ]

    found: dict[tuple[str, str], list[str]] = {}
    for program in ast.walk(ast.parse(source)):
        if not isinstance(program, ast.ClassDef):
            continue
        for function in program.body:
            if not isinstance(function, ast.FunctionDef):
                continue
            if "FunctionType.Group" in ast.unparse(function.decorator_list):
                found[program.name, function.name] = kernels_called(function)
            clusters = sorted(
                (
                    node
                    for node in ast.walk(function)
                    if isinstance(node, ast.With)
                    and any(ast.unparse(item.context_expr).startswith("pl.cluster(") for item in node.items)
                ),
                key=lambda node: (node.lineno, node.col_offset),
            )
            for index, scope in enumerate(clusters):
                found[program.name, f"{function.name}_cluster_{index}"] = kernels_called(scope)
    return found


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no corpus at {CORPUS}")
def test_the_corpus_kernels_use_what_the_real_planner_gives_them():
    """Exact uses equal the real planner's; an "at most" use is never below it."""
    real = json.loads(RECORD.read_text(encoding="utf-8"))
    exact = at_most = 0
    wrong = []
    for file, kernels in real.items():
        got = by_real_names(
            ours(run_pto_lsp("compile", str(CORPUS / file), "--emit", "memory").stdout), CORPUS / file
        )
        for kernel, spaces in kernels.items():
            for space, used in spaces.items():
                if space not in got[kernel]:
                    continue
                value, is_exact = got[kernel][space]
                if is_exact:
                    exact += 1
                    if value != used:
                        wrong.append((file, kernel, space, value, used))
                else:
                    at_most += 1
                    if value < used:
                        wrong.append((file, kernel, space, value, used))
    assert wrong == []
    assert (exact, at_most) == (
        242,
        0,
    )  # measured; docs/diagnostics.md (JIT entries compiled with their helpers)


def test_kernels_of_tensors_with_dynamic_dims_use_what_the_real_planner_gives_them():
    """`memory_cases/dynamic/`: a row count not static (`pl.dynamic`, or a scalar of the
    entry) reaches only the tensors' views (the real codegen passes it to the kernel as an
    index); the tiles are static, and planned as the real planner plans them (`python
    tests/real_memory.py --record-dynamic`): a program's kernel, a `@pl.jit.incore` helper,
    and `pl.spmd` kernels of inline helpers of entries that bind their tensors' rows
    (`bind_dynamic`) and read them with `pl.tensor.dim`, one assembling a column vector of
    padded rows, and the copy out of that column vector (its loads and stores column-major
    tiles, as the real codegen's DN layout gives them)."""
    real = json.loads(DYNAMIC_VERDICTS.read_text(encoding="utf-8"))
    exact, at_most, wrong = [], [], []
    for case, kernels in real.items():
        got = by_real_names(
            ours(run_pto_lsp("compile", str(DYNAMIC / case), "--emit", "memory").stdout), DYNAMIC / case
        )
        for kernel, spaces in kernels.items():
            for space, used in spaces.items():
                if space not in got[kernel]:
                    continue
                value, is_exact = got[kernel][space]
                (exact if is_exact else at_most).append(kernel)
                if value < used or (is_exact and value != used):
                    wrong.append((kernel, space, value, used))
    assert wrong == []
    assert exact == [
        "DynamicRows.add_rows",
        "entry.copy_out",
        "entry.norms",
        "scale_rows.scale_rows",  # the `@pl.jit.incore` helper compiled on its own
        "scale_rows_test.scale_rows",
        "entry.rms_norm",
    ]
    assert at_most == []


@pytest.mark.skipif(not UPSTREAM.is_dir(), reason=f"no upstream code at {UPSTREAM}")
def test_upstream_kernels_of_dynamic_rows_use_what_the_real_planner_gives_them():
    """`tests/data/upstream_memory.json` (`python tests/real_memory.py --record-upstream`):
    the real planner's use of the kernels of upstream files outside the corpus whose `@pl.jit`
    entries bind their tensors' rows (`bind_dynamic`): every use we give is exact and equal."""
    real = json.loads(UPSTREAM_RECORD.read_text(encoding="utf-8"))
    exact, at_most, wrong = 0, 0, []
    for file, kernels in real.items():
        got = by_real_names(
            ours(run_pto_lsp("compile", str(UPSTREAM / file), "--emit", "memory").stdout), UPSTREAM / file
        )
        for kernel, spaces in kernels.items():
            for space, used in spaces.items():
                if space not in got[kernel]:
                    continue
                value, is_exact = got[kernel][space]
                exact += is_exact
                at_most += not is_exact
                if value < used or (is_exact and value != used):
                    wrong.append((file, kernel, space, value, used))
    assert wrong == []
    assert (exact, at_most) == (443, 0)  # measured (20 before a dynamic row count was planned)


L0_TILING = Path(__file__).parent / "data" / "mlir_cases" / "l0_tiling"


def test_the_l0_tiles_of_a_matmul_split_in_k_are_the_real_planners():
    """`mlir_cases/l0_tiling.py`: matmuls of Mat operands AutoTileMatmulL0 splits in K (two,
    three, four, eight blocks; accumulating; two in one kernel, in a loop, tensor-level), emitted or not: each
    kernel's use of every space, Left / Right / Acc included, is the real `.pto`'s."""
    got = ours(run_pto_lsp("compile", str(L0_TILING.with_suffix(".py")), "--emit", "memory").stdout)
    real = {pto.stem: real_use(pto.read_text(encoding="utf-8")) for pto in L0_TILING.rglob("*.pto")}
    assert len(real) == 9
    for program_kernel, spaces in got.items():
        kernel = program_kernel.rpartition(".")[2]
        assert {space: used for space, (used, exact) in spaces.items() if exact} == real[kernel], kernel
    assert sorted(kernel.rpartition(".")[2] for kernel in got) == sorted(real)


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no corpus at {CORPUS}")
def test_the_corpus_has_no_capacity_error():
    result = run_pto_lsp("check", str(CORPUS))
    assert "[PTO80" not in result.stdout


URI = "file:///work/kernels/memory.py"


async def test_the_editor_shows_the_error_the_hover_and_the_lens(client: RecordingClient):
    text = (CASES / "vec_overflow.py").read_text(encoding="utf-8")
    open_document(client, text, URI)
    [diagnostic] = await wait_for_version(client, URI, 1)
    assert diagnostic.code == "PTO801"
    assert diagnostic.message == "Vec buffer usage (262144 bytes) exceeds platform limit (188416 bytes)"
    hover = await client.text_document_hover_async(
        lsp.HoverParams(text_document=lsp.TextDocumentIdentifier(uri=URI), position=lsp.Position(6, 9))
    )
    assert hover is not None and isinstance(hover.contents, lsp.MarkupContent)
    assert "- Vec 262,144 / 188,416 bytes — **over capacity**" in hover.contents.value
    lenses = await client.text_document_code_lens_async(
        lsp.CodeLensParams(text_document=lsp.TextDocumentIdentifier(uri=URI))
    )
    # Above the kernel's decorator (line 5), not between it and the `def` (line 6).
    assert [(lens.range.start.line, lens.command.title if lens.command else "") for lens in lenses or []] == [
        (5, "Vec 262,144 / 188,416 bytes")
    ]


async def test_the_editor_shows_a_mat_overflow_and_the_l0_tiles_auto_tile_chooses(client: RecordingClient):
    """A matmul of Mat operands: its Mat use is the real planner's and over the capacity, with
    the real message (`capacity_mutants/verdicts.json`); AutoTileMatmulL0 splits its K of 512
    in 32 blocks of 16 (the real chooser's tile), whose two blocks in flight take Left / Right
    beside the whole [64, 512] FP32 accumulator, as the real planner gives a kernel of the same
    split that fits (`mlir_cases/l0_tiling.py`'s `k_many`)."""
    text = (MUTANTS / "mat_big_operand.py").read_text(encoding="utf-8")
    open_document(client, text, URI)
    [diagnostic] = [
        d for d in await wait_for_version(client, URI, 1) if d.severity == lsp.DiagnosticSeverity.Error
    ]
    assert diagnostic.message == "Mat buffer usage (1179648 bytes) exceeds platform limit (524288 bytes)"
    hover = await client.text_document_hover_async(
        lsp.HoverParams(text_document=lsp.TextDocumentIdentifier(uri=URI), position=lsp.Position(6, 9))
    )
    assert hover is not None and isinstance(hover.contents, lsp.MarkupContent)
    assert "- Mat 1,179,648 / 524,288 bytes — **over capacity**" in hover.contents.value
    assert "- Left 8,192 / 65,536 bytes" in hover.contents.value
    lenses = await client.text_document_code_lens_async(
        lsp.CodeLensParams(text_document=lsp.TextDocumentIdentifier(uri=URI))
    )
    assert [(lens.range.start.line, lens.command.title if lens.command else "") for lens in lenses or []] == [
        (
            5,
            "Mat 1,179,648 / 524,288 bytes · Left 8,192 / 65,536 bytes · Right 65,536 / 65,536 bytes · Acc 131,072 / 131,072 bytes",
        )
    ]


async def test_a_capacity_error_hidden_by_a_syntax_error_shows_where_its_kernel_moved_once_fixed(
    client: RecordingClient, tmp_path: Path
):
    # While a syntax error stops the module's import, the real compiler plans no memory: no
    # PTO801. Lines typed above the kernel move it; fixing the syntax error shows the
    # capacity error on the kernel's line now, exactly what `check` says of the same text.
    text = (CASES / "vec_overflow.py").read_text(encoding="utf-8")
    broken = text.replace("\n\n@pl.program", "\n\ndef helper(:\n    pass\n\n\n@pl.program", 1)
    open_document(client, broken, URI)
    assert [d.code for d in await wait_for_version(client, URI, 1)] == ["PTO001"]
    change(client, 2, (1, 0), (1, 0), "\n\n\n", URI)
    [syntax_error] = await wait_for_version(client, URI, 2)
    assert (syntax_error.code, syntax_error.range.start.line) == ("PTO001", 6)
    # The kernel's use is still shown, on its line now (the unit moved by three lines).
    lenses = await client.text_document_code_lens_async(
        lsp.CodeLensParams(text_document=lsp.TextDocumentIdentifier(uri=URI))
    )
    assert [(lens.range.start.line, lens.command.title if lens.command else "") for lens in lenses or []] == [
        (12, "Vec 262,144 / 188,416 bytes")
    ]
    change(client, 3, (6, 11), (6, 12), "", URI)  # `def helper(:` -> `def helper():`
    [capacity] = await wait_for_version(client, URI, 3)
    assert capacity.code == "PTO801"
    fixed = broken.replace("import pypto.language as pl\n", "import pypto.language as pl\n\n\n\n", 1)
    fixed = fixed.replace("def helper(:", "def helper():")
    (tmp_path / "memory.py").write_text(fixed, encoding="utf-8")
    result = run_pto_lsp("check", "--format", "json", str(tmp_path / "memory.py"))
    [fresh] = json.loads(result.stdout)["files"][0]["diagnostics"]
    assert result.returncode == 1 and fresh["code"] == "PTO801"
    assert (capacity.range.start.line, capacity.range.start.character) == (
        fresh["range"]["start"]["line"],
        fresh["range"]["start"]["character"],
    )


async def test_the_soc_setting_changes_the_capacities_shown(client: RecordingClient):
    settings = {"debounceMs": 0, "soc": "950"}
    client.set_configuration(settings, section="ptoLsp")
    # Sent with the notification, the settings apply to everything after it (no race with
    # the server's pull of them).
    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(settings={"ptoLsp": settings}))
    text = (CASES / "vec_overflow_910b_only.py").read_text(encoding="utf-8")
    open_document(client, text, URI)
    assert await wait_for_version(client, URI, 1) == []  # 196,608 bytes fit the 950's Vec
    hover = await client.text_document_hover_async(
        lsp.HoverParams(text_document=lsp.TextDocumentIdentifier(uri=URI), position=lsp.Position(6, 9))
    )
    assert hover is not None and "Vec 196,608 / 245,760 bytes" in str(hover.contents.value)  # type: ignore[union-attr]


def test_a_scope_outlined_kernel_is_reported_on_its_with_line():
    status, [found] = check("scope_vec_overflow.py")
    assert status == 1 and found["code"] == "PTO801"
    assert found["message"] == "Vec buffer usage (262144 bytes) exceeds platform limit (188416 bytes)"
    assert (found["range"]["start"]["line"], found["range"]["start"]["character"]) == (12, 8)
    mlir = run_pto_lsp("compile", str(CASES / "scope_vec_overflow.py"), "--emit", "mlir")
    assert "not emitted: the real compiler stops before codegen: Vec buffer usage" in mlir.stderr


CASE_VERDICT_DATA = json.loads(CASE_VERDICTS.read_text(encoding="utf-8")) if CASE_VERDICTS.is_file() else {}


@pytest.mark.skipif(not CASE_VERDICT_DATA, reason="the real compiler's verdicts are not recorded yet")
@pytest.mark.parametrize("name", sorted(CASE_VERDICT_DATA))
def test_each_memory_case_gets_what_the_real_compiler_says(name: str):
    """`memory_cases/verdicts.json` (`python tests/real_memory.py --record-cases`): a program the
    real compiler rejects gets its message (the real text less the location it appends) at the
    real location where it has one; one it compiles gets no error, and its kernels' use is the
    real planner's (exact) or above it (at most)."""
    _, diagnostics = check(name)
    errors = [d for d in diagnostics if d["severity"] == 1]
    [program] = CASE_VERDICT_DATA[name]["programs"]
    if not program["ok"]:
        [found] = errors
        assert program["message"].startswith(found["message"]), (program, found)
        assert found["data"]["exception"] == program["error_class"]
        location = re.search(r"\[[^\]]*:(\d+):(\d+)\]$", program["message"])
        if location:
            start = found["range"]["start"]
            assert (start["line"] + 1, start["character"] + 1) == (int(location[1]), int(location[2]))
        return
    assert errors == []
    ours_use = ours(run_pto_lsp("compile", str(CASES / name), "--emit", "memory").stdout)
    compared = 0
    for function, spaces in program["memory"].items():
        claimed = [uses for kernel, uses in ours_use.items() if kernel.endswith(f".{function}")]
        for space in spaces:
            if not claimed or space["space"] not in claimed[0]:
                continue  # not analysed: nothing claimed (a matmul AutoTileMatmulL0 retiles)
            used, exact = claimed[0][space["space"]]
            assert used == space["hwm"] if exact else used >= space["hwm"], (function, space, used)
            compared += 1
    assert compared == {
        "vec_fits.py": 1,
        "vec_at_most.py": 1,
        "vec_at_most_full.py": 1,
        "matmul_fits.py": 4,
        "large_tensor_matmul.py": 1,  # Mat: its L0 tiles are AutoTileMatmulL0's, not analysed
    }.get(name, 0)


MUTANT_DATA = json.loads(MUTANT_VERDICTS.read_text(encoding="utf-8")) if MUTANT_VERDICTS.is_file() else {}
# The kernel each real capacity error names no location for: PTO801 is reported in it (on
# the allocation that crosses the capacity, docs/diagnostics.md), as the real
# AllocateMemoryAddr raises it per function.
_KERNEL_LINE = re.compile(r"^    def (\w+)\(", re.M)


@pytest.mark.skipif(not MUTANT_DATA, reason="the real compiler's verdicts are not recorded yet")
@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("name", sorted(MUTANT_DATA))
def test_each_capacity_mutant_gets_the_real_verdict(name: str, soc: str):
    """`capacity_mutants/`: kernels grown past a space's capacity (Vec, Mat, Left, Right, Acc,
    Bias), judged by the real `ir.compile` for each SoC (`real_memory.py --record-socs`). Where
    it refuses one, `check --soc` reports the real message, once, in that kernel;
    where it compiles one (the 950 is larger), no error, and each space's use we give exactly is
    the real planner's."""
    [verdict] = MUTANT_DATA[name].values()
    real = verdict[soc]
    status, diagnostics = check(name, "--soc", soc, cases=MUTANTS)
    errors = [d for d in diagnostics if d["severity"] == 1]
    if "message" in real:
        assert [(d["code"], d["message"]) for d in errors] == [("PTO801", real["message"])]
        # The real error has no location: the allocation that crosses the capacity, in that
        # kernel, is squiggled (the kernel's `def` line where no one tile does).
        source = (MUTANTS / name).read_text(encoding="utf-8")
        kernel = _KERNEL_LINE.search(source)
        assert kernel is not None
        kernel_line = source[: kernel.start()].count("\n") + 1
        following = _KERNEL_LINE.search(source, kernel.end())
        end_line = source[: following.start()].count("\n") if following else source.count("\n") + 1
        assert kernel_line <= errors[0]["range"]["start"]["line"] + 1 <= end_line
        assert status == 1
        return
    assert errors == []
    got = ours(run_pto_lsp("compile", str(MUTANTS / name), "--emit", "memory", "--soc", soc).stdout)
    [(kernel, spaces)] = real["memory"].items()
    [(ours_kernel, uses)] = got.items()
    assert ours_kernel.endswith(f".{kernel}")
    assert {space: used for space, (used, exact) in uses.items() if exact} == spaces


SOC_DATA = json.loads(SOC_RECORD.read_text(encoding="utf-8")) if SOC_RECORD.is_file() else {}


@pytest.mark.skipif(not SOC_DATA or not CORPUS.is_dir(), reason="no corpus, or its real uses not recorded")
@pytest.mark.parametrize("soc", SOCS)
def test_each_socs_real_planner_use_is_ours_for_every_kernel_we_plan(soc: str):
    """`real_memory_socs.json`: the real planner's use of each corpus kernel on each SoC. The
    use we give exactly equals it; a space we do not plan says "not analysed" (never a
    number); a program the real compile accepts gets no capacity error from us."""
    wrong, exact, not_analysed = [], 0, 0
    for file, programs in SOC_DATA.items():
        got = by_real_names(
            ours(run_pto_lsp("compile", str(CORPUS / file), "--emit", "memory", "--soc", soc).stdout),
            CORPUS / file,
        )
        for program, verdicts in programs.items():
            for kernel, spaces in verdicts[soc].get("memory", {}).items():
                claimed = got[f"{program}.{kernel}"]
                for space, used in spaces.items():
                    if space not in claimed:
                        not_analysed += 1
                        continue
                    value, is_exact = claimed[space]
                    exact += is_exact
                    if not is_exact or value != used:
                        wrong.append((file, program, kernel, space, value, used))
    assert wrong == []
    assert (exact, not_analysed) == {"910B": (119, 0), "950": (118, 0)}[soc]  # measured; docs/diagnostics.md


PLAN_DATA = json.loads(PLAN_VERDICTS.read_text(encoding="utf-8")) if PLAN_VERDICTS.is_file() else {}


@pytest.mark.skipif(not PLAN_DATA, reason="the real compiler's verdicts are not recorded yet")
@pytest.mark.parametrize("soc", SOCS)
def test_each_plan_case_gets_the_real_planners_use(soc: str):
    """`plan_cases/` (`python tests/real_memory.py --record-plan`), one construct each: a Vec
    `tile.slice` read in place and copied (a col-expand read, an unaligned read), a 2-D
    `tile.transpose` and its scratch, `tile.gather_row` in place, matmul operands each in the
    other L0 space. The real compile accepts each on both SoCs: no error, and every space of
    every kernel is given exactly, with the real planner's use."""
    for name, programs in sorted(PLAN_DATA.items()):
        _, diagnostics = check(name, "--soc", soc, cases=PLAN)
        assert [d for d in diagnostics if d["severity"] == 1] == [], name
        report = ours(run_pto_lsp("compile", str(PLAN / name), "--emit", "memory", "--soc", soc).stdout)
        for program, verdicts in programs.items():
            for kernel, spaces in verdicts[soc]["memory"].items():
                uses = report[f"{program}.{kernel}"]
                assert {space: used for space, (used, exact) in uses.items() if exact} == spaces, name


SHARED_VERDICTS = capacity_grown.SHARED / "op-verdicts"
GROWN_VERDICTS = Path(__file__).parent / "data" / "capacity_grown" / "verdicts.json"
GROWN_DATA = json.loads(GROWN_VERDICTS.read_text(encoding="utf-8")) if GROWN_VERDICTS.is_file() else {}
_CAPACITY = re.compile(r"^\w+ buffer usage \(\d+ bytes\) exceeds platform limit \(\d+ bytes\)")


# Grown mutants where we report another error than the real compile's first (known, not a
# capacity matter): the real ConvertTensorToTileOps refuses tensor.scatter_update's source
# rows against the index size, which is not modelled, so a later check's error shows.
OTHER_ERROR_FIRST = {"grown__t_test_scatter_update_TileScatterUpdateProgram.py"}


def _grown_judgement(name: str, grown: Path) -> str:
    """How pto-lsp fares on one grown mutant against the real compile (`capacity_grown.py`):
    `caught` (the real capacity message), `missed` (a real capacity error we do not report:
    its kernel is not planned), `clean` (no capacity error, none real). A wrong capacity
    message, one the real compile does not raise, or an exact use other than the real one
    fails the test."""
    programs = GROWN_DATA[name]
    _, diagnostics = check(name, cases=grown)
    ours_capacity = [d["message"] for d in diagnostics if d["severity"] == 1 and d["code"] == "PTO801"]
    real_capacity = [
        v["910B"]["message"] for v in programs.values() if _CAPACITY.match(v["910B"].get("message", ""))
    ]
    for message in ours_capacity:
        assert message in real_capacity, (name, message, real_capacity)
    # Any other error we report is the real one too (a matmul's L0 operand check, say), where
    # the recorded first line holds it (codegen's `PartialCodegenError` lists its errors after).
    real_messages = [v["910B"].get("message", "") for v in programs.values()]
    partial = any(v["910B"].get("error_class") == "PartialCodegenError" for v in programs.values())
    for found in diagnostics:
        if found["severity"] == 1 and not partial and name not in OTHER_ERROR_FIRST:
            assert any(real.startswith(found["message"]) for real in real_messages if real), (
                name,
                found["message"],
            )
    report = ours(run_pto_lsp("compile", str(grown / name), "--emit", "memory").stdout)
    for program, verdict in programs.items():
        for kernel, spaces in verdict["910B"].get("memory", {}).items():
            for space, (used, exact) in report.get(f"{program}.{kernel}", {}).items():
                assert not exact or used == spaces.get(space), (name, program, kernel, space, used, spaces)
    if not real_capacity:
        return "clean"
    return "caught" if len(ours_capacity) == len(real_capacity) else "missed"


@pytest.mark.skipif(not GROWN_DATA, reason="the real compiler's verdicts are not recorded yet")
@pytest.mark.skipif(not SHARED_VERDICTS.is_dir(), reason="no ../shared corpus to grow the kernels of")
def test_grown_real_kernels_get_the_real_capacity_verdict(tmp_path: Path):
    """Real kernels with every tile grown 16-fold (made from ../shared as the real compiler
    judged them, `capacity_grown.make`): each real capacity error we report is the real
    message; none where the real compile raises none; our exact uses are the real ones."""
    capacity_grown.make(tmp_path)
    found = {name: _grown_judgement(name, tmp_path) for name in sorted(GROWN_DATA)}
    counts = {
        kind: sum(1 for value in found.values() if value == kind) for kind in ("caught", "missed", "clean")
    }
    assert counts == {"caught": 24, "missed": 3, "clean": 44}, found  # measured; docs/diagnostics.md
