// Unit tests of the extension logic that needs no VS Code (node --test).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import {
  PROBE_SCRIPT,
  RestartBudget,
  SECTION,
  answerConfiguration,
  cleanCommand,
  commandText,
  compareVersions,
  diagnoseProbe,
  irDocumentPath,
  passChoices,
  pipFix,
  pythonExtensionCommand,
  resolveInterpreter,
  runsPtoLspModule,
  serverCommand,
  serverSettings,
  shellLine,
  startFailureMessage,
  versionSupported,
  type PythonExtensionApi,
} from '../logic';

describe('interpreter resolution', () => {
  it('uses ptoLsp.interpreter when it is set', () => {
    assert.deepEqual(resolveInterpreter(['/opt/venv/bin/python'], ['/usr/bin/python3.12'], 'linux'), {
      command: ['/opt/venv/bin/python'],
      source: 'setting',
    });
  });

  it('keeps a multi-word interpreter command and drops empty words', () => {
    assert.deepEqual(resolveInterpreter(['uv', ' run ', '', 'python'], [], 'linux').command, ['uv', 'run', 'python']);
  });

  it('takes a plain string as a one-word command', () => {
    assert.deepEqual(resolveInterpreter('/usr/bin/python3', [], 'linux').command, ['/usr/bin/python3']);
  });

  it('falls back to the Python extension when the setting is empty', () => {
    assert.deepEqual(resolveInterpreter([], ['/home/me/.venv/bin/python'], 'linux'), {
      command: ['/home/me/.venv/bin/python'],
      source: 'python-extension',
    });
  });

  it('ignores a setting of the wrong type', () => {
    assert.equal(resolveInterpreter([1, 2], [], 'linux').source, 'default');
    assert.equal(resolveInterpreter({ path: 'x' }, [], 'linux').source, 'default');
  });

  it('falls back to python3, or python on Windows', () => {
    assert.deepEqual(resolveInterpreter([], [], 'linux'), { command: ['python3'], source: 'default' });
    assert.deepEqual(resolveInterpreter(undefined, [], 'win32').command, ['python']);
  });

  it('cleanCommand of nonsense is empty', () => {
    assert.deepEqual(cleanCommand(null), []);
    assert.deepEqual(cleanCommand(['  ']), []);
  });
});

describe('the Python extension API', () => {
  const resolved = (fsPath: string): PythonExtensionApi => ({
    environments: {
      getActiveEnvironmentPath: () => ({ path: '/envs/a', id: 'a' }),
      resolveEnvironment: async () => ({ executable: { uri: { fsPath } } }),
    },
  });

  it('is optional', async () => {
    assert.deepEqual(await pythonExtensionCommand(undefined), []);
  });

  it('gives the resolved active environment', async () => {
    assert.deepEqual(await pythonExtensionCommand(resolved('/envs/a/bin/python')), ['/envs/a/bin/python']);
  });

  it('falls back to the legacy execution details', async () => {
    const api: PythonExtensionApi = {
      environments: {
        getActiveEnvironmentPath: () => ({ path: '/envs/b' }),
        resolveEnvironment: async () => undefined,
      },
      settings: { getExecutionDetails: () => ({ execCommand: ['conda', 'run', '-n', 'x', 'python'] }) },
    };
    assert.deepEqual(await pythonExtensionCommand(api), ['conda', 'run', '-n', 'x', 'python']);
  });

  it('gives nothing when the API throws', async () => {
    const api: PythonExtensionApi = {
      environments: {
        getActiveEnvironmentPath: () => {
          throw new Error('not ready');
        },
        resolveEnvironment: async () => undefined,
      },
    };
    assert.deepEqual(await pythonExtensionCommand(api), []);
  });
});

describe('server command', () => {
  it('is the interpreter then -m pto_lsp serve by default', () => {
    assert.deepEqual(serverCommand(['/v/bin/python'], undefined), {
      command: '/v/bin/python',
      args: ['-m', 'pto_lsp', 'serve'],
    });
    assert.deepEqual(serverCommand(['/v/bin/python'], []).args, ['-m', 'pto_lsp', 'serve']);
  });

  it('puts the interpreter words before ptoLsp.serverArgs', () => {
    assert.deepEqual(serverCommand(['uv', 'run', 'python'], ['-m', 'pto_lsp', 'serve', '--log-file', '/tmp/l']), {
      command: 'uv',
      args: ['run', 'python', '-m', 'pto_lsp', 'serve', '--log-file', '/tmp/l'],
    });
  });

  it('checks the pto_lsp import only when the module is what runs', () => {
    assert.equal(runsPtoLspModule(undefined), true);
    assert.equal(runsPtoLspModule(['-X', 'utf8', '-m', 'pto_lsp', 'serve']), true);
    assert.equal(runsPtoLspModule(['/opt/wrapper.py']), false);
  });
});

describe('settings mapping (workspace/configuration)', () => {
  const section = (values: Record<string, unknown>) => (key: string) => values[key];

  it('passes the server options through, nested as the server reads them', () => {
    assert.deepEqual(
      serverSettings(
        section({
          debounceMs: 0,
          analyzeOn: 'save',
          'diagnostics.disabled': ['PTO401'],
          'inlayHints.enabled': false,
          ptoasCachePolicy: 'attribute',
        }),
      ),
      {
        debounceMs: 0,
        analyzeOn: 'save',
        diagnostics: { disabled: ['PTO401'] },
        inlayHints: { enabled: false },
        ptoasCachePolicy: 'attribute',
      },
    );
  });

  it('never passes the client-only settings', () => {
    const mapped = serverSettings(
      section({ interpreter: ['/x'], serverArgs: ['-c', 'evil'], 'trace.server': 'verbose', debounceMs: 30 }),
    );
    assert.deepEqual(mapped, { debounceMs: 30 });
  });

  it('leaves out values of the wrong type so the server default holds', () => {
    assert.deepEqual(
      serverSettings(
        section({
          debounceMs: -5,
          analyzeOn: 'sometimes',
          'diagnostics.disabled': 'PTO401',
          'inlayHints.enabled': 'yes',
          ptoasCachePolicy: 'maybe',
        }),
      ),
      {},
    );
    assert.deepEqual(serverSettings(section({ debounceMs: 2.5 })), {});
  });

  it('answers only our section, keeping the default answer for others', () => {
    const answer = answerConfiguration(
      [{ section: 'python' }, { section: SECTION, scopeUri: 'file:///k.py' }, {}],
      [{ a: 1 }, { raw: true }, null],
      (scope) => ({ debounceMs: scope === 'file:///k.py' ? 5 : 0 }),
    );
    assert.deepEqual(answer, [{ a: 1 }, { debounceMs: 5 }, null]);
  });
});

describe('when the server cannot start', () => {
  const py = ['/venv/bin/python'];

  it('says the interpreter is missing', () => {
    const problem = diagnoseProbe(py, { spawnError: 'ENOENT' });
    assert.equal(problem?.kind, 'interpreter-missing');
    assert.match(problem!.message, /\/venv\/bin\/python.*ENOENT/);
    assert.match(problem!.fix, /-m pip install/);
  });

  it('says pto-lsp is not installed, with the pip command for that interpreter', () => {
    const stdout = JSON.stringify({ python: '3.11.7', executable: py[0], error: "ModuleNotFoundError: No module named 'pto_lsp'" });
    const problem = diagnoseProbe(py, { exitCode: 0, stdout });
    assert.equal(problem?.kind, 'not-installed');
    assert.match(problem!.message, /not installed.*Python 3\.11\.7/);
    assert.equal(problem!.fix, "/venv/bin/python -m pip install 'pto-lsp>=0.1.0,<1.0.0'");
  });

  it('reports an import that fails for another reason', () => {
    const stdout = JSON.stringify({ python: '3.8.10', error: 'SyntaxError: invalid syntax (x.py, line 3)' });
    const problem = diagnoseProbe(py, { exitCode: 0, stdout });
    assert.equal(problem?.kind, 'not-installed');
    assert.match(problem!.message, /cannot be imported.*SyntaxError/);
  });

  it('says the version is wrong, with an upgrade command', () => {
    const problem = diagnoseProbe(py, { exitCode: 0, stdout: JSON.stringify({ python: '3.11.7', pto_lsp: '0.0.9' }) });
    assert.equal(problem?.kind, 'wrong-version');
    assert.match(problem!.message, /0\.0\.9/);
    assert.match(problem!.fix, /install --upgrade/);
    assert.equal(diagnoseProbe(py, { exitCode: 0, stdout: '{"pto_lsp": "1.2.0"}' })?.kind, 'wrong-version');
  });

  it('accepts a supported version, even after other output', () => {
    assert.equal(diagnoseProbe(py, { exitCode: 0, stdout: 'hello from sitecustomize\n{"pto_lsp": "0.1.0"}\n' }), undefined);
  });

  it('says when the interpreter is not a Python at all', () => {
    const problem = diagnoseProbe(['/bin/false'], { exitCode: 1, stdout: '', stderr: 'boom\n' });
    assert.equal(problem?.kind, 'probe-failed');
    assert.match(problem!.message, /exited with 1: boom/);
    assert.match(diagnoseProbe(py, { timedOut: true, exitCode: null, stdout: '' })!.message, /did not answer/);
  });

  it('puts the problem and the fix into one message', () => {
    const message = startFailureMessage({ kind: 'not-installed', message: 'pto-lsp is not installed for `p`.', fix: 'p -m pip install pto-lsp' });
    assert.match(message, /^PTO language server cannot start: pto-lsp is not installed .* Fix: p -m pip install pto-lsp/);
  });

  it('quotes shell words that need it', () => {
    assert.equal(shellLine(['/a b/python', '-m', 'pip']), "'/a b/python' -m pip");
    assert.equal(pipFix(['python3']), "python3 -m pip install 'pto-lsp>=0.1.0,<1.0.0'");
  });

  it('the probe script runs and finds this repository\'s pto_lsp when the venv has it', (t) => {
    let out: string;
    try {
      out = execFileSync('python3', ['-c', PROBE_SCRIPT], { encoding: 'utf-8' });
    } catch {
      t.skip('no python3 here');
      return;
    }
    const info = JSON.parse(out.trim().split('\n').pop()!);
    assert.match(info.python, /^3\.\d+\.\d+$/);
    assert.ok('pto_lsp' in info || /ModuleNotFoundError/.test(info.error));
  });
});

describe('versions', () => {
  it('compares numerically', () => {
    assert.equal(compareVersions('0.10.0', '0.9.9'), 1);
    assert.equal(compareVersions('1.0', '1.0.0'), 0);
    assert.equal(compareVersions('0.1.0rc1', '0.1.0'), 0);
  });
  it('knows the supported range', () => {
    assert.equal(versionSupported('0.1.0'), true);
    assert.equal(versionSupported('0.9.3'), true);
    assert.equal(versionSupported('0.0.1'), false);
    assert.equal(versionSupported('1.0.0'), false);
  });
});

describe('restarts after a crash', () => {
  it('allows three within three minutes, then stops', () => {
    const budget = new RestartBudget();
    assert.deepEqual([0, 1000, 2000].map((t) => budget.allow(t)), [true, true, true]);
    assert.equal(budget.allow(3000), false);
  });
  it('forgets old crashes', () => {
    const budget = new RestartBudget(1, 1000);
    assert.equal(budget.allow(0), true);
    assert.equal(budget.allow(5000), true);
    assert.equal(budget.allow(5500), false);
  });
});

describe('IR documents', () => {
  it('are named after the kernel and the pass, .py for Python highlighting', () => {
    assert.equal(irDocumentPath('/w/examples/bypass_matmul.py', { pass: 'OutlineIncoreScopes' }), '/bypass_matmul.after-OutlineIncoreScopes.py');
    assert.equal(irDocumentPath('/w/k.py', { pass: '9 odd/name' }), '/k.after-9_odd_name.py');
    assert.equal(irDocumentPath('C:\\w\\k.py', 'mlir'), '/k.pto.mlir');
  });
  it('offer the known passes, and a typed one first', () => {
    assert.equal(passChoices('')[0].name, 'parse');
    assert.deepEqual(passChoices('  FlattenCallExpr ')[0], { name: 'FlattenCallExpr', detail: 'as typed' });
    assert.equal(passChoices('9')[0].name, '9');
    assert.equal(passChoices('convertToSSA').length, passChoices('').length);
  });
  it('take the text from the command answer', () => {
    assert.equal(commandText('# pypto.program: X\n'), '# pypto.program: X\n');
    assert.equal(commandText({ text: 'module {}' }), 'module {}');
    assert.equal(commandText(null), undefined);
    assert.equal(commandText(42), undefined);
  });
});
