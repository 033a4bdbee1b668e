// Settings -> the server's and the reports' command lines (plain Node:
// node --test out/test/).
import { strict as assert } from 'assert';
import { test } from 'node:test';

import { defaults, optionNames, readSettings, reportArgs, resolvePath, resolveProgram, serverArgs } from '../settings';

test('the defaults start a bare server', () => {
  assert.deepEqual(serverArgs(defaults, '/ws'), ['lsp']);
});

test('each setting becomes its lsp option', () => {
  const s = readSettings(k => ({
    compileCommandsDir: 'build', arch: 'sm_80, sm_90', gpu: 'H100-SXM',
    configFile: '${workspaceFolder}/lint.yaml', checks: '-*, cuda-occupancy-*',
    resourceUsage: 'none', cudaPath: '/opt/cuda', inlayHints: true,
  } as Record<string, unknown>)[k]);
  assert.deepEqual(serverArgs(s, '/ws'), [
    'lsp', '--compile-commands-dir=/ws/build', '--arch=sm_80,sm_90', '--gpu=H100-SXM',
    '--config=/ws/lint.yaml', '--checks=-*,cuda-occupancy-*', '--resource-usage=none',
    '--cuda-path=/opt/cuda', '--inlay-hints',
  ]);
  assert.deepEqual(optionNames(serverArgs(s, '/ws').slice(1)), [
    '--compile-commands-dir', '--arch', '--gpu', '--config', '--checks', '--resource-usage',
    '--cuda-path', '--inlay-hints',
  ]);
});

test('auto resource usage is the default and not passed', () => {
  const s = readSettings(k => (k === 'resourceUsage' ? 'auto' : undefined));
  assert.deepEqual(serverArgs(s, '/ws'), ['lsp']);
});

test('values of the wrong type and blanks fall back to the defaults', () => {
  const s = readSettings(k => ({ path: '  ', arch: 80, inlayHints: 'yes' } as Record<string, unknown>)[k]);
  assert.equal(s.path, 'cuda-launch-lint');
  assert.equal(s.arch, '');
  assert.equal(s.inlayHints, false);
});

test('the reports run the lint with the database, else the fallback flags', () => {
  const s = { ...defaults, arch: 'sm_80', checks: 'cuda-*' };
  assert.deepEqual(reportArgs(s, '/ws/k.cu', '/ws/build', 'html', '/ws'),
    ['--format=html', '--arch=sm_80', '--checks=cuda-*', '-p', '/ws/build', '/ws/k.cu']);
  assert.deepEqual(reportArgs(s, '/ws/k.cu', undefined, 'json', '/ws'),
    ['--format=json', '--arch=sm_80', '--checks=cuda-*', '/ws/k.cu', '--']);
  // No lsp-only option reaches the lint.
  const l = { ...defaults, inlayHints: true, compileCommandsDir: 'build' };
  assert.deepEqual(reportArgs(l, '/ws/k.cu', '/ws/build', 'json', '/ws'), ['--format=json', '-p', '/ws/build', '/ws/k.cu']);
});

test('paths resolve against the workspace folder and home', () => {
  assert.equal(resolvePath('', '/ws'), '');
  assert.equal(resolvePath('build', '/ws'), '/ws/build');
  assert.equal(resolvePath('/abs/dir/', '/ws'), '/abs/dir/');
  assert.equal(resolvePath('~/cfg.yaml', '/ws', '/home/u'), '/home/u/cfg.yaml');
  assert.equal(resolvePath('${workspaceFolder}/../x', '/ws/a'), '/ws/x');
  assert.equal(resolveProgram('cuda-launch-lint', '/ws'), 'cuda-launch-lint');
  assert.equal(resolveProgram('bin/cuda-launch-lint', '/ws'), '/ws/bin/cuda-launch-lint');
  assert.equal(resolveProgram('~/.local/bin/cuda-launch-lint', '/ws', '/home/u'), '/home/u/.local/bin/cuda-launch-lint');
});
