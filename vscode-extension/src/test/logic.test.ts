// Unit tests of the extension logic that needs no VS Code (node --test).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  ACTION_LABELS,
  LAUNCHER,
  PROBE_SCRIPT,
  RestartBudget,
  SECTION,
  answerConfiguration,
  cleanCommand,
  commandText,
  compareVersions,
  diagnoseProbe,
  importStrategy,
  importsPyptoLanguage,
  IR_SCHEME,
  irDocumentPath,
  irViewColumn,
  kernelSourceOf,
  keepProbe,
  noPythonFound,
  passChoices,
  passesFromServer,
  probeKey,
  pythonExtensionCommand,
  replacedIrTabs,
  resolveInterpreter,
  serverCommand,
  bytecodeFolders,
  serverEnvironment,
  serverSettings,
  pyptoStatusText,
  shellLine,
  startFailureMessage,
  usablePython,
  versionSupported,
  type ProbeContext,
  type PythonExtensionApi,
} from '../logic';

describe('interpreter resolution', () => {
  it('uses ptoLsp.interpreter when it is set', () => {
    assert.deepEqual(resolveInterpreter(['/opt/venv/bin/python'], ['/usr/bin/python3.12'], 'linux'), {
      candidates: [['/opt/venv/bin/python']],
      source: 'setting',
    });
  });

  it('keeps a multi-word interpreter command and drops empty words', () => {
    assert.deepEqual(resolveInterpreter(['uv', ' run ', '', 'python'], [], 'linux').candidates, [['uv', 'run', 'python']]);
  });

  it('takes a plain string as a one-word command', () => {
    assert.deepEqual(resolveInterpreter('/usr/bin/python3', [], 'linux').candidates, [['/usr/bin/python3']]);
  });

  it('falls back to the Python extension when the setting is empty', () => {
    assert.deepEqual(resolveInterpreter([], ['/home/me/.venv/bin/python'], 'linux'), {
      candidates: [['/home/me/.venv/bin/python']],
      source: 'python-extension',
    });
  });

  it('ignores a setting of the wrong type', () => {
    assert.equal(resolveInterpreter([1, 2], [], 'linux').source, 'search');
    assert.equal(resolveInterpreter({ path: 'x' }, [], 'linux').source, 'search');
  });

  it('else searches PATH: python3 first, then versioned names, or the py launcher on Windows', () => {
    const linux = resolveInterpreter([], [], 'linux');
    assert.equal(linux.source, 'search');
    assert.deepEqual(linux.candidates[0], ['python3']);
    assert.ok(linux.candidates.some((c) => c[0] === 'python3.10'));
    assert.deepEqual(resolveInterpreter(undefined, [], 'win32').candidates[0], ['py', '-3']);
  });

  it('a searched candidate is used only when it is a Python >= 3.10', () => {
    assert.equal(usablePython({ exitCode: 0, stdout: '{"python": "3.11.2", "pto_lsp": "0.1.0"}' }), true);
    assert.equal(usablePython({ exitCode: 0, stdout: '{"python": "3.10.0", "error": "x"}' }), true);
    assert.equal(usablePython({ exitCode: 0, stdout: '{"python": "3.8.10", "error": "Python 3.8 is older"}' }), false);
    assert.equal(usablePython({ spawnError: 'ENOENT' }), false);
    assert.equal(usablePython({ exitCode: 1, stdout: '', stderr: 'SyntaxError' }), false);
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
  const launcher = '/ext/bundled/tool/launch.py';

  it('is the bundled launcher by default, checked with --probe', () => {
    assert.deepEqual(serverCommand(['/v/bin/python'], undefined, launcher), {
      command: '/v/bin/python',
      args: [launcher, 'serve'],
      bundled: true,
      probe: ['/v/bin/python', launcher, '--probe'],
    });
    assert.deepEqual(serverCommand(['/v/bin/python'], [], launcher).args, [launcher, 'serve']);
  });

  it('puts the interpreter words before the launcher or ptoLsp.serverArgs', () => {
    assert.deepEqual(serverCommand(['uv', 'run', 'python'], [], launcher).args, ['run', 'python', launcher, 'serve']);
    const own = serverCommand(['uv', 'run', 'python'], ['-m', 'pto_lsp', 'serve', '--log-file', '/tmp/l'], launcher);
    assert.equal(own.command, 'uv');
    assert.deepEqual(own.args, ['run', 'python', '-m', 'pto_lsp', 'serve', '--log-file', '/tmp/l']);
    assert.equal(own.bundled, false);
  });

  it('checks the pto_lsp import of a server of your own only when the module is what runs', () => {
    assert.deepEqual(serverCommand(['p'], ['-X', 'utf8', '-m', 'pto_lsp', 'serve'], launcher).probe, ['p', '-c', PROBE_SCRIPT]);
    assert.equal(serverCommand(['p'], ['/opt/wrapper.py'], launcher).probe, undefined);
  });

  it('the import strategy is useBundled unless fromEnvironment is asked for', () => {
    assert.equal(importStrategy(undefined), 'useBundled');
    assert.equal(importStrategy('nonsense'), 'useBundled');
    assert.equal(importStrategy('fromEnvironment'), 'fromEnvironment');
  });
});

describe('starts only for PyPTO files', () => {
  it('sees the ways a file imports pypto.language', () => {
    for (const source of [
      'import pypto.language as pl\n',
      '"""doc"""\nimport os\nimport pypto.language as pl\n',
      'from pypto import language as pl\n',
      'from pypto import (\n    language as pl,\n)\n',
      'from pypto.language import Tensor\n',
      'import os, pypto.language\n',
      'try:\n    import pypto.language as pl\nexcept ImportError:\n    pass\n',
    ]) {
      assert.equal(importsPyptoLanguage(source), true, source);
    }
  });

  it('stays silent for other Python files', () => {
    for (const source of [
      'import numpy as np\n',
      '# import pypto.language as pl\n',
      'x = "import pypto.language"\n',
      'import pypto\n',
      'from pypto import runtime\n',
      'import pypto.languages\n',
      '',
    ]) {
      assert.equal(importsPyptoLanguage(source), false, source);
    }
  });
});

describe('settings mapping (workspace/configuration)', () => {
  const section = (values: Record<string, unknown>) => (key: string) => values[key];

  it('passes the server options through, nested as the server reads them', () => {
    assert.deepEqual(
      serverSettings(
        section({
          debounceMs: 0,
          typingPauseMs: 800,
          analyzeOn: 'save',
          'diagnostics.disabled': ['PTO401'],
          'inlayHints.show': 'all',
          ptoasCachePolicy: 'attribute',
        }),
      ),
      {
        debounceMs: 0,
        typingPauseMs: 800,
        analyzeOn: 'save',
        diagnostics: { disabled: ['PTO401'] },
        inlayHints: { show: 'all' },
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
          typingPauseMs: '600',
          analyzeOn: 'sometimes',
          'diagnostics.disabled': 'PTO401',
          'inlayHints.show': 'yes',
          ptoasCachePolicy: 'maybe',
        }),
      ),
      {},
    );
    assert.deepEqual(serverSettings(section({ debounceMs: 2.5 })), {});
    assert.deepEqual(serverSettings(section({ typingPauseMs: -1 })), {});
    assert.deepEqual(serverSettings(section({ typingPauseMs: 0.5 })), {});
  });

  it('passes typingPauseMs on, 0 included (show errors at once)', () => {
    assert.deepEqual(serverSettings(section({ typingPauseMs: 0 })), { typingPauseMs: 0 });
    assert.deepEqual(serverSettings(section({ typingPauseMs: 1500 })), { typingPauseMs: 1500 });
  });

  it('passes on every server setting the extension declares (package.json), at its default', () => {
    const manifest = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf-8'));
    const declared: Record<string, { default: unknown }> = manifest.contributes.configuration.properties;
    const clientOnly = ['interpreter', 'serverArgs', 'importStrategy', 'trace.server'];
    const keys = Object.keys(declared)
      .map((name) => name.slice(`${SECTION}.`.length))
      .filter((key) => !clientOnly.includes(key));
    assert.ok(keys.includes('typingPauseMs'), keys.join(', '));
    for (const key of keys) {
      const mapped = serverSettings(section({ [key]: declared[`${SECTION}.${key}`].default }), true);
      // the server reads `a.b` nested: { a: { b } }
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], mapped);
      assert.deepEqual(value, declared[`${SECTION}.${key}`].default, `${SECTION}.${key} does not reach the server`);
    }
  });

  it('never enables the pypto check for an untrusted workspace', () => {
    const enabled = section({ 'pyptoCheck.enabled': true, 'pyptoCheck.python': '/venv/bin/python' });
    assert.equal(serverSettings(enabled).pyptoCheck, undefined);
    assert.equal(serverSettings(enabled, false).pyptoCheck, undefined);
    assert.deepEqual(serverSettings(enabled, true).pyptoCheck, { enabled: true, python: '/venv/bin/python' });
    assert.deepEqual(serverSettings(section({}), true).pyptoCheck, { enabled: false });
    assert.deepEqual(serverSettings(section({ 'pyptoCheck.enabled': 'yes' }), true).pyptoCheck, { enabled: false });
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
  const bundled: ProbeContext = { source: 'setting', bundled: true, strategy: 'useBundled', pythonExtension: false };
  const labels = (actions: string[]) => actions.map((a) => ACTION_LABELS[a as keyof typeof ACTION_LABELS]);

  it('a missing interpreter: how to pick one, never a pip command', () => {
    const problem = diagnoseProbe(py, { spawnError: 'ENOENT' }, bundled);
    assert.equal(problem?.kind, 'no-interpreter');
    assert.match(problem!.message, /\/venv\/bin\/python.*"ptoLsp.interpreter" cannot be run \(ENOENT\)/);
    assert.match(problem!.fix, /set "ptoLsp.interpreter" to a Python >= 3.10/);
    assert.doesNotMatch(startFailureMessage(problem!), /-m pip/);
    assert.equal(problem!.command, undefined);
    assert.deepEqual(labels(problem!.actions), ['Open Settings', 'Restart', 'Open Output']);
    assert.equal(problem!.setting, 'ptoLsp.interpreter');
  });

  it('offers the Python extension\'s "Select Interpreter" when it is there', () => {
    const problem = diagnoseProbe(py, { spawnError: 'ENOENT' }, { ...bundled, source: 'python-extension', pythonExtension: true });
    assert.match(problem!.message, /the interpreter selected in the Python extension/);
    assert.match(problem!.fix, /"Python: Select Interpreter"/);
    assert.deepEqual(labels(problem!.actions), ['Select Interpreter', 'Open Settings', 'Restart', 'Open Output']);
  });

  it('no Python >= 3.10 on PATH: names what was tried and how to pick one', () => {
    const problem = noPythonFound([['python3'], ['python3.12']], { ...bundled, source: 'search' });
    assert.equal(problem.kind, 'no-interpreter');
    assert.match(problem.message, /no Python >= 3\.10 was found \(tried python3, python3\.12\)/);
    assert.match(problem.fix, /"ptoLsp.interpreter"/);
  });

  it('an interpreter older than 3.10', () => {
    const stdout = JSON.stringify({ python: '3.8.10', error: 'Python 3.8 is older than 3.10' });
    const problem = diagnoseProbe(py, { exitCode: 0, stdout }, bundled);
    assert.equal(problem?.kind, 'python-too-old');
    assert.match(problem!.message, /is Python 3\.8\.10; the server needs Python >= 3\.10/);
  });

  it('the bundled server starts with any Python >= 3.10 that runs the probe', () => {
    const stdout = JSON.stringify({ python: '3.11.2', pto_lsp: '0.1.0', from: 'bundled' });
    assert.equal(diagnoseProbe(py, { exitCode: 0, stdout }, bundled), undefined);
    assert.equal(diagnoseProbe(py, { exitCode: 0, stdout: 'hello from sitecustomize\n' + stdout + '\n' }, bundled), undefined);
  });

  it('a broken bundle says to reinstall the extension', () => {
    const stdout = JSON.stringify({ python: '3.11.2', error: "ModuleNotFoundError: No module named 'pygls'" });
    const problem = diagnoseProbe(py, { exitCode: 0, stdout }, bundled);
    assert.equal(problem?.kind, 'not-installed');
    assert.match(problem!.message, /the server bundled with the extension cannot be imported.*pygls/);
    assert.match(problem!.fix, /reinstall the extension/);
  });

  it('a server of your own that the interpreter lacks: use the bundled one, or install the wheel', () => {
    const stdout = JSON.stringify({ python: '3.11.7', error: "ModuleNotFoundError: No module named 'pto_lsp'" });
    const problem = diagnoseProbe(py, { exitCode: 0, stdout }, { ...bundled, bundled: false });
    assert.equal(problem?.kind, 'not-installed');
    assert.match(problem!.message, /"ptoLsp.serverArgs" runs pto_lsp from .*Python 3\.11\.7/);
    assert.match(problem!.fix, /clear "ptoLsp.serverArgs" to run the server that comes with the extension/);
    assert.equal(problem!.command, '/venv/bin/python -m pip install pto_lsp-0.1.0-py3-none-any.whl');
    assert.equal(problem!.setting, 'ptoLsp.serverArgs');
  });

  it('the environment\'s pto-lsp of the wrong version (fromEnvironment): use the bundled one', () => {
    const stdout = JSON.stringify({ python: '3.11.7', pto_lsp: '0.0.9', from: '/venv/lib/pto_lsp/__init__.py' });
    const problem = diagnoseProbe(py, { exitCode: 0, stdout }, { ...bundled, strategy: 'fromEnvironment' });
    assert.equal(problem?.kind, 'wrong-version');
    assert.match(problem!.message, /has pto-lsp 0\.0\.9 \(\/venv\/lib\/pto_lsp\/__init__\.py\); this extension needs pto-lsp >= 0\.1\.0 and < 1\.0\.0/);
    assert.match(problem!.fix, /"ptoLsp.importStrategy" to "useBundled"/);
    assert.equal(diagnoseProbe(py, { exitCode: 0, stdout: '{"python": "3.12.0", "pto_lsp": "1.2.0"}' }, bundled)?.kind, 'wrong-version');
  });

  it('says when the interpreter is not a Python at all', () => {
    const problem = diagnoseProbe(['/bin/false'], { exitCode: 1, stdout: '', stderr: 'boom\n' }, bundled);
    assert.equal(problem?.kind, 'probe-failed');
    assert.match(problem!.message, /exited with 1: boom/);
    assert.match(diagnoseProbe(py, { timedOut: true, exitCode: null, stdout: '' }, bundled)!.message, /did not answer/);
  });

  it('puts the problem and the fix into one message', () => {
    const message = startFailureMessage({ kind: 'python-too-old', message: '`p` is Python 3.8.', fix: 'pick another.', actions: [] });
    assert.equal(message, 'PTO language server cannot start: `p` is Python 3.8. Fix: pick another.');
  });

  it('quotes shell words that need it', () => {
    assert.equal(shellLine(['/a b/python', '-m', 'pip']), "'/a b/python' -m pip");
  });

  it('the probe script of a server of your own runs', (t) => {
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

  it('the bundled launcher runs the bundled server with no site-packages at all (-I -S)', (t) => {
    const launcher = path.join(__dirname, '..', '..', ...LAUNCHER);
    if (!existsSync(path.join(__dirname, '..', '..', 'bundled', 'libs', 'pto_lsp', '__init__.py')) && !process.env.CI) {
      t.skip('bundled/libs is empty: run `npm run bundle` first');
      return;
    }
    const out = execFileSync('python3', ['-I', '-S', '-B', launcher, '--probe'], { encoding: 'utf-8' });
    const result = { exitCode: 0, stdout: out };
    assert.equal(usablePython(result), true, out);
    assert.equal(JSON.parse(out).from, 'bundled', out);
    assert.equal(diagnoseProbe(['python3'], result, bundled), undefined);
    const version = execFileSync('python3', ['-I', '-S', '-B', launcher, '--version'], { encoding: 'utf-8' });
    assert.match(version, /^pto-lsp 0\.1\.0/);
  });
});

describe('the environment of the interpreter check and the server', () => {
  it('keeps the rest of the environment and says the import strategy', () => {
    const env = serverEnvironment({ PATH: '/bin', HOME: '/h' }, 'fromEnvironment', { dir: '/s/pycache', libsWritable: true });
    assert.deepEqual(env, { PATH: '/bin', HOME: '/h', PYTHONUNBUFFERED: '1', PYTHONIOENCODING: 'utf-8', PTO_LSP_IMPORT_STRATEGY: 'fromEnvironment' });
  });

  it('keeps each version\'s bytecode in a folder of its own and deletes the other versions\'', () => {
    const { dir, stale } = bytecodeFolders('/s', '0.2.0', ['0.1.0', '0.2.0', 'usr']);
    assert.equal(dir, path.join('/s', 'pycache', '0.2.0'));
    assert.deepEqual(stale, [path.join('/s', 'pycache', '0.1.0'), path.join('/s', 'pycache', 'usr')]);
    assert.deepEqual(bytecodeFolders('/s', '0.2.0').stale, []);
    assert.equal(bytecodeFolders('/s', '').dir, path.join('/s', 'pycache', 'unknown'));
  });

  it('keeps bytecode in our folder where Python would not keep it beside the bundle', () => {
    const told = serverEnvironment({ PATH: '/bin', PYTHONDONTWRITEBYTECODE: '1' }, 'useBundled', { dir: '/s/pycache', libsWritable: true });
    assert.equal(told.PYTHONPYCACHEPREFIX, '/s/pycache');
    assert.equal('PYTHONDONTWRITEBYTECODE' in told, false);
    const readOnly = serverEnvironment({ PATH: '/bin' }, 'useBundled', { dir: '/s/pycache', libsWritable: false });
    assert.equal(readOnly.PYTHONPYCACHEPREFIX, '/s/pycache');
  });

  it('the bundled server\'s bytecode is kept in our folder, even where PYTHONDONTWRITEBYTECODE is set', (t) => {
    const launcher = path.join(__dirname, '..', '..', ...LAUNCHER);
    if (!existsSync(path.join(__dirname, '..', '..', 'bundled', 'libs', 'pto_lsp', '__init__.py')) && !process.env.CI) {
      t.skip('bundled/libs is empty: run `npm run bundle` first');
      return;
    }
    const storage = mkdtempSync(path.join(tmpdir(), 'pto-lsp-pycache-'));
    try {
      const env = serverEnvironment({ ...process.env, PYTHONDONTWRITEBYTECODE: '1' }, 'useBundled', { dir: storage, libsWritable: true });
      const out = execFileSync('python3', [launcher, '--probe'], { encoding: 'utf-8', env });
      assert.equal(JSON.parse(out).from, 'bundled', out);
      const compiled = (readdirSync(storage, { recursive: true }) as string[]).filter((f) => f.endsWith('.pyc'));
      assert.ok(compiled.some((f) => f.includes(path.join('libs', 'pto_lsp', 'cli'))), compiled.join('\n'));
    } finally {
      rmSync(storage, { recursive: true, force: true });
    }
  });
});

describe('the interpreter check, kept between starts', () => {
  const py = ['/usr/bin/python3'];
  const bundled: ProbeContext = { source: 'setting', bundled: true, strategy: 'useBundled', pythonExtension: false };
  const good = { exitCode: 0, stdout: '{"python": "3.11.4", "pto_lsp": "0.1.0", "from": "bundled"}\n' };

  it('keeps a check that lets the server start, and nothing else', () => {
    assert.equal(keepProbe(py, good, bundled), true);
    assert.equal(keepProbe(py, { spawnError: 'ENOENT' }, bundled), false);
    assert.equal(keepProbe(py, { exitCode: 0, stdout: '{"python": "3.8.10"}\n' }, bundled), false);
    assert.equal(keepProbe(py, { exitCode: 0, stdout: '{"python": "3.11.4", "error": "ImportError: x"}\n' }, bundled), false);
    assert.equal(keepProbe(py, { exitCode: 1, stdout: '' }, bundled), false);
  });

  it('checks again when the command, strategy, extension or interpreter file changed', () => {
    const key = probeKey([...py, 'launch.py', '--probe'], 'useBundled', '0.1.0', '/usr/bin/python3:100:1');
    assert.equal(key, probeKey([...py, 'launch.py', '--probe'], 'useBundled', '0.1.0', '/usr/bin/python3:100:1'));
    const others = [
      probeKey(['/opt/python3', 'launch.py', '--probe'], 'useBundled', '0.1.0', '/usr/bin/python3:100:1'),
      probeKey([...py, 'launch.py', '--probe'], 'fromEnvironment', '0.1.0', '/usr/bin/python3:100:1'),
      probeKey([...py, 'launch.py', '--probe'], 'useBundled', '0.2.0', '/usr/bin/python3:100:1'),
      probeKey([...py, 'launch.py', '--probe'], 'useBundled', '0.1.0', '/usr/bin/python3:100:2'),
    ];
    assert.equal(new Set([key, ...others]).size, 5);
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
  it('are named after the kernel and the pass, in languages of their own (.pto-ir, .pto.mlir)', () => {
    assert.equal(irDocumentPath('/w/examples/bypass_matmul.py', { pass: 'OutlineIncoreScopes' }), '/bypass_matmul.after-OutlineIncoreScopes.pto-ir');
    assert.equal(irDocumentPath('/w/k.py', { pass: '9 odd/name' }), '/k.after-9_odd_name.pto-ir');
    assert.equal(irDocumentPath('C:\\w\\k.py', 'mlir'), '/k.pto.mlir');
  });
  it('keep Show IR, Show PTO MLIR and the memory view working while an IR view has the focus', () => {
    const kernel = 'file:///w/k.py';
    // from the kernel itself
    assert.equal(kernelSourceOf({ scheme: 'file', uri: kernel, query: '', languageId: 'python' }), kernel);
    // from its IR view: the kernel the view was made from (the view's query)
    assert.equal(kernelSourceOf({ scheme: IR_SCHEME, uri: `${IR_SCHEME}:/k.pto.mlir?x`, query: kernel, languageId: 'pto-mlir' }), kernel);
    // from anything else: no kernel
    assert.equal(kernelSourceOf({ scheme: 'file', uri: 'file:///w/notes.md', query: '', languageId: 'markdown' }), undefined);
    assert.equal(kernelSourceOf(undefined), undefined);
    // and the command palette offers them there (their when-clauses)
    const manifest = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf-8'));
    const when = new Map<string, string>(manifest.contributes.menus.commandPalette.map((m: { command: string; when: string }) => [m.command, m.when]));
    for (const command of ['ptoLsp.showIR', 'ptoLsp.showMLIR', 'ptoLsp.showMemory']) {
      assert.match(when.get(command) ?? '', /resourceScheme == pto-ir/, command);
      assert.match(when.get(command) ?? '', /editorLangId == python/, command);
    }
    assert.ok(manifest.contributes.commands.some((c: { command: string }) => c.command === 'ptoLsp.showMemory'));
  });
  it('reuse the column an IR view is in: of the same kernel first, else any', () => {
    const place = (scheme: string, query: string, column: number, uri = `${scheme}:/${query}/${column}`) => ({
      scheme,
      query,
      uri,
      column,
    });
    const kernel = 'file:///w/k.py';
    assert.equal(irViewColumn([place('file', '', 1)], kernel), undefined);
    assert.equal(irViewColumn([place('file', '', 1), place(IR_SCHEME, 'file:///w/other.py', 3)], kernel), 3);
    assert.equal(
      irViewColumn([place(IR_SCHEME, 'file:///w/other.py', 3), place(IR_SCHEME, kernel, 2), place('file', '', 1)], kernel),
      2,
    );
  });
  it("replace the kernel's other IR views in that column, not the shown one nor another kernel's", () => {
    const kernel = 'file:///w/k.py';
    const tabs = [
      { scheme: IR_SCHEME, query: kernel, uri: 'pto-ir:/k.after-parse.pto-ir', column: 2 },
      { scheme: IR_SCHEME, query: kernel, uri: 'pto-ir:/k.pto.mlir', column: 2 },
      { scheme: IR_SCHEME, query: kernel, uri: 'pto-ir:/k.after-4.pto-ir', column: 3 },
      { scheme: IR_SCHEME, query: 'file:///w/other.py', uri: 'pto-ir:/other.pto.mlir', column: 2 },
      { scheme: 'file', query: '', uri: kernel, column: 2 },
    ];
    assert.deepEqual(
      replacedIrTabs(tabs, 'pto-ir:/k.pto.mlir', kernel, 2).map((tab) => tab.uri),
      ['pto-ir:/k.after-parse.pto-ir'],
    );
  });
  it("offer the server's passes, and a typed one first", () => {
    const passes = passesFromServer([
      { number: null, name: 'parse' },
      { number: 4, name: 'ConvertToSSA' },
      { number: 9, name: 'OutlineIncoreScopes' },
    ]);
    assert.deepEqual(passes, [
      { name: 'parse', detail: 'as parsed, before any pass' },
      { name: 'ConvertToSSA', detail: 'pass 4' },
      { name: 'OutlineIncoreScopes', detail: 'pass 9' },
    ]);
    const known = passes ?? [];
    assert.equal(passChoices('', known)[0].name, 'parse');
    assert.deepEqual(passChoices('  FlattenCallExpr ', known)[0], { name: 'FlattenCallExpr', detail: 'as typed' });
    assert.equal(passChoices('9', known)[0].name, '9');
    assert.equal(passChoices('convertToSSA', known).length, known.length);
  });
  it('refuse a passes answer that is not a list of passes (no list of its own to fall back on)', () => {
    assert.equal(passesFromServer(null), undefined);
    assert.equal(passesFromServer([]), undefined);
    assert.equal(passesFromServer([{ name: 'parse' }]), undefined);
    assert.equal(passesFromServer([{ number: '4', name: 'ConvertToSSA' }]), undefined);
    assert.equal(passesFromServer({ passes: [] }), undefined);
  });
  it('take the text from the command answer', () => {
    assert.equal(commandText('# pypto.program: X\n'), '# pypto.program: X\n');
    assert.equal(commandText({ text: 'module {}' }), 'module {}');
    assert.equal(commandText(null), undefined);
    assert.equal(commandText(42), undefined);
  });
});

describe('the pypto check status', () => {
  const base = { uri: 'file:///w/k.py', pyptoVersion: '0.3.1', seconds: null, message: '' };

  it('says that a check runs, and with which pypto', () => {
    const shown = pyptoStatusText({ ...base, state: 'running' });
    assert.match(shown.text, /sync~spin/);
    assert.match(shown.text, /pypto 0\.3\.1/);
  });

  it('says how long a finished check took', () => {
    const shown = pyptoStatusText({ ...base, state: 'done', seconds: 2.345, message: '3 diagnostic(s)' });
    assert.equal(shown.text, '$(check) pypto 0.3.1 2.3 s');
    assert.match(shown.tooltip, /k\.py: checked with pypto 0\.3\.1 in 2\.3 s: 3 diagnostic\(s\)/);
  });

  it('says why a check did not finish', () => {
    const shown = pyptoStatusText({ ...base, pyptoVersion: '', state: 'unavailable', message: 'cannot import pypto.language' });
    assert.equal(shown.text, '$(warning) pypto');
    assert.match(shown.tooltip, /cannot import pypto\.language/);
  });
});
