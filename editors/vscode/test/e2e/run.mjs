// The extension in a real VS Code: code-server (the VS Code workbench in a
// browser) with the .vsix installed, a small nvcc project with its compile
// database, and Debian's Chromium driven through Playwright. Checks:
//   1. the Problems panel shows the project's findings;
//   2. a hover on a launch shows its occupancy per arch;
//   3. a code action (the __launch_bounds__ fix-it) applies, and after the
//      save the finding goes;
//   4. the status bar counts the launches not fully checked, and a click
//      lists them;
//   5. the occupancy report of the launch at the cursor and the file's HTML
//      report open in webviews.
// Screenshots go to $OUT/screenshots. Run by run-test.sh (CTest), which
// finds the tools; every wait is bounded and a failed check says what the
// page showed.
//
// node run.mjs  (env: E2E_TOOLS, E2E_NODE, E2E_VSIX, E2E_LINT, E2E_OUT,
//                E2E_CUDA_PATH, E2E_CHROMIUM)

import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as net from 'node:net';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = name => {
  const v = process.env[name];
  if (!v) throw new Error(`run.mjs: ${name} is not set`);
  return v;
};
const tools = env('E2E_TOOLS');
const node = env('E2E_NODE');
const vsix = env('E2E_VSIX');
const lint = env('E2E_LINT');
const out = env('E2E_OUT');
const cudaPath = env('E2E_CUDA_PATH');
const chromiumPath = process.env.E2E_CHROMIUM || '/usr/bin/chromium';
const require = createRequire(path.join(tools, 'tools', 'package.json'));
const { chromium } = require('playwright-core');

const shots = path.join(out, 'screenshots');
const project = path.join(out, 'project');
const results = [];
const log = s => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${s}`);
const t0 = Date.now();
let failed = 0;
function check(name, ok, detail = '') {
  results.push({ name, ok, detail });
  if (!ok) failed++;
  log(`${ok ? 'PASS' : 'FAIL'}: ${name}${detail ? ` (${detail})` : ''}`);
}

// --- The project: the kernels and a compile database as CMake writes it
// for nvcc (two target archs, so that the hover has two rows).
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(path.join(project, 'build'), { recursive: true });
fs.mkdirSync(shots, { recursive: true });
fs.copyFileSync(path.join(here, 'project', 'kernels.cu'), path.join(project, 'kernels.cu'));
const nvcc = path.join(cudaPath, 'bin', 'nvcc');
fs.writeFileSync(path.join(project, 'build', 'compile_commands.json'), JSON.stringify([{
  directory: path.join(project, 'build'),
  command: [nvcc, '-forward-unknown-to-host-compiler', '-O3',
    '--generate-code=arch=compute_80,code=[compute_80,sm_80]',
    '--generate-code=arch=compute_90,code=[compute_90,sm_90]',
    '-x', 'cu', '-c', path.join(project, 'kernels.cu'), '-o', 'CMakeFiles/demo.dir/kernels.cu.o'].join(' '),
  file: path.join(project, 'kernels.cu'),
  output: 'CMakeFiles/demo.dir/kernels.cu.o',
}], null, 2));
const source = fs.readFileSync(path.join(project, 'kernels.cu'), 'utf8').split('\n');
const lineOf = text => source.findIndex(l => l.includes(text)) + 1;
const stencilLine = lineOf('stencil<48><<<');
const stencilColumn = source[stencilLine - 1].indexOf('stencil') + 1;

// --- code-server with the extension, its own user data and extensions.
const userData = path.join(out, 'user-data');
const extensions = path.join(out, 'extensions');
// The user's settings, and the same as the remote machine's: code-server's
// extension host is a remote one, where a machine-scoped setting
// (cudaLaunchLint.path) is read from the machine's settings.
const settings = JSON.stringify({
  'cudaLaunchLint.path': lint,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'security.workspace.trust.enabled': false,
  'extensions.ignoreRecommendations': true,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'editor.hover.delay': 200,
  'editor.hover.above': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'editor.minimap.enabled': false,
  'window.commandCenter': false,
  'chat.disableAIFeatures': true,
  'chat.commandCenter.enabled': false,
}, null, 2);
for (const scope of ['User', 'Machine']) {
  fs.mkdirSync(path.join(userData, scope), { recursive: true });
  fs.writeFileSync(path.join(userData, scope, 'settings.json'), settings);
}
const entry = path.join(tools, 'tools', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const childEnv = {
  ...process.env,
  PATH: `${path.dirname(node)}:${process.env.PATH}`,
  CUDA_PATH: cudaPath,
  XDG_CACHE_HOME: path.join(out, 'cache'),
  XDG_DATA_HOME: path.join(out, 'data'),
  XDG_CONFIG_HOME: path.join(out, 'config'),
};
const csArgs = ['--user-data-dir', userData, '--extensions-dir', extensions];
log(`installing ${vsix}`);
const inst = spawnSync(node, [entry, ...csArgs, '--install-extension', vsix], { env: childEnv, encoding: 'utf8' });
check('the .vsix installs into code-server', inst.status === 0 && /successfully installed/i.test(inst.stdout + inst.stderr),
  (inst.stdout + inst.stderr).trim().split('\n').pop());
if (inst.status !== 0) {
  fs.writeFileSync(path.join(out, 'results.json'), JSON.stringify(results, null, 2));
  process.exit(1);
}

const port = await new Promise(resolve => {
  const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
});
const serverLog = fs.openSync(path.join(out, 'code-server.log'), 'w');
const server = spawn(node, [entry, ...csArgs, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`,
  '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
  '--disable-getting-started-override', project],
{ env: childEnv, stdio: ['ignore', serverLog, serverLog] });
const stopServer = () => { try { server.kill('SIGTERM'); } catch { /* gone */ } };
process.on('exit', stopServer);
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => { stopServer(); process.exit(1); });

async function until(what, seconds, probe) {
  const end = Date.now() + seconds * 1000;
  let last;
  while (Date.now() < end) {
    try {
      last = await probe();
      if (last) return last;
    } catch (e) { last = String(e); }
    await new Promise(r => setTimeout(r, 500));
  }
  log(`gave up waiting for ${what} after ${seconds} s`);
  return undefined;
}

await until('code-server to listen', 60, () => new Promise(resolve => {
  const c = net.connect(port, '127.0.0.1', () => { c.end(); resolve(true); });
  c.on('error', () => resolve(false));
}));

// --- Chromium (Debian's), with a fresh profile.
const profile = path.join(out, 'chromium-profile');
const context = await chromium.launchPersistentContext(profile, {
  executablePath: chromiumPath,
  headless: true,
  viewport: { width: 1500, height: 950 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = context.pages()[0] ?? await context.newPage();
page.setDefaultTimeout(30000);

async function finishWith(code) {
  fs.writeFileSync(path.join(out, 'results.json'), JSON.stringify(results, null, 2));
  try { await page.screenshot({ path: path.join(shots, 'last.png') }); } catch { /* closed */ }
  await context.close().catch(() => undefined);
  stopServer();
  log(`${results.length - failed} of ${results.length} checks passed; screenshots in ${shots}`);
  process.exit(code);
}
function finish() { return finishWith(failed ? 1 : 0); }

const text = async sel => (await page.locator(sel).allInnerTexts()).join('\n');
// A command by its title (the first one of `titles` this VS Code has).
async function palette(...titles) {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  for (const [i, title] of titles.entries()) {
    await input.fill(`>${title}`);
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    try {
      await row.waitFor({ timeout: i + 1 < titles.length ? 5000 : 30000 });
    } catch (e) {
      if (i + 1 < titles.length) continue;
      throw e;
    }
    await page.keyboard.press('Enter');
    return;
  }
}
async function goTo(line, column) {
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`:${line}:${column}`);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
}

try {
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(project)}`);
  await page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout: 120000 });
  log('workbench loaded');

  // Open kernels.cu with Quick Open.
  await page.locator('.monaco-workbench').click({ position: { x: 700, y: 400 } }).catch(() => undefined);
  await page.keyboard.press('Control+P');
  const quick = page.locator('.quick-input-widget input');
  await quick.waitFor({ state: 'visible' });
  await quick.fill('kernels.cu');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'kernels.cu' }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.editor-instance .view-lines').first().waitFor();
  const tab = (await text('.tabs-container .tab.active')).replace(/\s+/g, '');
  const mode = (await text('.part.statusbar').catch(() => '')).match(/CUDA C\+\+/)?.[0] ?? '';
  check('kernels.cu opens as a CUDA editor', /kernels\.cu/.test(tab) && /CUDA/.test(mode), `${tab}, ${mode.trim()}`);

  // The extension found the program and started the server: its status
  // item is the count, not the error one (whose tooltip says why).
  const started = await until('the extension to start the server', 60, async () => {
    const t = await text('.part.statusbar');
    return /not fully checked|launches checked/.test(t) ? 'count' :
      /cuda-launch-lint/.test(t) ? 'error' : undefined;
  });
  if (started !== 'count') {
    const why = await page.locator('.statusbar-item', { hasText: 'cuda-launch-lint' }).first()
      .getAttribute('aria-label').catch(() => '');
    check('the extension starts the server', false, `${started ?? 'no status item'}: ${why ?? ''}`);
    await finish();
  }
  check('the extension starts the server', true);

  // 1. Problems: the front-end finding at once, the register-based one
  // after the device compile (nvcc, two archs).
  await page.keyboard.press('Control+Shift+M');
  const problems = await until('the Problems panel to show both findings', 300, async () => {
    const t = await text('.markers-panel');
    return /cuda-occupancy-limited/.test(t) && /cuda-block-size-invalid/.test(t) ? t : undefined;
  });
  const panelText = problems ?? await text('.markers-panel').catch(() => '');
  check('Problems shows cuda-block-size-invalid (1536 threads on line ' + lineOf('zero<<<64, 1536>>>') + ')',
    /block dimension x = 1536 exceeds the maximum of 1024/.test(panelText) && /cuda-block-size-invalid/.test(panelText),
    panelText.replace(/\s+/g, ' ').slice(0, 300));
  check('Problems shows cuda-occupancy-limited (registers, after the device compile)',
    /cuda-occupancy-limited/.test(panelText) && /occupancy of 'stencil<48>'/.test(panelText),
    panelText.replace(/\s+/g, ' ').slice(0, 300));
  check('Problems shows the launch not fully checked',
    /launch of 'zero' not fully checked: grid size read at run time/.test(panelText));
  await page.locator('.part.panel').screenshot({ path: path.join(shots, 'problems-panel.png') });
  await page.screenshot({ path: path.join(shots, 'problems-window.png') });

  // 4. The status bar: one launch not fully checked; a click lists it.
  const item = page.locator('.statusbar-item', { hasText: /not fully checked/ });
  const status = await until('the status bar count', 60, async () => {
    const t = await item.first().innerText();
    return /1 launch not fully checked/.test(t) ? t : undefined;
  });
  check('the status bar counts 1 launch not fully checked', Boolean(status), status ?? await text('.part.statusbar'));
  await page.locator('.part.statusbar').screenshot({ path: path.join(shots, 'status-bar.png') });
  if (status) {
    await item.first().click();
    const listed = await until('the list of launches not fully checked', 20, async () => {
      const t = await text('.quick-input-widget');
      return /line \d+/.test(t) ? t : undefined;
    });
    check('a click on it lists that launch', Boolean(listed) && listed.includes(`line ${lineOf('zero<<<n / 128')}`),
      (listed ?? '').replace(/\s+/g, ' ').slice(0, 200));
    await page.screenshot({ path: path.join(shots, 'unchecked-list.png') });
    await page.keyboard.press('Escape');
  }

  // 2. Hover on the stencil launch: its values and the occupancy per arch
  // (on its arguments, away from the finding's range, so that the hover is
  // the server's alone; the panel closed to give it room).
  await palette('View: Hide Panel', 'View: Close Panel');
  await page.locator('.editor-instance .view-lines').first().click();
  await goTo(stencilLine, source[stencilLine - 1].indexOf('steps') + 2);
  await palette('Show or Focus Hover');
  const hover = await until('the hover with occupancy', 60, async () => {
    const t = await text('.monaco-hover:visible');
    return /occupancy per arch/.test(t) ? t : undefined;
  });
  const hoverText = hover ?? await text('.monaco-hover').catch(() => '');
  check('the hover shows the launch and its block size', /launch of .?stencil<48>/.test(hoverText) && /block\.x = 256/.test(hoverText),
    hoverText.replace(/\s+/g, ' ').slice(0, 300));
  check('the hover shows the occupancy on sm_80 and sm_90',
    /sm_80, 256 threads: \d+ blocks\/SM/.test(hoverText) && /sm_90, 256 threads: \d+ blocks\/SM/.test(hoverText),
    hoverText.replace(/\s+/g, ' ').slice(0, 400));
  const hoverBox = await page.locator('.monaco-hover:visible').first().boundingBox().catch(() => null);
  await page.screenshot({ path: path.join(shots, 'hover.png') });
  if (hoverBox) {
    await page.screenshot({ path: path.join(shots, 'hover-crop.png'), clip: {
      x: Math.max(0, hoverBox.x - 10), y: Math.max(0, hoverBox.y - 40),
      width: Math.min(1500 - Math.max(0, hoverBox.x - 10), hoverBox.width + 20),
      height: Math.min(950 - Math.max(0, hoverBox.y - 40), hoverBox.height + 80) } });
  }
  // The hover scrolls: its end, the occupancy of each arch, in a second shot.
  if (hoverBox) {
    await page.mouse.move(hoverBox.x + hoverBox.width / 2, hoverBox.y + hoverBox.height / 2);
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(shots, 'hover-occupancy.png') });
  }
  await page.keyboard.press('Escape');

  // 5a. The occupancy report of the launch at the cursor (a webview).
  await goTo(stencilLine, stencilColumn + 2);
  await palette('Show the Occupancy Report of the Launch at the Cursor');
  const frameText = async pattern => {
    for (const f of page.frames()) {
      if (f === page.mainFrame()) continue; // webviews are frames of their own
      const t = await f.evaluate(() => document.body ? document.body.innerText : '').catch(() => '');
      if (pattern.test(t)) return t;
    }
    return undefined;
  };
  const occReport = await until('the occupancy report webview', 120, () => frameText(/Occupancy of the launch of/));
  check('the occupancy report opens with a row per arch',
    Boolean(occReport) && /sm_80/.test(occReport) && /sm_90/.test(occReport) && /registers/.test(occReport),
    (occReport ?? '').replace(/\s+/g, ' ').slice(0, 300));
  await page.screenshot({ path: path.join(shots, 'occupancy-report.png') });

  // 5b. The HTML report of the file (a webview).
  await page.locator('.editor-instance .view-lines').first().click();
  await palette('Show the HTML Report of This File');
  const htmlReport = await until('the HTML report webview', 120, () => frameText(/cuda-block-size-invalid/));
  check('the HTML report of the file opens', Boolean(htmlReport), (htmlReport ?? '').replace(/\s+/g, ' ').slice(0, 200));
  await page.screenshot({ path: path.join(shots, 'html-report.png') });
  await palette('View: Close All Editor Groups').catch(() => undefined);
  await page.keyboard.press('Control+P');
  await quick.waitFor({ state: 'visible' });
  await quick.fill('kernels.cu');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'kernels.cu' }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.editor-instance .view-lines').first().waitFor();

  // 3. The light bulb's code action: the __launch_bounds__ fix-it.
  await page.keyboard.press('Control+Shift+M');
  await page.locator('.editor-instance .view-lines').first().click();
  await goTo(stencilLine, stencilColumn + 2);
  // The light bulb of the cursor's line (drawn on a line beside it when
  // the text leaves no room), clicked as a user does.
  const bulb = page.locator('.lightBulbWidget:visible, .codicon-light-bulb:visible, .codicon-lightbulb-autofix:visible').first();
  const bulbShown = await until('the light bulb', 60, async () => (await bulb.count()) > 0);
  check('the light bulb shows on the launch', Boolean(bulbShown));
  if (bulbShown) await bulb.click();
  else await page.keyboard.press('Control+.');
  const fix = page.locator('.action-widget .monaco-list-row', { hasText: 'Apply the fix-it of cuda-occupancy-limited' });
  const shown = await until('the quick fix menu', 60, async () => (await fix.count()) > 0);
  const menu = await text('.action-widget').catch(() => '');
  check('the light bulb offers the fix-it and the NOLINT suppression',
    Boolean(shown) && /Suppress cuda-occupancy-limited on this line \(NOLINT\)/.test(menu), menu.replace(/\s+/g, ' ').slice(0, 300));
  await page.screenshot({ path: path.join(shots, 'code-actions.png') });
  if (shown) {
    await fix.first().click();
    await page.keyboard.press('Control+S');
    const saved = await until('the fix-it in the saved file', 30, () => {
      const t = fs.readFileSync(path.join(project, 'kernels.cu'), 'utf8');
      return /__launch_bounds__\(256, \d+\)/.test(t) ? t : undefined;
    });
    const line = (saved ?? '').split('\n').find(l => /__launch_bounds__\(256, \d+\)/.test(l)) ?? '';
    check('the fix-it applies: __launch_bounds__(256, N) on the stencil', Boolean(saved), line.trim());
    // The save refreshes the device facts: the finding goes.
    const gone = await until('cuda-occupancy-limited to go', 300, async () => {
      const t = await text('.markers-panel');
      return !/cuda-occupancy-limited/.test(t) && /cuda-block-size-invalid/.test(t) ? t : undefined;
    });
    check('after the save, cuda-occupancy-limited is gone and cuda-block-size-invalid stays', Boolean(gone));
    await page.screenshot({ path: path.join(shots, 'after-fix.png') });
  }
} catch (e) {
  check('the test ran to its end', false, String(e && e.stack || e).split('\n').slice(0, 3).join(' | '));
}
await finish();
