"""The server's commands (`workspace/executeCommand`) and `pto/passes`: the IR after a
pass and the PTO MLIR of an open kernel file (`features/dumps.py`, as `pto-lsp compile`
prints them), and the passes a client may offer to stop after."""

from __future__ import annotations

from typing import Any

from pygls.uris import to_fs_path

from compiler.codegen.pto_emitter import CodegenOptions
from pto_lsp.features.dumps import LAST_PASS, ir_after, mlir_of, stages
from pto_lsp.features.memory_map import kernel_maps, maps_json
from pto_lsp.features.memory_use import all_kernels, memory_report
from pto_lsp.features.real_dumps import real_ir_after, real_mlir
from pto_lsp.server.methods.state import ServerState, Snapshot, snapshot

SHOW_IR = "pto.showIR"
SHOW_MLIR = "pto.showMLIR"
PASSES = "pto/passes"
CHECK_WITH_PYPTO = "pto.checkWithPypto"
SHOW_REAL_IR = "pto.showRealIR"
SHOW_REAL_MLIR = "pto.showRealMLIR"
SHOW_MEMORY = "pto.showMemory"


# pygls passes a command's arguments one by one and reads their annotations at run time.
def show_ir(ls: ServerState, uri: str, *options: str) -> str:
    """`pto.showIR(uri[, after[, function]])`: the IR after a pass (default: the last), as DSL text."""
    after, function = (*options, "", "")[:2]
    return ir_after(_open_kernel(ls, uri, SHOW_IR).analysis, after or LAST_PASS, function)


def show_mlir(ls: ServerState, uri: str, *options: str) -> str:
    """`pto.showMLIR(uri[, function])`: the PTO MLIR of the file's InCore kernels. The codegen's
    warnings are not repeated here: the server publishes them as diagnostics."""
    analysis = _open_kernel(ls, uri, SHOW_MLIR).analysis
    codegen = CodegenOptions(
        ptoas_cache_policy=ls.settings(uri).ptoas_cache_policy, file_label=to_fs_path(uri) or uri
    )
    modules = [
        kernel.dump
        if kernel.text is not None
        else f"// the kernels of {kernel.name}: not emitted (not modelled yet: {kernel.problem})\n"
        if kernel.whole
        else f"// kernel: {kernel.name}: not emitted (not modelled yet: {kernel.problem})\n"
        for kernel in mlir_of(analysis, codegen, options[0] if options else "").kernels
    ]
    return "".join(modules) or "// no InCore kernel in this file\n"


def show_memory(ls: ServerState, uri: str, *options: str) -> str | dict[str, Any]:
    """`pto.showMemory(uri[, kernel[, "json"]])`: the on-chip memory of the file's kernels (or
    of one), as `pto-lsp compile --emit memory` prints it, for the SoC of the settings; with
    "json", the picture's model (`memory_map`), which the editor's memory view draws."""
    analysis = _open_kernel(ls, uri, SHOW_MEMORY).analysis.with_last_good
    kernel, form = (*options, "", "")[:2]
    soc = ls.settings(uri).soc
    if form == "json":
        return maps_json(kernel_maps(all_kernels(analysis), soc, kernel), soc)
    return memory_report(analysis, soc, kernel)


async def check_with_pypto(ls: ServerState, uri: str) -> dict[str, Any]:
    """`pto.checkWithPypto(uri)`: run the author's own PyPTO on the saved file now (where the
    pypto check is enabled and allowed: never in an untrusted workspace); what it found is
    published with the file's diagnostics, and the answer says how the check went."""
    document = ls.documents.get(uri)
    if document is None or not document.imports_pypto_language():
        raise ValueError(f"{CHECK_WITH_PYPTO} needs the URI of an open PyPTO kernel file")
    if not ls.pypto_checks.enabled():
        raise ValueError(
            "the pypto check is off: it runs only where ptoLsp.pyptoCheck.enabled is set "
            "(VS Code: in a trusted workspace), and a --tcp/--ws server only with --allow-pypto-check"
        )
    check = await ls.pypto_checks.start(uri)
    if check is None:
        return {"state": "not checked"}
    return {
        "state": check.failure or "done",
        "pyptoVersion": check.pypto_version,
        "seconds": round(check.seconds, 3),
        "message": check.summary(),
    }


def show_real_ir(ls: ServerState, uri: str, *options: str) -> str:
    """`pto.showRealIR(uri[, after])`: the real compiler's own dump after a pass (default: the
    parse) of the last save's pypto check, marked with its version."""
    version, folder = _last_real_check(ls, uri, SHOW_REAL_IR)
    return real_ir_after(folder, version, options[0] if options else "parse")


def show_real_mlir(ls: ServerState, uri: str) -> str:
    """`pto.showRealMLIR(uri)`: the PTO modules the real codegen wrote at the last save's check."""
    version, folder = _last_real_check(ls, uri, SHOW_REAL_MLIR)
    return real_mlir(folder, version)


def _last_real_check(ls: ServerState, uri: str, command: str) -> tuple[str, str]:
    kept = ls.pypto_checks.last_output(uri)
    if kept is None:
        raise ValueError(
            f"{command}: no pypto check of this file has finished since it was opened (save it to check it)"
        )
    return kept


def passes(ls: ServerState, params: Any) -> list[dict[str, Any]]:
    """`pto/passes`: what `pto.showIR` can stop after, in order: `parse` (number null), then
    each modelled pass with the number the real compiler's dumps give it."""
    return [{"number": number, "name": name} for number, name in stages()]


def _open_kernel(ls: ServerState, uri: str, command: str) -> Snapshot:
    current = snapshot(ls, uri)
    if current is None:
        raise ValueError(f"{command} needs the URI of an open PyPTO kernel file")
    return current
