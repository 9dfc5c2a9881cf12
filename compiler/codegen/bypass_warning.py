"""The `[CacheBypassUnsupported]` warning (`gm-cache-policy.md`, Current status).

PTOAS has no L2-bypass path yet, so codegen compiles a BYPASS load as an ordinary
cached access and warns once per tensor per kernel, however many loads of it
are emitted. The warning's text is the real codegen's; as a diagnostic it sits
on the declaration that asked for BYPASS (the marker or the `cache=` kwarg), and
lists the loads it covers.
"""

from __future__ import annotations

from compiler import codes
from compiler.diagnostics import Diagnostic, RelatedInfo, Severity, Stage
from compiler.facts.gm_reads import BYPASS, GmRead, ModuleFacts, ReadKind

PTOAS_ISSUE = "https://github.com/hw-native-sys/PTOAS/issues/1356"


def bypass_warning_message(tensor: str, location: str) -> str:
    return (
        f"[warning] [CacheBypassUnsupported] tensor '{tensor}' requests CachePolicy.BYPASS, but PTOAS "
        f"has no L2-bypass path yet ({PTOAS_ISSUE}); compiling as an ordinary cached access at {location}"
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


def bypass_warnings(facts: ModuleFacts, file_label: str) -> list[Diagnostic]:
    by_kernel_tensor: dict[tuple[str, int], list[GmRead]] = {}
    for read in facts.reads:
        by_kernel_tensor.setdefault((read.kernel, read.param_index), []).append(read)
    warnings = []
    for reads in by_kernel_tensor.values():
        loads = [read for read in emitted_loads(reads) if read.policy == BYPASS]
        if not loads:
            continue
        first = loads[0]
        message = bypass_warning_message(first.tensor, f"{file_label}:{first.span.start_line}")
        related = tuple(
            RelatedInfo(load.span, f"{load.kind.value} of '{load.tensor}' in '{load.kernel}'")
            for load in loads
        )
        warnings.append(
            Diagnostic(
                code=codes.CACHE_BYPASS_UNSUPPORTED,
                message=message,
                span=first.reason_span or first.span,
                severity=Severity.WARNING,
                stage=Stage.CODEGEN,
                related=related,
                documentation_url=PTOAS_ISSUE,
            )
        )
    return warnings
