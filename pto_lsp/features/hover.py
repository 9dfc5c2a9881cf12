"""Hover: what the front end deduced (a variable's type first, an op call's signature and
result, the kernel a scope becomes), then which cache policy each GM read gets and why;
what a declaration governs."""

from __future__ import annotations

from compiler.analysis import ModuleAnalysis
from compiler.base.diagnostics import Diagnostic
from compiler.codegen.bypass_warning import PTOAS_ISSUE, PTOAS_ISSUE_LABEL
from compiler.facts import Declaration, GmRead, Reason
from compiler.ir import Call, Function, FunctionType, Param, TensorType
from compiler.ir.cache_policy import BYPASS
from compiler.lowering.outlining import names_beside, outlined_names
from pto_lsp.features.invalid_cache import rejected_cache, rejected_cache_text
from pto_lsp.features.loop_call_hover import (
    LOOP_WORDS,
    kernel_call_at,
    kernel_call_markdown,
    loop_at,
    loop_markdown,
)
from pto_lsp.features.pl_catalogue import pl_aliases
from pto_lsp.features.type_hover import (
    call_at,
    call_markdown,
    distributed_call_at,
    scope_header_at,
    scope_markdown,
    variable_at,
    variable_markdown,
    word_at,
)

# Said after a BYPASS read's policy while PTOAS compiles it as a cached access (the PTO301 warning),
# so that the hover and the warning beside it tell one story.
_COMPILED_CACHED = f"(cached: [{PTOAS_ISSUE_LABEL}]({PTOAS_ISSUE}))"
_COMPILED_CACHED_NOTE = (
    "_cached_: PTOAS has no L2-bypass path yet, so a BYPASS read compiles as an ordinary cached "
    'access (warning PTO301); `ptoasCachePolicy: "attribute"` is for a PTOAS that lowers it.'
)
# The words of a scope header that ask for the kernel it becomes (`with pl.at(`, `for i in pl.spmd(`).
_SCOPE_WORDS = frozenset({"with", "for", "in", "pl", "at", "spmd"})
# Said under every BYPASS read: what the coherency hint (PTO302) cannot see.
_AUTHORS_CONTRACT = (
    "_Coherency_: a write this program cannot see (the host, another rank) is not checked: "
    "keeping such writes away from a bypassing read is the author's contract."
)


def hover_markdown(
    analysis: ModuleAnalysis,
    line: int,
    byte_col: int,
    bypass_lowered: bool = False,
    line_text: str | None = None,
) -> str | None:
    """Markdown for a position (1-based line, UTF-8 byte column), or None when there is nothing to say.
    `bypass_lowered`: the PTOAS in use lowers BYPASS (setting ptoasCachePolicy = "attribute");
    `line_text`: the line's text, to tell which name or op the cursor is on (without it, only
    the cache policies are told)."""
    facts = analysis.facts
    declaration = facts.declaration_at(line, byte_col)
    if declaration is not None:
        return _declaration_markdown(declaration)
    functions = [f for program in analysis.programs for f in program.functions] + list(analysis.functions)
    if line_text is not None:
        scope = scope_header_at(analysis.programs, analysis.functions, line, byte_col)
        if scope is not None and (word := word_at(line_text, byte_col)) and word[0] in _SCOPE_WORDS:
            return scope_markdown(
                scope, facts.reads, lambda read: f"{_read_policy(read, bypass_lowered)} ({_why(read)})"
            )
        word = word_at(line_text, byte_col)
        if word is not None and word[0] in LOOP_WORDS and (loop := loop_at(functions, line)) is not None:
            return loop_markdown(loop)
        called = _kernel_call(analysis, functions, line, byte_col, line_text)
        if called is not None:
            return kernel_call_markdown(
                *called, facts.reads, lambda read: f"{_read_policy(read, bypass_lowered)} ({_why(read)})"
            )
    policy = _policy_markdown(analysis, line, byte_col, bypass_lowered)
    known = _known_markdown(analysis, functions, line, byte_col, line_text)
    if known is None:
        return policy
    return known if policy is None else f"{known}\n\n---\n\n{policy}"


def _kernel_call(
    analysis: ModuleAnalysis, functions: list[Function], line: int, byte_col: int, line_text: str
) -> tuple[Call, Function] | None:
    """The call of a function of the program under the cursor, with the function called."""
    for program in analysis.programs:
        if any(f.span.start_line <= line <= f.span.end_line for f in program.functions):
            return kernel_call_at(program.functions, program.functions, line, byte_col, line_text)
    return None


def _known_markdown(
    analysis: ModuleAnalysis, functions: list[Function], line: int, byte_col: int, line_text: str | None
) -> str | None:
    """The type of the variable, or the signature and result of the op call, under the cursor."""
    if line_text is None:
        return None
    found = call_at(functions, line_text, line, byte_col)
    if found is not None:
        return call_markdown(*found, pl_aliases(analysis.environment) or ["pl"])
    distributed = distributed_call_at(functions, line_text, line, byte_col)
    if distributed is not None:
        return distributed
    word = word_at(line_text, byte_col)
    if word is None:
        return None
    var = variable_at(functions, line, byte_col, word[0])
    return variable_markdown(var) if var is not None else None


def _policy_markdown(analysis: ModuleAnalysis, line: int, byte_col: int, bypass_lowered: bool) -> str | None:
    reads = analysis.facts.reads_at(line, byte_col)
    if reads:
        rejected = [(read, rejected_cache(analysis, read)) for read in reads]
        if any(diagnostic is not None for _, diagnostic in rejected):
            return _rejected_markdown(rejected, bypass_lowered)
        return _with_cached_note(_reads_markdown(reads, bypass_lowered))
    found = _tensor_param_at(analysis, line, byte_col)
    if found is not None:
        return _with_cached_note(_param_markdown(analysis, *found, bypass_lowered))
    return None


def _read_policy(read: GmRead, bypass_lowered: bool) -> str:
    if read.policy == BYPASS and not bypass_lowered:
        return f"{_policy(read.policy_name)} {_COMPILED_CACHED}"
    return _policy(read.policy_name)


def _with_cached_note(markdown: str) -> str:
    return f"{markdown}\n\n{_COMPILED_CACHED_NOTE}" if _COMPILED_CACHED in markdown else markdown


def _tensor_param_at(analysis: ModuleAnalysis, line: int, byte_col: int) -> tuple[Function, Param] | None:
    functions = [f for program in analysis.programs for f in program.functions] + list(analysis.functions)
    for function in functions:
        for param in function.params:
            span = param.var.span
            on_name = span.start_col <= byte_col <= span.start_col + len(param.var.name.encode("utf-8"))
            if isinstance(param.var.type, TensorType) and span.start_line == line and on_name:
                return function, param
    return None


def _program_of(analysis: ModuleAnalysis, function: Function) -> list[Function] | None:
    """The functions of the program holding `function` (None: a free function)."""
    return next((p.functions for p in analysis.programs if any(f is function for f in p.functions)), None)


def _param_markdown(analysis: ModuleAnalysis, function: Function, param: Param, bypass_lowered: bool) -> str:
    kernels = list(
        dict.fromkeys(
            outlined_names(function, names_beside(function, _program_of(analysis, function))).values()
        )
    )
    if function.func_type is FunctionType.INCORE:
        kernels.insert(0, function.name)
    lines = [f"**`{param.var.name}`** · tensor parameter ({param.direction.value})", ""]
    for kernel in kernels:
        reads = [r for r in analysis.facts.reads if r.kernel == kernel and r.tensor == param.var.name]
        if reads:
            policies = ", ".join(
                dict.fromkeys(f"{_read_policy(r, bypass_lowered)} ({_why(r)})" for r in reads)
            )
            lines.append(f"- kernel `{kernel}`: {policies}")
    if len(lines) == 2:
        lines.append("No kernel of this function reads it from global memory.")
    return "\n".join(lines)


def _reads_markdown(reads: list[GmRead], bypass_lowered: bool) -> str:
    kernels = sorted({read.kernel for read in reads})
    title = "**GM read**" if len(reads) == 1 else "**GM reads**"
    lines = [f"{title} · kernel {', '.join(f'`{k}`' for k in kernels)}", ""]
    for read in _unique(reads):
        lines.append(
            f"- `{read.tensor}` — {_read_policy(read, bypass_lowered)} ({_why(read)}) · {read.kind.value}"
        )
    if any(read.policy == BYPASS for read in reads):
        lines += ["", _AUTHORS_CONTRACT]
    return "\n".join(lines)


def _rejected_markdown(reads: list[tuple[GmRead, Diagnostic | None]], bypass_lowered: bool) -> str:
    """The reads at a call whose `cache=` is invalid: no policy, the compile stops there."""
    lines = ["**GM read** · `cache=` invalid", ""]
    for read, rejected in reads:
        said = rejected_cache_text(rejected) if rejected is not None else _read_policy(read, bypass_lowered)
        lines.append(f"- `{read.tensor}` — {said} · {read.kind.value}")
    lines += ["", "Valid: `cache=pl.CachePolicy.DEFAULT` or `cache=pl.CachePolicy.BYPASS`."]
    return "\n".join(lines)


def _why(read: GmRead) -> str:
    if read.reason is Reason.EXPLICIT:
        return "explicit `cache=` here"
    if read.reason is Reason.DECLARED:
        where = f" at line {read.reason_span.start_line}" if read.reason_span else " on the kernel"
        return f"declared{where}"
    return f"default: no `cache=` here and no declaration for `{read.tensor}`"


def _declaration_markdown(declaration: Declaration) -> str:
    head = f"**pl.set_cache_policy** `{declaration.tensor}` → {_policy(declaration.policy_name)}"
    if declaration.kernel is None:
        return f"{head}\n\nThis scope is not outlined into a kernel, so the declaration has no effect."
    if not declaration.lowered:
        return (
            f"{head}\n\nAccepted and carried onto `{declaration.kernel}`, but no load picks it up today: "
            "only the loads of an InCore kernel (a CORE_GROUP `pl.at` or a `pl.spmd` body) take a declaration."
        )
    if declaration.param_index is None:
        return f"{head}\n\n`{declaration.tensor}` is not captured by this scope, so no parameter of `{declaration.kernel}` carries it."
    lines = [head, "", f"Kernel `{declaration.kernel}`, parameter {declaration.param_index}."]
    if declaration.reads:
        count = len(declaration.reads)
        lines.append(f"Governs {count} read{'s' if count != 1 else ''}:")
        lines.extend(f"- line {read.span.start_line}: {read.kind.value}" for read in declaration.reads)
    else:
        lines.append("No read takes it: every read of this tensor states its own `cache=`, or there is none.")
    return "\n".join(lines)


def _policy(name: str) -> str:
    return f"**{name}**"


def _unique(reads: list[GmRead]) -> list[GmRead]:
    seen: set[tuple[str, str]] = set()
    unique = []
    for read in reads:
        key = (read.tensor, read.kernel)
        if key not in seen:
            seen.add(key)
            unique.append(read)
    return unique
