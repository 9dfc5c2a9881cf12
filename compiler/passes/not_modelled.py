"""A pass meeting a construct whose real treatment it does not reproduce.

A pass raises `PassNotModelled` rather than guess: the IR view then says, for that
program, which pass stopped where and why, and prints no dump of it (a dump that
differs from the real compiler's is a wrong answer). Everything else that runs the
passes (memory, codegen) treats the program as not analysed.
"""

from __future__ import annotations

from compiler.base.diagnostics import Diagnostic
from compiler.base.span import Span


class PassNotModelled(Exception):
    """`pass_name` cannot take the program through `span` as the real pass would: `reason`."""

    def __init__(self, pass_name: str, reason: str, span: Span | None = None) -> None:
        where = f" (line {span.start_line})" if span is not None else ""
        super().__init__(f"{pass_name}: {reason}{where}")
        self.pass_name = pass_name
        self.reason = reason
        self.span = span


# The words of every refusal a type or value we do not know causes (a dtype or a shape a factory's
# parameter gives): the hint then names the values the program is built with.
NOT_KNOWN_STATICALLY = "not known statically"
# Where a check stops on a module value computed at import (`compiler.static_reach`), its
# reason says so in these words.
IMPORT_VALUE_WORDS = "a value the file computes at import"


class PassStopped(PassNotModelled):
    """The real `pass_name` raises an error on the program at `span` (`reason`, its words):
    the real compiler makes no IR after it, so neither do we. The diagnostic is reported
    on the source by the pass's checks (e.g. `simplify_checks`), or is `diagnostic`, which
    whoever runs the pass reports."""

    def __init__(
        self, pass_name: str, reason: str, span: Span | None = None, diagnostic: Diagnostic | None = None
    ) -> None:
        super().__init__(pass_name, reason, span)
        self.diagnostic = diagnostic


class KernelsNotModelled(PassNotModelled):
    """Some kernels of a program could not be taken through (`kernels`: name -> why); the
    others were. The program is not shown; `partial` (the program with the kernels that
    were taken through, the others left half-way) is what a per-kernel consumer (codegen,
    the memory planner) may still read, each refused kernel being refused in turn."""

    def __init__(self, kernels: dict[str, PassNotModelled], partial: object) -> None:
        first = next(iter(kernels.values()))
        super().__init__(first.pass_name, first.reason, first.span)
        self.kernels = kernels
        self.partial = partial


class ValueNotFolded(PassNotModelled):
    """The program reads closure values (`names`) the real parser folds to the literals they
    hold when the program is built (a factory's parameters, a module constant computed by
    a call), which a static reading cannot fold: no dump of it, at any stage, would be the
    real one."""

    def __init__(self, names: list[str], span: Span | None = None) -> None:
        listed = ", ".join(f"`{name}`" for name in names)
        super().__init__("parse", f"the value of {listed}, known when the program is built", span)
        self.names = names


class ConstructNotModelled(PassNotModelled):
    """The definition holds a construct the front end keeps opaque (`text`, at `span`): the
    real parser builds an IR node of its own for it, which we cannot print, so no dump of
    the definition, at any stage, would be the real one."""

    def __init__(self, text: str, span: Span) -> None:
        super().__init__("parse", f"`{text}`", span)
        self.text = text


class CompileNotKnown(PassNotModelled):
    """What the real compiler makes of the definition is not known, for a reason said in
    full (`reason`): a `@pl.jit` entry whose helpers are not all in the file, an inline
    helper no entry compiles, numbers the real counter gives that depend on the file's run."""

    def __init__(self, reason: str, span: Span | None = None) -> None:
        super().__init__("parse", reason, span)
