"""Which files of the real compiler DSL source can reach, and the component of each.

Reachable: what `import pypto.language as pl` and `ir.compile(program)` with the Default
strategy run. The Python front end (parser, `pl` wrappers, `pypto.ir` wrappers and
builders, `ir.compile`), the IR nodes and builder, the op registry's deductions, the
verifier, the passes of the Default pipeline (every `src/ir/transforms` pass is one of
them, with the helpers they call), the memory planner and codegen.

The C++ headers under `include/pypto/{ir,codegen,backend}` hold inline code with checks of
their own (`scalar_expr.h` refuses a bool operand of `==`), and the Python bindings
(`python/bindings/modules`) check the arguments of the IR constructors.

Left out: `src/ir/serialization` (only reached by saving or loading IR), `src/core` and
`include/pypto/core` (backtraces, the exception and logging machinery), the bindings of the
test hooks, logger and exception classes, `pypto.runtime` / `pypto.jit` / `pypto.tools`
(running or inspecting a compiled program, not compiling DSL source).
"""

from __future__ import annotations

import re

# The memory planner: the passes that give tiles their buffers and addresses.
MEMORY_PASSES = frozenset({"InitMemRef", "MaterializeSemanticAliases", "MemoryReuse", "AllocateMemoryAddr"})

# Helper folders of one pass each (found by which pass file includes them).
_PASS_FOLDERS = {
    "src/ir/transforms/flatten_tile_nd_to_2d/": "FlattenTileNdTo2D",
    "src/ir/transforms/window_externalization/": "OptimizeOrchTensors",
    "src/ir/transforms/dsa/": "AllocateMemoryAddr",
    "src/ir/transforms/loop_invariant_mat_residency": "InferTileMemorySpace",
}
# The bindings of testing hooks, the logger and the exception classes: no check DSL source reaches.
_BINDINGS_LEFT_OUT = ("testing.cpp", "logging.cpp", "error.cpp")
_PASS_CREATION = re.compile(r"Create(?:Program|Function)Pass\(\s*[\w:]+\s*,\s*\"(\w+)\"")
_PASS_NAME_CONSTANT = re.compile(r"kPassName\[?\]?\s*=\s*\"(\w+)\"")


def python_files(files: list[str]) -> list[str]:
    return sorted(
        f
        for f in files
        if f.endswith(".py") and (f.startswith("python/pypto/language/") or f.startswith("python/pypto/ir/"))
    )


def cpp_files(files: list[str]) -> list[str]:
    def wanted(f: str) -> bool:
        if not f.endswith((".cpp", ".h")):
            return False
        if f.startswith(("src/ir/serialization/", "include/pypto/ir/serialization/")):
            return False
        if f.startswith("python/bindings/modules/"):
            return not f.endswith(_BINDINGS_LEFT_OUT)
        return f.startswith(
            (
                "src/ir/",
                "src/codegen/",
                "src/backend/",
                "include/pypto/ir/",
                "include/pypto/codegen/",
                "include/pypto/backend/",
            )
        )

    return sorted(f for f in files if wanted(f))


def component_of(path: str, pass_name: str | None) -> str:
    """The part of the compiler a file belongs to (the ledger's first column)."""
    if path.startswith("python/pypto/language/parser/"):
        return "parser"
    if path.startswith("python/pypto/language/"):
        return "language"
    if path.startswith("python/pypto/ir/"):
        return "ir-python"
    if path.startswith(("src/ir/op/", "include/pypto/ir/op/")) or path in (
        "src/ir/op_registry.cpp",
        "include/pypto/ir/op_registry.h",
        "include/pypto/ir/type_inference.h",
    ):
        return "op-deduction"
    if path.startswith(("src/ir/verifier/", "include/pypto/ir/verifier/")):
        return "verifier"
    if path.startswith(
        ("src/ir/transforms/", "src/ir/arith/", "include/pypto/ir/transforms/", "include/pypto/ir/arith/")
    ):
        if pass_name in MEMORY_PASSES:
            return "memory-planner"
        return "pass" if pass_name else "pass-utilities"
    if path.startswith(("src/codegen/", "src/backend/", "include/pypto/codegen/", "include/pypto/backend/")):
        return "codegen"
    return "ir-core"  # src/ir/*.cpp, include/pypto/ir/*.h, the bindings: nodes, types, builder


def pass_of(path: str, text: str) -> str | None:
    """The Default-pipeline pass a transforms file implements (None: a shared helper)."""
    for folder, name in _PASS_FOLDERS.items():
        if path.startswith(folder):
            return name
    if not path.startswith("src/ir/transforms/"):
        return None
    names = _PASS_CREATION.findall(text) or _PASS_NAME_CONSTANT.findall(text)
    return names[-1] if names else None
