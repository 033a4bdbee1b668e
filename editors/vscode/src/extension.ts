// The VS Code door to cuda-launch-lint: `cuda-launch-lint lsp` for CUDA and
// HIP files (and the C++ files a compile database builds as CUDA), the
// launches not fully checked in the status bar, the occupancy report of the
// launch at the cursor and the file's HTML report in webviews.
//
// Diagnostics, hover and code actions are the server's, shown as VS Code
// shows any language server's (vscode-languageclient). The launches not
// fully checked are the server's information diagnostics with the code
// `cuda-launch-lint-unchecked` (docs/editors.md, "No silent pass").

import * as cp from 'child_process';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { DocumentSelector, LanguageClient, LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';

import { checkBinary, runProgram } from './binary';
import { findDatabaseDir, gpuBuiltFiles, literalGlob } from './database';
import { htmlReportForWebview, launchAt, Launch, occupancyArgs, occupancyPage, page } from './reports';
import { optionNames, readSettings, reportArgs, resolvePath, resolveProgram, serverArgs, Settings } from './settings';

const uncheckedCode = 'cuda-launch-lint-unchecked';

let client: LanguageClient | undefined;
let output: vscode.OutputChannel;
let status: vscode.StatusBarItem;
/** Why there is no server (the binary check's message), when there is none. */
let unavailable: string | undefined;

function workspaceFolder(uri?: vscode.Uri): string | undefined {
  const f = (uri && vscode.workspace.getWorkspaceFolder(uri)) ?? vscode.workspace.workspaceFolders?.[0];
  return f?.uri.fsPath;
}

/** One server for the window: the window's settings (no resource). */
function settings(): Settings {
  const c = vscode.workspace.getConfiguration('cudaLaunchLint');
  return readSettings(k => c.get(k));
}

function program(s: Settings, folder: string | undefined): string {
  return resolveProgram(s.path, folder, os.homedir());
}

function databaseDir(s: Settings, file: string, folder: string | undefined): string | undefined {
  return findDatabaseDir(file, resolvePath(s.compileCommandsDir, folder, os.homedir()) || undefined);
}

/** CUDA and HIP by language or name, and the C++ files the databases build as CUDA. */
function documentSelector(s: Settings, folder: string | undefined): DocumentSelector {
  const selector: DocumentSelector = [
    { scheme: 'file', language: 'cuda-cpp' },
    { scheme: 'file', pattern: '**/*.{cu,cuh,hip}' },
  ];
  const dirs = new Set<string>();
  const configured = resolvePath(s.compileCommandsDir, folder, os.homedir());
  if (configured) dirs.add(configured);
  for (const f of vscode.workspace.workspaceFolders ?? []) {
    const d = findDatabaseDir(path.join(f.uri.fsPath, 'x'), configured || undefined);
    if (d) dirs.add(d);
  }
  for (const d of dirs) {
    for (const file of gpuBuiltFiles(d)) selector.push({ scheme: 'file', pattern: literalGlob(file) });
  }
  return selector;
}

function uncheckedIn(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter(d => {
    const code = typeof d.code === 'object' ? d.code.value : d.code;
    return code === uncheckedCode && d.source === 'cuda-launch-lint';
  });
}

function updateStatus(): void {
  if (unavailable) {
    status.text = '$(error) cuda-launch-lint';
    status.tooltip = unavailable;
    status.command = 'cudaLaunchLint.showWhyUnavailable';
    status.show();
    return;
  }
  const editor = vscode.window.activeTextEditor;
  if (!editor || !client || !vscode.languages.match(client.clientOptions.documentSelector ?? [], editor.document)) {
    status.hide();
    return;
  }
  const n = uncheckedIn(editor.document.uri).length;
  status.text = n ? `$(warning) ${n} launch${n === 1 ? '' : 'es'} not fully checked` : '$(check) launches checked';
  status.tooltip = n
    ? `cuda-launch-lint: ${n} launch${n === 1 ? ' was' : 'es were'} not fully checked in this file (unknown values or no device facts). Click to list them.`
    : 'cuda-launch-lint: every launch of this file was fully checked (so far).';
  status.command = 'cudaLaunchLint.listUncheckedLaunches';
  status.show();
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const folder = workspaceFolder();
  const s = settings();
  const prog = program(s, folder);
  const args = serverArgs(s, folder, os.homedir());
  const check = await checkBinary(prog, optionNames(args.slice(1)), runProgram);
  if (!check.ok) {
    unavailable = check.message;
    output.appendLine(check.message);
    updateStatus();
    const choice = await vscode.window.showErrorMessage(check.message, 'Open Settings');
    if (choice === 'Open Settings') {
      void vscode.commands.executeCommand('workbench.action.openSettings', 'cudaLaunchLint.path');
    }
    return;
  }
  unavailable = undefined;
  output.appendLine(`cuda-launch-lint ${check.version}: ${prog} ${args.join(' ')}`);
  const serverOptions: ServerOptions = { command: prog, args, options: { cwd: folder } };
  const clientOptions: LanguageClientOptions = {
    documentSelector: documentSelector(s, folder),
    diagnosticCollectionName: 'cuda-launch-lint',
    outputChannel: output,
    initializationOptions: { inlayHints: s.inlayHints },
  };
  client = new LanguageClient('cudaLaunchLint', 'cuda-launch-lint', serverOptions, clientOptions);
  await client.start();
  updateStatus();
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) await c.stop().catch(() => undefined);
}

async function restart(context: vscode.ExtensionContext): Promise<void> {
  await stop();
  await start(context);
}

async function listUnchecked(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return;
  const diags = uncheckedIn(editor.document.uri).sort((a, b) => a.range.start.line - b.range.start.line);
  if (!diags.length) {
    void vscode.window.showInformationMessage('cuda-launch-lint: every launch of this file was fully checked.');
    return;
  }
  const picked = await vscode.window.showQuickPick(
    diags.map(d => ({
      label: `line ${d.range.start.line + 1}`,
      description: d.message.replace(/^launch of (.*?) not fully checked: .*/, 'launch of $1'),
      detail: d.message.replace(/^.*? not fully checked: /, ''),
      diagnostic: d,
    })),
    { title: 'cuda-launch-lint: launches not fully checked', matchOnDescription: true, matchOnDetail: true });
  if (picked) {
    editor.selection = new vscode.Selection(picked.diagnostic.range.start, picked.diagnostic.range.start);
    editor.revealRange(picked.diagnostic.range, vscode.TextEditorRevealType.InCenter);
  }
}

/** The lint command on the editor's (saved) file; its stdout, or a shown error. */
async function lintFile(editor: vscode.TextEditor, format: 'html' | 'json'): Promise<string | undefined> {
  const file = editor.document.uri.fsPath;
  const folder = workspaceFolder(editor.document.uri);
  // The server's settings: the same archs, checks and config as the Problems.
  const s = settings();
  const prog = program(s, folder);
  const args = reportArgs(s, file, databaseDir(s, file, folder), format, folder, os.homedir());
  output.appendLine(`report: ${prog} ${args.join(' ')}`);
  const r = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `cuda-launch-lint: analysing ${path.basename(file)}` },
    () => new Promise<{ code: number | null; stdout: string; stderr: string; error?: string }>(resolve => {
      // The lint's exit status is 1 when there is an error finding: the
      // report is still complete. 2 means it could not do its job.
      cp.execFile(prog, args, { cwd: folder, maxBuffer: 64 << 20, timeout: 15 * 60 * 1000 }, (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { code?: number | string }) | null;
        if (e && typeof e.code === 'string') resolve({ code: null, stdout, stderr, error: e.code });
        else resolve({ code: e ? (typeof e.code === 'number' ? e.code : 1) : 0, stdout, stderr });
      });
    }));
  if (r.code === 0 || r.code === 1) {
    if (r.stderr.trim()) output.appendLine(r.stderr.trim());
    return r.stdout;
  }
  const why = r.error ?? (r.stderr.trim().split('\n').pop() || `exit status ${r.code}`);
  void vscode.window.showErrorMessage(`cuda-launch-lint could not report on ${path.basename(file)}: ${why}`);
  return undefined;
}

function showPage(id: string, title: string, html: string): void {
  const panel = vscode.window.createWebviewPanel(id, title, vscode.ViewColumn.Beside,
    { enableScripts: false, enableFindWidget: true });
  panel.webview.html = html;
}

async function occupancyReport(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return;
  const text = await lintFile(editor, 'json');
  if (text === undefined) return;
  let launches: Launch[];
  try {
    launches = JSON.parse(text).launches ?? [];
  } catch (e) {
    void vscode.window.showErrorMessage(`cuda-launch-lint: its JSON report cannot be read: ${e}`);
    return;
  }
  const file = editor.document.uri.fsPath;
  const pos = editor.selection.active;
  const l = launchAt(launches, file, pos.line + 1, pos.character + 1);
  if (!l) {
    void vscode.window.showInformationMessage(`cuda-launch-lint: no kernel launch on line ${pos.line + 1}` +
      (editor.document.isDirty ? ' of the saved file (save it first)' : '') + '.');
    return;
  }
  const s = settings();
  const prog = program(s, workspaceFolder(editor.document.uri));
  const reports = new Map<string, string>();
  for (const e of l.occupancy ?? []) {
    const args = occupancyArgs(e);
    if (!args) continue;
    const r = await runProgram(prog, args);
    if (r.code === 0) reports.set(e.arch, r.stdout.trimEnd());
  }
  const note = editor.document.isDirty ? 'From the saved file: the buffer has unsaved changes.' : undefined;
  const label = vscode.workspace.asRelativePath(editor.document.uri);
  showPage('cudaLaunchLint.occupancy', `Occupancy: ${l.kernel ?? 'launch'} (line ${l.line})`,
    occupancyPage(l, label, reports, note));
}

async function htmlReport(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return;
  const html = await lintFile(editor, 'html');
  if (html === undefined) return;
  showPage('cudaLaunchLint.htmlReport', `cuda-launch-lint: ${path.basename(editor.document.uri.fsPath)}`,
    html.trim() ? htmlReportForWebview(html) : page('cuda-launch-lint', '<p>The report is empty.</p>'));
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel('cuda-launch-lint');
  status = vscode.window.createStatusBarItem('cudaLaunchLint.unchecked', vscode.StatusBarAlignment.Left, 10);
  status.name = 'cuda-launch-lint: launches not fully checked';
  context.subscriptions.push(output, status,
    vscode.commands.registerCommand('cudaLaunchLint.listUncheckedLaunches', listUnchecked),
    vscode.commands.registerCommand('cudaLaunchLint.showOccupancyReport', occupancyReport),
    vscode.commands.registerCommand('cudaLaunchLint.showHtmlReport', htmlReport),
    vscode.commands.registerCommand('cudaLaunchLint.restartServer', () => restart(context)),
    vscode.commands.registerCommand('cudaLaunchLint.showWhyUnavailable', () => {
      if (unavailable) void vscode.window.showErrorMessage(unavailable, 'Open Settings').then(c => {
        if (c) void vscode.commands.executeCommand('workbench.action.openSettings', 'cudaLaunchLint.path');
      });
    }),
    vscode.languages.onDidChangeDiagnostics(e => {
      const active = vscode.window.activeTextEditor?.document.uri.toString();
      if (active && e.uris.some(u => u.toString() === active)) updateStatus();
    }),
    vscode.window.onDidChangeActiveTextEditor(() => updateStatus()),
    vscode.workspace.onDidChangeConfiguration(e => {
      if (e.affectsConfiguration('cudaLaunchLint') && !e.affectsConfiguration('cudaLaunchLint.trace')) {
        void restart(context);
      }
    }));
  // A new or rebuilt compile database can change which C++ files are CUDA.
  const watcher = vscode.workspace.createFileSystemWatcher('**/compile_commands.json');
  let pending: NodeJS.Timeout | undefined;
  const onDb = () => {
    if (pending) clearTimeout(pending);
    pending = setTimeout(() => void restart(context), 2000);
  };
  context.subscriptions.push(watcher, watcher.onDidCreate(onDb), watcher.onDidChange(onDb), watcher.onDidDelete(onDb));
  await start(context);
}

export async function deactivate(): Promise<void> {
  await stop();
}
