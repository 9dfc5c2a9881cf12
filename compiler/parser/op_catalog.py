"""Every op reachable as `pl.<op>`, `pl.tile.<op>`, `pl.tensor.<op>`, `pl.system.<op>`,
`pl.array.<op>` and `pl.prefetch.<op>`, with its Python wrapper's parameter list.

The data lives in `op_catalog_data` (extracted from the real wrappers). This module is
the small API the parser, completion, signature help and quick fixes use:

- `lookup(namespace, name)`: the `OpSignature` of `pl.<namespace>.<name>` (namespace
  None for `pl.<name>`), or None when it is not a checked op.
- `is_attribute(namespace, name)`: whether the real module has that attribute at all
  (the real parser's `hasattr` test: a helper or an IR-builder op is no unknown op).
- `op_names(namespace)`: the op names, sorted, for completion.
- `param_names(namespace, name)`: the parameter names, for signature help.
- `closest_ops(name, namespace)`: "Did you mean" candidates, spelled as the user
  writes them (`["pl.assemble"]`, `["pl.tile.load"]`).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cache, cached_property

from compiler.parser import op_catalog_data as data

# The namespaces below `pl` that hold ops, as the real parser routes them.
NAMESPACES: tuple[str, ...] = ("tile", "tensor", "system", "array", "prefetch")

_NAMESPACE_OPS: dict[str, dict[str, tuple[str, str]]] = {
    "tile": data.TILE_OPS,
    "tensor": data.TENSOR_OPS,
    "system": data.SYSTEM_OPS,
    "array": data.ARRAY_OPS,
    "prefetch": data.PREFETCH_OPS,
}
_NAMESPACE_OTHER: dict[str, frozenset[str]] = {
    "tile": data.TILE_OTHER_ATTRS,
    "tensor": data.TENSOR_OTHER_ATTRS,
    "system": data.SYSTEM_OTHER_ATTRS,
    "array": data.ARRAY_OTHER_ATTRS,
    "prefetch": data.PREFETCH_OTHER_ATTRS,
}


@dataclass(frozen=True)
class Param:
    name: str
    kind: str  # "positional_only", "positional", "var_positional", "keyword_only", "var_keyword"
    has_default: bool


@dataclass(frozen=True)
class Arity:
    """An op wrapper's parameters as Python binds arguments to them."""

    positional: tuple[Param, ...]  # positional-only and positional-or-keyword, in order
    keyword_only: tuple[Param, ...]
    has_varargs: bool
    has_varkw: bool
    by_keyword: dict[str, Param]  # what a keyword argument can name
    positional_only_names: frozenset[str]
    # Positional arguments enough to fill every positional parameter without a default.
    min_positional: int
    # Whether a keyword-only parameter has no default (must always be named).
    required_keyword_only: bool


@dataclass(frozen=True)
class OpSignature:
    """One op wrapper. `function_name` is the wrapper's own `__name__` (what Python's
    TypeError names: `pl.create_tensor` is `create()`); `level` is where a `pl.<op>`
    resolves: "unified" (dispatched on the first operand's Tensor/Tile type) or the
    namespace it is promoted from ("tile", "tensor", "system")."""

    namespace: str | None
    name: str
    function_name: str
    level: str
    params: tuple[Param, ...]

    @property
    def spelling(self) -> str:
        return f"pl.{self.name}" if self.namespace is None else f"pl.{self.namespace}.{self.name}"

    @cached_property
    def wrapper_key(self) -> str:
        """The op registry's key of this wrapper: `<level>.<function name>` ("tile.load"
        for `pl.load` and `pl.tile.load`, "unified.add" for `pl.add`)."""
        return f"{self.level}.{self.function_name}"

    def param_names(self) -> list[str]:
        return [param.name for param in self.params]

    @cached_property
    def names(self) -> tuple[str, ...]:
        """The parameter names, in order, built once per signature (checking reads them
        for every call)."""
        return tuple(param.name for param in self.params)

    @cached_property
    def arity(self) -> Arity:
        """The parameter kinds argument binding reads, sorted once per signature
        (`lookup` keeps one signature per op; a cached property is no field)."""
        params = self.params
        positional = tuple(p for p in params if p.kind in ("positional_only", "positional"))
        keyword_only = tuple(p for p in params if p.kind == "keyword_only")
        return Arity(
            positional=positional,
            keyword_only=keyword_only,
            has_varargs=any(p.kind == "var_positional" for p in params),
            has_varkw=any(p.kind == "var_keyword" for p in params),
            by_keyword={p.name: p for p in params if p.kind in ("positional", "keyword_only")},
            positional_only_names=frozenset(p.name for p in params if p.kind == "positional_only"),
            min_positional=max(
                (index + 1 for index, p in enumerate(positional) if not p.has_default), default=0
            ),
            required_keyword_only=any(not p.has_default for p in keyword_only),
        )

    def label(self) -> str:
        """`load(tensor, offsets, shapes, valid_shape=..., ...)`, for signature help."""
        parts: list[str] = []
        previous_kind = ""
        for param in self.params:
            if param.kind == "keyword_only" and previous_kind not in ("keyword_only", "var_positional"):
                parts.append("*")
            if previous_kind == "positional_only" and param.kind != "positional_only":
                parts.append("/")
            prefix = {"var_positional": "*", "var_keyword": "**"}.get(param.kind, "")
            parts.append(prefix + param.name + ("=..." if param.has_default and not prefix else ""))
            previous_kind = param.kind
        return f"{self.function_name}({', '.join(parts)})"


def parse_params(text: str) -> tuple[Param, ...]:
    """Read the data module's Python-like signature text ("a, b=, *, c=")."""
    if not text:
        return ()
    tokens = [token.strip() for token in text.split(",")]
    positional_only = set(tokens[: tokens.index("/")]) if "/" in tokens else set()
    params: list[Param] = []
    keyword_only = False
    for token in tokens:
        if token == "/":
            continue
        if token == "*":
            keyword_only = True
        elif token.startswith("**"):
            params.append(Param(token[2:], "var_keyword", True))
        elif token.startswith("*"):
            keyword_only = True
            params.append(Param(token[1:], "var_positional", True))
        else:
            name = token.rstrip("=")
            if keyword_only:
                kind = "keyword_only"
            elif token in positional_only:
                kind = "positional_only"
            else:
                kind = "positional"
            params.append(Param(name, kind, token.endswith("=")))
    return tuple(params)


@cache
def lookup(namespace: str | None, name: str) -> OpSignature | None:
    if namespace is None:
        entry = data.PL_OPS.get(name)
        if entry is None:
            return None
        level, function_name, text = entry
        return OpSignature(None, name, function_name, level, parse_params(text))
    ops = _NAMESPACE_OPS.get(namespace)
    if ops is None or name not in ops:
        return None
    function_name, text = ops[name]
    return OpSignature(namespace, name, function_name, namespace, parse_params(text))


def is_attribute(namespace: str | None, name: str) -> bool:
    """Whether `pl.<namespace>.<name>` exists at all in the real package."""
    if namespace is None:
        return name in data.PL_OPS or name in data.LANGUAGE_NAMES
    if namespace not in _NAMESPACE_OPS:
        return True  # not a namespace we model: never call it unknown
    return name in _NAMESPACE_OPS[namespace] or name in _NAMESPACE_OTHER[namespace]


def op_names(namespace: str | None = None) -> list[str]:
    """The ops of `pl.<namespace>` (or of `pl` itself), sorted: for completion."""
    if namespace is None:
        return sorted(data.PL_OPS)
    return sorted(_NAMESPACE_OPS.get(namespace, {}))


def param_names(namespace: str | None, name: str) -> list[str] | None:
    signature = lookup(namespace, name)
    return None if signature is None else signature.param_names()


def closest_ops(name: str, namespace: str | None = None, limit: int = 3) -> list[str]:
    """The nearest op spellings to a misspelt `name`, best first (may be empty)."""
    candidates = op_names(namespace)
    matches = difflib.get_close_matches(name, candidates, n=limit, cutoff=0.6)
    prefix = "pl." if namespace is None else f"pl.{namespace}."
    return [prefix + match for match in matches]
