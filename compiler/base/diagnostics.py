"""Diagnostics are values: collected, never thrown at the caller."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Any

from compiler.base.span import Span


class Severity(enum.IntEnum):
    """LSP severities, so the numbers carry over unchanged."""

    ERROR = 1
    WARNING = 2
    INFORMATION = 3
    HINT = 4


class Stage(str, enum.Enum):
    """The compiler stage that raised a diagnostic."""

    SYNTAX = "syntax"
    PARSER = "parser"
    OUTLINE_HIERARCHY = "OutlineHierarchyScopes"
    OUTLINE_INCORE = "OutlineIncoreScopes"
    CODEGEN = "codegen"
    INLINE_FUNCTIONS = "InlineFunctions"
    UNROLL_LOOPS = "UnrollLoops"
    SIMPLIFY = "Simplify"
    ORCHESTRATION_CODEGEN = "orchestration codegen"
    PTO_CODEGEN = "PTO codegen"
    VERIFIER = "pipeline_input"  # the IR verifier, before the first pass
    CONVERT_TO_SSA = "ConvertToSSA"  # the IR verifier after ConvertToSSA
    CONVERT_TENSOR_TO_TILE = "ConvertTensorToTileOps"
    LEGALIZE_TILE_CAST = "LegalizeTileCast"
    AUTO_TILE_MATMUL_L0 = "AutoTileMatmulL0"
    CANONICALIZE_TILE_SLICE = "CanonicalizeTileSlice"
    LOWER_AUTO_VECTOR_SPLIT = "LowerAutoVectorSplit"
    LOWER_PIPELINE_LOOPS = "LowerPipelineLoops"
    FLATTEN_TILE_ND = "FlattenTileNdTo2D"
    EXPAND_MIXED_KERNEL = "ExpandMixedKernel"
    INIT_MEM_REF = "InitMemRef"
    MEMORY_REUSE = "MemoryReuse"
    ALLOCATE_MEMORY_ADDR = "AllocateMemoryAddr"
    LOWER_COMPOSITE_OPS = "LowerCompositeOps"
    LOWER_HOST_TENSOR_COLLECTIVES = "LowerHostTensorCollectives"
    PERF_HINT = "pipeline_output"  # the performance hints, after the last pass
    # pto-lsp's own analysis beyond the real compiler (the coherency hint).
    COHERENCY = "coherency"


@dataclass(frozen=True)
class RelatedInfo:
    span: Span
    message: str


# Where a message names another place of the file (upstream writes it `FILE:LINE:COL`): the
# diagnostic's first related location, written in when the diagnostic is shown, where the
# file's path is known (`Diagnostic.message_in`). A unit's analysis knows no path, and its
# related locations move with it when lines are inserted above it.
ORIGIN_PLACEHOLDER = "{origin}"


@dataclass(frozen=True)
class Diagnostic:
    code: str
    message: str
    span: Span
    severity: Severity = Severity.ERROR
    stage: Stage = Stage.PARSER
    # The exception class the real compiler raises for this error, e.g. "ParserSyntaxError".
    exception: str | None = None
    hint: str | None = None
    related: tuple[RelatedInfo, ...] = ()
    # Facts a quick fix needs (JSON-serialisable); never shown as text.
    data: dict[str, Any] = field(default_factory=dict)
    # Where to read more (LSP `codeDescription`), e.g. the upstream issue behind a warning.
    documentation_url: str | None = None
    # Code the program never needs (an unused variable): editors fade it (LSP tag Unnecessary).
    unnecessary: bool = False

    def with_related(self, span: Span, message: str) -> Diagnostic:
        return replace(self, related=(*self.related, RelatedInfo(span, message)))

    def message_in(self, path: str) -> str:
        """The message as shown for the file at `path`: a place it names written in full."""
        if ORIGIN_PLACEHOLDER not in self.message or not self.related:
            return self.message
        origin = self.related[0].span
        return self.message.replace(ORIGIN_PLACEHOLDER, f"{path}:{origin.start_line}:{origin.start_col + 1}")

    def sort_key(self) -> tuple[int, int, str]:
        return (self.span.start_line, self.span.start_col, self.code)


# The stages of the real codegen: a kernel's warnings come whatever else codegen refuses.
CODEGEN_STAGES = frozenset({Stage.CODEGEN, Stage.ORCHESTRATION_CODEGEN, Stage.PTO_CODEGEN})

# The stages of the real compiler's front end: Python importing the module, then the parser.
FRONT_END_STAGES = frozenset({Stage.SYNTAX, Stage.PARSER})


def stops_the_front_end(diagnostic: Diagnostic) -> bool:
    """An error the real compiler raises before any pass runs: nothing is compiled."""
    return diagnostic.severity is Severity.ERROR and diagnostic.stage in FRONT_END_STAGES
