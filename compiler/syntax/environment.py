"""The module environment: what a DSL body's closure can see at module level.

Imports of `pypto.language` (under any alias), module constants (folded), and
the module-level DSL functions that a bare-name call can dispatch to.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from compiler.syntax.dataclass_values import dataclass_shape
from compiler.syntax.helper_calls import foldable_helper, free_names
from compiler.syntax.helper_returns import (
    HELPER_DECORATORS,
    BodyReturn,
    ForwardedReturn,
    HelperReturn,
    forwarded,
    helper_return,
)
from compiler.syntax.import_stop import IMPORT_STOPS, certainly_raises
from compiler.syntax.imported_helpers import HELPER_KINDS, imported_helper
from compiler.syntax.jit_calls import (
    CALLS_MEMO,
    DEFERRED,
    JIT_CALLS,
    DeferredCalls,
    SignedCalls,
    StatementCalls,
    calls_of,
    deferred_statement_calls,
    resolve_jit_calls,
)
from compiler.syntax.program_callees import PROGRAM_CALLEES, called_from_programs
from compiler.syntax.subtree import (
    GLOBALS_ESCAPE_ATTRIBUTES,
    GLOBALS_ESCAPE_NAMES,
    binders,
    global_escapes,
)
from compiler.syntax.values import (
    UNKNOWN,
    DslFunction,
    DType,
    DynVar,
    FailedDecorator,
    Instance,
    ModuleRef,
    PlainDefinition,
    StaticEvaluator,
    frozen_value,
    is_plain_value,
)

PL_MODULE = "pypto.language"
PLD_MODULE = "pypto.language.distributed"
# Key (never an identifier) bound to True when the module has `from __future__ import annotations`.
FUTURE_ANNOTATIONS = "from __future__ import annotations"
# Keys every unit depends on, whatever names it mentions: "*" (a star import, or a module
# that writes its own globals: its names cannot be listed) and the future import.
MODULE_WIDE_KEYS = frozenset({"*", FUTURE_ANNOTATIONS, JIT_CALLS, IMPORT_STOPS, PROGRAM_CALLEES})
# Names through which a module can bind globals we cannot see.


@dataclass
class ModuleEnvironment:
    values: dict[str, Any] = field(default_factory=dict)
    imports_pypto_language: bool = False
    # Inside a factory (`factory_locals`): the names it binds, which shadow the module's.
    factory_locals: frozenset[str] = frozenset()
    # The module's own directory, where `from <module> import <helper>` is read from
    # (`imported_helpers`); None when the module is no file (an imported name stays unknown).
    directory: str | None = None
    # Where each module name is first bound: the position, among the module's top-level
    # statements, of the first one binding it (0: where the fold does not look, e.g. by
    # `global` in a function: possibly at any time); `rebound`, those bound more than once.
    first_bound: dict[str, int] = field(default_factory=dict)
    rebound: set[str] = field(default_factory=set)
    # What readers derive from `values` once the environment is complete (e.g. the module's
    # `@pl.jit.<kind>` signatures, `jit_deps.dep_signatures`), found once, not per function.
    derived: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def lookup(self, name: str) -> Any:
        return self.values.get(name, UNKNOWN)

    def is_pl_alias(self, name: str) -> bool:
        return self.values.get(name) == _PL_MODULE_REF

    def is_dynamic_dim(self, name: str) -> bool:
        """Whether a dim named `name` is the module's `pl.dynamic` of that name (a symbol of the
        IR), not a value we do not fold."""
        value = self.values.get(name)
        return isinstance(value, DynVar) and value.name == name

    def evaluator(self) -> StaticEvaluator:
        return StaticEvaluator(self.lookup)


_PL_MODULE_REF = ModuleRef(PL_MODULE)

# What the fold needs of one top-level statement: the statement (a def's or class's header
# will do, see `contribution`) and the module names it binds where the fold does not look.
Hidden = tuple[tuple[str, ...], bool, bool, StatementCalls | DeferredCalls]
Contribution = tuple[ast.stmt, Hidden]


def build_environment(
    units: list[ast.stmt],
    dsl_decorator_of: Any = None,
    memo: dict[int, Any] | None = None,
    directory: str | None = None,
) -> ModuleEnvironment:
    """Fold the module's top-level statements, in order, into an environment.

    `dsl_decorator_of(def_node, env)` names the DSL decorator of a def/class (or
    None); it is passed in because recognising decorators is the parser's job. It
    reads of the environment only the value of each decorator's first name (`pl`
    in `@pl.jit`), so with a `memo` (kept by the caller between folds of the same
    statements) a def or class whose decorators' first names have the values they
    had last time is bound to the value it got then, without asking again.
    """
    return fold_environment([(stmt, _hidden_of(stmt)) for stmt in units], dsl_decorator_of, memo, directory)


def fold_environment(
    contributions: list[Contribution],
    dsl_decorator_of: Any = None,
    memo: dict[int, Any] | None = None,
    directory: str | None = None,
) -> ModuleEnvironment:
    """`build_environment` of the statements the contributions stand for, in order."""
    env = ModuleEnvironment(directory=directory)
    evaluator = env.evaluator()
    kept: dict[int, Any] = {}
    stopped = False  # (`import_stop`: the names bound before the stop, and only after it)
    before: set[str] = set()
    after: set[str] = set()
    main = False  # a `__main__` block: its calls of the JIT entries are followed
    # (gathered in the one walk of the statements, used once they are all folded)
    hiding: list[tuple[int, ast.stmt, Hidden]] = []
    called: list[frozenset[str]] = []
    first_bound = env.first_bound
    for position, (stmt, hidden) in enumerate(contributions, 1):
        # (found once: the fold does not change the statement)
        if stmt.__class__ in _DEFINITIONS:
            name = stmt.name  # type: ignore[attr-defined]
            (after if stopped else before).add(name)
            if memo is not None:
                _fold_definition(stmt, env, dsl_decorator_of, memo, kept)
            else:
                fold_statement(stmt, env, evaluator, dsl_decorator_of)
            if first_bound.setdefault(name, position) != position:
                env.rebound.add(name)
        else:
            names = _top_level_names(stmt)
            found = hidden[3]
            main = main or (found is not None and found is not DEFERRED and found[0] == "main")  # type: ignore[index]
            if not stopped:
                stopped = certainly_raises(stmt, env.lookup)
                before.update(names)
            else:
                after.update(names)
            fold_statement(stmt, env, evaluator, dsl_decorator_of)
            for name in names:
                if first_bound.setdefault(name, position) != position:
                    env.rebound.add(name)
        if hidden[0] or hidden[1] or hidden[2]:
            hiding.append((position, stmt, hidden))  # (most statements hide nothing)
        callees_of_stmt = called_from_programs(stmt)
        if callees_of_stmt:
            called.append(callees_of_stmt)
    if stopped:
        env.values[IMPORT_STOPS] = frozenset(after - before)
    body_typed, helpers = _helper_values(env)
    _bind_body_reads(env, body_typed)
    if memo is not None:
        memo.clear()
        memo.update(kept)
    for position, stmt, hidden in hiding:
        _fold_hidden(hidden, env)
        # A name a definition's body binds (`global`) may be bound at any time: position 0.
        if stmt.__class__ in _DEFINITIONS:
            position = 0
        for name in hidden[0]:
            if first_bound.get(name, position) >= position:
                first_bound[name] = position
    _with_helper_reads(env, helpers)
    env.values[JIT_CALLS] = (
        resolve_jit_calls(
            (calls_of(stmt, hidden[3]) for stmt, hidden in contributions),
            lambda name: _is_jit_entry(env, name),
            env.values.get,
        )
        if main
        else ()  # no call is followed: no def's summary is needed
    )
    callees = frozenset(
        name
        for names in called
        for name in names
        if isinstance(value := env.values.get(name), DslFunction) and value.decorator == "function"
    )
    if callees:
        env.values[PROGRAM_CALLEES] = callees
    return env


# The statements that define a name of their own (exact classes: `ast.parse` makes no subclass).
_DEFINITIONS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef})


def _helper_values(env: ModuleEnvironment) -> tuple[list[str], list[str]]:
    """The names bound to a helper typed from its body (`BodyReturn`), and to a helper whose
    calls fold (`PlainDefinition`): one look at the module's values for both."""
    body_typed: list[str] = []
    helpers: list[str] = []
    values = env.values
    for name, value in values.items():
        cls = value.__class__  # (exact classes: neither has a subclass)
        if cls is DslFunction:
            if isinstance(value.inferred_return, BodyReturn):
                body_typed.append(name)
        elif cls is PlainDefinition and value.node is not None and value.module_values is values:
            helpers.append(name)
    return body_typed, helpers


def _bind_body_reads(env: ModuleEnvironment, body_typed: list[str]) -> None:
    """Each helper typed from its body (`BodyReturn`, bound to the names `body_typed`)
    carries the values of the module names its creations read: a caller's analysis, keyed
    on the helper's value, is redone when one of them changes."""
    for name in body_typed:
        value = env.values[name]
        summary = value.inferred_return
        reads = tuple((free, frozen_value(env.values.get(free, UNKNOWN))) for free in summary.free_names)
        env.values[name] = dataclasses.replace(
            value, inferred_return=dataclasses.replace(summary, reads=reads)
        )


def _top_level_names(stmt: ast.stmt) -> list[str]:
    """`top_level_names`, remembered on the statement (every fold asks it of every statement)."""
    found = getattr(stmt, _NAMES_MEMO, None)
    if found is None:
        found = top_level_names(stmt)
        setattr(stmt, _NAMES_MEMO, found)
    return found


# Not an `ast` field, as `_HIDDEN_MEMO`: the module names a top-level statement binds.
_NAMES_MEMO = "_pto_top_level_names"


def top_level_names(stmt: ast.stmt) -> list[str]:
    """The module names a top-level statement binds as it runs (its targets, its
    definition, its imports; under `if` / `try` / a loop, every name stored there)."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [stmt.name]
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return [(alias.asname or alias.name).split(".")[0] for alias in stmt.names]
    if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign, *_COMPOUND_STATEMENTS)):
        names = []
        for node in binders(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.append(node.id)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.append(node.name)
        return names
    return []


def _is_jit_entry(env: ModuleEnvironment, name: str) -> bool:
    value = env.values.get(name)
    return isinstance(value, DslFunction) and value.decorator == "jit"


def contribution(stmt: ast.stmt) -> Contribution:
    """What the fold needs of `stmt`, small enough to send to another process: a def or
    class stands for itself by its header alone (name, decorators, parameters, return annotation: the
    fold never reads a body, whose hidden bindings are taken here), a small helper whose
    calls fold by itself whole."""
    hidden = _hidden_of(stmt)
    if hidden[3] is DEFERRED:  # sent whole: the summary is found here, where the body is
        hidden = (*hidden[:3], calls_of(stmt, DEFERRED))
    called_from_programs(stmt)  # (of the whole definition: the header keeps it)
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and not foldable_helper(stmt):
        header = copy.copy(stmt)
        header.body = []
        if not isinstance(header, ast.ClassDef):
            setattr(header, _RETURN_MEMO, _inferred_return(stmt))
            # The plain parameters and their annotations stay: the fold reads them (`DslFunction`).
            params = [ast.arg(arg=arg.arg, annotation=arg.annotation) for arg in stmt.args.args]
            header.args = ast.arguments(
                posonlyargs=[], args=params, kwonlyargs=[], kw_defaults=[], defaults=[]
            )
        for memo in (_HIDDEN_MEMO, _HELPER_TEXT_MEMO, _FREE_NAMES_MEMO, CALLS_MEMO):  # of the whole def
            if hasattr(header, memo):
                delattr(header, memo)
        stmt = header
    return stmt, hidden


def _hidden_of(stmt: ast.stmt) -> Hidden:
    """`hidden_bindings(stmt)`, remembered on the statement itself: the engine keeps each
    unit's parsed statements while the unit's text is unchanged, so an edit elsewhere in a
    long file does not walk every other statement again."""
    found = getattr(stmt, _HIDDEN_MEMO, None)
    if found is None:
        found = hidden_bindings(stmt)
        setattr(stmt, _HIDDEN_MEMO, found)
    return found


def _fold_hidden(found: Hidden, env: ModuleEnvironment) -> None:
    """Module names bound where the fold does not look (a `global` declaration in a
    function, a walrus, an augmented assignment), writes to the module's globals we
    cannot follow, and the future import that stops Python evaluating annotations."""
    hidden, writes_globals, future, _ = found
    for name in hidden:
        env.values.setdefault(name, UNKNOWN)
    if writes_globals:
        env.values.setdefault("*", UNKNOWN)
    if future:
        env.values[FUTURE_ANNOTATIONS] = True


def _helpers_in(tree: ast.Module, directory: str | None, dsl_of: Any) -> dict[str, Any]:
    """What another module's top level binds that a module importing from it can use
    (`imported_helpers`): its `@pl.jit` helpers, as its own imports make its decorators,
    and its constants (numbers, strings, tuples, dtypes, instances of a frozen dataclass:
    `dataclass_values`), its module folded as this one is (its own imports from modules
    beside it read the same way)."""
    env = ModuleEnvironment(directory=directory)
    evaluator = env.evaluator()
    found: dict[str, DslFunction] = {}
    dataclass_names: set[str] = set()
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom) and stmt.module == "dataclasses" and not stmt.level:
            dataclass_names.update(a.asname or a.name for a in stmt.names if a.name == "dataclass")
        if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign, *_COMPOUND_STATEMENTS)):
            for node in ast.walk(stmt):  # bound again (maybe): no longer surely the helper
                if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                    found.pop(node.id, None)
                elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    found.pop(node.name, None)
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.pop(stmt.name, None)
            env.values[stmt.name] = UNKNOWN
            if isinstance(stmt, ast.ClassDef):
                lookup = partial(_dataclass_lookup, env=env, dataclass_names=dataclass_names)
                shape = dataclass_shape(stmt, lookup, evaluator)
                if shape is not None and stmt.name not in dataclass_names:
                    env.values[stmt.name] = shape
                continue
            decorator = dsl_of(stmt, env)
            if decorator in HELPER_KINDS:
                inferred = (
                    forwarded(helper_return(stmt), found.get) if decorator in HELPER_DECORATORS else None
                )
                if isinstance(inferred, BodyReturn):
                    inferred = None  # (its creations read that module's names: not followed)
                found[stmt.name] = DslFunction(stmt.name, decorator, inferred_return=inferred)
        else:
            fold_statement(stmt, env, evaluator, dsl_of)
            if isinstance(stmt, ast.ImportFrom) and stmt.module == "dataclasses":
                dataclass_names.difference_update(
                    a.asname or a.name for a in stmt.names if a.name != "dataclass"
                )
    for stmt in tree.body:
        _fold_hidden(hidden_bindings(stmt), env)
    constants = {name: value for name, value in env.values.items() if _is_constant(value)}
    return {**constants, **found}


def _dataclass_lookup(name: str, env: ModuleEnvironment, dataclass_names: set[str]) -> Any:
    return ModuleRef("dataclasses.dataclass") if name in dataclass_names else env.lookup(name)


def _is_constant(value: Any) -> bool:
    """A value another module may take from this one by name (what the fold knows of it)."""
    if isinstance(value, (tuple, list)):
        return all(_is_constant(item) for item in value)
    return is_plain_value(value) or isinstance(value, (Instance, DType, DynVar))


# Not an `ast` field: `ast.dump`, `ast.unparse` and comparisons of trees never see it.
_HIDDEN_MEMO = "_pto_hidden_bindings"
# The helper's return summary, kept on a def's header (whose body is gone).
_RETURN_MEMO = "_pto_inferred_return"


def _inferred_return(
    stmt: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef,
) -> HelperReturn | ForwardedReturn | None:
    """`helper_return` of a def (a header carries it, see `contribution`)."""
    if isinstance(stmt, ast.ClassDef):
        return None
    if hasattr(stmt, _RETURN_MEMO):
        return getattr(stmt, _RETURN_MEMO)
    return helper_return(stmt)


# What most statements hide: no name, no write to the globals, no future import, no call.
_NOTHING_HIDDEN: Hidden = ((), False, False, None)


# The words behind a definition's hidden bindings: a `global` declaration, or a name or
# attribute that may reach the module's globals (`global_escapes`).
_HIDDEN_WORDS = frozenset({"global"}) | GLOBALS_ESCAPE_NAMES | GLOBALS_ESCAPE_ATTRIBUTES


def note_definitions_hide_nothing(stmts: Sequence[ast.stmt], text: str, words: frozenset[str]) -> None:
    """Remember on each definition among a unit's statements that it hides no module binding
    (`hidden_bindings`), when the unit's ASCII `text`, whose every identifier is among
    `words`, has none of the words one needs: then no walk of the definition's whole tree
    is needed to tell (a non-ASCII identifier is normalised by Python: then it is walked)."""
    if not text.isascii() or not words.isdisjoint(_HIDDEN_WORDS):
        return
    for stmt in stmts:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and not hasattr(
            stmt, _HIDDEN_MEMO
        ):
            setattr(stmt, _HIDDEN_MEMO, ((), False, False, deferred_statement_calls(stmt)))


def hidden_bindings(stmt: ast.stmt) -> Hidden:
    """(names possibly bound at module level, writes globals?, future annotations?)."""
    names: set[str] = set()
    definition = isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
    for node in binders(stmt):
        if isinstance(node, ast.Global):
            names.update(node.names)
        elif not definition and isinstance(node, ast.Name):  # stored or deleted
            names.add(node.id)
    # In a definition any escape counts; elsewhere a stored name was just bound above.
    writes_globals = any(
        definition or not isinstance(node, ast.Name) or isinstance(node.ctx, ast.Load)
        for node in global_escapes(stmt)
    )
    future = isinstance(stmt, ast.ImportFrom) and stmt.module == "__future__"
    future = future and any(alias.name == "annotations" for alias in stmt.names)  # type: ignore[union-attr]
    return tuple(sorted(names)), writes_globals, future, deferred_statement_calls(stmt)


def _fold_definition(
    stmt: Any, env: ModuleEnvironment, dsl_of: Any, memo: dict[int, Any], kept: dict[int, Any]
) -> None:
    key = id(stmt)
    entry = memo.get(key)
    if entry is None or entry[0] is not stmt:
        roots = tuple(_root_name(decorator) for decorator in stmt.decorator_list)
        entry = (stmt, roots, None, None)
    stmt_, roots, seen, value = entry
    values = env.values
    if len(roots) == 1:  # (the usual decorator: one root name)
        now: tuple[Any, ...] = (values.get(roots[0], _MISSING) if roots[0] else None,)
    else:
        now = tuple(values.get(root, _MISSING) if root else None for root in roots)
    if seen is None or now != seen:
        fold_statement(stmt, env, env.evaluator(), dsl_of)
        value = env.values[stmt.name]
        entry = (stmt_, roots, now, value)
    elif isinstance(value, PlainDefinition) and value.node is not None:
        # A helper whose calls fold (undecorated: what folding it gave depends on nothing but
        # the statement) reads this environment's values: made anew, as folding it makes it.
        env.values[stmt.name] = PlainDefinition(
            stmt.name, value.text, node=value.node, module_values=env.values
        )
    else:
        values[stmt.name] = value
    kept[key] = entry


def _root_name(decorator: ast.expr) -> str | None:
    expr = decorator.func if isinstance(decorator, ast.Call) else decorator
    while isinstance(expr, ast.Attribute):
        expr = expr.value
    return expr.id if isinstance(expr, ast.Name) else None


_MISSING = object()

# Module-level statements whose bodies may bind names (each folded as "possibly bound").
_COMPOUND_STATEMENTS: tuple[type[ast.stmt], ...] = (
    ast.If,
    ast.Try,
    *((ast.TryStar,) if hasattr(ast, "TryStar") else ()),
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.With,
    ast.AsyncWith,
    ast.Match,
)


# How a tensor parameter's annotation starts (the plain, output and in-out forms).
_TENSOR_HEADS = ("pl.Tensor", "pl.Out[pl.Tensor", "pl.InOut[pl.Tensor")


def fold_statement(stmt: ast.stmt, env: ModuleEnvironment, evaluator: StaticEvaluator, dsl_of: Any) -> None:
    """Fold one statement into `env`, as running it would bind (also a factory's, `factory_locals`)."""
    if isinstance(stmt, ast.Import):
        for alias in stmt.names:
            if alias.name in (PL_MODULE, PLD_MODULE) or alias.name.startswith(PL_MODULE + "."):
                env.imports_pypto_language = True
            if alias.asname:
                env.values[alias.asname] = _module_ref(alias.name)
            else:
                env.values[alias.name.split(".")[0]] = _module_ref(alias.name.split(".")[0])
    elif isinstance(stmt, ast.ImportFrom):
        module = stmt.module or ""
        for alias in stmt.names:
            full = f"{module}.{alias.name}" if module else alias.name
            if full in (PL_MODULE, PLD_MODULE) or module.startswith(PL_MODULE):
                env.imports_pypto_language = True
            bound = alias.asname or alias.name
            env.values[bound] = _module_ref(full) if full in (PL_MODULE, PLD_MODULE) else UNKNOWN
            if env.directory is not None and dsl_of is not None and not stmt.level:
                helper = imported_helper(
                    env.directory, module, alias.name, partial(_helpers_in, dsl_of=dsl_of)
                )  # (a helper, or a constant)
                if helper is not None:
                    env.values[bound] = helper
    elif isinstance(stmt, ast.Assign):
        value = evaluator.eval(stmt.value)
        for target in stmt.targets:
            _bind_target(target, value, env)
    elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        _bind_target(stmt.target, evaluator.eval(stmt.value), env)
    elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        failure = _decorator_failure(stmt, env)
        decorator = dsl_of(stmt, env) if dsl_of and failure is None else None
        if failure is not None:
            env.values[stmt.name] = failure
        elif decorator is None:
            plain = not stmt.decorator_list  # a decorator could turn it into anything
            env.values[stmt.name] = _plain_definition(stmt, env) if plain else UNKNOWN
        else:
            returns = getattr(stmt, "returns", None)
            returns_text = _annotation_text(returns) if returns is not None else ""
            inferred = (
                forwarded(_inferred_return(stmt), env.values.get) if decorator in HELPER_DECORATORS else None
            )
            params: list[ast.arg] = [] if isinstance(stmt, ast.ClassDef) else stmt.args.args
            tensor_params = frozenset(
                arg.arg
                for arg in params
                if arg.annotation is not None and _annotation_text(arg.annotation).startswith(_TENSOR_HEADS)
            )
            env.values[stmt.name] = DslFunction(
                stmt.name,
                decorator,
                returns_text,
                returns,
                inferred,
                tuple(arg.arg for arg in params),
                tensor_params,
            )
    elif isinstance(stmt, _COMPOUND_STATEMENTS):
        # Names bound under `if`/`try`/loops/`with` at module level are possibly bound: unknown.
        for node in binders(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                env.values[node.id] = UNKNOWN
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.ExceptHandler)):
                if node.name:  # defs, classes and `except ... as name` bind too
                    env.values[node.name] = UNKNOWN
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                fold_statement(node, env, evaluator, dsl_of)


def _module_ref(path: str) -> ModuleRef:
    """The module's `ModuleRef`, one per path: a refold then binds the very value the last
    fold bound, which a memo's comparison (`_fold_definition`) tells without `__eq__`."""
    found = _MODULE_REFS.get(path)
    if found is None:
        found = _MODULE_REFS[path] = ModuleRef(path)
    return found


_MODULE_REFS: dict[str, ModuleRef] = {}


def _plain_definition(
    stmt: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, env: ModuleEnvironment
) -> PlainDefinition:
    """A plain def or class; a small helper keeps what folding its calls needs (its globals
    are the values of the environment it is defined in)."""
    text = helper_text(stmt)
    if not text:
        return PlainDefinition(stmt.name)
    assert isinstance(stmt, ast.FunctionDef)
    return PlainDefinition(stmt.name, text, node=stmt, module_values=env.values)


def helper_text(stmt: ast.stmt) -> str:
    """A foldable helper's source as the AST gives it back ("" for anything else);
    remembered on the statement (every fold asks it of every helper again)."""
    found = getattr(stmt, _HELPER_TEXT_MEMO, None)
    if found is None:
        found = _helper_text(stmt)
        setattr(stmt, _HELPER_TEXT_MEMO, found)
    return found


def _helper_text(stmt: ast.stmt) -> str:
    if not foldable_helper(stmt):
        return ""
    try:
        return ast.unparse(stmt)
    except RecursionError:
        return ""


# Not `ast` fields, as `_HIDDEN_MEMO`: a helper's text, and the module names it reads.
_HELPER_TEXT_MEMO = "_pto_helper_text"
_FREE_NAMES_MEMO = "_pto_free_names"


def _free_names(node: ast.FunctionDef) -> tuple[str, ...]:
    """`free_names`, remembered on the definition (each fold asks it of every helper twice)."""
    found = getattr(node, _FREE_NAMES_MEMO, None)
    if found is None:
        found = free_names(node)
        setattr(node, _FREE_NAMES_MEMO, found)
    return found


def _with_helper_reads(env: ModuleEnvironment, helpers: list[str]) -> None:
    """Each helper of the module (bound to the names `helpers`) with the values of the
    module names it reads (twice: a helper reading another reads its reads)."""
    values = env.values
    for _ in range(2):
        for name in helpers:
            value = values[name]
            reads = tuple(
                [(read, frozen_value(values.get(read, UNKNOWN))) for read in _free_names(value.node)]
            )
            values[name] = PlainDefinition(value.name, value.text, reads, value.node, value.module_values)


def _decorator_failure(
    stmt: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, env: ModuleEnvironment
) -> FailedDecorator | None:
    """The first decorator that reads, as its first step, an attribute of a name bound to a
    plain constant that has no such attribute (Python raises AttributeError there)."""
    for index, decorator in enumerate(stmt.decorator_list):
        expr = decorator.func if isinstance(decorator, ast.Call) else decorator
        while isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Attribute):
            expr = expr.value
        if not (isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name)):
            continue
        root = expr.value.id
        if root not in env.values:
            continue
        value = env.values[root]
        if not isinstance(value, _PLAIN_CONSTANTS) or expr.attr.startswith("__") or hasattr(value, expr.attr):
            continue
        message = f"'{type(value).__name__}' object has no attribute '{expr.attr}'"
        return FailedDecorator(stmt.name, index, root, expr.attr, message)
    return None


# The constants whose attributes are Python's own (`hasattr` asks no user code).
_PLAIN_CONSTANTS = (type(None), bool, int, float, str)


def _annotation_text(node: ast.expr) -> str:
    """The annotation's text as the AST gives it back; for one nested deeper than
    `ast.unparse` follows, its nodes' kinds and names in `ast.walk`'s (iterative) order:
    equal for equal annotations, as the environment's fingerprint needs."""
    try:
        return ast.unparse(node)
    except RecursionError:
        return repr(
            [
                (
                    type(n).__name__,
                    getattr(n, "id", None),
                    getattr(n, "attr", None),
                    repr(n.value) if isinstance(n, ast.Constant) else None,
                )
                for n in ast.walk(node)
                if not isinstance(n, ast.expr_context)
            ]
        )


def binding_signature(units: list[ast.stmt]) -> tuple[Any, ...]:
    """What a unit's top-level statements contribute to the environment fold, as a value.

    Two units with equal signatures fold identically (given the same environment
    before them): the fold reads imports, assignments and `if`/`try` blocks whole,
    and of a def or class only its kind, name, decorators and return annotation (and the
    names a program class in it calls, `program_callees`). Positions are left out, so a unit that only moved keeps its signature.
    """
    signature: list[Any] = []
    for stmt in units:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            returns = getattr(stmt, "returns", None)
            signature.append(
                (
                    type(stmt).__name__,
                    stmt.name,
                    tuple(ast.unparse(decorator) for decorator in stmt.decorator_list),
                    ast.unparse(returns) if returns is not None else None,
                    helper_text(stmt),  # a helper whose calls fold: its body too
                )
            )
        elif isinstance(stmt, (ast.Import, ast.ImportFrom, ast.Assign, ast.AnnAssign, *_COMPOUND_STATEMENTS)):
            # Its text as the AST gives it back (`ast.dump` would do, but its recursive helper
            # leaves a reference cycle behind on every call).
            signature.append(ast.unparse(stmt))
        hidden = _hidden_of(stmt)  # the fold asks it of the same statement: found once
        if hidden != _NOTHING_HIDDEN:
            calls = SignedCalls(stmt) if hidden[3] is DEFERRED else hidden[3]
            signature.append(("hidden", *hidden[:3], calls))
        callees = called_from_programs(stmt)  # (read in a program's body: `PROGRAM_CALLEES`)
        if callees:
            signature.append(("program callees", *sorted(callees)))
    return tuple(signature)


def changed_names(before: ModuleEnvironment, after: ModuleEnvironment) -> set[str]:
    """The names whose value differs between two environments (bound in one only included)."""
    missing = object()
    old, new = before.values, after.values
    return {
        name
        for name in old.keys() | new.keys()
        if (a := old.get(name, missing)) is not (b := new.get(name, missing)) and not _same(a, b)
    }


def _same(a: Any, b: Any) -> bool:
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:  # a value that cannot be compared is taken as changed
        return False


def _bind_target(target: ast.expr, value: Any, env: ModuleEnvironment) -> None:
    if isinstance(target, ast.Name):
        env.values[target.id] = value
    elif isinstance(target, (ast.Tuple, ast.List)):
        items = value if isinstance(value, (tuple, list)) and len(value) == len(target.elts) else None
        for index, element in enumerate(target.elts):
            _bind_target(element, items[index] if items is not None else UNKNOWN, env)
