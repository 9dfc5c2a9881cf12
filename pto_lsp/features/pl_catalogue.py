"""What `pl.` offers, as the editor features need it: ops with their parameters, enum
members, dtypes, and the closest real name to a misspelt one.

The op lists and signatures are the compiler's op catalogue (generated from the real
wrappers); the enum members and dtypes are the compiler's tables where it has them.
Nothing here knows about LSP.
"""

from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass
from functools import cache

from compiler.ir import FunctionType
from compiler.ir.cache_policy import POLICY_VALUES
from compiler.parser import op_catalog
from compiler.parser.op_arity import bind
from compiler.parser.op_calls import PROJECT_KWARGS
from compiler.parser.scopes import LEVELS
from compiler.syntax.environment import PL_MODULE, ModuleEnvironment
from compiler.syntax.values import DTYPE_NAMES, ModuleRef

# `pl.<namespace>.<op>` namespaces, in the order completion offers them.
NAMESPACES = op_catalog.NAMESPACES


# `pl.Role` is not in a compiler table (the parser only passes it through); its two
# members are fixed by the real `Role` enum (pypto-language.md §1.2).
_ROLES = ("Orchestrator", "SubWorker")
# `pl.MemorySpace` (alias `pl.Mem`) members, pypto-language.md §1.6.
_MEMORY_SPACES = (
    "DDR",
    "Vec",
    "Mat",
    "Left",
    "Right",
    "Acc",
    "Bias",
    "LeftScale",
    "RightScale",
    "ScalarLocal",
)

# Enums reachable as `pl.<Enum>.<member>`, each member in the real enum's order.
ENUMS: dict[str, tuple[str, ...]] = {
    "CachePolicy": tuple(POLICY_VALUES),
    "Level": tuple(name for name in LEVELS if name != "UNDEFINED"),
    "FunctionType": tuple(member.value for member in FunctionType),
    "Role": _ROLES,
    "MemorySpace": _MEMORY_SPACES,
    "Mem": _MEMORY_SPACES,
}

# The dtypes, as `pl.<DTYPE>` spells them (the order of pypto-language.md §1.6).
DTYPES: tuple[str, ...] = tuple(
    name
    for name in (
        "BOOL", "INT4", "INT8", "INT16", "INT32", "INT64", "UINT4", "UINT8", "UINT16", "UINT32",
        "UINT64", "FP16", "BF16", "FP32", "FP4", "FP8E4M3FN", "FP8E5M2", "FP8E8M0", "HF4", "HF8",
        "INDEX", "TASK_ID",
    )
    if name in DTYPE_NAMES
)  # fmt: skip


@dataclass(frozen=True)
class OpParam:
    name: str
    has_default: bool
    keyword_only: bool
    variadic: str = ""  # "*" for *args, "**" for **kwargs


@dataclass(frozen=True)
class OpSignature:
    """One op as the user calls it: `pl.[<namespace>.]<name>(params)`."""

    namespace: str | None  # None: `pl.<name>`
    name: str
    params: tuple[OpParam, ...]
    level: str = ""  # for `pl.<op>`: "unified" (dispatch on Tensor/Tile) or the level it comes from

    @property
    def qualified(self) -> str:
        return f"pl.{self.namespace}.{self.name}" if self.namespace else f"pl.{self.name}"

    def parameter_labels(self) -> list[str]:
        return [_param_label(param) for param in self.params]

    def parameter_text(self) -> str:
        """The parameter list as shown to the user: `tensor, offsets, shapes, valid_shape=...`."""
        parts: list[str] = []
        starred = False
        for param, label in zip(self.params, self.parameter_labels()):
            if param.keyword_only and not starred:
                parts.append("*")
                starred = True
            starred = starred or param.variadic == "*"
            parts.append(label)
        return ", ".join(parts)

    def positional(self) -> list[OpParam]:
        """The parameters a positional argument can fill, in order."""
        return [p for p in self.params if not p.keyword_only and not p.variadic]


def _param_label(param: OpParam) -> str:
    if param.variadic:
        return f"{param.variadic}{param.name}"
    return f"{param.name}=..." if param.has_default else param.name


# `span` is the wrappers' internal source-location parameter: the parser passes it, a user never does.
_HIDDEN_PARAMS = frozenset({"span"})


def _view(signature: op_catalog.OpSignature) -> OpSignature:
    params = tuple(
        OpParam(
            param.name,
            param.has_default and not param.kind.startswith("var_"),
            param.kind in ("keyword_only", "var_keyword"),
            {"var_positional": "*", "var_keyword": "**"}.get(param.kind, ""),
        )
        for param in signature.params
        if param.name not in _HIDDEN_PARAMS
    )
    # This project's own keywords (`cache=` of `pl.load`): after the wrapper's parameters, with a default.
    extensions = sorted(PROJECT_KWARGS.get(signature.function_name, ()))
    params += tuple(OpParam(name, True, False) for name in extensions if all(p.name != name for p in params))
    return OpSignature(
        signature.namespace, signature.name, params, signature.level if not signature.namespace else ""
    )


@cache
def ops_in(namespace: str | None) -> tuple[OpSignature, ...]:
    """Every op of `pl.` (namespace None) or of `pl.<namespace>.`, by name."""
    found = (op_catalog.lookup(namespace, name) for name in op_catalog.op_names(namespace))
    return tuple(_view(signature) for signature in found if signature is not None)


@cache
def _by_name(namespace: str | None) -> dict[str, OpSignature]:
    return {op.name: op for op in ops_in(namespace)}


def find_op(namespace: str | None, name: str) -> OpSignature | None:
    return _by_name(namespace).get(name)


def takes_arguments(namespace: str | None, name: str, positional: int, keywords: list[str]) -> bool:
    """Whether `pl.[<namespace>.]<name>` binds that many positional arguments and those
    keywords as Python would (True for an op we have no signature of: nothing to hold against it)."""
    signature = op_catalog.lookup(namespace, name)
    return signature is None or bind(signature, positional, keywords).error is None


def closest_ops(namespace: str | None, name: str) -> list[str]:
    """The real ops of that namespace closest to a misspelt `name`, closest first (bare names)."""
    return [spelling.rpartition(".")[2] for spelling in op_catalog.closest_ops(name, namespace)]


def closest_names(name: str, candidates: list[str], limit: int = 3) -> list[str]:
    """The candidates a typo most likely meant: the same name in another case, then names
    it begins (`CORE` -> `CORE_GROUP`), then the close ones by difflib; none if none is close."""
    if not name:
        return []
    folded = name.casefold()
    found = [c for c in candidates if c.casefold() == folded and c != name]
    if len(name) >= 3:
        found += [c for c in candidates if c.casefold().startswith(folded) and c != name]
    # Compared case-blind, so `fp33` is as close to `FP32` as `FP33` is.
    by_folded = {c.casefold(): c for c in candidates}
    found += [by_folded[c] for c in difflib.get_close_matches(folded, list(by_folded), n=limit, cutoff=0.6)]
    unique = [c for i, c in enumerate(found) if c not in found[:i] and c != name]
    return unique[:limit]


def pl_aliases(environment: ModuleEnvironment) -> list[str]:
    """The names the module gives `pypto.language` (`pl`, usually), in binding order."""
    return [name for name, value in environment.values.items() if value == ModuleRef(PL_MODULE)]


def pl_alias(environment: ModuleEnvironment) -> str | None:
    """The name a fix writes `pypto.language` as: `pl` when it is one of its names, else the first."""
    aliases = pl_aliases(environment)
    return "pl" if "pl" in aliases else next(iter(aliases), None)


# A dtype spelt as a family and a width: `FP32`, `INT8`, `UINT16`, `BF16`, `HF8`.
_SIZED_DTYPE = re.compile(r"(UINT|INT|FP|BF|HF)(\d+)", re.IGNORECASE)


def closest_members(name: str, candidates: list[str], limit: int = 3) -> list[str]:
    """`closest_names`, and for a dtype of a width that does not exist (`FP64`, `INT33`) the
    nearest width of that family first: `FP64` meant a float, most likely `FP32`, not `FP4`."""
    found = closest_names(name, candidates, limit)
    sized = _SIZED_DTYPE.fullmatch(name)
    if sized is None:
        return found
    family, bits = sized.group(1).upper(), max(int(sized.group(2)), 1)
    widths = {
        candidate: int(match.group(2))
        for candidate in candidates
        if (match := _SIZED_DTYPE.fullmatch(candidate))
        and match.group(1) == family
        and int(match.group(2)) > 0
    }
    if not widths or name in widths:
        return found
    nearest = min(widths, key=lambda c: (abs(math.log2(widths[c] / bits)), -widths[c]))
    return [nearest, *(c for c in found if c != nearest)][:limit]
