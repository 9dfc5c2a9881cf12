"""Completion after `pl.`: the real ops (of `pl.`, `pl.tile.`, `pl.tensor.`, `pl.system.`, ...)
with their parameters, the op namespaces, enums and dtypes; after `pl.<Enum>.` its members;
after `pl.CachePolicy.` its two members with what each one means."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass

from pto_lsp.features.pl_catalogue import DTYPES, ENUMS, NAMESPACES, OpSignature, ops_in
from pto_lsp.features.signature_help import signature_at

_AFTER_CACHE_POLICY = re.compile(r"(?:\bpl\.)?\bCachePolicy\.(\w*)$")


@dataclass(frozen=True)
class PolicyItem:
    name: str
    detail: str
    documentation: str


POLICY_ITEMS = (
    PolicyItem(
        "BYPASS",
        "CachePolicy.BYPASS = 1",
        "Stream this tensor past the L2 cache: the kernel does not reuse these bytes and nothing "
        "writes them while it runs. PTOAS has no L2-bypass path yet, so today it compiles as an "
        "ordinary cached access (with a warning).",
    ),
    PolicyItem(
        "DEFAULT",
        "CachePolicy.DEFAULT = 0",
        "The ordinary cached access every read gets. Written explicitly on a `pl.load`, it opts that "
        "one read back into the cache inside a bypassing scope.",
    ),
)


def cache_policy_completions(line_prefix: str) -> list[PolicyItem]:
    """The members to offer when the text before the cursor ends in `pl.CachePolicy.<partial>`."""
    match = _AFTER_CACHE_POLICY.search(line_prefix)
    if match is None:
        return []
    partial = match.group(1)
    return [item for item in POLICY_ITEMS if item.name.startswith(partial.upper()) or not partial]


class ItemKind(enum.Enum):
    FUNCTION = "function"
    MODULE = "module"
    ENUM = "enum"
    ENUM_MEMBER = "enum_member"
    CONSTANT = "constant"
    KEYWORD_ARGUMENT = "keyword_argument"


@dataclass(frozen=True)
class CompletionEntry:
    label: str
    kind: ItemKind
    detail: str
    documentation: str = ""


# `<alias>.` or `<alias>.<namespace>.`, then the part of a name typed so far. Not after
# another `.` or a word character: `x.pl.` is not the module.
_AFTER_MODULE = re.compile(
    r"(?<![\w.])(?P<alias>[^\W\d]\w*)\s*\.\s*(?:(?P<namespace>\w+)\s*\.\s*)?(?P<partial>\w*)$"
)


def dsl_completions(line_prefix: str, aliases: Iterable[str]) -> list[CompletionEntry]:
    """What to offer when the text before the cursor ends in `<alias>.[<ns>.]<partial>`,
    `<alias>` being a name the module gives `pypto.language`. Clients filter by what is typed."""
    if cache_policy_completions(line_prefix):
        return []  # the policy members, with their own documentation, answer this
    match = _AFTER_MODULE.search(line_prefix)
    if match is None or match.group("alias") not in set(aliases):
        return []
    alias, namespace = match.group("alias"), match.group("namespace")
    if namespace is None:
        return _module_entries(alias)
    if namespace in NAMESPACES:
        return [_op_entry(op, alias) for op in ops_in(namespace)]
    if namespace in ENUMS:
        return [
            CompletionEntry(member, ItemKind.ENUM_MEMBER, f"{alias}.{namespace}.{member}")
            for member in ENUMS[namespace]
        ]
    return []


def _module_entries(alias: str) -> list[CompletionEntry]:
    return [
        *(_op_entry(op, alias) for op in ops_in(None)),
        *(
            CompletionEntry(name, ItemKind.MODULE, f"{alias}.{name}", f"The `{alias}.{name}.*` ops.")
            for name in NAMESPACES
        ),
        *(CompletionEntry(name, ItemKind.ENUM, f"{alias}.{name}", ", ".join(ENUMS[name])) for name in ENUMS),
        *(CompletionEntry(name, ItemKind.CONSTANT, f"{alias}.{name}", "A dtype.") for name in DTYPES),
    ]


def _op_entry(op: OpSignature, alias: str) -> CompletionEntry:
    qualified = op.qualified.replace("pl.", f"{alias}.", 1)
    if op.level == "unified":
        note = "Dispatches on its operands' types (Tensor, Tile or Scalar)."
    elif op.level:
        note = f"The `{alias}.{op.level}` op, reachable as `{alias}.{op.name}`."
    else:
        note = ""
    return CompletionEntry(op.name, ItemKind.FUNCTION, f"{qualified}({op.parameter_text()})", note)


# The start of an argument: nothing typed yet, or the beginning of a name (not `a.b`, not `x=`).
_ARGUMENT_NAME = re.compile(r"\s*(?:[^\W\d]\w*)?")


def keyword_completions(text: str, aliases: Iterable[str]) -> list[CompletionEntry]:
    """Inside `pl.<op>(...)`, where an argument starts: the op's keywords not given yet, as
    `name=` (`cache=` of `pl.load` among them). `text` is the code before the cursor, from a
    statement boundary (as for signature help)."""
    found = signature_at(text, aliases)
    if found is None or found.argument is None or not _ARGUMENT_NAME.fullmatch(found.argument):
        return []
    return [
        CompletionEntry(
            f"{param.name}=", ItemKind.KEYWORD_ARGUMENT, f"{found.op.qualified}(..., {param.name}=...)"
        )
        for param in found.op.params
        if not param.variadic and param.has_default and param.name not in found.used_keywords
    ]
