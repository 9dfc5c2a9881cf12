"""The real compiler's message texts for the cache-policy feature, verbatim.

Source: `reference-cache-policy.md` §1.5–§1.6 (from PyPTO's `ast_parser.py`,
`enum_utils.py` and `memory.cpp`). Keep every text here so that no other
module spells a message of its own.
"""

from __future__ import annotations

R1_POSITION = (
    "pl.set_cache_policy() must be a standalone statement directly inside a "
    "pl.at(...) / pl.spmd(...) scope body"
)
R1_HINT = (
    "Write pl.set_cache_policy(t, pl.CachePolicy.BYPASS) as a standalone statement "
    "directly inside a `with pl.at(...):` / `with pl.spmd(...):` scope body (or a "
    "`for i in pl.spmd(...):` body). It declares a property of the whole scope, so it "
    "cannot sit outside one, nor nested inside an `if` / `for` within one — a "
    "conditionally-executed declaration is a promise the compiler cannot check. To "
    "annotate a single access instead, use pl.load(..., cache=pl.CachePolicy.BYPASS)."
)


def r2_nothing_to_attach(scope_kind: str) -> str:
    return f"pl.set_cache_policy() has nothing to attach to on this {scope_kind} scope"


R2_HINTS = {
    "Spmd": (
        "This `pl.spmd(...)` body dispatches a pre-defined kernel, so the GM reads happen "
        "inside that callee, not here. Declare the policy in the callee — a "
        "`with pl.at(level=pl.Level.CORE_GROUP):` scope in its body, or "
        "pl.load(..., cache=pl.CachePolicy.BYPASS) on the access itself. An *inline* "
        "pl.spmd body does accept the marker: it is carried by the InCore scope the body "
        "is outlined into."
    ),
    "Cluster": (
        "A pl.cluster(...) scope co-schedules AIC and AIV work rather than becoming a kernel "
        "of its own. Move the declaration into the `with pl.at(...):` scope that actually "
        "reads the tensor."
    ),
    "Runtime": (
        "A runtime scope (pl.manual_scope / pl.auto_scope) only chooses dependency semantics "
        "for the tasks it contains; it issues no GM read of its own. Move the declaration "
        "into the `with pl.at(...):` scope that reads the tensor."
    ),
}

R3_ARITY = "pl.set_cache_policy() takes exactly two positional arguments (no keywords)"
R3_HINT = "Use: pl.set_cache_policy(tensor_var, pl.CachePolicy.BYPASS)"

R4_NOT_A_NAME = "pl.set_cache_policy() first argument must be a bare variable name"
R4_HINT = (
    "Write pl.set_cache_policy(b, pl.CachePolicy.BYPASS) where b is a tensor "
    "bound outside the scope and read inside it. The declaration is tracked by "
    "variable identity, so attribute / subscript / call expressions — which name "
    "no binding — are not supported."
)

POLICY_EXPECTED_ENUM = "Expected pl.CachePolicy.<name>"
POLICY_EXPECTED_ENUM_HINT = "Use pl.CachePolicy.<name>."


def policy_unknown_value(attr: str) -> str:
    return f"Unknown CachePolicy value: {attr}"


POLICY_UNKNOWN_VALUE_HINT = "Valid values: DEFAULT, BYPASS"


def r5_undefined(name: str) -> str:
    return f"pl.set_cache_policy() argument '{name}' is not defined at this point"


R5_HINT = (
    "Declare a policy only for a tensor already bound where the scope starts — a "
    "parameter or an earlier assignment. A tensor created inside the scope body "
    "is not captured by it and has no policy to declare."
)


def r6_not_a_tensor(name: str, got: str) -> str:
    return f"pl.set_cache_policy() argument '{name}' is not a tensor (got {got})"


R6_HINT = "A cache-access policy only applies to a tensor read from global memory."


def r7_conflict(name: str, first: str, second: str) -> str:
    return (
        f"pl.set_cache_policy() declares conflicting policies for '{name}' in one scope: "
        f"{first} then {second}"
    )


R7_HINT = (
    "One tensor takes one policy per scope. Drop the redundant declaration, or move the "
    "differing one into its own scope. To vary the policy per access, use "
    "pl.load(..., cache=...) instead."
)


def load_cache_kwarg(module_name: str, detail: str) -> str:
    """`_dispatch_op` prefixes a wrapper error with the module and op it came from."""
    return f"{module_name} operation 'load': {detail}"


def load_cache_not_a_policy(value: int) -> str:
    return (
        "The operator tile.load cache kwarg must be CachePolicy.DEFAULT or CachePolicy.BYPASS, "
        f"but got int {value}"
    )


def int_conversion_failed(text: str) -> str:
    """What Python's `int()` says about a string that is no integer."""
    return f"invalid literal for int() with base 10: {text!r}"


# OutlineIncoreScopes / OutlineHierarchyScopes (CHECK_SPAN -> ValueError), reference §2.3.
def e1_not_captured(name: str) -> str:
    return (
        f"pl.set_cache_policy(...) references tensor '{name}', which is not captured by the scope body. "
        "Only tensors actually read inside the scope can be declared."
    )


def e2_bypass_on_written(name: str, direction: str) -> str:
    return (
        f"pl.set_cache_policy({name}, CachePolicy.BYPASS) is not allowed on a tensor this scope writes "
        f"({direction}). A bypassing read of bytes the same kernel writes is a coherency bug."
    )
