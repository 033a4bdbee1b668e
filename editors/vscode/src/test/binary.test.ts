// The binary check: missing, not runnable, not cuda-launch-lint, too old
// (by version, without lsp, without an option the settings need), fine.
import { strict as assert } from 'assert';
import { test } from 'node:test';

import { checkBinary, compareVersions, helpOptions, parseVersion, RunResult, Runner } from '../binary';

const lspHelp = `cuda-launch-lint lsp: a language server over stdio (docs/editors.md).

  --compile-commands-dir=DIR  the directory of compile_commands.json
  --resource-usage=MODE       auto|nvcc|clang|none|objects|<file>, as lint
  --arch=sm_80,sm_90          target archs (default: config, else commands)
  --config=FILE               the config file for every file
  --checks=GLOBS, --gpu=PRESET, --cuda-path=DIR, --cache-dir=DIR, --no-cache
  --inlay-hints               threads per block and occupancy at each launch
`;

function fake(answers: Record<string, RunResult>): Runner & { calls: string[][] } {
  const calls: string[][] = [];
  const run = (async (_p: string, args: string[]) => {
    calls.push(args);
    return answers[args.join(' ')] ?? { code: 2, stdout: '', stderr: 'unknown' };
  }) as Runner & { calls: string[][] };
  run.calls = calls;
  return run;
}

const ok = (stdout: string): RunResult => ({ code: 0, stdout, stderr: '' });

test('versions are read from --version', () => {
  assert.deepEqual(parseVersion('cuda-launch-lint 0.1.0\n'), [0, 1, 0]);
  assert.deepEqual(parseVersion('cuda-launch-lint version 1.12.3'), [1, 12, 3]);
  assert.equal(parseVersion('clangd version 19.1.7'), undefined);
  assert.ok(compareVersions([0, 1, 0], [0, 0, 9]) > 0);
  assert.ok(compareVersions([0, 9, 9], [1, 0, 0]) < 0);
  assert.equal(compareVersions([0, 1, 0], [0, 1, 0]), 0);
});

test('the options lsp --help lists', () => {
  const o = helpOptions(lspHelp);
  for (const n of ['--arch', '--gpu', '--checks', '--config', '--cuda-path', '--inlay-hints', '--compile-commands-dir']) {
    assert.ok(o.has(n), n);
  }
  assert.ok(!o.has('--frobnicate'));
});

test('a current binary passes', async () => {
  const run = fake({ '--version': ok('cuda-launch-lint 0.1.0\n'), 'lsp --help': ok(lspHelp) });
  assert.deepEqual(await checkBinary('cuda-launch-lint', ['--arch', '--config'], run), { ok: true, version: '0.1.0' });
  assert.deepEqual(run.calls, [['--version'], ['lsp', '--help']]);
});

test('a missing binary: one message with what to install', async () => {
  const r = await checkBinary('/nope/cuda-launch-lint', [], fake({ '--version': { code: null, stdout: '', stderr: '', error: 'ENOENT' } }));
  assert.equal(r.ok, false);
  if (r.ok) return;
  assert.equal(r.problem, 'missing');
  assert.match(r.message, /"\/nope\/cuda-launch-lint" was not found/);
  assert.match(r.message, /Install cuda-launch-lint 0\.1\.0 or newer/);
  assert.match(r.message, /cudaLaunchLint\.path/);
});

test('a program that cannot run', async () => {
  const r = await checkBinary('x', [], fake({ '--version': { code: null, stdout: '', stderr: '', error: 'EACCES' } }));
  assert.ok(!r.ok && r.problem === 'not-runnable' && /EACCES/.test(r.message));
});

test('another program under the name', async () => {
  const r = await checkBinary('clangd', [], fake({ '--version': ok('clangd version 19.1.7\n') }));
  assert.ok(!r.ok && r.problem === 'not-cuda-launch-lint' && /it said "clangd version 19\.1\.7"/.test(r.message));
});

test('too old: by version, without lsp, without an option the settings need', async () => {
  let r = await checkBinary('c', [], fake({ '--version': ok('cuda-launch-lint 0.0.9\n') }));
  assert.ok(!r.ok && r.problem === 'too-old' && /version 0\.0\.9, older than 0\.1\.0/.test(r.message));
  r = await checkBinary('c', [], fake({ '--version': ok('cuda-launch-lint 0.1.0\n'),
    'lsp --help': { code: 2, stdout: '', stderr: "error: unknown command 'lsp'" } }));
  assert.ok(!r.ok && r.problem === 'too-old' && /has no language server/.test(r.message));
  const older = lspHelp.replace(/ *--config=FILE.*\n/, '');
  r = await checkBinary('c', ['--arch', '--config'], fake({ '--version': ok('cuda-launch-lint 0.1.0\n'), 'lsp --help': ok(older) }));
  assert.ok(!r.ok && r.problem === 'too-old' && /has no --config\./.test(r.message), JSON.stringify(r));
});

test('the real runner reports a missing program as ENOENT', async () => {
  const { runProgram } = await import('../binary');
  const r = await runProgram('/nonexistent/cuda-launch-lint', ['--version']);
  assert.equal(r.error, 'ENOENT');
  const t = await runProgram(process.execPath, ['-e', 'process.stdout.write("cuda-launch-lint 9.9.9"); process.exit(3)']);
  assert.deepEqual([t.code, t.stdout], [3, 'cuda-launch-lint 9.9.9']);
});
