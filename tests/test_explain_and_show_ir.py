"""`pto-lsp explain FILE:LINE` and the server's `pto.showIR` / `pto.showMLIR` commands."""

from __future__ import annotations

from conftest import EXAMPLES, run_pto_lsp
from lsp_client import RecordingClient, open_document, wait_for_version
from lsprotocol import types as lsp

BYPASS_MATMUL = EXAMPLES / "bypass_matmul.py"


def line_of(needle: str) -> int:
    lines = BYPASS_MATMUL.read_text().splitlines()
    return next(
        i for i, text in enumerate(lines, start=1) if needle in text and not text.lstrip().startswith("#")
    )


def test_explain_says_which_policy_each_read_on_the_line_gets_and_why():
    line = line_of("pl.matmul(")
    result = run_pto_lsp("explain", f"{BYPASS_MATMUL}:{line}")
    assert result.returncode == 0
    assert result.stdout.splitlines() == [
        f"{BYPASS_MATMUL}:{line}: reads 'a' from global memory (matmul operand) in kernel 'mm' as parameter 0: "
        "DEFAULT, by the default (no cache= here, no declaration for 'a')",
        f"{BYPASS_MATMUL}:{line}: reads 'b' from global memory (matmul operand) in kernel 'mm' as parameter 1: "
        f"BYPASS, by the declaration at line {line_of('pl.set_cache_policy(')}",
    ]


def test_explain_on_a_declaration_lists_what_it_governs():
    line = line_of("pl.set_cache_policy(")
    result = run_pto_lsp("explain", f"{BYPASS_MATMUL}:{line}")
    assert result.stdout.splitlines() == [
        f"{BYPASS_MATMUL}:{line}: declares BYPASS for 'b': kernel 'mm', parameter 1",
        f"  governs the read at line {line_of('pl.matmul(')} (matmul operand)",
    ]


def test_explain_on_a_line_without_reads_says_so_and_bad_usage_exits_2():
    assert "no global-memory read" in run_pto_lsp("explain", f"{BYPASS_MATMUL}:1").stdout
    assert run_pto_lsp("explain", f"{BYPASS_MATMUL}").returncode == 2


async def test_show_ir_returns_the_dump_after_a_chosen_pass(client: RecordingClient):
    uri = BYPASS_MATMUL.as_uri()
    open_document(client, BYPASS_MATMUL.read_text(), uri)
    await wait_for_version(client, uri, 1)
    text = await client.workspace_execute_command_async(
        lsp.ExecuteCommandParams(command="pto.showIR", arguments=[uri, "OutlineIncoreScopes", "mm"])
    )
    assert 'pl.func_attr({"cache_policy": [(1, 1)]})' in text
    assert "def main(" not in text  # only the function asked for
    last = await client.workspace_execute_command_async(
        lsp.ExecuteCommandParams(command="pto.showIR", arguments=[uri])
    )
    assert (
        "b__ssa_v0_mat: pl.Tile[[128, 256], pl.FP32, pl.Mem.Mat] = pl.tile.load(b__ssa_v0, [0, 0], "
        '[128, 256], [128, 256], target_memory=pl.Mem.Mat, attrs={"__compiler_tensor_to_tile_mat_bridge": '
        "True}, cache=1)" in last
    )


async def test_show_mlir_returns_the_kernels_pto_mlir(client: RecordingClient):
    # (Not bypass_matmul.py: its [256, 128] x [128, 256] matmul is AutoTileMatmulL0's to
    # split into L0 tiles, which the emitter does not model.)
    spmd = BYPASS_MATMUL.with_name("spmd_bypass.py")
    uri = spmd.as_uri()
    open_document(client, spmd.read_text(), uri)
    await wait_for_version(client, uri, 1)
    text = await client.workspace_execute_command_async(
        lsp.ExecuteCommandParams(command="pto.showMLIR", arguments=[uri])
    )
    assert text.startswith('// kernel: main_incore_0\nmodule attributes {pto.target_arch = "a2a3"} {')
    assert text.count("pto.tload") == 1 and "l2_bypass" not in text


async def test_the_server_lists_the_passes_show_ir_can_stop_after(client: RecordingClient):
    """`pto/passes` is the extension's pass picker: each stage it lists gives a dump, in
    pipeline order, the last one the default `pto.showIR` dump."""
    uri = BYPASS_MATMUL.as_uri()
    open_document(client, BYPASS_MATMUL.read_text(), uri)
    await wait_for_version(client, uri, 1)
    stages = await client.protocol.send_request_async("pto/passes", None)
    names = [stage["name"] for stage in stages]
    numbers = [stage["number"] for stage in stages]
    assert names[0] == "parse" and numbers[0] is None
    assert "OutlineIncoreScopes" in names and numbers[1:] == sorted(numbers[1:]) and len(stages) > 2
    dumps = [
        await client.workspace_execute_command_async(
            lsp.ExecuteCommandParams(command="pto.showIR", arguments=[uri, name])
        )
        for name in names
    ]
    assert all("def main(" in dump for dump in dumps)
    assert "def mm(" not in dumps[0] and "def mm(" in dumps[-1]  # outlined on the way
    assert dumps[-1] == await client.workspace_execute_command_async(
        lsp.ExecuteCommandParams(command="pto.showIR", arguments=[uri])
    )
