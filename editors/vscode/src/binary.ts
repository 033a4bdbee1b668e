// Is the configured program a cuda-launch-lint that can serve this
// extension? `--version` for the version, `lsp --help` for the options the
// settings need. One message says what is wrong and what to install. No
// `vscode` import (unit-tested in plain Node).

import { execFile } from 'child_process';

/** The oldest release with everything the extension uses. */
export const minimumVersion = '0.1.0';

export const installHint =
  `Install cuda-launch-lint ${minimumVersion} or newer: build it (./scripts/build.sh) and ` +
  'run "cmake --install build --prefix ~/.local", or install the .deb ' +
  '("sudo dpkg -i cuda-launch-lint_<version>_amd64.deb"); then put its bin/ on PATH ' +
  'or set "cudaLaunchLint.path" to the program.';

export interface RunResult {
  /** Exit status; null when the program did not run (see error). */
  code: number | null;
  stdout: string;
  stderr: string;
  /** e.g. ENOENT, EACCES. */
  error?: string;
}

export type Runner = (program: string, args: string[]) => Promise<RunResult>;

export const runProgram: Runner = (program, args) =>
  new Promise(resolve => {
    execFile(program, args, { timeout: 20000, maxBuffer: 1 << 20 }, (err, stdout, stderr) => {
      if (err && typeof (err as NodeJS.ErrnoException).code === 'string') {
        resolve({ code: null, stdout: String(stdout), stderr: String(stderr),
          error: (err as NodeJS.ErrnoException).code as string });
        return;
      }
      const code = err ? ((err as { code?: number }).code ?? 1) : 0;
      resolve({ code: typeof code === 'number' ? code : 1, stdout: String(stdout), stderr: String(stderr) });
    });
  });

/** "cuda-launch-lint 0.1.0" (or an LLVM-style "version 0.1.0") -> [0, 1, 0]. */
export function parseVersion(text: string): [number, number, number] | undefined {
  const m = /cuda-launch-lint\D*?(\d+)\.(\d+)\.(\d+)/.exec(text);
  if (!m) return undefined;
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

export function compareVersions(a: [number, number, number], b: [number, number, number]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** The `--option` names that `lsp --help` lists. */
export function helpOptions(help: string): Set<string> {
  const found = new Set<string>();
  for (const m of help.matchAll(/--[a-z][a-z0-9-]*/g)) found.add(m[0]);
  return found;
}

export type BinaryCheck =
  | { ok: true; version: string }
  | { ok: false; problem: 'missing' | 'not-runnable' | 'not-cuda-launch-lint' | 'too-old'; message: string };

/**
 * Checks `program`: it runs, says it is cuda-launch-lint, is at least
 * minimumVersion, has `lsp`, and its `lsp` takes every option in `needs`
 * (the ones the settings turn into arguments).
 */
export async function checkBinary(program: string, needs: string[], run: Runner = runProgram): Promise<BinaryCheck> {
  const v = await run(program, ['--version']);
  if (v.error === 'ENOENT') {
    return { ok: false, problem: 'missing',
      message: `cuda-launch-lint: the program "${program}" was not found. ${installHint}` };
  }
  if (v.error || v.code === null) {
    return { ok: false, problem: 'not-runnable',
      message: `cuda-launch-lint: "${program}" cannot be run (${v.error ?? 'no exit status'}). ${installHint}` };
  }
  const version = parseVersion(v.stdout + '\n' + v.stderr);
  if (!version) {
    const said = (v.stdout || v.stderr).trim().split('\n')[0] ?? '';
    return { ok: false, problem: 'not-cuda-launch-lint',
      message: `cuda-launch-lint: "${program} --version" did not name cuda-launch-lint` +
        (said ? ` (it said "${said}")` : '') + `. ${installHint}` };
  }
  const text = version.join('.');
  const min = parseVersion(`cuda-launch-lint ${minimumVersion}`)!;
  if (compareVersions(version, min) < 0) {
    return { ok: false, problem: 'too-old',
      message: `cuda-launch-lint: "${program}" is version ${text}, older than ${minimumVersion}. ${installHint}` };
  }
  const h = await run(program, ['lsp', '--help']);
  if (h.code !== 0 || !/language server/.test(h.stdout)) {
    return { ok: false, problem: 'too-old',
      message: `cuda-launch-lint: "${program}" (${text}) has no language server ("lsp --help" failed). ${installHint}` };
  }
  const offered = helpOptions(h.stdout);
  const lacking = needs.filter(n => !offered.has(n));
  if (lacking.length) {
    return { ok: false, problem: 'too-old',
      message: `cuda-launch-lint: "${program}" (${text}) is too old for the settings: its language server ` +
        `has no ${lacking.join(', ')}. ${installHint}` };
  }
  return { ok: true, version: text };
}
