// The extension's logic that needs no VS Code: which command starts the server, what the
// server is told about its settings, and what to tell the user when it cannot start.
// Unit-tested with Node's test runner (src/test/); extension.ts only wires it to the editor.

/** The settings section shared by the extension and the server (`workspace/configuration`). */
export const SECTION = 'ptoLsp';

/** The pto-lsp versions this extension speaks to: >= MIN, < BELOW. */
export const SERVER_VERSIONS = { min: '0.1.0', below: '1.0.0' } as const;

export const DEFAULT_SERVER_ARGS: readonly string[] = ['-m', 'pto_lsp', 'serve'];

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

export type InterpreterSource = 'setting' | 'python-extension' | 'default';

export interface Interpreter {
  command: string[];
  source: InterpreterSource;
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

/**
 * The interpreter that runs the server: `ptoLsp.interpreter` when set, else the Python
 * extension's selected interpreter, else `python3` (`python` on Windows).
 */
export function resolveInterpreter(
  configured: unknown,
  fromPythonExtension: string[],
  platform: string = process.platform,
): Interpreter {
  const setting = cleanCommand(configured);
  if (setting.length > 0) {
    return { command: setting, source: 'setting' };
  }
  if (fromPythonExtension.length > 0) {
    return { command: fromPythonExtension, source: 'python-extension' };
  }
  return { command: [platform === 'win32' ? 'python' : 'python3'], source: 'default' };
}

/** The whole server command: the interpreter, then `ptoLsp.serverArgs` (default `-m pto_lsp serve`). */
export function serverCommand(interpreter: string[], serverArgs: unknown): { command: string; args: string[] } {
  const args = isStringArray(serverArgs) && serverArgs.length > 0 ? [...serverArgs] : [...DEFAULT_SERVER_ARGS];
  const [command, ...rest] = interpreter;
  return { command, args: [...rest, ...args] };
}

/** Whether the server is started as the `pto_lsp` module (so a pre-flight import check makes sense). */
export function runsPtoLspModule(serverArgs: unknown): boolean {
  const args = isStringArray(serverArgs) && serverArgs.length > 0 ? serverArgs : DEFAULT_SERVER_ARGS;
  const m = args.indexOf('-m');
  return m >= 0 && args[m + 1] === 'pto_lsp';
}

// ---------------------------------------------------------------- server settings

/** The server's options, as `pto-lsp serve` reads them from section `ptoLsp`. */
export interface ServerSettings {
  debounceMs?: number;
  analyzeOn?: 'change' | 'save';
  diagnostics?: { disabled: string[] };
  inlayHints?: { enabled: boolean };
  ptoasCachePolicy?: 'unsupported' | 'attribute';
}

/**
 * The server's options from the editor's `ptoLsp` settings (`get` reads one key of the
 * section, e.g. `diagnostics.disabled`). Client-only keys (interpreter, serverArgs, trace)
 * are not passed on; a value of the wrong type is left out so that the server's default holds.
 */
export function serverSettings(get: (key: string) => unknown): ServerSettings {
  const settings: ServerSettings = {};
  const debounce = get('debounceMs');
  if (typeof debounce === 'number' && Number.isInteger(debounce) && debounce >= 0) {
    settings.debounceMs = debounce;
  }
  const analyzeOn = get('analyzeOn');
  if (analyzeOn === 'change' || analyzeOn === 'save') {
    settings.analyzeOn = analyzeOn;
  }
  const disabled = get('diagnostics.disabled');
  if (isStringArray(disabled)) {
    settings.diagnostics = { disabled: [...disabled] };
  }
  const inlay = get('inlayHints.enabled');
  if (typeof inlay === 'boolean') {
    settings.inlayHints = { enabled: inlay };
  }
  const ptoas = get('ptoasCachePolicy');
  if (ptoas === 'unsupported' || ptoas === 'attribute') {
    settings.ptoasCachePolicy = ptoas;
  }
  return settings;
}

/** Settings that need a new server process when they change (the others the server re-reads live). */
export const RESTART_KEYS = [`${SECTION}.interpreter`, `${SECTION}.serverArgs`] as const;

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

/** Printed by the interpreter before the server is started: is pto_lsp there, in which version? */
export const PROBE_SCRIPT = [
  'import json, sys',
  'info = {"python": "%d.%d.%d" % sys.version_info[:3], "executable": sys.executable}',
  'try:',
  '    import pto_lsp',
  '    info["pto_lsp"] = getattr(pto_lsp, "__version__", "0")',
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

export interface StartProblem {
  kind: 'interpreter-missing' | 'not-installed' | 'wrong-version' | 'probe-failed';
  /** one sentence: what is wrong */
  message: string;
  /** the command that fixes it */
  fix: string;
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

/** The pip command that installs a supported pto-lsp for this interpreter. */
export function pipFix(interpreter: string[], upgrade = false): string {
  const spec = `pto-lsp>=${SERVER_VERSIONS.min},<${SERVER_VERSIONS.below}`;
  return shellLine([...interpreter, '-m', 'pip', 'install', ...(upgrade ? ['--upgrade'] : []), spec]);
}

/** What is wrong, from the probe's result; undefined when the server can be started. */
export function diagnoseProbe(interpreter: string[], result: ProbeResult): StartProblem | undefined {
  const shown = shellLine(interpreter);
  if (result.spawnError) {
    return {
      kind: 'interpreter-missing',
      message: `the Python interpreter \`${shown}\` cannot be run (${result.spawnError}). Set "ptoLsp.interpreter" to a Python >= 3.10 that has pto-lsp, or select one in the Python extension.`,
      fix: pipFix(interpreter),
    };
  }
  let info: { python?: string; executable?: string; pto_lsp?: string; error?: string } | undefined;
  for (const line of (result.stdout ?? '').split(/\r?\n/).reverse()) {
    try {
      const parsed = JSON.parse(line);
      if (parsed && typeof parsed === 'object') {
        info = parsed;
        break;
      }
    } catch {
      // not our line (a sitecustomize that prints, say)
    }
  }
  if (!info) {
    const why = result.timedOut
      ? 'did not answer within the time limit'
      : `exited with ${result.exitCode}${result.stderr ? `: ${lastLine(result.stderr)}` : ''}`;
    return {
      kind: 'probe-failed',
      message: `\`${shown}\` is not a working Python interpreter (it ${why}).`,
      fix: pipFix(interpreter),
    };
  }
  const python = info.python ? ` (Python ${info.python})` : '';
  if (info.pto_lsp === undefined) {
    const notFound = /ModuleNotFoundError/.test(info.error ?? '');
    return {
      kind: 'not-installed',
      message: notFound
        ? `pto-lsp is not installed for \`${shown}\`${python}.`
        : `pto-lsp cannot be imported with \`${shown}\`${python}: ${info.error}.`,
      fix: pipFix(interpreter),
    };
  }
  if (!versionSupported(info.pto_lsp)) {
    return {
      kind: 'wrong-version',
      message: `\`${shown}\` has pto-lsp ${info.pto_lsp}; this extension needs pto-lsp >= ${SERVER_VERSIONS.min} and < ${SERVER_VERSIONS.below}.`,
      fix: pipFix(interpreter, true),
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
  return `PTO language server cannot start: ${problem.message} Fix: ${problem.fix} (from a clone of pto-lsp: pip install <clone>).`;
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

/**
 * The passes `pto.showIR` can stop after (`parse`: as parsed, before any pass), as the server
 * models them today; the picker also takes any other name or number typed into it, and the
 * server answers an unmodelled one with an error that lists the modelled ones.
 */
export const IR_PASSES: readonly { name: string; detail: string }[] = [
  { name: 'parse', detail: 'as parsed, before any pass' },
  { name: 'UnrollLoops', detail: 'pass 2' },
  { name: 'ConvertToSSA', detail: 'pass 4' },
  { name: 'OutlineHierarchyScopes', detail: 'pass 8' },
  { name: 'OutlineIncoreScopes', detail: 'pass 9' },
  { name: 'OutlineClusterScopes', detail: 'pass 10' },
  { name: 'ConvertTensorToTileOps', detail: 'pass 11' },
];

/** The picker's items for what the user typed: the known passes, and the typed text when it is new. */
export function passChoices(typed: string): { name: string; detail: string }[] {
  const value = typed.trim();
  const known = IR_PASSES.some((p) => p.name.toLowerCase() === value.toLowerCase());
  return value && !known ? [{ name: value, detail: 'as typed' }, ...IR_PASSES] : [...IR_PASSES];
}

export const IR_SCHEME = 'pto-ir';

/** The path of the read-only document that shows a file's IR (`.py`: Python highlighting) or MLIR. */
export function irDocumentPath(sourcePath: string, view: { pass: string } | 'mlir'): string {
  const base = sourcePath.split(/[\\/]/).pop() || 'kernel.py';
  const stem = base.replace(/\.py$/, '');
  return view === 'mlir' ? `/${stem}.pto.mlir` : `/${stem}.after-${view.pass.replace(/[^\w.-]/g, '_')}.py`;
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
