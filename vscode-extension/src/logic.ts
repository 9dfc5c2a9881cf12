// The extension's logic that needs no VS Code: when to start the server, with which command,
// what the server is told about its settings, and what to tell the user when it cannot start.
// Unit-tested with Node's test runner (src/test/); extension.ts only wires it to the editor.
import * as path from 'node:path';

/** The settings section shared by the extension and the server (`workspace/configuration`). */
export const SECTION = 'ptoLsp';

/** The pto-lsp versions this extension speaks to: >= MIN, < BELOW. */
export const SERVER_VERSIONS = { min: '0.1.0', below: '1.0.0' } as const;

/** The oldest Python the server runs on. */
export const MIN_PYTHON = '3.10';

/** The bundled server's launcher, relative to the extension's folder (see bundled/tool/launch.py). */
export const LAUNCHER = ['bundled', 'tool', 'launch.py'] as const;

// ---------------------------------------------------------------- when to start

/**
 * Whether a Python source imports `pypto.language` (`import pypto.language as pl`,
 * `from pypto import language`, `from pypto.language import ...`), as the server decides
 * what is a PyPTO kernel. Until such a file is opened the extension starts nothing and says
 * nothing: most Python projects have no PyPTO at all.
 */
export function importsPyptoLanguage(text: string): boolean {
  return PYPTO_IMPORT.test(text);
}

const PYPTO_IMPORT =
  /^[ \t]*(?:import[ \t]+[^#\n]*\bpypto\.language\b|from[ \t]+pypto\.language\b|from[ \t]+pypto[ \t]+import[ \t]*\(?[\w\s,\\]*\blanguage\b)/m;

// ---------------------------------------------------------------- the interpreter

/** What the `ms-python.python` extension API offers (the parts we use), all optional. */
export interface PythonExtensionApi {
  environments?: {
    getActiveEnvironmentPath(resource?: unknown): { path: string; id?: string } | undefined;
    resolveEnvironment(
      env: { path: string; id?: string } | string,
    ): Promise<{ executable?: { uri?: { fsPath: string } } } | undefined>;
  };
  settings?: {
    getExecutionDetails?(resource?: unknown): { execCommand?: string[] | undefined };
  };
}

export type InterpreterSource = 'setting' | 'python-extension' | 'search';

/** Where the Python that runs the server comes from, and the commands to try in order. */
export interface InterpreterChoice {
  source: InterpreterSource;
  /** tried in order: the first that is a Python >= MIN_PYTHON runs the server */
  candidates: string[][];
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** The non-empty, trimmed words of a command setting; [] for anything that is not a string list. */
export function cleanCommand(value: unknown): string[] {
  if (typeof value === 'string') {
    value = [value];
  }
  if (!isStringArray(value)) {
    return [];
  }
  return value.map((word) => word.trim()).filter((word) => word.length > 0);
}

/** The command of the Python extension's selected interpreter, or [] when it has none to offer. */
export async function pythonExtensionCommand(
  api: PythonExtensionApi | undefined,
  resource?: unknown,
): Promise<string[]> {
  if (!api) {
    return [];
  }
  try {
    const environments = api.environments;
    if (environments) {
      const active = environments.getActiveEnvironmentPath(resource);
      if (active) {
        const resolved = await environments.resolveEnvironment(active);
        const executable = resolved?.executable?.uri?.fsPath;
        if (executable) {
          return [executable];
        }
      }
    }
    const legacy = cleanCommand(api.settings?.getExecutionDetails?.(resource)?.execCommand);
    if (legacy.length > 0) {
      return legacy;
    }
  } catch {
    // the extension is there but cannot answer (still loading, no environment): fall back
  }
  return [];
}

/** The Pythons looked for on PATH when neither the setting nor the Python extension names one. */
export function searchedInterpreters(platform: string = process.platform): string[][] {
  if (platform === 'win32') {
    return [['py', '-3'], ['python'], ['python3']];
  }
  return [['python3'], ['python3.14'], ['python3.13'], ['python3.12'], ['python3.11'], ['python3.10'], ['python']];
}

/**
 * The interpreter that runs the server: `ptoLsp.interpreter` when set, else the Python
 * extension's selected interpreter, else the first Python >= 3.10 found on PATH.
 */
export function resolveInterpreter(
  configured: unknown,
  fromPythonExtension: string[],
  platform: string = process.platform,
): InterpreterChoice {
  const setting = cleanCommand(configured);
  if (setting.length > 0) {
    return { source: 'setting', candidates: [setting] };
  }
  if (fromPythonExtension.length > 0) {
    return { source: 'python-extension', candidates: [fromPythonExtension] };
  }
  return { source: 'search', candidates: searchedInterpreters(platform) };
}

export type ImportStrategy = 'useBundled' | 'fromEnvironment';

/** `ptoLsp.importStrategy`: the bundled server first (default), or the interpreter's own pto-lsp first. */
export function importStrategy(value: unknown): ImportStrategy {
  return value === 'fromEnvironment' ? 'fromEnvironment' : 'useBundled';
}

/**
 * The environment of the interpreter check and the server: the import strategy for the launcher,
 * and where the server's bytecode is kept. Python compiles the server (3 MB of source with its
 * libraries, about 0.5 s) on every start where it cannot keep bytecode beside it: with
 * PYTHONDONTWRITEBYTECODE set (as many container images do) or a bundle folder it cannot write
 * (`libsWritable` false). Then PYTHONPYCACHEPREFIX keeps every .pyc in `bytecode.dir`, the
 * extension's own storage, never beside a source file (the server imports no user code: only its
 * own modules, its libraries' and the standard library's, compiled there once), so the
 * setting's purpose is kept and it is lifted. Otherwise Python's own way is left alone.
 */
export function serverEnvironment(
  base: NodeJS.ProcessEnv,
  strategy: ImportStrategy,
  bytecode: { dir: string; libsWritable: boolean },
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base, PYTHONUNBUFFERED: '1', PYTHONIOENCODING: 'utf-8', PTO_LSP_IMPORT_STRATEGY: strategy };
  if (base.PYTHONDONTWRITEBYTECODE || !bytecode.libsWritable) {
    env.PYTHONPYCACHEPREFIX = bytecode.dir;
    delete env.PYTHONDONTWRITEBYTECODE;
  }
  return env;
}

/**
 * Where this version of the extension keeps the server's bytecode (`serverEnvironment`), under
 * `storage`, and the folders of other versions there, to delete: the bytecode of a version
 * that was updated away is never read again (8 MB each, with the standard library's).
 */
export function bytecodeFolders(
  storage: string,
  version: string,
  present: readonly string[] = [],
): { root: string; dir: string; stale: string[] } {
  const root = path.join(storage, 'pycache');
  const own = version || 'unknown';
  return { root, dir: path.join(root, own), stale: present.filter((name) => name !== own).map((name) => path.join(root, name)) };
}

/** How the server is started: the bundled launcher (default), or `ptoLsp.serverArgs` when set. */
export interface ServerCommand {
  command: string;
  args: string[];
  /** runs the launcher, which puts the bundled libraries on the path */
  bundled: boolean;
  /** the command line that checks the interpreter first (undefined: nothing to check) */
  probe?: string[];
}

/**
 * The whole server command. `ptoLsp.serverArgs` empty (the default): `<python> <launcher> serve`,
 * the server bundled with the extension. Set: `<python> <serverArgs...>`, e.g. the interpreter's
 * own `-m pto_lsp serve --log-file /tmp/l`.
 */
export function serverCommand(interpreter: string[], serverArgs: unknown, launcher: string): ServerCommand {
  const custom = cleanCommand(serverArgs);
  const [command, ...rest] = interpreter;
  if (custom.length === 0) {
    return { command, args: [...rest, launcher, 'serve'], bundled: true, probe: [...interpreter, launcher, '--probe'] };
  }
  const m = custom.indexOf('-m');
  const runsModule = m >= 0 && custom[m + 1] === 'pto_lsp';
  return {
    command,
    args: [...rest, ...custom],
    bundled: false,
    probe: runsModule ? [...interpreter, '-c', PROBE_SCRIPT] : undefined,
  };
}

// ---------------------------------------------------------------- server settings

/** Which GM reads get an inlay hint: those of kernels that use a policy, all, or none. */
export type InlayHintsShow = 'policy' | 'all' | 'none';

/** The server's options, as `pto-lsp serve` reads them from section `ptoLsp`. */
export interface ServerSettings {
  debounceMs?: number;
  typingPauseMs?: number;
  analyzeOn?: 'change' | 'save';
  diagnostics?: { disabled: string[] };
  inlayHints?: { show: InlayHintsShow };
  ptoasCachePolicy?: 'unsupported' | 'attribute';
  soc?: '910B' | '950';
  pyptoCheck?: PyptoCheckSettings;
}

/** Running the author's own PyPTO on save (`ptoLsp.pyptoCheck.*`): it runs their code. */
export interface PyptoCheckSettings {
  enabled: boolean;
  python?: string;
  timeoutSeconds?: number;
  memoryMb?: number;
}

/**
 * The server's options from the editor's `ptoLsp` settings (`get` reads one key of the
 * section, e.g. `diagnostics.disabled`). Client-only keys (interpreter, serverArgs, trace)
 * are not passed on; a value of the wrong type is left out so that the server's default holds.
 */
export function serverSettings(get: (key: string) => unknown, trusted = false): ServerSettings {
  const settings: ServerSettings = {};
  // The pypto check imports (runs) the workspace's kernel files: never passed on for an
  // untrusted workspace, whatever the settings say (the server's default is off).
  if (trusted) {
    settings.pyptoCheck = pyptoCheckSettings(get);
  }
  const debounce = get('debounceMs');
  if (isMilliseconds(debounce)) {
    settings.debounceMs = debounce;
  }
  const typingPause = get('typingPauseMs');
  if (isMilliseconds(typingPause)) {
    settings.typingPauseMs = typingPause; // the server clamps it to its maximum
  }
  const analyzeOn = get('analyzeOn');
  if (analyzeOn === 'change' || analyzeOn === 'save') {
    settings.analyzeOn = analyzeOn;
  }
  const disabled = get('diagnostics.disabled');
  if (isStringArray(disabled)) {
    settings.diagnostics = { disabled: [...disabled] };
  }
  const show = get('inlayHints.show');
  if (show === 'policy' || show === 'all' || show === 'none') {
    settings.inlayHints = { show };
  }
  const ptoas = get('ptoasCachePolicy');
  if (ptoas === 'unsupported' || ptoas === 'attribute') {
    settings.ptoasCachePolicy = ptoas;
  }
  const soc = get('soc');
  if (soc === '910B' || soc === '950') {
    settings.soc = soc;
  }
  return settings;
}

function pyptoCheckSettings(get: (key: string) => unknown): PyptoCheckSettings {
  const check: PyptoCheckSettings = { enabled: get('pyptoCheck.enabled') === true };
  const python = get('pyptoCheck.python');
  if (typeof python === 'string') {
    check.python = python;
  }
  const timeout = get('pyptoCheck.timeoutSeconds');
  if (typeof timeout === 'number' && timeout > 0) {
    check.timeoutSeconds = timeout;
  }
  const memory = get('pyptoCheck.memoryMb');
  if (typeof memory === 'number' && Number.isInteger(memory) && memory >= 64) {
    check.memoryMb = memory;
  }
  return check;
}

function isMilliseconds(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** Settings that need a new server process when they change (the others the server re-reads live). */
export const RESTART_KEYS = [`${SECTION}.interpreter`, `${SECTION}.serverArgs`, `${SECTION}.importStrategy`] as const;

/**
 * The answer to a `workspace/configuration` request: our section is replaced by the
 * server's options (read for the item's scope), every other item keeps the default answer.
 */
export function answerConfiguration(
  items: { section?: string; scopeUri?: string }[],
  defaults: unknown[],
  read: (scopeUri: string | undefined) => ServerSettings,
): unknown[] {
  return items.map((item, index) =>
    item.section === SECTION ? read(item.scopeUri) : index < defaults.length ? defaults[index] : null,
  );
}

// ---------------------------------------------------------------- the pre-flight check

/**
 * Printed by an interpreter that runs a pto-lsp of its own (`ptoLsp.serverArgs` with
 * `-m pto_lsp`): the same JSON line as the bundled launcher's `--probe`.
 */
export const PROBE_SCRIPT = [
  'import json, sys',
  'info = {"python": "%d.%d.%d" % sys.version_info[:3], "executable": sys.executable}',
  'try:',
  '    import pto_lsp',
  '    info["pto_lsp"] = getattr(pto_lsp, "__version__", "0")',
  '    info["from"] = pto_lsp.__file__',
  'except BaseException as error:',
  '    info["error"] = "%s: %s" % (type(error).__name__, error)',
  'print(json.dumps(info))',
].join('\n');

/** What running the probe gave. */
export interface ProbeResult {
  /** the process could not be spawned (ENOENT, EACCES, ...) */
  spawnError?: string;
  exitCode?: number | null;
  stdout?: string;
  stderr?: string;
  timedOut?: boolean;
}

/** What the probe printed: the interpreter's version, and pto-lsp's (or why it did not import). */
export interface ProbeInfo {
  python?: string;
  executable?: string;
  pto_lsp?: string;
  from?: string;
  error?: string;
}

/** The buttons a cannot-start message can have. */
export type StartAction = 'selectInterpreter' | 'openSettings' | 'restart' | 'openOutput' | 'copyCommand';

export const ACTION_LABELS: Record<StartAction, string> = {
  selectInterpreter: 'Select Interpreter',
  openSettings: 'Open Settings',
  restart: 'Restart',
  openOutput: 'Open Output',
  copyCommand: 'Copy Command',
};

export interface StartProblem {
  kind: 'no-interpreter' | 'python-too-old' | 'not-installed' | 'wrong-version' | 'probe-failed';
  /** one sentence: what is wrong */
  message: string;
  /** what to do about it, in words */
  fix: string;
  /** a shell command that is the fix, for "Copy Command" */
  command?: string;
  /** the setting "Open Settings" shows */
  setting?: string;
  actions: StartAction[];
}

/** What the probe runs in: where the interpreter came from, how the server is started. */
export interface ProbeContext {
  source: InterpreterSource;
  bundled: boolean;
  strategy: ImportStrategy;
  /** the Python extension is there (its "Select Interpreter" can fix the interpreter) */
  pythonExtension: boolean;
}

/** `1.2.3rc1` -> [1, 2, 3]; missing parts are 0. */
export function parseVersion(text: string): number[] {
  const match = /^\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(text);
  if (!match) {
    return [0, 0, 0];
  }
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

export function compareVersions(a: string, b: string): number {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  for (let i = 0; i < 3; i++) {
    if (x[i] !== y[i]) {
      return x[i] < y[i] ? -1 : 1;
    }
  }
  return 0;
}

export function versionSupported(version: string, range = SERVER_VERSIONS): boolean {
  return compareVersions(version, range.min) >= 0 && compareVersions(version, range.below) < 0;
}

/** A command as one shell line (quoted where needed), for messages the user copies. */
export function shellLine(words: string[]): string {
  return words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** The JSON line the probe printed last (an interpreter's sitecustomize may print before it). */
export function probeInfo(result: ProbeResult): ProbeInfo | undefined {
  for (const line of (result.stdout ?? '').split(/\r?\n/).reverse()) {
    try {
      const parsed = JSON.parse(line);
      if (parsed && typeof parsed === 'object') {
        return parsed as ProbeInfo;
      }
    } catch {
      // not our line
    }
  }
  return undefined;
}

/**
 * Whether the probe's interpreter is a Python that can run the server at all (it ran, and is
 * >= MIN_PYTHON): the search for an interpreter stops at the first such one.
 */
export function usablePython(result: ProbeResult): boolean {
  const info = probeInfo(result);
  return info?.python !== undefined && compareVersions(info.python, MIN_PYTHON) >= 0;
}

// ---------------------------------------------------------------- the check, kept

/**
 * What an interpreter check is kept under: the command it ran, the import strategy, the
 * extension's version (its bundled server) and what the interpreter file was (size and
 * modification time; '' when the command is not a file path). A check that passed is not
 * run again while all of these stay the same: the server is started at once, and if it
 * does not start after all, its own failure says why, the check is run again to explain it
 * and the kept result is dropped.
 */
export function probeKey(probe: string[], strategy: ImportStrategy, extensionVersion: string, interpreterFile: string): string {
  return JSON.stringify(['probe', extensionVersion, strategy, interpreterFile, ...probe]);
}

/** A check worth keeping: the server can be started with what it found. */
export function keepProbe(interpreter: string[], result: ProbeResult, context: ProbeContext): boolean {
  return usablePython(result) && diagnoseProbe(interpreter, result, context) === undefined;
}

/** How to pick another interpreter: the words and the buttons. */
function pickInterpreter(context: ProbeContext): Pick<StartProblem, 'fix' | 'setting' | 'actions'> {
  const select = context.pythonExtension ? 'select one with "Python: Select Interpreter", or ' : '';
  return {
    fix: `${select}set "ptoLsp.interpreter" to a Python >= ${MIN_PYTHON} (e.g. ["/usr/bin/python3"]); no pip install is needed: the server comes with the extension.`,
    setting: `${SECTION}.interpreter`,
    actions: [...(context.pythonExtension ? (['selectInterpreter'] as const) : []), 'openSettings', 'restart', 'openOutput'],
  };
}

function interpreterName(shown: string, source: InterpreterSource): string {
  if (source === 'setting') {
    return `the Python interpreter \`${shown}\` set in "ptoLsp.interpreter"`;
  }
  if (source === 'python-extension') {
    return `the interpreter selected in the Python extension (\`${shown}\`)`;
  }
  return `\`${shown}\``;
}

/** No candidate of the search on PATH is a Python >= MIN_PYTHON. */
export function noPythonFound(tried: string[][], context: ProbeContext): StartProblem {
  return {
    kind: 'no-interpreter',
    message: `no Python >= ${MIN_PYTHON} was found (tried ${tried.map((c) => shellLine(c)).join(', ')}).`,
    ...pickInterpreter(context),
  };
}

/** What is wrong, from the probe's result; undefined when the server can be started. */
export function diagnoseProbe(interpreter: string[], result: ProbeResult, context: ProbeContext): StartProblem | undefined {
  const shown = shellLine(interpreter);
  const name = interpreterName(shown, context.source);
  if (result.spawnError) {
    return {
      kind: 'no-interpreter',
      message: `${name} cannot be run (${result.spawnError}).`,
      ...pickInterpreter(context),
    };
  }
  const info = probeInfo(result);
  if (!info) {
    const why = result.timedOut
      ? 'did not answer within the time limit'
      : `exited with ${result.exitCode}${result.stderr ? `: ${lastLine(result.stderr)}` : ''}`;
    return { kind: 'probe-failed', message: `${name} is not a working Python interpreter (it ${why}).`, ...pickInterpreter(context) };
  }
  if (info.python !== undefined && compareVersions(info.python, MIN_PYTHON) < 0) {
    return { kind: 'python-too-old', message: `${name} is Python ${info.python}; the server needs Python >= ${MIN_PYTHON}.`, ...pickInterpreter(context) };
  }
  const python = info.python ? ` (Python ${info.python})` : '';
  const useBundled = context.bundled
    ? `set "ptoLsp.importStrategy" to "useBundled" to run the server that comes with the extension`
    : `clear "ptoLsp.serverArgs" to run the server that comes with the extension`;
  const setting = context.bundled ? `${SECTION}.importStrategy` : `${SECTION}.serverArgs`;
  if (info.pto_lsp === undefined) {
    if (context.bundled && context.strategy === 'useBundled') {
      return {
        kind: 'not-installed',
        message: `the server bundled with the extension cannot be imported with ${name}${python}: ${info.error}.`,
        fix: 'reinstall the extension (its bundled/libs folder is incomplete); the output has the details.',
        actions: ['openOutput', 'restart'],
      };
    }
    const notFound = !context.bundled && /ModuleNotFoundError: No module named 'pto_lsp'/.test(info.error ?? '');
    return {
      kind: 'not-installed',
      message: notFound
        ? `"ptoLsp.serverArgs" runs pto_lsp from ${name}${python}, which does not have it.`
        : `pto_lsp cannot be imported with ${name}${python}: ${info.error}.`,
      fix: `${useBundled}, or install the pto-lsp wheel into that interpreter.`,
      command: shellLine([...interpreter, '-m', 'pip', 'install', 'pto_lsp-0.1.0-py3-none-any.whl']),
      setting,
      actions: ['openSettings', 'restart', 'openOutput'],
    };
  }
  if (!versionSupported(info.pto_lsp)) {
    return {
      kind: 'wrong-version',
      message: `${name} has pto-lsp ${info.pto_lsp}${info.from ? ` (${info.from})` : ''}; this extension needs pto-lsp >= ${SERVER_VERSIONS.min} and < ${SERVER_VERSIONS.below}.`,
      fix: `${useBundled}, or install a pto-lsp wheel of a supported version into that interpreter.`,
      setting,
      actions: ['openSettings', 'restart', 'openOutput'],
    };
  }
  return undefined;
}

function lastLine(text: string): string {
  const lines = text.trim().split(/\r?\n/);
  return lines[lines.length - 1] ?? '';
}

/** The single message shown when the server cannot start. */
export function startFailureMessage(problem: StartProblem): string {
  return `PTO language server cannot start: ${problem.message} Fix: ${problem.fix}`;
}

/** Restarts allowed after a crash of a running server: at most `max` within `windowMs`. */
export class RestartBudget {
  private readonly crashes: number[] = [];
  constructor(
    private readonly max = 3,
    private readonly windowMs = 3 * 60 * 1000,
  ) {}

  /** Record a crash at `now`; true while another restart is allowed. */
  allow(now: number): boolean {
    this.crashes.push(now);
    while (this.crashes.length > 0 && now - this.crashes[0] > this.windowMs) {
      this.crashes.shift();
    }
    return this.crashes.length <= this.max;
  }
}

// ---------------------------------------------------------------- IR views

/** A stage `pto.showIR` can stop after, as the picker shows it. */
export interface PassChoice {
  name: string;
  detail: string;
}

/** The method the server answers with the passes `pto.showIR` can stop after. */
export const PASSES_REQUEST = 'pto/passes';

/**
 * The picker's passes from the server's `pto/passes` answer (`[{number, name}]`, `parse` with
 * no number first); undefined when the answer is not that (an older or broken server).
 */
export function passesFromServer(answer: unknown): PassChoice[] | undefined {
  if (!Array.isArray(answer) || answer.length === 0) {
    return undefined;
  }
  const passes: PassChoice[] = [];
  for (const stage of answer) {
    const { name, number } = (stage ?? {}) as { name?: unknown; number?: unknown };
    if (typeof name !== 'string' || !(number === null || typeof number === 'number')) {
      return undefined;
    }
    passes.push({ name, detail: number === null ? 'as parsed, before any pass' : `pass ${number}` });
  }
  return passes;
}

/** The picker's items for what the user typed: the server's passes, and the typed text when it is new. */
export function passChoices(typed: string, passes: readonly PassChoice[]): PassChoice[] {
  const value = typed.trim();
  const known = passes.some((p) => p.name.toLowerCase() === value.toLowerCase());
  return value && !known ? [{ name: value, detail: 'as typed' }, ...passes] : [...passes];
}

export const IR_SCHEME = 'pto-ir';

/** The languages of the read-only views: their own, so that their SSA names (`__ssa_v0`) stay
 * out of the word completion of Python files; `pto-ir` is highlighted as Python, MLIR as MLIR. */
export const IR_LANGUAGE = 'pto-ir';
export const MLIR_LANGUAGE = 'pto-mlir';

/** The path of the read-only document that shows a file's IR (`.pto-ir`) or MLIR (`.pto.mlir`). */
export function irDocumentPath(sourcePath: string, view: { pass: string } | 'mlir'): string {
  const base = sourcePath.split(/[\\/]/).pop() || 'kernel.py';
  const stem = base.replace(/\.py$/, '');
  return view === 'mlir' ? `/${stem}.pto.mlir` : `/${stem}.after-${view.pass.replace(/[^\w.-]/g, '_')}.pto-ir`;
}

/** The editor a PTO command works on, as far as the command cares. */
export interface CommandEditor {
  readonly scheme: string;
  readonly uri: string;
  readonly query: string;
  readonly languageId: string;
}

/**
 * The kernel a PTO command (Show IR, Show PTO MLIR, the memory view) is about: the Python file
 * in the active editor, or, when an IR view has the focus, the kernel that view was made from
 * (its URI's query): the commands stay available while one reads the IR. Undefined: neither.
 */
export function kernelSourceOf(editor: CommandEditor | undefined): string | undefined {
  if (!editor) {
    return undefined;
  }
  if (editor.scheme === IR_SCHEME) {
    return editor.query || undefined;
  }
  return editor.languageId === 'python' ? editor.uri : undefined;
}

/** An editor or tab as far as the IR views care: its document's URI parts and its column. */
export interface IrViewPlace<C> {
  readonly scheme: string;
  readonly query: string;
  readonly uri: string;
  readonly column: C | undefined;
}

/**
 * Where Show IR / Show PTO MLIR put their view: the column of an IR view of the same kernel
 * already visible, else of any IR view, so that each run replaces what the last one showed
 * instead of opening one more column; undefined: none is open (open one beside the kernel).
 */
export function irViewColumn<C>(visible: readonly IrViewPlace<C>[], source: string): C | undefined {
  const views = visible.filter((place) => place.scheme === IR_SCHEME && place.column !== undefined);
  return (views.find((place) => place.query === source) ?? views[0])?.column;
}

/** The tabs a new IR view of `source` replaces: its other IR views in the column it opened in. */
export function replacedIrTabs<C, T extends IrViewPlace<C>>(tabs: readonly T[], shown: string, source: string, column: C): T[] {
  return tabs.filter(
    (tab) => tab.scheme === IR_SCHEME && tab.query === source && tab.uri !== shown && tab.column === column,
  );
}

/** The text in a `workspace/executeCommand` answer (a string, or an object with `text`). */
export function commandText(result: unknown): string | undefined {
  if (typeof result === 'string') {
    return result;
  }
  if (result && typeof result === 'object' && typeof (result as { text?: unknown }).text === 'string') {
    return (result as { text: string }).text;
  }
  return undefined;
}

// ---------------------------------------------------------------- the pypto check's status

/** A `pto/pyptoCheck` notification: one check of one file by the author's own PyPTO. */
export interface PyptoCheckStatus {
  uri: string;
  state: string; // running, done, cancelled, stale, timeout, memory, crash, unavailable
  pyptoVersion: string;
  seconds: number | null;
  message: string;
}

/** The status bar text and tooltip of a check: that it runs, the pypto version, how long it took. */
export function pyptoStatusText(status: PyptoCheckStatus): { text: string; tooltip: string } {
  const version = status.pyptoVersion ? `pypto ${status.pyptoVersion}` : 'pypto';
  const file = status.uri.slice(status.uri.lastIndexOf('/') + 1);
  const took = typeof status.seconds === 'number' ? ` ${status.seconds.toFixed(1)} s` : '';
  switch (status.state) {
    case 'running':
      return { text: `$(sync~spin) ${version}`, tooltip: `Checking ${file} with ${version} (the real compiler)` };
    case 'done':
      return { text: `$(check) ${version}${took}`, tooltip: `${file}: checked with ${version} in${took}: ${status.message}` };
    case 'cancelled':
    case 'stale':
      return { text: `$(circle-slash) ${version}`, tooltip: `${file}: check not finished (${status.message})` };
    default:
      return { text: `$(warning) ${version}`, tooltip: `${file}: ${status.message}` };
  }
}
