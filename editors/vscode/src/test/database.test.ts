// The compile database as the server finds it; the C++ files it builds as
// CUDA or HIP; the launch at the cursor and the occupancy command line.
import { strict as assert } from 'assert';
import { test } from 'node:test';

import { buildsAsGpuCode, findDatabaseDir, gpuBuiltFiles, literalGlob, splitCommand } from '../database';
import { htmlReportForWebview, launchAt, Launch, occupancyArgs, occupancyPage } from '../reports';

test('the database: configured, the file\'s directory or a parent, or a build/ beside one', () => {
  const have = new Set(['/p/build/compile_commands.json', '/p/sub/compile_commands.json']);
  const exists = (p: string) => have.has(p);
  assert.equal(findDatabaseDir('/p/src/deep/k.cu', undefined, exists), '/p/build');
  assert.equal(findDatabaseDir('/p/sub/k.cu', undefined, exists), '/p/sub');
  assert.equal(findDatabaseDir('/q/k.cu', undefined, exists), undefined);
  assert.equal(findDatabaseDir('/q/k.cu', '/p/sub', exists), '/p/sub');
  assert.equal(findDatabaseDir('/p/k.cu', '/elsewhere', exists), undefined);
});

test('commands are split as a shell does', () => {
  assert.deepEqual(splitCommand(`nvcc -DX="a b" 'c d' e\\ f  -c k.cu`), ['nvcc', '-DX=a b', 'c d', 'e f', '-c', 'k.cu']);
  assert.deepEqual(splitCommand(`a "" b`), ['a', '', 'b']);
});

test('which commands build their file as CUDA or HIP', () => {
  assert.ok(buildsAsGpuCode(['/usr/local/cuda/bin/nvcc', '-c', 'k.cpp'], '/p/k.cpp'));
  assert.ok(buildsAsGpuCode(['clang++', '-x', 'cuda', '-c', 'k.cpp'], '/p/k.cpp'));
  assert.ok(buildsAsGpuCode(['nvcc-wrapper', '-x', 'cu', '-c', 'k.cpp'], '/p/k.cpp'));
  assert.ok(buildsAsGpuCode(['clang++', '-xhip', 'k.cpp'], '/p/k.cpp'));
  assert.ok(buildsAsGpuCode(['hipcc', 'k.cpp'], '/p/k.cpp'));
  assert.ok(buildsAsGpuCode(['clang++', '--offload-arch=gfx90a', 'k.cpp'], '/p/k.cpp'));
  assert.ok(!buildsAsGpuCode(['/usr/bin/c++', '-O2', '-c', 'k.cpp'], '/p/k.cpp'));
  assert.ok(!buildsAsGpuCode(['g++', '-x', 'c++', 'k.cpp'], '/p/k.cpp'));
});

test('the C++ files a database builds as CUDA, absolute', () => {
  const db = JSON.stringify([
    { directory: '/p/build', command: '/usr/local/cuda/bin/nvcc -x cu -c ../src/a.cpp -o a.o', file: '../src/a.cpp' },
    { directory: '/p/build', arguments: ['clang++', '-x', 'cuda', '-c', '/p/src/b.cc'], file: '/p/src/b.cc' },
    { directory: '/p/build', command: '/usr/bin/c++ -c ../src/host.cpp', file: '../src/host.cpp' },
    { directory: '/p/build', command: 'nvcc -c ../src/k.cu', file: '../src/k.cu' },
  ]);
  assert.deepEqual(gpuBuiltFiles('/p/build', () => db), ['/p/src/a.cpp', '/p/src/b.cc']);
  assert.deepEqual(gpuBuiltFiles('/p/build', () => 'not json'), []);
  assert.deepEqual(gpuBuiltFiles('/p/build', () => { throw new Error('ENOENT'); }), []);
  assert.equal(literalGlob('/p/a[1]{x}.cpp'), '/p/a[[]1[]][{]x[}].cpp');
});

const launches: Launch[] = [
  { file: '/p/k.cu', line: 5, column: 3, kernel: 'a' },
  { file: '/p/k.cu', line: 5, column: 30, kernel: 'b' },
  { file: '/p/k.cu', line: 9, column: 3, kernel: 'c' },
  { file: '/p/other.cu', line: 7, column: 3, kernel: 'd' },
];

test('the launch at the cursor: the nearest that starts before it on its line', () => {
  assert.equal(launchAt(launches, '/p/k.cu', 5, 1)?.kernel, 'a');
  assert.equal(launchAt(launches, '/p/k.cu', 5, 10)?.kernel, 'a');
  assert.equal(launchAt(launches, '/p/k.cu', 5, 31)?.kernel, 'b');
  assert.equal(launchAt(launches, '/p/k.cu', 9, 40)?.kernel, 'c');
  assert.equal(launchAt(launches, '/p/k.cu', 7, 3), undefined);
});

test('the occupancy calculator\'s command line for an entry', () => {
  assert.deepEqual(occupancyArgs({ arch: 'sm_80', threads: 256, regs: 128, smem: 0, dyn_smem: 1024, carveout: -1, max_dyn_smem: null, barriers: 1 }),
    ['occupancy', '--arch', 'sm_80', '--threads', '256', '--regs', '128', '--smem', '0', '--dyn-smem', '1024', '--barriers', '1']);
  assert.deepEqual(occupancyArgs({ arch: 'sm_90', threads: 128, regs: 32, carveout: 50, max_dyn_smem: 100000 }),
    ['occupancy', '--arch', 'sm_90', '--threads', '128', '--regs', '32', '--max-dyn-smem', '100000', '--carveout', '50']);
  assert.equal(occupancyArgs({ arch: 'gfx90a', threads: 256, regs: 32 }), undefined);
});

test('the occupancy page escapes and lists each arch', () => {
  const html = occupancyPage({ file: '/p/k.cu', line: 5, column: 3, kernel: 'heavy<32>', api: '<<<>>>',
    block: { kind: 'constant', value: 256, x: { kind: 'constant', value: 256 }, y: { kind: 'constant', value: 1 }, z: { kind: 'constant', value: 1 } },
    occupancy: [{ arch: 'sm_80', threads: 256, regs: 128, smem: 0, occupancy: 0.25, active_blocks_per_sm: 2, binding: ['registers'] }] },
  'k.cu', new Map([['sm_80', 'Occupancy: 25% <chart>']]));
  assert.match(html, /heavy&lt;32&gt;/);
  assert.match(html, /<td>sm_80<\/td>/);
  assert.match(html, /<td>25%<\/td>/);
  assert.match(html, /<td>registers<\/td>/);
  assert.match(html, /Occupancy: 25% &lt;chart&gt;/);
  assert.doesNotMatch(html, /<script/);
});

test('the HTML report gets a CSP without scripts', () => {
  const h = htmlReportForWebview('<!DOCTYPE html><html><head><title>r</title></head><body>x</body></html>');
  assert.match(h, /<head><meta http-equiv="Content-Security-Policy" content="default-src 'none'/);
});
