"""Rows of the op conformance table: one op call each, in a small kernel.

A row is a whole module: one `@pl.program` with one function whose parameters and
setup lines make the operands, then `result = <call>` on a line of its own (the
line under test), then a return. `make_table.py` has the real compiler parse every
row and records what it said: the error (class, message, line, column), or the line
its printer writes for `result` (the deduced result type). `tests/test_op_conformance.py`
holds pto-lsp to every recorded row.

A grid module (`grids/<family>.py`) lists its rows as `ROWS`; each row names the op
and the check it exercises, so the table shows at least one accepted and one
rejected row per check.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RESULT = "result"


@dataclass(frozen=True)
class Row:
    """One op call to judge. `id` is unique in the table (`<op>/<what it tries>`)."""

    id: str
    op: str  # the op under test, as the real registry names it ("tile.store")
    check: str  # the check this row exercises (a few words, the same for its rows)
    call: str  # the expression under test, e.g. "pl.tile.store(t, [16, 0], out)"
    params: tuple[str, ...] = ()  # e.g. ("a: pl.Tensor[[16, 16], pl.FP32]",)
    setup: tuple[str, ...] = ()  # statements before the call, e.g. ("t = pl.load(a, [0, 0], [16, 16])",)
    function_type: str = "InCore"
    returns: str | None = None  # "out" returns a parameter (its annotation is the return type)
    prelude: tuple[str, ...] = ()  # module statements after the import, e.g. ('M = pl.dynamic("M")',)
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def call_line(self) -> int:
        """The 1-based line of `result = <call>` in `source()`."""
        return _HEADER_LINES + len(self.prelude) + len(self.params) + 2 + len(self.setup) + 1

    def source(self) -> str:
        params = ["        self,", *(f"        {param}," for param in self.params)]
        returned = self.returns
        return_annotation = ""
        if returned is not None:
            annotation = next(
                p.split(":", 1)[1].strip() for p in self.params if p.split(":", 1)[0] == returned
            )
            if annotation.startswith("pl.Out[") or annotation.startswith("pl.InOut["):
                annotation = annotation[annotation.index("[") + 1 : -1]
            return_annotation = f" -> {annotation}"
        lines = [
            "import pypto.language as pl",
            *self.prelude,
            "",
            "",
            "@pl.program",
            "class Conformance:",
            f"    @pl.function(type=pl.FunctionType.{self.function_type})",
            "    def kernel(",
            *params,
            f"    ){return_annotation}:",
            *(f"        {statement}" for statement in self.setup),
            f"        {RESULT} = {self.call}",
            f"        return {returned}" if returned is not None else "        return",
        ]
        return "\n".join(lines) + "\n"


# "import", two blank lines, "@pl.program", "class", "@pl.function", "def kernel(" = 7
# lines before the parameters; `call_line` counts "self," and ")" as the 2.
_HEADER_LINES = 7
