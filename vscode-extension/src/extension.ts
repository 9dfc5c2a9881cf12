// The PyPTO kernels extension: once a file that imports `pypto.language` is opened, starts the
// pto-lsp server bundled with it (bundled/, run by the user's or a found Python >= 3.10) over
// stdio and hands every Python file to it (the server decides what is a PyPTO kernel).
import { execFile } from 'node:child_process';
import { accessSync, constants, promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  CloseAction,
  ErrorAction,
  ExecuteCommandRequest,
  LanguageClient,
  ResponseError,
  RevealOutputChannelOn,
  State,
  TransportKind,
  type ConfigurationParams,
  type ErrorHandler,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import {
  ACTION_LABELS,
  IR_LANGUAGE,
  IR_SCHEME,
  irViewColumn,
  replacedIrTabs,
  LAUNCHER,
  MLIR_LANGUAGE,
  RESTART_KEYS,
  RestartBudget,
  SECTION,
  answerConfiguration,
  bytecodeFolders,
  commandText,
  diagnoseProbe,
  importStrategy,
  importsPyptoLanguage,
  irDocumentPath,
  kernelSourceOf,
  keepProbe,
  noPythonFound,
  PASSES_REQUEST,
  PassChoice,
  passChoices,
  passesFromServer,
  probeKey,
  pythonExtensionCommand,
  resolveInterpreter,
  serverCommand,
  serverEnvironment,
  serverSettings,
  PyptoCheckStatus,
  pyptoStatusText,
  shellLine,
  startFailureMessage,
  usablePython,
  type ImportStrategy,
  type ProbeContext,
  type ProbeResult,
  type PythonExtensionApi,
  type StartAction,
  type StartProblem,
} from './logic';

const NAME = 'PTO Language Server';
let extensionContext: vscode.ExtensionContext;
let channels: { log: vscode.LogOutputChannel; trace: TraceChannel } | undefined;
let client: PtoClient | undefined;
let starting: Promise<void> | undefined;
let pythonApi: PythonExtensionApi | undefined;
/** Set once a PyPTO file was seen: from then on the server runs (and restarts on setting changes). */
let engaged = false;

/** The output channel, created when first needed: a project without PyPTO never sees it. */
function output(): { log: vscode.LogOutputChannel; trace: TraceChannel } {
  if (!channels) {
    channels = { log: vscode.window.createOutputChannel(NAME, { log: true }), trace: new TraceChannel() };
    extensionContext.subscriptions.push(channels.log, channels.trace);
  }
  return channels;
}
const log = {
  info: (message: string) => output().log.info(message),
  warn: (message: string) => output().log.warn(message),
  error: (message: string) => output().log.error(message),
  show: () => output().log.show(),
};

/** A client that stays quiet while starting: a failed start gets our one message, not three. */
class PtoClient extends LanguageClient {
  quiet = true;
  override error(message: string, data?: unknown, showNotification: boolean | 'force' = true): void {
    super.error(message, data, this.quiet ? false : showNotification);
  }
}

// ---------------------------------------------------------------- activation

export function activate(context: vscode.ExtensionContext): void {
  extensionContext = context;
  const ir = new IrDocuments();
  const memoryView = new MemoryView();
  context.subscriptions.push(
    ir,
    vscode.workspace.registerTextDocumentContentProvider(IR_SCHEME, ir),
    vscode.commands.registerCommand('ptoLsp.restartServer', () => engage('restart command')),
    vscode.commands.registerCommand('ptoLsp.showOutput', () => log.show()),
    vscode.commands.registerCommand('ptoLsp.showIR', () => showIR(ir)),
    vscode.commands.registerCommand('ptoLsp.showMLIR', () => showMLIR(ir)),
    vscode.commands.registerCommand('ptoLsp.checkWithPypto', () => checkWithPypto()),
    vscode.commands.registerCommand('ptoLsp.showRealIR', () => showRealIR(ir)),
    vscode.commands.registerCommand('ptoLsp.showRealMLIR', () => showRealMLIR(ir)),
    memoryView,
    vscode.commands.registerCommand('ptoLsp.showMemory', (uri?: string, kernel?: string) => showMemory(memoryView, uri, kernel)),
    pyptoStatus,
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (engaged && RESTART_KEYS.some((key) => event.affectsConfiguration(key))) {
        void restart('interpreter settings changed');
      }
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      if (engaged) {
        void restart('workspace trusted');
      }
    }),
    // Activated with a window on a folder holding Python files (so that opening a kernel does
    // not wait for the extension to load) or by any Python file; nothing starts until one
    // imports pypto.language.
    vscode.workspace.onDidOpenTextDocument((document) => engageFor(document)),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (!engaged && event.contentChanges.some((change) => /pypto|language/.test(change.text))) {
        engageFor(event.document);
      }
    }),
  );
  vscode.workspace.textDocuments.forEach(engageFor);
  void pruneOldBytecode();
}

export async function deactivate(): Promise<void> {
  await stopServer();
}

function engageFor(document: vscode.TextDocument): void {
  const candidate = document.languageId === 'python' && ['file', 'untitled'].includes(document.uri.scheme);
  if (!engaged && candidate && importsPyptoLanguage(document.getText())) {
    void engage(`${path.basename(document.uri.fsPath || document.uri.path)} imports pypto.language`);
  }
}

/** Start the server for the first time (or restart it). */
async function engage(why: string): Promise<void> {
  if (!engaged) {
    engaged = true;
    await hookPythonExtension();
  }
  await restart(why);
}

/** The optional Python extension: its selected interpreter, and restarts when it changes. */
async function hookPythonExtension(): Promise<void> {
  const extension = vscode.extensions.getExtension('ms-python.python');
  if (!extension) {
    log.info('Python extension not installed: using ptoLsp.interpreter or a Python found on PATH');
    return;
  }
  try {
    pythonApi = (extension.isActive ? extension.exports : await extension.activate()) as PythonExtensionApi;
    const environments = (pythonApi as { environments?: { onDidChangeActiveEnvironmentPath?: vscode.Event<unknown> } })
      .environments;
    if (environments?.onDidChangeActiveEnvironmentPath) {
      extensionContext.subscriptions.push(
        environments.onDidChangeActiveEnvironmentPath(() => {
          if (configuredInterpreter().length === 0) {
            void restart('the Python extension selected another interpreter');
          }
        }),
      );
    }
  } catch (error) {
    log.warn(`Python extension did not activate (${String(error)}): using ptoLsp.interpreter or a Python found on PATH`);
    pythonApi = undefined;
  }
}

function configuredInterpreter(): string[] {
  const value = vscode.workspace.getConfiguration(SECTION).get<unknown>('interpreter');
  return Array.isArray(value) ? value : [];
}

function settingsFor(scopeUri: string | undefined) {
  const config = vscode.workspace.getConfiguration(SECTION, scopeUri ? vscode.Uri.parse(scopeUri) : undefined);
  return serverSettings((key) => config.get(key), vscode.workspace.isTrusted);
}

// ---------------------------------------------------------------- starting and stopping

async function restart(why: string): Promise<void> {
  log.info(`(re)starting the server: ${why}`);
  await stopServer();
  await startServer();
}

async function stopServer(): Promise<void> {
  await starting?.catch(() => undefined);
  const old = client;
  client = undefined;
  if (old) {
    try {
      if (old.state !== State.Stopped) {
        await old.stop(2000);
      }
    } catch (error) {
      log.warn(`stopping the server: ${String(error)}`);
    }
    await old.dispose().catch(() => undefined);
  }
}

function startServer(): Promise<void> {
  starting = doStart().finally(() => {
    starting = undefined;
  });
  return starting;
}

/** The environment of the probe and the server (`serverEnvironment`: where bytecode is kept). */
function serverEnv(strategy: ImportStrategy): NodeJS.ProcessEnv {
  const { dir } = ourBytecode();
  return serverEnvironment(process.env, strategy, { dir, libsWritable: writable(extensionContext.asAbsolutePath(path.join('bundled', 'libs'))) });
}

/** Delete the bytecode other versions of the extension kept (in the background: nothing waits). */
async function pruneOldBytecode(): Promise<void> {
  try {
    const { stale } = ourBytecode(await fs.readdir(ourBytecode().root));
    await Promise.all(stale.map((folder) => fs.rm(folder, { recursive: true, force: true })));
  } catch {
    // no folder yet, or one we cannot delete: nothing to do
  }
}

/** This version's bytecode folders (`bytecodeFolders`), in the extension's storage. */
function ourBytecode(present: readonly string[] = []): ReturnType<typeof bytecodeFolders> {
  return bytecodeFolders(extensionContext.globalStorageUri.fsPath, extensionVersion(), present);
}

function writable(folder: string): boolean {
  try {
    accessSync(folder, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The interpreter and the command that runs the server, checked first: the first candidate
 * that is a Python >= 3.10 (one candidate unless the interpreter is searched for on PATH).
 */
async function chooseServer(
  recheck = false,
): Promise<{ command: string; args: string[]; strategy: ImportStrategy; probeKey?: string } | StartProblem> {
  const config = vscode.workspace.getConfiguration(SECTION);
  const resource = vscode.window.activeTextEditor?.document.uri ?? vscode.workspace.workspaceFolders?.[0]?.uri;
  const choice = resolveInterpreter(config.get('interpreter'), await pythonExtensionCommand(pythonApi, resource));
  const strategy = importStrategy(config.get('importStrategy'));
  const launcher = extensionContext.asAbsolutePath(path.join(...LAUNCHER));
  const serverArgs = config.get<unknown>('serverArgs');
  for (const candidate of choice.candidates) {
    const server = serverCommand(candidate, serverArgs, launcher);
    const context: ProbeContext = { source: choice.source, bundled: server.bundled, strategy, pythonExtension: pythonApi !== undefined };
    if (!server.probe) {
      log.info(`interpreter (${choice.source}): ${shellLine(candidate)}; "ptoLsp.serverArgs" is not checked`);
      return { ...server, strategy };
    }
    const key = probeKey(server.probe, strategy, extensionVersion(), await fileStamp(candidate[0]));
    const kept = extensionContext.globalState.get<string>(key);
    if (kept !== undefined && !recheck) {
      log.info(`interpreter (${choice.source}): ${shellLine(candidate)}: ${kept.trim()} (checked before)`);
      return { ...server, strategy, probeKey: key };
    }
    const result = await probe(server.probe, strategy);
    if (choice.source === 'search' && !usablePython(result)) {
      log.info(`not a Python >= 3.10: ${shellLine(candidate)}`);
      continue;
    }
    log.info(`interpreter (${choice.source}): ${shellLine(candidate)}: ${result.stdout?.trim() ?? ''}`);
    const problem = diagnoseProbe(candidate, result, context);
    // Not awaited: the next start reads it; this one need not wait for the store (a round trip
    // to the window, 0.1-0.3 s while it is busy loading).
    void extensionContext.globalState.update(key, keepProbe(candidate, result, context) ? result.stdout ?? '' : undefined);
    return problem ?? { ...server, strategy };
  }
  return noPythonFound(choice.candidates, { source: 'search', bundled: true, strategy, pythonExtension: pythonApi !== undefined });
}

async function doStart(): Promise<void> {
  const chosen = await chooseServer();
  if ('kind' in chosen) {
    reportStartFailure(chosen);
    return;
  }
  const { command, args, strategy } = chosen;
  log.info(`starting: ${shellLine([command, ...args])}`);
  const serverOptions: ServerOptions = {
    command,
    args,
    transport: TransportKind.stdio,
    options: { env: serverEnv(strategy) },
  };
  const budget = new RestartBudget();
  let everRunning = false;
  const errorHandler: ErrorHandler = {
    error: (_error, _message, count) =>
      count !== undefined && count <= 3 ? { action: ErrorAction.Continue } : { action: ErrorAction.Shutdown },
    closed: () => {
      if (!everRunning) {
        return { action: CloseAction.DoNotRestart, handled: true }; // the start failure is reported once, below
      }
      if (budget.allow(Date.now())) {
        log.warn('the server stopped unexpectedly: restarting it');
        return { action: CloseAction.Restart, handled: true };
      }
      reportStartFailure({
        kind: 'probe-failed',
        message: 'the server stopped four times within three minutes and is not restarted again; its output shows why.',
        fix: 'press Restart once the cause is fixed.',
        actions: ['openOutput', 'restart'],
      });
      return { action: CloseAction.DoNotRestart, handled: true };
    },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'python' },
      { scheme: 'untitled', language: 'python' },
    ],
    outputChannel: output().log,
    traceOutputChannel: output().trace,
    initializationOptions: { [SECTION]: settingsFor(undefined) },
    errorHandler,
    initializationFailedHandler: () => false,
    revealOutputChannelOn: RevealOutputChannelOn.Never, // a failed request is logged, not a popup
    middleware: {
      workspace: {
        configuration: async (params: ConfigurationParams, token, next) => {
          const defaults = await next(params, token);
          if (defaults instanceof ResponseError) {
            return defaults;
          }
          return answerConfiguration(params.items, defaults as unknown[], settingsFor);
        },
      },
    },
  };
  const created = new PtoClient(SECTION, NAME, serverOptions, clientOptions);
  client = created;
  try {
    await created.start();
    created.onNotification(PYPTO_STATUS, (status: PyptoCheckStatus) => showPyptoStatus(status));
    everRunning = true;
    created.quiet = false;
    lastFailure = undefined; // a later failure is news again
    const info = created.initializeResult?.serverInfo;
    log.info(`server running: ${info?.name ?? 'pto-lsp'} ${info?.version ?? ''}`.trim());
  } catch (error) {
    if (client === created) {
      client = undefined;
    }
    await created.dispose().catch(() => undefined);
    if (chosen.probeKey !== undefined) {
      // The check was skipped (it passed before): run it now, it may say what is wrong.
      await extensionContext.globalState.update(chosen.probeKey, undefined);
      const checked = await chooseServer(true);
      if ('kind' in checked) {
        reportStartFailure(checked);
        return;
      }
    }
    reportStartFailure({
      kind: 'probe-failed',
      message: `\`${shellLine([command, ...args])}\` did not start a language server (${errorText(error)}).`,
      fix: 'check "ptoLsp.interpreter" and "ptoLsp.serverArgs"; the output has the server\'s own words.',
      setting: SECTION,
      actions: ['openOutput', 'openSettings', 'restart'],
    });
  }
}

function extensionVersion(): string {
  return String((extensionContext.extension.packageJSON as { version?: unknown }).version ?? '');
}

/** Size and modification time of an interpreter given as a file path ('' otherwise). */
async function fileStamp(file: string): Promise<string> {
  if (!path.isAbsolute(file)) {
    return '';
  }
  try {
    const status = await fs.stat(file);
    return `${file}:${status.size}:${status.mtimeMs}`;
  } catch {
    return '';
  }
}

/** Run the interpreter once: which Python is it, can it import pto_lsp, which version? */
function probe(commandLine: string[], strategy: ImportStrategy): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const [file, ...rest] = commandLine;
    execFile(file, rest, { timeout: 30000, windowsHide: true, env: serverEnv(strategy) }, (error, stdout, stderr) => {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      if (typeof code === 'string' && ['ENOENT', 'EACCES', 'ENOTDIR', 'EISDIR'].includes(code)) {
        resolve({ spawnError: code });
        return;
      }
      const killed = Boolean(error && (error as { killed?: boolean }).killed);
      const exitCode = error ? ((error as { code?: unknown }).code as number | null) : 0;
      if (stderr.trim()) {
        log.info(`interpreter check, stderr: ${stderr.trim()}`);
      }
      resolve({ exitCode, stdout, stderr, timedOut: killed });
    });
  });
}

let lastFailure: string | undefined;

/** One error message with the fix and its buttons (pick an interpreter, Restart, Open Output, ...). */
function reportStartFailure(problem: StartProblem): void {
  const message = startFailureMessage(problem);
  log.error(message);
  if (message === lastFailure) {
    return; // already said, and nothing changed since: no repeated popups
  }
  lastFailure = message;
  const actions = problem.actions.filter((action) => action !== 'copyCommand' || problem.command);
  void vscode.window.showErrorMessage(message, ...actions.map((action) => ACTION_LABELS[action])).then((label) => {
    const action = actions.find((candidate) => ACTION_LABELS[candidate] === label);
    if (action) {
      void runStartAction(action, problem);
    }
  });
}

async function runStartAction(action: StartAction, problem: StartProblem): Promise<void> {
  if (action === 'openOutput') {
    log.show();
  } else if (action === 'restart') {
    lastFailure = undefined; // the user asked: a failure again is said again
    await restart('Restart pressed');
  } else if (action === 'copyCommand' && problem.command) {
    await vscode.env.clipboard.writeText(problem.command);
  } else if (action === 'selectInterpreter' || action === 'openSettings') {
    if (action === 'selectInterpreter') {
      await vscode.commands.executeCommand('python.setInterpreter');
    } else {
      await vscode.commands.executeCommand('workbench.action.openSettings', problem.setting ?? SECTION);
    }
    // A new interpreter setting restarts the server by itself; a Python installed meanwhile does not.
    const again = await vscode.window.showInformationMessage(
      'Restart the PTO language server once the interpreter is fixed.',
      ACTION_LABELS.restart,
    );
    if (again) {
      lastFailure = undefined;
      await restart('Restart pressed after a fix');
    }
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    return error.message;
  }
  return String(error);
}

// ---------------------------------------------------------------- IR views

/** Read-only documents with the text the server returned, under the `pto-ir:` scheme. */
class IrDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  async show(path: string, source: vscode.Uri, text: string, language: string): Promise<void> {
    const uri = vscode.Uri.from({ scheme: IR_SCHEME, path, query: source.toString() });
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    let document = await vscode.workspace.openTextDocument(uri);
    if (document.languageId !== language) {
      document = await vscode.languages.setTextDocumentLanguage(document, language);
    }
    // One view per window: the column an IR view is shown in already, else beside the kernel.
    const visible = vscode.window.visibleTextEditors.map((editor) => ({
      scheme: editor.document.uri.scheme,
      query: editor.document.uri.query,
      uri: editor.document.uri.toString(),
      column: editor.viewColumn,
    }));
    const column = irViewColumn(visible, source.toString()) ?? vscode.ViewColumn.Beside;
    const editor = await vscode.window.showTextDocument(document, { preview: false, viewColumn: column });
    // The kernel's earlier IR views in that column give way to this one (no pile of tabs).
    const tabs = vscode.window.tabGroups.all.flatMap((group) =>
      group.tabs.flatMap((tab) =>
        tab.input instanceof vscode.TabInputText
          ? [{ tab, scheme: tab.input.uri.scheme, query: tab.input.uri.query, uri: tab.input.uri.toString(), column: group.viewColumn }]
          : [],
      ),
    );
    const replaced = replacedIrTabs(tabs, uri.toString(), source.toString(), editor.viewColumn);
    if (replaced.length > 0) {
      await vscode.window.tabGroups.close(replaced.map((place) => place.tab));
    }
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** The kernel a command works on: the active Python file, or the kernel of the IR view in focus. */
function kernelSource(title: string): vscode.Uri | undefined {
  const editor = vscode.window.activeTextEditor;
  const uri = editor?.document.uri;
  const source = kernelSourceOf(
    editor && uri ? { scheme: uri.scheme, uri: uri.toString(), query: uri.query, languageId: editor.document.languageId } : undefined,
  );
  if (source === undefined) {
    void vscode.window.showErrorMessage(`${title}: open a PyPTO kernel (a Python file importing pypto.language) first.`);
    return undefined;
  }
  return vscode.Uri.parse(source, true);
}

async function runServerCommand(title: string, command: string, args: unknown[]): Promise<string | undefined> {
  return askServer(
    title,
    command,
    (running) => running.sendRequest(ExecuteCommandRequest.type, { command, arguments: args }),
    commandText,
  );
}

/** Ask the running server, read its answer; any failure is shown to the user (undefined). */
async function askServer<T>(
  title: string,
  what: string,
  send: (running: LanguageClient) => Promise<unknown>,
  read: (answer: unknown) => T | undefined,
): Promise<T | undefined> {
  await starting?.catch(() => undefined);
  if (!client || client.state !== State.Running) {
    void vscode.window.showErrorMessage(`${title}: the PTO language server is not running.`, 'Open Output').then((c) => {
      if (c) {
        log.show();
      }
    });
    return undefined;
  }
  try {
    const answer = read(await send(client));
    if (answer === undefined) {
      void vscode.window.showErrorMessage(`${title}: the server returned no usable answer to ${what}.`);
    }
    return answer;
  } catch (error) {
    const why = error instanceof ResponseError ? `${error.message} (code ${error.code})` : errorText(error);
    log.error(`${what} failed: ${why}`);
    void vscode.window.showErrorMessage(`${title} failed: the server answered ${what} with an error: ${why}`);
    return undefined;
  }
}

async function showIR(ir: IrDocuments): Promise<void> {
  await showIRAfterPass(ir, 'PTO: Show IR After Pass', 'pto.showIR', '');
}

/**
 * A module's IR after a pass the user picks: ours (`pto.showIR`), or the real compiler's
 * own dump from the last save's pypto check (`pto.showRealIR`, its document named `pypto-<pass>`).
 */
async function showIRAfterPass(ir: IrDocuments, title: string, command: string, documentPrefix: string): Promise<void> {
  const source = kernelSource(title);
  if (!source) {
    return;
  }
  // The pipeline's passes are the server's: the extension keeps no copy of them.
  const passes = await askServer(title, PASSES_REQUEST, (running) => running.sendRequest(PASSES_REQUEST), passesFromServer);
  if (!passes) {
    return;
  }
  const picked = await pickPass(title, passes);
  if (!picked) {
    return;
  }
  const text = await runServerCommand(title, command, [source.toString(), picked]);
  if (text !== undefined) {
    await ir.show(irDocumentPath(source.path, { pass: `${documentPrefix}${picked}` }), source, text, IR_LANGUAGE);
  }
}

/** A pass from the list, or any name or number typed in. */
function pickPass(title: string, passes: readonly PassChoice[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick();
    const items = (typed: string) => passChoices(typed, passes).map((p) => ({ label: p.name, description: p.detail }));
    pick.title = title;
    pick.placeholder = 'Show the IR after which pass? (or type a pass name or number)';
    pick.items = items('');
    pick.onDidChangeValue((value) => {
      pick.items = items(value);
    });
    let chosen: string | undefined;
    pick.onDidAccept(() => {
      chosen = pick.selectedItems[0]?.label ?? (pick.value.trim() || undefined);
      pick.hide();
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve(chosen);
    });
    pick.show();
  });
}

// ---------------------------------------------------------------- the pypto check

const PYPTO_STATUS = 'pto/pyptoCheck';
const pyptoStatus = vscode.window.createStatusBarItem('ptoLsp.pyptoCheck', vscode.StatusBarAlignment.Left);
pyptoStatus.name = 'PyPTO check';
pyptoStatus.command = 'ptoLsp.showOutput';

function showPyptoStatus(status: PyptoCheckStatus): void {
  const { text, tooltip } = pyptoStatusText(status);
  pyptoStatus.text = text;
  pyptoStatus.tooltip = tooltip;
  pyptoStatus.show();
}

/** Run the author's own PyPTO on the saved kernel now (trusted workspaces only). */
async function checkWithPypto(): Promise<void> {
  const title = 'PTO: Check with PyPTO';
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage(`${title}: it runs the kernel file's code, so only in a trusted workspace.`);
    return;
  }
  const source = kernelSource(title);
  if (!source) {
    return;
  }
  const document = vscode.workspace.textDocuments.find((open) => open.uri.toString() === source.toString());
  if (document?.isDirty) {
    await document.save(); // the check reads the file as saved
  }
  await askServer(
    title,
    'pto.checkWithPypto',
    (running) => running.sendRequest(ExecuteCommandRequest.type, { command: 'pto.checkWithPypto', arguments: [source.toString()] }),
    (answer) => answer,
  );
}

/** The real compiler's own dump after a pass, from the last save's pypto check. */
async function showRealIR(ir: IrDocuments): Promise<void> {
  await showIRAfterPass(ir, 'PTO: Show PyPTO IR After Pass (last save)', 'pto.showRealIR', 'pypto-');
}

/** The PTO modules the real codegen wrote at the last save's pypto check. */
async function showRealMLIR(ir: IrDocuments): Promise<void> {
  const title = 'PTO: Show PyPTO PTO MLIR (last save)';
  const source = kernelSource(title);
  if (!source) {
    return;
  }
  const text = await runServerCommand(title, 'pto.showRealMLIR', [source.toString()]);
  if (text !== undefined) {
    await ir.show(irDocumentPath(source.path, 'mlir').replace(/\.pto\.mlir$/, '.pypto.pto.mlir'), source, text, MLIR_LANGUAGE);
  }
}

async function showMLIR(ir: IrDocuments): Promise<void> {
  const title = 'PTO: Show PTO MLIR';
  const source = kernelSource(title);
  if (!source) {
    return;
  }
  const text = await runServerCommand(title, 'pto.showMLIR', [source.toString()]);
  if (text !== undefined) {
    await ir.show(irDocumentPath(source.path, 'mlir'), source, text, MLIR_LANGUAGE);
  }
}

/**
 * The memory view: a picture of each kernel's on-chip memory (or of one, from its code lens),
 * drawn in a webview (src/memoryView.ts, d3) from the server's model (`pto.showMemory` with
 * "json"). One panel per window; it follows the edits of its kernel file (redrawn when the
 * server publishes the file's diagnostics again, i.e. once per analysed version).
 */
class MemoryView implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private source: vscode.Uri | undefined;
  private kernel = '';
  private ready = false;
  private pending: ReturnType<typeof setTimeout> | undefined;
  private readonly watcher = vscode.languages.onDidChangeDiagnostics((event) => {
    if (this.panel && this.source && event.uris.some((uri) => uri.toString() === this.source?.toString())) {
      clearTimeout(this.pending);
      this.pending = setTimeout(() => void this.refresh(false), 150);
    }
  });

  async show(source: vscode.Uri, kernel: string): Promise<void> {
    this.source = source;
    this.kernel = kernel;
    if (!this.panel) {
      const dist = vscode.Uri.joinPath(extensionContext.extensionUri, 'dist');
      this.panel = vscode.window.createWebviewPanel('ptoLsp.memoryView', 'On-chip memory', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
        enableScripts: true,
        localResourceRoots: [dist],
        retainContextWhenHidden: true,
      });
      this.ready = false;
      // The page asks for the picture once its script runs: a message posted before is lost.
      this.panel.webview.onDidReceiveMessage((message: { type?: string }) => {
        if (message?.type === 'ready') {
          this.ready = true;
          void this.refresh(false);
        }
      });
      this.panel.webview.html = memoryViewHtml(this.panel.webview, vscode.Uri.joinPath(dist, 'memoryView.js'));
      this.panel.onDidDispose(() => {
        this.panel = undefined;
      });
    } else {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    }
    const name = source.path.split('/').pop() ?? 'kernel';
    this.panel.title = `On-chip memory: ${kernel ? `${kernel} · ` : ''}${name}`;
    await this.refresh(true);
  }

  private async refresh(loud: boolean): Promise<void> {
    const source = this.source;
    if (!this.panel || !source || !this.ready) {
      return; // drawn when the page says it is ready
    }
    const args = [source.toString(), this.kernel, 'json'];
    const maps = loud
      ? await askServer('PTO: Show On-chip Memory', 'pto.showMemory', (running) => running.sendRequest(ExecuteCommandRequest.type, { command: 'pto.showMemory', arguments: args }), (answer) => answer)
      : await client?.sendRequest(ExecuteCommandRequest.type, { command: 'pto.showMemory', arguments: args }).catch(() => undefined);
    if (maps && typeof maps === 'object') {
      await this.panel?.webview.postMessage({ type: 'maps', maps, source: source.path.split('/').pop() });
    }
  }

  dispose(): void {
    clearTimeout(this.pending);
    this.watcher.dispose();
    this.panel?.dispose();
  }
}

function memoryViewHtml(webview: vscode.Webview, script: vscode.Uri): string {
  const nonce = Array.from({ length: 24 }, () => Math.floor(Math.random() * 36).toString(36)).join('');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}' ${webview.cspSource};">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<style nonce="${nonce}">
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); }
svg text { fill: var(--vscode-foreground); font-size: 11px; }
svg .domain, svg .tick line { stroke: var(--vscode-foreground); opacity: 0.5; }
rect.plain { fill: #4e79a7; fill-opacity: 0.55; stroke: #4e79a7; }
rect.peak { fill: #f28e2b; fill-opacity: 0.6; stroke: #f28e2b; stroke-width: 2; }
rect.over { fill: #e15759; fill-opacity: 0.7; stroke: #e15759; stroke-width: 2; }
line.capacity { stroke: #e15759; stroke-width: 2; stroke-dasharray: 6 3; }
line.peak-line { stroke: #f28e2b; stroke-dasharray: 3 3; }
.note { opacity: 0.8; font-style: italic; }
</style></head>
<body><div id="memory"><p>Loading…</p></div>
<script nonce="${nonce}" src="${webview.asWebviewUri(script)}"></script></body></html>`;
}

async function showMemory(view: MemoryView, uri?: string, kernel?: string): Promise<void> {
  const title = 'PTO: Show On-chip Memory';
  const source = typeof uri === 'string' ? vscode.Uri.parse(uri, true) : kernelSource(title);
  if (!source) {
    return;
  }
  await view.show(source, typeof kernel === 'string' ? kernel : '');
}

// ---------------------------------------------------------------- the trace channel

/**
 * The trace output channel. vscode-languageclient 10+ traces only when the channel's log
 * level is Trace; this channel reports Trace exactly while `ptoLsp.trace.server` is not
 * "off", so the setting alone turns tracing on and off, as users expect.
 */
class TraceChannel implements vscode.LogOutputChannel {
  readonly name = `${NAME} Trace`;
  private readonly channel = vscode.window.createOutputChannel(`${NAME} Trace`);
  private readonly levelChanged = new vscode.EventEmitter<vscode.LogLevel>();
  readonly onDidChangeLogLevel = this.levelChanged.event;
  private readonly watcher = vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration(`${SECTION}.trace.server`)) {
      this.levelChanged.fire(this.logLevel);
    }
  });

  get logLevel(): vscode.LogLevel {
    const value = vscode.workspace.getConfiguration(SECTION).get<string>('trace.server', 'off');
    return value === 'off' ? vscode.LogLevel.Off : vscode.LogLevel.Trace;
  }

  private line(level: string, message: string | Error): void {
    this.channel.appendLine(`${new Date().toISOString()} [${level}] ${message instanceof Error ? message.message : message}`);
  }
  trace(message: string): void {
    this.channel.appendLine(message);
  }
  debug(message: string): void {
    this.line('debug', message);
  }
  info(message: string): void {
    this.line('info', message);
  }
  warn(message: string): void {
    this.line('warning', message);
  }
  error(error: string | Error): void {
    this.line('error', error);
  }
  append(value: string): void {
    this.channel.append(value);
  }
  appendLine(value: string): void {
    this.channel.appendLine(value);
  }
  replace(value: string): void {
    this.channel.replace(value);
  }
  clear(): void {
    this.channel.clear();
  }
  show(columnOrPreserveFocus?: vscode.ViewColumn | boolean, preserveFocus?: boolean): void {
    if (typeof columnOrPreserveFocus === 'boolean') {
      this.channel.show(columnOrPreserveFocus);
    } else {
      this.channel.show(columnOrPreserveFocus, preserveFocus);
    }
  }
  hide(): void {
    this.channel.hide();
  }
  dispose(): void {
    this.watcher.dispose();
    this.levelChanged.dispose();
    this.channel.dispose();
  }
}
