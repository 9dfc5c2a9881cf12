"""The `[CacheBypassUnsupported]` warning (`gm-cache-policy.md`, Current status).

PTOAS has no L2-bypass path yet, so codegen compiles a BYPASS load as an ordinary
cached access and warns once per tensor per kernel, however many loads of it
are emitted. Which tensors of which kernels warn is decided here, once, from the
GM reads (`bypass_warnings`), as data; what it says is formatted where it is
shown: the real codegen's text for `pto-lsp compile --emit mlir` (`compiler_text`,
verbatim: it names the file and line of the first load), a short message for the
editor and `pto-lsp check` (`editor_message`: the severity, the file and the
issue link are shown beside it there). As a diagnostic it sits on the declaration
that asked for BYPASS (the marker or the `cache=` kwarg) and lists the loads it
covers.
"""

from __future__ import annotations

from dataclasses import dataclass

from compiler.base import codes
from compiler.base.diagnostics import Diagnostic, RelatedInfo, Severity, Stage
from compiler.base.span import Span
from compiler.facts.gm_reads import GmRead, ModuleFacts
from compiler.ir.cache_policy import BYPASS
from compiler.lowering.tensor_reads import ReadKind

PTOAS_ISSUE_NUMBER = 1356
PTOAS_ISSUE = f"https://github.com/hw-native-sys/PTOAS/issues/{PTOAS_ISSUE_NUMBER}"
PTOAS_ISSUE_LABEL = f"PTOAS#{PTOAS_ISSUE_NUMBER}"  # how the spec names the issue in prose


@dataclass(frozen=True)
class BypassWarning:
    """One tensor of one kernel whose loads ask for BYPASS and compile as cached ones."""

    tensor: str  # the user's name of the tensor (the real warning's `GetBaseName`)
    kernel: str  # the device kernel the loads end up in
    loads: tuple[GmRead, ...]  # the BYPASS loads codegen emits of it, in source order
    declaration: Span  # what asked for BYPASS: the marker, or the first load's `cache=` kwarg

    @property
    def first_load(self) -> Span:
        """The load the real warning names (its `op->span_`)."""
        return self.loads[0].span

    @property
    def line(self) -> int:
        return self.first_load.start_line

    @property
    def column(self) -> int:
        """0-based, in UTF-8 bytes of the line (as `Span`)."""
        return self.first_load.start_col


def compiler_text(warning: BypassWarning, file_label: str) -> str:
    """The real codegen's log line, verbatim (`reference-cache-policy.md` §5.1), naming
    the file as `file_label`."""
    return f"[warning] [CacheBypassUnsupported] {editor_message(warning)} at {file_label}:{warning.line}"


def editor_message(warning: BypassWarning) -> str:
    """The diagnostic's message: the real text's own words, without what the editor and
    `check` show beside it (severity, category, file and line)."""
    return (
        f"tensor '{warning.tensor}' requests CachePolicy.BYPASS, but PTOAS has no L2-bypass path yet "
        f"({PTOAS_ISSUE}); compiling as an ordinary cached access"
    )


def bypass_diagnostic(warning: BypassWarning) -> Diagnostic:
    related = tuple(
        RelatedInfo(load.span, f"{load.kind.value} of '{load.tensor}' in '{load.kernel}'")
        for load in warning.loads
    )
    return Diagnostic(
        code=codes.CACHE_BYPASS_UNSUPPORTED,
        message=editor_message(warning),
        span=warning.declaration,
        severity=Severity.WARNING,
        stage=Stage.CODEGEN,
        related=related,
        documentation_url=PTOAS_ISSUE,
    )


def emitted_loads(reads: list[GmRead]) -> list[GmRead]:
    """The loads codegen emits for these reads: one entry load per parameter, every other read its own."""
    seen_entry: set[int] = set()
    loads = []
    for read in reads:
        if read.kind is ReadKind.ENTRY_LOAD:
            if read.param_index in seen_entry:
                continue
            seen_entry.add(read.param_index)
        loads.append(read)
    return loads


def bypass_warnings(facts: ModuleFacts) -> list[BypassWarning]:
    """One warning per tensor per kernel with a BYPASS load, as the real codegen warns."""
    by_kernel_tensor: dict[tuple[str, int], list[GmRead]] = {}
    for read in facts.reads:
        by_kernel_tensor.setdefault((read.kernel, read.param_index), []).append(read)
    warnings = []
    for reads in by_kernel_tensor.values():
        loads = [read for read in emitted_loads(reads) if read.policy == BYPASS]
        if loads:
            first = loads[0]
            warnings.append(
                BypassWarning(first.tensor, first.kernel, tuple(loads), first.reason_span or first.span)
            )
    return warnings
