// The extension's settings and the command lines they become. No `vscode`
// import: the unit tests (src/test) run this module in plain Node.

import * as path from 'path';

/** The `cudaLaunchLint.*` settings, as read from the workspace. */
export interface Settings {
  path: string;
  compileCommandsDir: string;
  arch: string;
  gpu: string;
  configFile: string;
  checks: string;
  resourceUsage: string;
  cudaPath: string;
  inlayHints: boolean;
}

export const defaults: Settings = {
  path: 'cuda-launch-lint',
  compileCommandsDir: '',
  arch: '',
  gpu: '',
  configFile: '',
  checks: '',
  resourceUsage: 'auto',
  cudaPath: '',
  inlayHints: false,
};

/** Settings from any getter (vscode's WorkspaceConfiguration.get). */
export function readSettings(get: (key: string) => unknown): Settings {
  const s: Settings = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof Settings)[]) {
    const v = get(key);
    if (typeof v === typeof defaults[key]) {
      (s as unknown as Record<string, unknown>)[key] =
        typeof v === 'string' ? v.trim() : v;
    }
  }
  if (!s.path) s.path = defaults.path;
  if (!s.resourceUsage) s.resourceUsage = defaults.resourceUsage;
  return s;
}

/**
 * A path setting made absolute: `${workspaceFolder}` and `~` expanded,
 * relative paths taken from the workspace folder. Empty stays empty.
 */
export function resolvePath(value: string, workspaceFolder: string | undefined, home?: string): string {
  if (!value) return '';
  let v = value.replace(/\$\{workspaceFolder\}/g, workspaceFolder ?? '');
  if (home && (v === '~' || v.startsWith('~/'))) v = path.join(home, v.slice(1));
  if (!path.isAbsolute(v) && workspaceFolder) v = path.join(workspaceFolder, v);
  return path.normalize(v);
}

/**
 * The program's path: a bare name stays a name (PATH lookup); anything
 * with a slash is resolved as a path.
 */
export function resolveProgram(value: string, workspaceFolder: string | undefined, home?: string): string {
  if (!value.includes('/') && !value.startsWith('~')) return value;
  return resolvePath(value, workspaceFolder, home);
}

/** The options that both the server and the lint command take alike. */
function sharedOptions(s: Settings, workspaceFolder: string | undefined, home?: string): string[] {
  const args: string[] = [];
  if (s.arch) args.push(`--arch=${s.arch.replace(/\s+/g, '')}`);
  if (s.gpu) args.push(`--gpu=${s.gpu}`);
  if (s.configFile) args.push(`--config=${resolvePath(s.configFile, workspaceFolder, home)}`);
  if (s.checks) args.push(`--checks=${s.checks.replace(/\s+/g, '')}`);
  if (s.resourceUsage && s.resourceUsage !== 'auto') args.push(`--resource-usage=${s.resourceUsage}`);
  if (s.cudaPath) args.push(`--cuda-path=${resolvePath(s.cudaPath, workspaceFolder, home)}`);
  return args;
}

/** `cuda-launch-lint lsp ...`: the server's arguments (without the program). */
export function serverArgs(s: Settings, workspaceFolder: string | undefined, home?: string): string[] {
  const args = ['lsp'];
  if (s.compileCommandsDir) {
    args.push(`--compile-commands-dir=${resolvePath(s.compileCommandsDir, workspaceFolder, home)}`);
  }
  args.push(...sharedOptions(s, workspaceFolder, home));
  if (s.inlayHints) args.push('--inlay-hints');
  return args;
}

/**
 * The lint command on one file for a report (`--format=html` or `json`):
 * with the compile database's directory when there is one, else the
 * fallback flags (`file --`, nvcc's defaults, as the server does).
 */
export function reportArgs(s: Settings, file: string, databaseDir: string | undefined,
  format: 'html' | 'json', workspaceFolder: string | undefined, home?: string): string[] {
  const args = [`--format=${format}`, ...sharedOptions(s, workspaceFolder, home)];
  if (databaseDir) return [...args, '-p', databaseDir, file];
  return [...args, file, '--'];
}

/** The option names (`--arch`, ...) that an argument list uses. */
export function optionNames(args: string[]): string[] {
  return args.filter(a => a.startsWith('--')).map(a => a.split('=')[0]);
}
