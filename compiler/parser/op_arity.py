"""Binding an op call's arguments to its wrapper's parameters, as CPython 3.11 does.

The real parser calls the Python wrapper, so a wrong argument count or keyword is
Python's own TypeError ("add() takes 2 positional arguments but 3 were given"),
which the parser re-raises as "pl operation 'add': <that text>". The checks and
their order follow CPython's frame setup: keywords first (unknown, positional-only,
duplicate), then too many positionals, then missing positionals, then missing
keyword-only parameters.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.parser.op_catalog import OpSignature, Param


@dataclass
class Binding:
    """Which argument fills each parameter: a positional index or a keyword name."""

    positional: dict[str, int] = field(default_factory=dict)
    keyword: dict[str, str] = field(default_factory=dict)
    error: str | None = None

    def source(self, param: str) -> int | str | None:
        if param in self.positional:
            return self.positional[param]
        return self.keyword.get(param)


def bind(signature: OpSignature, n_positional: int, keywords: list[str]) -> Binding:
    """Bind `n_positional` positional arguments and `keywords` (in call order)."""
    fn = signature.function_name
    arity = signature.arity
    positional, keyword_only = arity.positional, arity.keyword_only
    has_varargs, has_varkw = arity.has_varargs, arity.has_varkw
    if (
        not keywords
        and arity.min_positional <= n_positional <= len(positional)
        and not arity.required_keyword_only
    ):
        # The common call: positionals only, none missing, none too many (no error below).
        return Binding({param.name: index for index, param in enumerate(positional[:n_positional])})
    binding = Binding()
    for index, param in enumerate(positional[:n_positional]):
        binding.positional[param.name] = index

    by_keyword = arity.by_keyword
    positional_only_names = arity.positional_only_names
    for keyword in keywords:
        if keyword not in by_keyword:
            if has_varkw:
                continue
            passed = [k for k in keywords if k in positional_only_names]
            if passed:
                binding.error = (
                    f"{fn}() got some positional-only arguments passed as keyword arguments: "
                    f"'{', '.join(passed)}'"
                )
            else:
                binding.error = f"{fn}() got an unexpected keyword argument '{keyword}'"
            return binding
        if keyword in binding.positional or keyword in binding.keyword:
            binding.error = f"{fn}() got multiple values for argument '{keyword}'"
            return binding
        binding.keyword[keyword] = keyword

    if n_positional > len(positional) and not has_varargs:
        binding.error = _too_many_positional(fn, positional, n_positional, binding, keyword_only)
        return binding

    required = [p for p in positional if not p.has_default]
    missing = [p.name for p in required if binding.source(p.name) is None]
    if missing:
        binding.error = _missing(fn, "positional", missing)
        return binding
    missing = [p.name for p in keyword_only if not p.has_default and p.name not in binding.keyword]
    if missing:
        binding.error = _missing(fn, "keyword-only", missing)
    return binding


def _too_many_positional(
    fn: str, positional: tuple[Param, ...], given: int, binding: Binding, keyword_only: tuple[Param, ...]
) -> str:
    defaults = sum(1 for p in positional if p.has_default)
    count = len(positional)
    if defaults:
        sig, plural = f"from {count - defaults} to {count}", True
    else:
        sig, plural = str(count), count != 1
    kwonly_given = sum(1 for p in keyword_only if p.name in binding.keyword)
    if kwonly_given:
        kwonly_sig = (
            f" positional argument{'s' if given != 1 else ''} "
            f"(and {kwonly_given} keyword-only argument{'s' if kwonly_given != 1 else ''})"
        )
    else:
        kwonly_sig = ""
    verb = "was" if given == 1 and not kwonly_given else "were"
    return (
        f"{fn}() takes {sig} positional argument{'s' if plural else ''} but {given}{kwonly_sig} {verb} given"
    )


def _missing(fn: str, kind: str, names: list[str]) -> str:
    quoted = [f"'{name}'" for name in names]
    if len(quoted) == 1:
        listed = quoted[0]
    elif len(quoted) == 2:
        listed = f"{quoted[0]} and {quoted[1]}"
    else:
        listed = ", ".join(quoted[:-2]) + f", {quoted[-2]}, and {quoted[-1]}"
    plural = "" if len(names) == 1 else "s"
    return f"{fn}() missing {len(names)} required {kind} argument{plural}: {listed}"
