"""SyntaxErrors Python's compiler (not its parser) raises, found on the tree.

`ast.parse` accepts `break` outside a loop, `return` at class level, a duplicate
parameter name...: CPython rejects them later, in its symbol-table pass or its
code generator, when the module is imported. We never compile user code, so
the rules are re-stated here, each with CPython 3.11's message. Only rules we
can decide surely from one top-level statement are checked; anything subtle
(starred expressions in load context, `nonlocal` without a binding, async
comprehensions) is left alone.

CPython reports one error: the symbol-table pass runs over the whole module
first, so its errors win over the code generator's; inside a pass the first in
source order wins. `first_compile_error` follows that order.

Given the text the tree was parsed from, the search skips what no rule can
apply to (a rule needs its keyword in the text): without `yield` or `await` no
expression is visited, without `lambda` the symbol-table rules look at
statements only, without `global` or `nonlocal` no scope's declarations are
compared. The answer is the same, in a fraction of the time.

One limit is asked of CPython itself: its code generator refuses more than 20 blocks
(loops, `with`, `try` and its handlers, CO_MAXBLOCKS) open at once in one function,
"too many statically nested blocks", and how many blocks each statement opens is an
internal of the code generator that changes between versions. Only a tree nested deep
enough that it might pass the limit is compiled (`compile()` of the tree, the step an
import takes before running the module: it makes a code object and runs nothing; the
code object is dropped), and only that one message is taken from it.
"""

from __future__ import annotations

import ast
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, replace
from enum import Enum

# Name flags the symbol-table pass collects in one scope before a `global` /
# `nonlocal` statement (a subset of CPython's DEF_* / USE flags).
_PARAM, _USE, _ANNOT, _LOCAL, _UNSURE = "param", "use", "annot", "local", "unsure"


@dataclass(frozen=True)
class CompileError:
    message: str
    node: ast.AST


class _Kind(Enum):
    MODULE = "module"
    CLASS = "class"
    FUNCTION = "function"
    LAMBDA = "lambda"
    COMPREHENSION = "comprehension"


@dataclass(frozen=True)
class _Context:
    kind: _Kind
    is_async: bool = False
    in_loop: bool = False
    async_generator: bool = False
    # Whether expressions are visited (they can hold an error only with `yield` or `await`).
    expressions: bool = True


def first_compile_error(tree: ast.Module, source: str | None = None) -> CompileError | None:
    """The SyntaxError CPython's compiler would raise for `tree`, if we can tell
    (`source`: the text `tree` was parsed from, to skip what cannot hold an error)."""
    if _may_open_too_many_blocks(tree.body) and (found := _too_many_blocks(tree)) is not None:
        return found  # CPython's own answer: the first error it raises
    expressions = source is None or "yield" in source or "await" in source
    lambdas = source is None or "lambda" in source
    declarations = source is None or "global" in source or "nonlocal" in source
    try:
        if not (expressions or lambdas or declarations):  # the usual text: statements alone decide
            codegen: list[CompileError] = []
            try:
                found = _statement_errors(tree.body, _Kind.MODULE, False, False, False, codegen, 0)
            except _TooNested:
                pass  # the walks below decide, as deep as they can follow
            else:
                return found or next(iter(codegen), None)
        for error in _symtable_errors(tree, lambdas, declarations):
            return error
        for error in _codegen_errors(tree.body, _Context(_Kind.MODULE, expressions=expressions)):
            return error
    except RecursionError:  # nested deeper than we follow: nothing said
        return None
    return None


# CPython's limit of blocks open at once (CO_MAXBLOCKS), and the most a statement opens: a
# `try` with handlers and a `finally` opens three around a handler's body.
_MAX_BLOCKS = 20
_MOST_BLOCKS_PER_STATEMENT = 3
_BLOCK_STATEMENTS = tuple(
    getattr(ast, name)
    for name in ("For", "AsyncFor", "While", "With", "AsyncWith", "Try", "TryStar")
    if hasattr(ast, name)
)
_TOO_MANY_BLOCKS = "too many statically nested blocks"


def _may_open_too_many_blocks(body: list[ast.stmt]) -> bool:
    """Whether statements that open blocks nest deep enough that the limit may be passed
    (counted across function boundaries, where the count starts again: an upper bound)."""
    need = -(-_MAX_BLOCKS // _MOST_BLOCKS_PER_STATEMENT)  # nesting below this cannot pass it
    stack: list[tuple[ast.AST, int]] = [(node, 0) for node in body]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, _BLOCK_STATEMENTS):
            depth += 1
            if depth >= need:
                return True
        stack.extend((child, depth) for child in _nested_statements(node))
    return False


def _too_many_blocks(tree: ast.Module) -> CompileError | None:
    """CPython's "too many statically nested blocks" for `tree`, at the statement it names."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # its SyntaxWarnings are not ours to print
            compile(tree, "<unit>", "exec", dont_inherit=True)
    except SyntaxError as error:
        if error.msg != _TOO_MANY_BLOCKS:
            return None
        for node in _walk_statements_in_order(tree.body):
            if getattr(node, "lineno", None) == error.lineno and node.col_offset == (error.offset or 1) - 1:
                return CompileError(_TOO_MANY_BLOCKS, node)
    except (RecursionError, MemoryError, ValueError):  # too deep for CPython's compiler too: not ours
        return None
    return None


# The fields in which statements nest (in `ast`'s grammar, the only ones that hold a
# statement, an `except` handler or a `case`), per class in the class's field order.
_NESTING = frozenset({"body", "orelse", "finalbody", "handlers", "cases"})
_NESTING_FIELDS: dict[type, tuple[str, ...]] = {}


def _nested_statements(node: ast.AST) -> list[ast.AST]:
    """The statements, handlers and cases directly under a statement-like node, in
    `ast.iter_child_nodes` order (no expression of it is looked at)."""
    cls = node.__class__
    fields = _NESTING_FIELDS.get(cls)
    if fields is None:
        fields = _NESTING_FIELDS[cls] = tuple(name for name in cls._fields if name in _NESTING)
    if not fields:
        return []
    found: list[ast.AST] = []
    for name in fields:
        value = getattr(node, name, None)
        if isinstance(value, list):
            found.extend(value)
    return found


# ------------------------------------------------------------- code generator


def _codegen_errors(nodes: list[ast.stmt], ctx: _Context) -> Iterator[CompileError]:
    for node in nodes:
        yield from _node_errors(node, ctx)


def _node_errors(node: ast.AST, ctx: _Context) -> Iterator[CompileError]:
    if not ctx.expressions and isinstance(node, ast.expr):
        return
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        if ctx.expressions:  # a header holds only expressions
            yield from _children(node.decorator_list, ctx)
            yield from _arguments_errors(node.args, ctx)
            if node.returns is not None:
                yield from _node_errors(node.returns, ctx)
        is_async = isinstance(node, ast.AsyncFunctionDef)
        generator = is_async and _is_generator(node.body)
        inner = _Context(_Kind.FUNCTION, is_async, False, generator, ctx.expressions)
        yield from _codegen_errors(node.body, inner)
        return
    if isinstance(node, ast.Lambda):
        yield from _arguments_errors(node.args, ctx)
        yield from _node_errors(node.body, _Context(_Kind.LAMBDA, expressions=ctx.expressions))
        return
    if isinstance(node, ast.ClassDef):
        if ctx.expressions:
            yield from _children([*node.decorator_list, *node.bases, *node.keywords], ctx)
        yield from _codegen_errors(node.body, _Context(_Kind.CLASS, expressions=ctx.expressions))
        return
    if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
        # The first iterable is evaluated outside; the rest runs in its own scope,
        # where yield / await have rules of their own that we do not model.
        generators = node.generators
        yield from _node_errors(generators[0].iter, ctx)
        inner = _Context(_Kind.COMPREHENSION, expressions=ctx.expressions)
        rest: list[ast.AST] = [generators[0].target, *generators[0].ifs]
        for generator in generators[1:]:
            rest += [generator.target, generator.iter, *generator.ifs]
        rest += [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
        yield from _children(rest, inner)
        return
    if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
        if isinstance(node, ast.AsyncFor) and not _in_async_function(ctx):
            yield CompileError("'async for' outside async function", node)
        if ctx.expressions:
            header: list[ast.AST] = [node.test] if isinstance(node, ast.While) else [node.iter, node.target]
            yield from _children(header, ctx)
        yield from _codegen_errors(node.body, replace(ctx, in_loop=True))
        yield from _codegen_errors(node.orelse, ctx)  # a loop's `else` is not in the loop
        return
    if isinstance(node, ast.AsyncWith) and not _in_async_function(ctx):
        yield CompileError("'async with' outside async function", node)
    elif isinstance(node, ast.Break) and not ctx.in_loop:
        yield CompileError("'break' outside loop", node)
    elif isinstance(node, ast.Continue) and not ctx.in_loop:
        yield CompileError("'continue' not properly in loop", node)
    elif isinstance(node, ast.Return):
        if ctx.kind in (_Kind.MODULE, _Kind.CLASS):
            yield CompileError("'return' outside function", node)
        elif node.value is not None and ctx.async_generator:
            yield CompileError("'return' with value in async generator", node)
    elif isinstance(node, (ast.Yield, ast.YieldFrom)):
        if ctx.kind in (_Kind.MODULE, _Kind.CLASS):
            yield CompileError("'yield' outside function", node)
        elif isinstance(node, ast.YieldFrom) and ctx.kind is _Kind.FUNCTION and ctx.is_async:
            yield CompileError("'yield from' inside async function", node)
    elif isinstance(node, ast.Await):
        if ctx.kind in (_Kind.MODULE, _Kind.CLASS):
            yield CompileError("'await' outside function", node)
        elif ctx.kind is _Kind.LAMBDA or (ctx.kind is _Kind.FUNCTION and not ctx.is_async):
            yield CompileError("'await' outside async function", node)
    elif isinstance(node, ast.Try):
        yield from _codegen_errors(node.body, ctx)
        for index, handler in enumerate(node.handlers):
            if handler.type is None and index < len(node.handlers) - 1:
                yield CompileError("default 'except:' must be last", handler)
            yield from _node_errors(handler, ctx)
        yield from _codegen_errors(node.orelse, ctx)
        yield from _codegen_errors(node.finalbody, ctx)
        return
    elif isinstance(node, ast.Assign):
        if ctx.expressions:
            yield from _node_errors(node.value, ctx)
        for target in node.targets:
            yield from _target_errors(target)
        if ctx.expressions:
            yield from _children(node.targets, ctx)
        return
    if ctx.expressions:
        yield from _children(list(ast.iter_child_nodes(node)), ctx)
    else:  # only the statements nested in it can hold an error
        yield from _children(_nested_statements(node), ctx)


# Statements that hold no statement and break no rule when expressions are not visited.
_PLAIN_STATEMENTS = frozenset(
    {
        ast.Expr,
        ast.AnnAssign,
        ast.AugAssign,
        ast.Pass,
        ast.Import,
        ast.ImportFrom,
        ast.Global,
        ast.Nonlocal,
        ast.Delete,
        ast.Raise,
        ast.Assert,
    }
)


# Statement nesting the one-walk search follows (deeper only through an `elif` chain).
# The code generator's walk takes two frames a level: this deep it always reaches the
# end, so the two searches agree; deeper, that walk decides (and where it gives up).
_MAX_NESTING = 100


class _TooNested(Exception):
    pass


def _statement_errors(
    nodes: list[ast.AST],
    kind: _Kind,
    is_async: bool,
    in_loop: bool,
    async_generator: bool,
    codegen: list[CompileError],
    depth: int,
) -> CompileError | None:
    """Both passes in one walk of the statements, for a text without lambdas, `yield`,
    `await`, `global` or `nonlocal` (no expression can hold an error, no declaration
    conflict): returns the symbol table's first error (a duplicate parameter), which
    wins; the code generator's (`_node_errors` with expressions off, context passed as
    plain values) go to `codegen`, first first. Same visiting order as both walks.
    Raises `_TooNested` past `_MAX_NESTING` levels."""
    if depth > _MAX_NESTING:
        raise _TooNested
    depth += 1
    for node in nodes:
        cls = node.__class__
        if cls in _PLAIN_STATEMENTS:
            continue
        error: CompileError | None = None
        if cls is ast.Assign:
            for target in node.targets:
                if target.__class__ is not ast.Name:  # a name is never a wrong target
                    codegen.extend(_target_errors(target))
            continue
        if cls is ast.Return:
            if kind is _Kind.MODULE or kind is _Kind.CLASS:
                codegen.append(CompileError("'return' outside function", node))
            elif node.value is not None and async_generator:
                codegen.append(CompileError("'return' with value in async generator", node))
            continue
        if cls is ast.FunctionDef or cls is ast.AsyncFunctionDef:
            if _has_duplicate_parameter(node.args):
                return next(_duplicate_arguments(node.args))
            asynchronous = cls is ast.AsyncFunctionDef
            generator = asynchronous and _is_generator(node.body)
            error = _statement_errors(
                node.body, _Kind.FUNCTION, asynchronous, False, generator, codegen, depth
            )
        elif cls is ast.ClassDef:
            error = _statement_errors(node.body, _Kind.CLASS, False, False, False, codegen, depth)
        elif cls is ast.For or cls is ast.AsyncFor or cls is ast.While:
            if cls is ast.AsyncFor and not (kind is _Kind.FUNCTION and is_async):
                codegen.append(CompileError("'async for' outside async function", node))
            error = _statement_errors(node.body, kind, is_async, True, async_generator, codegen, depth)
            if error is None:  # a loop's `else` is not in the loop
                error = _statement_errors(
                    node.orelse, kind, is_async, in_loop, async_generator, codegen, depth
                )
        elif cls is ast.Break or cls is ast.Continue:
            if not in_loop:
                message = "'break' outside loop" if cls is ast.Break else "'continue' not properly in loop"
                codegen.append(CompileError(message, node))
        elif cls is ast.Try:
            error = _statement_errors(node.body, kind, is_async, in_loop, async_generator, codegen, depth)
            for index, handler in enumerate(node.handlers):
                if error is not None:
                    break
                if handler.type is None and index < len(node.handlers) - 1:
                    codegen.append(CompileError("default 'except:' must be last", handler))
                error = _statement_errors(
                    handler.body, kind, is_async, in_loop, async_generator, codegen, depth
                )
            for rest in (node.orelse, node.finalbody):
                if error is None:
                    error = _statement_errors(rest, kind, is_async, in_loop, async_generator, codegen, depth)
        else:
            if cls is ast.AsyncWith and not (kind is _Kind.FUNCTION and is_async):
                codegen.append(CompileError("'async with' outside async function", node))
            nested = _nested_statements(node)
            error = _statement_errors(nested, kind, is_async, in_loop, async_generator, codegen, depth)
        if error is not None:
            return error
    return None


def _children(nodes: list[ast.AST], ctx: _Context) -> Iterator[CompileError]:
    for child in nodes:
        yield from _node_errors(child, ctx)


def _arguments_errors(args: ast.arguments, ctx: _Context) -> Iterator[CompileError]:
    """Defaults and annotations run in the enclosing scope."""
    defaults = [*args.defaults, *(d for d in args.kw_defaults if d is not None)]
    every = [*args.posonlyargs, *args.args, args.vararg, *args.kwonlyargs, args.kwarg]
    annotations = [arg.annotation for arg in every if arg is not None and arg.annotation is not None]
    yield from _children([*defaults, *annotations], ctx)


def _target_errors(target: ast.expr) -> Iterator[CompileError]:
    if isinstance(target, ast.Starred):
        yield CompileError("starred assignment target must be in a list or tuple", target)
    elif (
        isinstance(target, (ast.Tuple, ast.List)) and sum(isinstance(e, ast.Starred) for e in target.elts) > 1
    ):
        yield CompileError("multiple starred expressions in assignment", target)


def _in_async_function(ctx: _Context) -> bool:
    return ctx.kind is _Kind.FUNCTION and ctx.is_async


def _is_generator(body: list[ast.stmt]) -> bool:
    """Whether a function body yields (in its own scope, not in nested ones)."""
    return any(isinstance(node, (ast.Yield, ast.YieldFrom)) for node in _own_scope_nodes(body))


def _own_scope_nodes(body: list[ast.stmt]) -> Iterator[ast.AST]:
    stack: list[ast.AST] = list(reversed(body))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue  # their bodies are other scopes (their headers do not yield here either)
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            stack.append(node.generators[0].iter)
            continue
        stack.extend(reversed(list(ast.iter_child_nodes(node))))


# --------------------------------------------------------------- symbol table


def _symtable_errors(
    tree: ast.Module, lambdas: bool = True, declarations: bool = True
) -> Iterator[CompileError]:
    """`lambdas`: whether the tree may hold one (else only statements are visited);
    `declarations`: whether it may hold a `global` or `nonlocal` statement."""
    # Found when the finished table is analysed, after every error found while building it.
    deferred: list[CompileError] = []
    for node in _walk_in_order(tree.body) if lambdas else _walk_statements_in_order(tree.body):
        if isinstance(node, ast.Nonlocal) and _at_module_level(node, tree):
            yield CompileError("nonlocal declaration not allowed at module level", node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            yield from _duplicate_arguments(node.args)
            if declarations and not isinstance(node, ast.Lambda):
                yield from _declaration_conflicts(node.body, _parameter_names(node.args), deferred)
        elif declarations and isinstance(node, ast.ClassDef):
            yield from _declaration_conflicts(node.body, set(), deferred)
    yield from deferred


def _walk_in_order(nodes: list[ast.stmt]) -> Iterator[ast.AST]:
    stack: list[ast.AST] = list(reversed(nodes))
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(list(ast.iter_child_nodes(node))))


def _walk_statements_in_order(nodes: list[ast.stmt]) -> Iterator[ast.AST]:
    """`_walk_in_order` without the expressions (where no statement can be)."""
    stack: list[ast.AST] = list(reversed(nodes))
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(_nested_statements(node)))


def _at_module_level(node: ast.stmt, tree: ast.Module) -> bool:
    """Whether a statement runs in the module's own scope (not in a def or class)."""
    return any(node is stmt for stmt in _module_scope_statements(tree.body))


def _module_scope_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    for stmt in body:
        yield stmt
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for field in ("body", "orelse", "finalbody"):
            yield from _module_scope_statements(getattr(stmt, field, []) or [])
        for handler in getattr(stmt, "handlers", []) or []:
            yield from _module_scope_statements(handler.body)
        for case in getattr(stmt, "cases", []) or []:
            yield from _module_scope_statements(case.body)


def _parameter_names(args: ast.arguments) -> set[str]:
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
    return {arg.arg for arg in every if arg is not None}


def _has_duplicate_parameter(args: ast.arguments) -> bool:
    names = [arg.arg for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
    names += [arg.arg for arg in (args.vararg, args.kwarg) if arg is not None]
    return len(set(names)) != len(names)


def _duplicate_arguments(args: ast.arguments) -> Iterator[CompileError]:
    seen: set[str] = set()
    # The symbol table enters parameters in this order (varargs after keyword-only ones).
    for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
        if arg is None:
            continue
        if arg.arg in seen:
            yield CompileError(f"duplicate argument '{arg.arg}' in function definition", arg)
            return
        seen.add(arg.arg)


def _declaration_conflicts(
    body: list[ast.stmt], params: set[str], deferred: list[CompileError]
) -> Iterator[CompileError]:
    """`global` / `nonlocal` after the scope already used, bound or annotated the name."""
    flags: dict[str, set[str]] = {name: {_PARAM} for name in params}
    declared: dict[str, tuple[str, ast.stmt]] = {}  # name -> ("global" / "nonlocal", where)
    for stmt in _scope_statements(body):
        if isinstance(stmt, (ast.Global, ast.Nonlocal)):
            keyword = "global" if isinstance(stmt, ast.Global) else "nonlocal"
            for name in stmt.names:
                message = _conflict_message(name, keyword, flags.get(name, set()))
                if message is not None:
                    yield CompileError(message, stmt)
                    return
                other = declared.get(name)
                if other is not None and other[0] != keyword and not deferred:
                    deferred.append(CompileError(f"name '{name}' is nonlocal and global", other[1]))
                declared.setdefault(name, (keyword, stmt))
            continue
        if (
            isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and declared.get(stmt.target.id, ("",))[0] == "global"
        ):
            yield CompileError(f"annotated name '{stmt.target.id}' can't be global", stmt)
            return
        for name, flag in _statement_flags(stmt):
            flags.setdefault(name, set()).add(flag)


def _conflict_message(name: str, keyword: str, flags: set[str]) -> str | None:
    if _PARAM in flags:
        return f"name '{name}' is parameter and {keyword}"
    if _UNSURE in flags or not flags:
        return None
    if _USE in flags:
        return f"name '{name}' is used prior to {keyword} declaration"
    if _ANNOT in flags:
        return f"annotated name '{name}' can't be {keyword}"
    return f"name '{name}' is assigned to before {keyword} declaration"


def _scope_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of one scope, in source order (nested defs and classes not entered)."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for field in ("body", "orelse", "finalbody"):
            yield from _scope_statements(getattr(stmt, field, []) or [])
        for handler in getattr(stmt, "handlers", []) or []:
            yield from _scope_statements(handler.body)
        for case in getattr(stmt, "cases", []) or []:
            yield from _scope_statements(case.body)


def _statement_flags(stmt: ast.stmt) -> Iterator[tuple[str, str]]:
    """The flags one statement's own header gives names in its scope (its nested
    statements are visited on their own)."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        yield stmt.name, _LOCAL
        yield from _expression_flags(_definition_header(stmt))
        return
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        # CPython flags imports apart; which message would follow is not worth guessing.
        for alias in stmt.names:
            yield (alias.asname or alias.name).split(".")[0], _UNSURE
        return
    if isinstance(stmt, ast.AugAssign):
        yield from _expression_flags([stmt.value])
        if isinstance(stmt.target, ast.Name):
            yield stmt.target.id, _LOCAL
        else:
            yield from _expression_flags([stmt.target])
        return
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
        yield stmt.target.id, _ANNOT
        if stmt.value is not None:
            yield stmt.target.id, _LOCAL
            yield from _expression_flags([stmt.value])
        yield from _expression_flags([stmt.annotation])
        return
    if isinstance(stmt, ast.Try):
        for handler in stmt.handlers:
            if handler.name:
                yield handler.name, _LOCAL
            if handler.type is not None:
                yield from _expression_flags([handler.type])
        return
    if isinstance(stmt, ast.Match):
        yield from _expression_flags([stmt.subject])
        for case in stmt.cases:
            yield from _expression_flags([case.pattern, *([case.guard] if case.guard else [])])
        return
    nested = ("body", "orelse", "finalbody", "handlers", "cases")
    yield from _expression_flags([child for field, child in _fields(stmt) if field not in nested])


def _definition_header(stmt: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> list[ast.AST]:
    if isinstance(stmt, ast.ClassDef):
        return [*stmt.decorator_list, *stmt.bases, *stmt.keywords]
    args = stmt.args
    every = [*args.posonlyargs, *args.args, args.vararg, *args.kwonlyargs, args.kwarg]
    header: list[ast.AST] = [*stmt.decorator_list, *args.defaults]
    header += [d for d in args.kw_defaults if d is not None]
    header += [arg.annotation for arg in every if arg is not None and arg.annotation is not None]
    return header + ([stmt.returns] if stmt.returns is not None else [])


def _fields(node: ast.AST) -> Iterator[tuple[str, ast.AST]]:
    for field, value in ast.iter_fields(node):
        if isinstance(value, ast.AST):
            yield field, value
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, ast.AST):
                    yield field, item


def _expression_flags(nodes: list[ast.AST]) -> Iterator[tuple[str, str]]:
    stack = list(nodes)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name):
            yield node.id, _USE if isinstance(node.ctx, ast.Load) else _LOCAL
        elif isinstance(node, ast.NamedExpr) and isinstance(node.target, ast.Name):
            yield node.target.id, _LOCAL
            stack.append(node.value)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            yield node.name, _LOCAL
            stack.extend(ast.iter_child_nodes(node))
        elif isinstance(node, ast.MatchMapping) and node.rest:
            yield node.rest, _LOCAL
            stack.extend(ast.iter_child_nodes(node))
        elif isinstance(node, ast.Lambda):
            stack.extend(_definition_header_of_lambda(node))
        elif isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            stack.append(node.generators[0].iter)
            # A walrus inside binds in this scope, somewhere we do not follow.
            for inner in ast.walk(node):
                if isinstance(inner, ast.NamedExpr) and isinstance(inner.target, ast.Name):
                    yield inner.target.id, _UNSURE
        else:
            stack.extend(ast.iter_child_nodes(node))


def _definition_header_of_lambda(node: ast.Lambda) -> list[ast.AST]:
    return [*node.args.defaults, *(d for d in node.args.kw_defaults if d is not None)]
