"""The raise sites of one C++ file of the real compiler, with the function each is in and
the template of its message.

What the macros expand to (include/pypto/core/logging.h): `CHECK(e) << ...` and
`CHECK_SPAN(e, span) << ...` throw `ValueError` with the streamed text (plus ` [span]` and a
`Check failed:` line); `UNREACHABLE` throws `ValueError` too; `INTERNAL_CHECK`,
`INTERNAL_CHECK_SPAN`, `INTERNAL_UNREACHABLE(_SPAN)` throw `InternalError`: the compiler's
own invariants. A `throw X(...)` throws X. The verifier and some passes do not throw where
they find a problem: they add a `Diagnostic` (Error, Warning or PerfHint) to a report, which
the pipeline raises as one `VerificationError` (errors) or prints (warnings, hints); those
are sites too.

A message template is the streamed or concatenated string literals with `{}` for every value
computed at run time; a message held in a variable (`std::ostringstream msg; msg << ...;`) is
followed back to where the function builds it.
"""

from __future__ import annotations

import bisect
import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass

from raise_ledger.templates import HOLE, join_parts

_INTERNAL = {"INTERNAL_CHECK", "INTERNAL_CHECK_SPAN", "INTERNAL_UNREACHABLE", "INTERNAL_UNREACHABLE_SPAN"}
_SITE = re.compile(
    r"\b(?P<macro>INTERNAL_CHECK_SPAN|INTERNAL_CHECK|CHECK_SPAN|CHECK|INTERNAL_UNREACHABLE_SPAN|"
    r"INTERNAL_UNREACHABLE|UNREACHABLE_SPAN|UNREACHABLE)\b"
    r"|\bthrow\s+(?P<thrown>[A-Za-z_][\w:]*)\s*\("
    r"|\b(?:emplace_back|push_back|Diagnostic)\s*[({]\s*DiagnosticSeverity::(?P<severity>\w+)"
    r"|\b(?P<record>RecordError)\s*\("
)
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
_STRING = re.compile(r'(?:u8|L|u|U)?"((?:[^"\\\n]|\\.)*)"')


@dataclass(frozen=True)
class CppSite:
    function: str
    line: int
    raises: str  # exception class, or `diagnostic(<severity>)`
    macro: str  # CHECK, INTERNAL_CHECK, throw, diagnostic, ...
    template: str
    # The ops whose registration (`REGISTER_OP("tile.add")...`) reaches this function.
    ops: tuple[str, ...] = ()


def scan(text: str) -> list[CppSite]:
    code = _without_comments(text)
    functions = _function_spans(code)
    ops = _registered_ops(code, functions)
    starts = [start for start, _, _ in functions]
    sites: list[CppSite] = []
    for match in _SITE.finditer(code):
        if _in_preprocessor_line(code, match.start()):
            continue
        at = bisect.bisect_right(starts, match.start()) - 1
        if at < 0 or not (functions[at][0] <= match.start() < functions[at][1]):
            continue  # a declaration or a definition of the name, not a use in a body
        start, _, name = functions[at]
        line = code.count("\n", 0, match.start()) + 1
        body_before = code[start : match.start()]
        site = _site(code, match, name, line, body_before)
        if site is not None and not _relays_a_parameter(site, code, start, match):
            sites.append(dataclasses.replace(site, ops=tuple(sorted(ops.get(name, ())))))
    return sites


def _registered_ops(code: str, functions: list[tuple[int, int, str]]) -> dict[str, set[str]]:
    """function name -> the ops registered with it, directly or through the functions calling it."""
    calls: dict[str, set[str]] = {}
    names = {name.split("::")[-1]: name for _, _, name in functions}
    for start, end, name in functions:
        used = set(_IDENTIFIER.findall(code[start:end])) & names.keys()
        calls.setdefault(name, set()).update(names[u] for u in used if names[u] != name)
    ops: dict[str, set[str]] = {}
    for found in re.finditer(r"REGISTER_OP\(\s*\"([^\"]+)\"\s*\)", code):
        statement = _statement(code, found.end())
        pending = [names[u] for u in set(_IDENTIFIER.findall(statement)) & names.keys()]
        pending.append(f"REGISTER_OP({found.group(1)})")
        seen: set[str] = set()
        while pending:
            name = pending.pop()
            if name in seen:
                continue
            seen.add(name)
            ops.setdefault(name, set()).add(found.group(1))
            pending.extend(calls.get(name, ()))
    return ops


def _site(code: str, match: re.Match[str], name: str, line: int, before: str) -> CppSite | None:
    macro = match.group("macro")
    if macro:
        end = match.end()
        if macro.endswith(("CHECK", "CHECK_SPAN")) or macro.endswith("_SPAN"):
            opened = _skip_space(code, end)
            if opened >= len(code) or code[opened] != "(":
                return None
            end = _matching(code, opened) + 1
        stream = _skip_space(code, end)
        template = ""
        if code.startswith("<<", stream):
            template = _stream_template(_statement(code, stream + 2), before)
        raises = "InternalError" if macro in _INTERNAL else "ValueError"
        return CppSite(name, line, raises, macro, template)
    opened = match.end() - 1
    if code[opened] not in "({":
        opened = code.index("(", match.start())
    arguments = _split_top(code[opened + 1 : _matching(code, opened)], ",")
    if match.group("thrown"):
        thrown = match.group("thrown").split("::")[-1]
        template = _richest(arguments[:1], before)
        return CppSite(name, line, thrown, "throw", template)
    if match.group("severity"):
        message = arguments[3:4] if len(arguments) >= 5 else arguments
        template = _richest(message, before)
        return CppSite(name, line, f"diagnostic({match.group('severity')})", "diagnostic", template)
    template = _richest(arguments, before)
    return CppSite(name, line, "diagnostic(Error)", "diagnostic", template)


def _relays_a_parameter(site: CppSite, code: str, start: int, match: re.Match[str]) -> bool:
    """A helper passing on a message its caller made (`void RecordError(..., const std::string&
    message, ...) { diagnostics_.emplace_back(..., message, ...); }`): its callers are the sites."""
    if site.template != HOLE or site.macro not in ("diagnostic", "throw"):
        return False
    header = code[max(code.rfind(";", 0, start), code.rfind("}", 0, start)) + 1 : start]
    opened = code.find("(", match.end() - 1)
    arguments = _split_top(code[opened + 1 : _matching(code, opened)], ",")
    names = {a.strip() for a in arguments if re.fullmatch(r"[A-Za-z_]\w*", a.strip())}
    return any(re.search(rf"\b{re.escape(n)}\s*[,)=]", header) for n in names)


def _richest(arguments: list[str], before: str) -> str:
    """The template among the arguments with the most literal text (the message, not a span)."""
    best = ""
    for argument in arguments:
        template = _expression_template(argument, before)
        if len(template.replace("{}", "")) > len(best.replace("{}", "")):
            best = template
    return best or ("{}" if arguments else "")


def _expression_template(expression: str, before: str) -> str:
    parts: list[str | None] = []
    for part in _split_top(expression, "+"):
        parts.append(_part_template(part.strip(), before))
    return join_parts(parts)


def _stream_template(stream: str, before: str) -> str:
    return join_parts([_part_template(part.strip(), before) for part in _split_top(stream, "<<")])


def _part_template(part: str, before: str) -> str | None:
    """A literal's text, a variable's message as the function built it, or None (a value)."""
    literal = _literal(part)
    if literal is not None:
        return literal
    inner = re.fullmatch(r"std::(?:string|move)\s*\((.*)\)", part, re.S)
    if inner:
        return _part_template(inner.group(1).strip(), before)
    variable = re.fullmatch(r"([A-Za-z_]\w*)(?:\.str\(\))?", part)
    if variable and variable.group(1) not in ("op_name", "name", "true", "false"):
        built = _built_message(variable.group(1), before)
        if built:
            return built
    return None


def _literal(part: str) -> str | None:
    """The text of adjacent string literals (`"a" "b"`), or None."""
    pieces = []
    rest = part
    while rest:
        found = _STRING.match(rest)
        if not found:
            return None
        pieces.append(_unescape(found.group(1)))
        rest = rest[found.end() :].lstrip()
    return "".join(pieces) if pieces else None


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def _built_message(variable: str, before: str) -> str:
    """What the function streams or assigns into `variable` before the site, in order."""
    pattern = re.compile(
        rf"(?P<declared>\b(?:std::)?(?:o?stringstream|string)\s+(?={re.escape(variable)}\b))"
        rf"|(?<![\w.>]){re.escape(variable)}\s*(?P<op><<|\+=|=(?!=))"
    )
    parts: list[str | None] = []
    begun: int | None = None
    for found in pattern.finditer(before):
        if found.group("declared"):
            parts = []  # a new message of that name: what came before was another one
            begun = found.start()
            continue
        if before[: found.start()].rstrip()[-1:] not in ("", ";", "{", "}"):
            continue  # a value streamed into something else (`CHECK(...) << kOpName << ...`)
        if begun is None:
            begun = found.start()
        rest = before[found.end() :]
        semicolon = _statement_end(rest)
        if semicolon is None:
            continue
        body = rest[:semicolon]
        between = before[begun : found.start()]
        if between.count("{") > between.count("}"):
            parts.append(None)  # added under a condition or in a loop: a part that may be there
        elif found.group("op") == "<<":
            parts.append(_stream_template(body, ""))
        elif found.group("op") == "=":
            parts = [_expression_template(body, "")]
        else:
            parts.append(_expression_template(body, ""))
    return join_parts(parts)


def _statement(code: str, start: int) -> str:
    end = _statement_end(code[start:])
    return code[start : start + end] if end is not None else code[start:]


def _code_characters(text: str, start: int = 0) -> Iterator[tuple[int, str, int]]:
    """(index, character, bracket depth after it) of each character outside string and
    character literals, from `start` (depth counted from there)."""
    depth, index = 0, start
    while index < len(text):
        char = text[index]
        if char == '"':
            index = _string_end(text, index)
            continue
        if char == "'":
            index = _char_end(text, index)
            continue
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        yield index, char, depth
        index += 1


def _statement_end(text: str) -> int | None:
    """The index of the `;` ending the statement text starts in (or of the bracket closing it)."""
    for index, char, depth in _code_characters(text):
        if depth < 0 or (char == ";" and depth == 0):
            return index
    return None


def _split_top(text: str, separator: str) -> list[str]:
    """The parts of `text` between separators outside brackets (`+` never splits a `++`)."""
    parts, start, skip = [], 0, -1
    for index, char, depth in _code_characters(text):
        if index <= skip or depth != 0 or char in ")]}" or not text.startswith(separator, index):
            continue
        if separator != "<<" and text.startswith(separator * 2, index):
            skip = index + 1
            continue
        parts.append(text[start:index])
        start = skip = index + len(separator)
        skip -= 1
    parts.append(text[start:])
    return [p for p in (p.strip() for p in parts) if p]


def _matching(code: str, opened: int) -> int:
    """The index of the bracket closing the one at `opened`."""
    for index, _, depth in _code_characters(code, opened):
        if depth == 0:
            return index
    return len(code) - 1


def _skip_space(code: str, index: int) -> int:
    while index < len(code) and code[index].isspace():
        index += 1
    return index


def _string_end(text: str, index: int) -> int:
    """The index after the string literal starting at `index` (a raw string included)."""
    if index > 0 and text[index - 1] == "R":
        close = text.index("(", index)
        delimiter = text[index + 1 : close]
        end = text.find(f'){delimiter}"', close)
        return len(text) if end < 0 else end + len(delimiter) + 2
    index += 1
    while index < len(text) and text[index] != '"':
        index += 2 if text[index] == "\\" else 1
    return index + 1


def _char_end(text: str, index: int) -> int:
    if index > 0 and (text[index - 1].isalnum()):
        return index + 1  # a digit separator (1'000)
    index += 1
    while index < len(text) and text[index] != "'":
        index += 2 if text[index] == "\\" else 1
    return index + 1


def _without_comments(text: str) -> str:
    """The text with every comment blanked (newlines kept), strings untouched."""
    out: list[str] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char == '"':
            end = _string_end(text, index)
            out.append(text[index:end])
            index = end
        elif char == "'":
            end = _char_end(text, index)
            out.append(text[index:end])
            index = end
        elif text.startswith("//", index):
            end = text.find("\n", index)
            end = len(text) if end < 0 else end
            index = end
        elif text.startswith("/*", index):
            end = text.find("*/", index + 2)
            end = len(text) if end < 0 else end + 2
            out.append(re.sub(r"[^\n]", " ", text[index:end]))
            index = end
        else:
            out.append(char)
            index += 1
    return "".join(out)


def _in_preprocessor_line(code: str, index: int) -> bool:
    start = code.rfind("\n", 0, index) + 1
    return code[start:index].lstrip().startswith("#")


_KEYWORDS = {"if", "for", "while", "switch", "catch", "return", "sizeof", "decltype", "alignof"}


def _function_spans(code: str) -> list[tuple[int, int, str]]:
    """(body start, body end, name) of every function body outside another function, in order.

    A statement at namespace scope holding lambdas (`REGISTER_OP("x")...f_deduce_type([](...) {
    ... })`) counts as one function named after what it registers."""
    found: list[tuple[int, int, str]] = []
    stack: list[tuple[str, str]] = []  # (kind, name): ns, class, func, block, data
    boundary = 0
    index = 0
    function_start = 0
    registration: str | None = None
    while index < len(code):
        char = code[index]
        if char == '"':
            index = _string_end(code, index)
            continue
        if char == "'":
            index = _char_end(code, index)
            continue
        if char == "#" and code[code.rfind("\n", 0, index) + 1 : index].strip() == "":
            end = index
            while True:  # a preprocessor line, with its continuations
                end = code.find("\n", end)
                if end < 0 or code[end - 1] != "\\":
                    break
                end += 1
            index = len(code) if end < 0 else end
            boundary = index
            continue
        in_function = any(kind == "func" for kind, _ in stack)
        if char == "{":
            if in_function:
                stack.append(("block", ""))
            else:
                header = code[boundary:index].strip()
                kind, name = _header_kind(header, stack)
                if kind == "func":
                    function_start = index
                    if registration is not None:
                        name = registration
                elif kind == "data" and "(" in header and registration is None:
                    registered = re.match(r"(REGISTER_\w+)\(\s*\"?([\w.]+)", header)
                    if registered:
                        registration = f"{registered.group(1)}({registered.group(2)})"
                stack.append((kind, name))
            boundary = index + 1
        elif char == "}":
            if stack:
                kind, name = stack.pop()
                if kind == "func" and not any(k == "func" for k, _ in stack):
                    found.append((function_start, index + 1, name))
            boundary = index + 1
        elif char == ";" and not in_function:
            boundary = index + 1
            if not any(k == "data" for k, _ in stack):
                registration = None
        index += 1
    return found


def _header_kind(header: str, stack: list[tuple[str, str]]) -> tuple[str, str]:
    classes = [name for kind, name in stack if kind == "class"]
    if re.match(r"(inline\s+)?namespace\b", header) or header.startswith('extern "C"'):
        return "ns", ""
    if any(kind == "data" for kind, _ in stack):
        lambda_head = re.search(r"\]\s*\([^()]*(?:\([^()]*\)[^()]*)*\)[^(){};]*$", header)
        return ("func", "") if lambda_head else ("data", "")
    registered = re.match(r"(REGISTER_\w+)\(\s*\"?([\w.]+)", header)
    if registered:
        if re.search(r"\]\s*\(.*\)[^()]*$", header, re.S) or header.endswith(")"):
            return "func", f"{registered.group(1)}({registered.group(2)})"
        return "data", ""
    declared = re.match(
        r"(?:template\s*<.*>\s*)?(?:class|struct|union|enum(?:\s+class)?)\s+(\w+)", header, re.S
    )
    if declared and "(" not in header.split(":")[0]:
        return "class", declared.group(1)
    if "(" not in header:
        return "data", ""
    assigned = re.search(r"(\w+)\s*=\s*\[", header)
    if assigned and header.index("=") < header.index("("):
        return "func", assigned.group(1)
    if re.search(r"=\s*[\w:<>]*\s*\{?$", header.split("(")[0]) or header.split("(")[0].rstrip().endswith("="):
        return "data", ""
    operator = re.search(r"([\w:~]*operator\s*(?:\(\)|[^\s(]+))\s*\(", header)
    if operator:
        name = operator.group(1)
    else:
        head = header[: _first_call(header)]
        names = _IDENTIFIER.findall(head.replace("::", "\0"))
        qualified = re.search(r"([\w:~]+)\s*$", head)
        name = qualified.group(1) if qualified else (names[-1] if names else "?")
    if name in _KEYWORDS:
        return "data", ""
    if classes and "::" not in name:
        name = f"{classes[-1]}::{name}"
    return "func", name


def _first_call(header: str) -> int:
    """The index of the parenthesis opening a function header's parameters."""
    depth = 0
    for index, char in enumerate(header):
        if char == "<":
            depth += 1
        elif char == ">":
            depth -= 1
        elif char == "(" and depth <= 0:
            return index
    return len(header)
