"""The `[CacheBypassUnsupported]` codegen warning (reference §5.1, §6.6), through the CLI,
the API and an LSP client: once per tensor per kernel, on the declaration, with the
PTOAS issue linked; none when nothing asks for BYPASS or PTOAS lowers the hint."""

from __future__ import annotations

import textwrap
from pathlib import Path

from conftest import check_json, file_diagnostics
from lsp_client import RecordingClient, open_document, wait_for_publication
from lsprotocol import types as lsp

from compiler import check_source

URL = "https://github.com/hw-native-sys/PTOAS/issues/1356"


def p_at(*markers: str, name: str = "mm") -> str:
    lines = "".join(f"            {marker}\n" for marker in markers)
    return (
        "import pypto.language as pl\n\n\n@pl.program\nclass Prog:\n    @pl.function\n"
        "    def main(self, a: pl.Tensor[[256, 128], pl.FP32], b: pl.Tensor[[128, 256], pl.FP32],\n"
        "             out: pl.Out[pl.Tensor[[256, 256], pl.FP32]]) -> pl.Tensor[[256, 256], pl.FP32]:\n"
        f'        with pl.at(level=pl.Level.CORE_GROUP, name_hint="{name}"):\n'
        f"{lines}"
        "            c: pl.Tensor[[256, 256], pl.FP32] = pl.matmul(a, b, out_dtype=pl.FP32)\n"
        "            out = pl.assemble(out, c, [0, 0])\n"
        "        return out\n"
    )


TWO_BYPASSING_LOADS = textwrap.dedent(
    """\
    import pypto.language as pl


    @pl.program
    class Loads:
        @pl.function(type=pl.FunctionType.InCore)
        def kernel(self, x: pl.Tensor[[32, 128], pl.FP32], out: pl.Out[pl.Tensor[[32, 128], pl.FP32]]) -> pl.Tensor[[32, 128], pl.FP32]:
            top: pl.Tile[[16, 128], pl.FP32] = pl.load(x, [0, 0], [16, 128], cache=pl.CachePolicy.BYPASS)
            bottom: pl.Tile[[16, 128], pl.FP32] = pl.load(x, [16, 0], [16, 128], cache=pl.CachePolicy.BYPASS)
            out_0 = pl.store(top, [0, 0], out)
            out_1 = pl.store(bottom, [16, 0], out_0)
            return out_1
    """
)


def warnings_of(tmp_path: Path, source: str) -> list[dict]:
    path = tmp_path / "kernel.py"
    path.write_text(source)
    proc, report = check_json(path)
    assert proc.returncode == 0  # a warning is not an error
    api = [d for d in check_source(source, str(path)) if d.code == "PTO301"]
    cli = [d for d in file_diagnostics(report, path) if d["code"] == "PTO301"]
    assert [d.message for d in api] == [d["message"] for d in cli]
    return cli


def test_an_undeclared_kernel_gets_no_warning(tmp_path):
    assert warnings_of(tmp_path, p_at()) == []


def test_a_declared_bypass_warns_once_and_links_the_ptoas_issue(tmp_path):
    marker = "pl.set_cache_policy(b, pl.CachePolicy.BYPASS)"
    source = p_at(marker)
    [warning] = warnings_of(tmp_path, source)
    path = tmp_path / "kernel.py"
    matmul_line = source[: source.index("pl.matmul(")].count("\n") + 1
    assert warning["message"] == (
        f"[warning] [CacheBypassUnsupported] tensor 'b' requests CachePolicy.BYPASS, but PTOAS has no L2-bypass "
        f"path yet ({URL}); compiling as an ordinary cached access at {path}:{matmul_line}"
    )
    assert warning["severity"] == 2
    assert warning["codeDescription"] == {"href": URL}
    marker_line = source[: source.index(marker)].count("\n")
    assert warning["range"]["start"] == {"line": marker_line, "character": 12}
    assert [item["location"]["range"]["start"]["line"] for item in warning["relatedInformation"]] == [
        matmul_line - 1
    ]


def test_each_declared_tensor_warns_exactly_once(tmp_path):
    source = p_at(
        "pl.set_cache_policy(a, pl.CachePolicy.BYPASS)",
        "pl.set_cache_policy(b, pl.CachePolicy.BYPASS)",
        name="mm2",
    )
    warnings = warnings_of(tmp_path, source)
    assert sorted(w["message"].split("'")[1] for w in warnings) == ["a", "b"]
    assert all(URL in w["message"] for w in warnings)


def test_repeated_bypassing_loads_of_one_tensor_warn_once(tmp_path):
    [warning] = warnings_of(tmp_path, TWO_BYPASSING_LOADS)
    assert "tensor 'x'" in warning["message"]
    assert len(warning["relatedInformation"]) == 2  # both loads it covers


def test_an_explicit_default_on_the_only_load_beats_the_declaration(tmp_path):
    source = TWO_BYPASSING_LOADS.replace("cache=pl.CachePolicy.BYPASS", "cache=pl.CachePolicy.DEFAULT")
    assert warnings_of(tmp_path, source) == []


def test_a_ptoas_that_lowers_the_hint_gets_no_warning(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.pto-lsp]\nptoasCachePolicy = "attribute"\n')
    path = tmp_path / "kernel.py"
    path.write_text(p_at("pl.set_cache_policy(b, pl.CachePolicy.BYPASS)"))
    _, report = check_json(path)
    assert file_diagnostics(report, path) == []


async def test_the_editor_shows_the_warning_with_its_link(client: RecordingClient):
    uri = "file:///work/kernels/warn.py"
    client.set_configuration({"debounceMs": 0, "diagnostics": {"disabled": []}}, section="ptoLsp")
    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(settings=None))
    open_document(client, p_at("pl.set_cache_policy(b, pl.CachePolicy.BYPASS)"), uri)
    published = await wait_for_publication(client, uri, lambda item: bool(item.diagnostics))
    [warning] = published.diagnostics
    assert warning.code == "PTO301" and warning.severity == lsp.DiagnosticSeverity.Warning
    assert warning.code_description == lsp.CodeDescription(href=URL)
    assert "compiling as an ordinary cached access at /work/kernels/warn.py:11" in warning.message
