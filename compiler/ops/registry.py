"""The op registry: which rule types a call of which DSL op wrapper.

A rule is registered under its wrapper's key, `<level>.<function name>`: "tile.load"
for `pl.tile.load` and `pl.load` (the same Python function), "tensor.create" for
`pl.tensor.create` and `pl.create_tensor`, "unified.add" for the type-dispatched
`pl.add`. A rule does what the real call does, in its order: the DSL wrapper's own
checks (python/pypto/language/op/*.py), the IR builder's (python/pypto/ir/op/*.py),
then the C++ type deduction of the IR op it builds (src/ir/op/**). It returns the
result type, raises `OpError` with the real message, or returns None when it cannot
tell (an operand type not known): the parser then keeps a coarse type and reports
nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from compiler.ir import IRType
from compiler.ops.call import OpCall

Rule = Callable[[OpCall], "IRType | None"]

_RULES: dict[str, Rule] = {}


def wrapper(*keys: str) -> Callable[[Rule], Rule]:
    """Register the decorated rule for the wrappers `keys` ("tile.add", "tensor.add")."""

    def register(rule: Rule) -> Rule:
        for key in keys:
            if key in _RULES:
                raise ValueError(f"two rules for the op wrapper {key!r}")
            _RULES[key] = rule
        return rule

    return register


def rule_for(key: str) -> Rule | None:
    """The rule of the wrapper `key`, None when the op is not modelled."""
    return _RULES.get(key)


def modelled_wrappers() -> list[str]:
    """Every wrapper key with a rule, sorted (for docs and the conformance tests)."""
    return sorted(_RULES)
