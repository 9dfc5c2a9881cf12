"""Would tree-sitter's error-tolerant tree tell which functions of a broken unit are intact?

    pip install -e '.[bench]'     # tree-sitter is not a dependency of pto-lsp
    python benchmarks/tree_sitter_recovery.py

For every real kernel (read in place from `../shared/corpus/pypto-real`) with a
CORE_GROUP scope, the marker `pl.set_cache_policy(b, pl.CachePolicy.BYPASS)` is
typed into the scope one keystroke at a time (`(` auto-closed, as an editor
does). For each state the file does not parse in, tree-sitter parses it and we
count whether its tree puts an error in the function being edited, in another
function, or in no function at all, and how long the parse took. The answer
decided what the server uses to find the intact functions (docs/diagnostics.md,
"While typing"): a line diff against the last text that parsed.
"""

from __future__ import annotations

import ast
import re
import statistics
import time
from pathlib import Path

import tree_sitter
import tree_sitter_python

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "pypto-real"
MARKER = "pl.set_cache_policy(b, pl.CachePolicy.BYPASS)"
SCOPE = re.compile(r"(\s*)with pl\.at\(level=pl\.Level\.CORE_GROUP.*:\s*$")


def typed_states() -> list[str]:
    """The line's text after each keystroke that changes it."""
    line, cursor, states = "", 0, []
    for char in MARKER:
        if char == ")" and line[cursor : cursor + 1] == ")":
            cursor += 1  # overtyped
            continue
        line = line[:cursor] + ("()" if char == "(" else char) + line[cursor:]
        cursor += 1
        states.append(line)
    return states


def functions(node: tree_sitter.Node) -> list[tree_sitter.Node]:
    found = [node] if node.type == "function_definition" else []
    for child in node.children:
        found.extend(functions(child))
    return found


def main() -> int:
    parser = tree_sitter.Parser(tree_sitter.Language(tree_sitter_python.language()))
    states = broken = in_edited = elsewhere = nowhere = 0
    times: list[float] = []
    for path in sorted(CORPUS.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").split("\n")
        header = next((n for n, line in enumerate(lines) if SCOPE.match(line)), None)
        if header is None:
            continue
        indent = SCOPE.match(lines[header]).group(1) + "    "  # type: ignore[union-attr]
        for state in typed_states():
            text = "\n".join([*lines[: header + 1], indent + state, *lines[header + 1 :]])
            states += 1
            try:
                ast.parse(text)
                continue
            except SyntaxError:
                broken += 1
            began = time.perf_counter()
            tree = parser.parse(text.encode("utf-8"))
            times.append(time.perf_counter() - began)
            row = header + 1
            with_error = [f for f in functions(tree.root_node) if f.has_error]
            if any(not (f.start_point[0] <= row <= f.end_point[0]) for f in with_error):
                elsewhere += 1
            elif with_error:
                in_edited += 1
            else:
                nowhere += 1
    print(f"{states} states typed, {broken} do not parse; of these, tree-sitter's tree puts the error")
    print(f"  in the edited function: {in_edited}")
    print(f"  in another function:    {elsewhere}")
    print(f"  in no function at all:  {nowhere}")
    if times:
        print(
            f"parse of the whole file: p50 {statistics.median(times) * 1e3:.1f} ms, max {max(times) * 1e3:.1f} ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
