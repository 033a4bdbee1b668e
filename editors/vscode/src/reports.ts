// The two reports the extension opens in a webview: the occupancy of the
// launch at the cursor (the lint's JSON, version 2, and the `occupancy`
// calculator's report per arch) and the file's HTML report. The pieces here
// are pure (unit-tested in plain Node); extension.ts runs the programs.

/** A value of the JSON report: constant, set, range or unknown. */
export interface JsonValue {
  kind: string;
  value?: number;
  values?: number[];
  min?: number;
  max?: number;
}

export interface Dims {
  x?: JsonValue;
  y?: JsonValue;
  z?: JsonValue;
}

export interface OccupancyEntry {
  arch: string;
  gpu?: string;
  threads?: number;
  regs?: number;
  smem?: number;
  dyn_smem?: number;
  carveout?: number;
  max_dyn_smem?: number | null;
  barriers?: number;
  launchable?: boolean;
  reason?: string;
  occupancy?: number;
  active_blocks_per_sm?: number;
  active_warps_per_sm?: number;
  max_warps_per_sm?: number;
  binding?: string[];
  suggestions?: { best_block_sizes?: number[]; regs_for_next_block?: number | null; smem_for_next_block?: number | null };
  [key: string]: unknown;
}

export interface Launch {
  file: string;
  line: number;
  column: number;
  kernel?: string;
  api?: string;
  grid?: Dims;
  /** The dimensions, and the thread count at the top level. */
  block?: Dims & JsonValue;
  dynamic_smem?: JsonValue;
  occupancy?: OccupancyEntry[];
  checked?: { complete?: boolean; reasons?: { message?: string }[] };
}

export function describe(v: JsonValue | undefined): string {
  if (!v) return '?';
  switch (v.kind) {
    case 'constant': return String(v.value);
    case 'set': return `{${(v.values ?? []).join(', ')}}`;
    case 'range': return `[${v.min}, ${v.max}]`;
    default: return 'unknown';
  }
}

/**
 * The launch of `file` at the cursor (1-based line and column): on the
 * cursor's line, the one that starts nearest before the cursor (the
 * server's hover picks the same), else the line's first.
 */
export function launchAt(launches: Launch[], file: string, line: number, column: number): Launch | undefined {
  const onLine = launches.filter(l => l.file === file && l.line === line);
  if (!onLine.length) return undefined;
  const before = onLine.filter(l => l.column <= column).sort((a, b) => b.column - a.column);
  if (before.length) return before[0];
  return onLine.sort((a, b) => a.column - b.column)[0];
}

/** `cuda-launch-lint occupancy ...` for one entry (CUDA archs only). */
export function occupancyArgs(e: OccupancyEntry): string[] | undefined {
  if (!/^sm_/.test(e.arch) || e.threads === undefined || e.regs === undefined) return undefined;
  const args = ['occupancy', '--arch', e.arch, '--threads', String(e.threads), '--regs', String(e.regs)];
  if (e.smem !== undefined) args.push('--smem', String(e.smem));
  if (e.dyn_smem !== undefined) args.push('--dyn-smem', String(e.dyn_smem));
  if (typeof e.max_dyn_smem === 'number') args.push('--max-dyn-smem', String(e.max_dyn_smem));
  if (typeof e.carveout === 'number' && e.carveout >= 0) args.push('--carveout', String(e.carveout));
  if (typeof e.barriers === 'number') args.push('--barriers', String(e.barriers));
  return args;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]!));
}

const style = `body{font-family:var(--vscode-font-family);color:var(--vscode-foreground);}
table{border-collapse:collapse;margin:0.5em 0;}
td,th{border:1px solid var(--vscode-panel-border,#8884);padding:2px 8px;text-align:left;}
pre{font-family:var(--vscode-editor-font-family);background:var(--vscode-textCodeBlock-background);padding:8px;overflow-x:auto;}`;

/** The page: a strict CSP (no scripts), the editor's colours. */
export function page(title: string, body: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline';">
<title>${escapeHtml(title)}</title><style>${style}</style></head>
<body>${body}</body></html>`;
}

const pct = (x: number | undefined) => (x === undefined ? '?' : `${Math.round(x * 100)}%`);

/**
 * The occupancy report of one launch: its values, a table of the
 * occupancy per arch, and the calculator's report per arch (`reports`,
 * keyed by arch; absent where it did not run).
 */
export function occupancyPage(l: Launch, fileLabel: string, reports: Map<string, string>, note?: string): string {
  const kernel = l.kernel || '<unknown kernel>';
  const title = `Occupancy: ${kernel} (${fileLabel}:${l.line})`;
  const dims = (d: Dims | undefined) =>
    d ? `${describe(d.x)} x ${describe(d.y)} x ${describe(d.z)}` : '?';
  let b = `<h2>Occupancy of the launch of <code>${escapeHtml(kernel)}</code></h2>`;
  b += `<p>${escapeHtml(fileLabel)}:${l.line}:${l.column} (${escapeHtml(l.api ?? '')})</p>`;
  if (note) b += `<p><em>${escapeHtml(note)}</em></p>`;
  b += `<table><tr><th>grid</th><td>${escapeHtml(dims(l.grid))}</td></tr>`;
  b += `<tr><th>block</th><td>${escapeHtml(dims(l.block))} (${escapeHtml(describe(l.block))} threads)</td></tr>`;
  b += `<tr><th>dynamic shared memory</th><td>${escapeHtml(describe(l.dynamic_smem))} B</td></tr></table>`;
  const occ = l.occupancy ?? [];
  if (!occ.length) {
    b += '<p>No occupancy for this launch: it needs a known block size and device facts for its kernel ' +
      '(a device compile of the saved file; see the diagnostics of the launch for why it was not fully checked).</p>';
    return page(title, b);
  }
  b += '<h3>Per arch</h3><table><tr><th>arch</th><th>threads</th><th>registers</th><th>static smem</th>' +
    '<th>blocks/SM</th><th>warps/SM</th><th>occupancy</th><th>limited by</th><th>best block sizes</th></tr>';
  for (const e of occ) {
    const cells = [
      e.arch + (e.gpu ? ` (${e.gpu})` : ''), String(e.threads ?? '?'), String(e.regs ?? '?'), `${e.smem ?? '?'} B`,
      e.launchable === false ? `cannot launch: ${e.reason ?? ''}` : String(e.active_blocks_per_sm ?? '?'),
      `${e.active_warps_per_sm ?? '?'} / ${e.max_warps_per_sm ?? '?'}`, pct(e.occupancy),
      (e.binding ?? []).join(', '), (e.suggestions?.best_block_sizes ?? []).join(', '),
    ];
    b += '<tr>' + cells.map(c => `<td>${escapeHtml(c)}</td>`).join('') + '</tr>';
  }
  b += '</table>';
  for (const e of occ) {
    const r = reports.get(e.arch);
    if (r === undefined) continue;
    b += `<h3>${escapeHtml(e.arch)}</h3><pre>${escapeHtml(r)}</pre>`;
  }
  return page(title, b);
}

/**
 * The tool's HTML report, made fit for a webview: its own scripts stay off
 * (the CSP allows none; the report is one offline page).
 */
export function htmlReportForWebview(html: string): string {
  const csp = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:;">`;
  if (/<head[^>]*>/i.test(html)) return html.replace(/<head[^>]*>/i, m => `${m}${csp}`);
  return `<!DOCTYPE html><html><head>${csp}</head><body>${html}</body></html>`;
}
