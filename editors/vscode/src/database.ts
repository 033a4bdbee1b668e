// The compile database, found as the server finds it (docs/editors.md), and
// the C++ files it builds as CUDA or HIP. No `vscode` import (unit-tested in
// plain Node).

import * as fs from 'fs';
import * as path from 'path';

/**
 * The directory of the compile_commands.json for `file`: `configured` when
 * given, else the file's directory or a parent, or a build/ beside one.
 */
export function findDatabaseDir(file: string, configured: string | undefined,
  exists: (p: string) => boolean = fs.existsSync): string | undefined {
  const has = (dir: string) => exists(path.join(dir, 'compile_commands.json'));
  if (configured) return has(configured) ? configured : undefined;
  let dir = path.dirname(file);
  for (;;) {
    if (has(dir)) return dir;
    const build = path.join(dir, 'build');
    if (has(build)) return build;
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

interface Entry {
  directory?: string;
  file?: string;
  command?: string;
  arguments?: string[];
}

/** A shell-like split of a compile command (quotes and backslashes). */
export function splitCommand(command: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | null = null;
  let any = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < command.length) cur += command[++i];
      else cur += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      any = true;
    } else if (c === '\\' && i + 1 < command.length) {
      cur += command[++i];
      any = true;
    } else if (/\s/.test(c)) {
      if (cur || any) out.push(cur);
      cur = '';
      any = false;
    } else {
      cur += c;
    }
  }
  if (cur || any) out.push(cur);
  return out;
}

/** Whether one command compiles its file as CUDA or HIP. */
export function buildsAsGpuCode(args: string[], file: string): boolean {
  if (/\.(cu|cuh|hip)$/i.test(file)) return true;
  const compiler = path.basename(args[0] ?? '');
  if (/^(nvcc|hipcc|nvc\+\+)(\.exe)?$/.test(compiler)) return true;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if ((a === '-x' || a === '--x') && /^(cu|cuda|hip)$/.test(args[i + 1] ?? '')) return true;
    if (/^-x(cu|cuda|hip)$/.test(a) || /^--x=(cu|cuda|hip)$/.test(a)) return true;
    if (/^--(cuda-gpu-arch|offload-arch)=/.test(a) || a === '--cuda-host-only' || a === '--cuda-device-only') return true;
  }
  return false;
}

/**
 * The C, C++ (and other non-.cu) files that the database at `dir` builds as
 * CUDA or HIP, absolute. An unreadable database gives none.
 */
export function gpuBuiltFiles(dir: string, read: (p: string) => string =
  p => fs.readFileSync(p, 'utf8')): string[] {
  let entries: Entry[];
  try {
    entries = JSON.parse(read(path.join(dir, 'compile_commands.json')));
  } catch {
    return [];
  }
  if (!Array.isArray(entries)) return [];
  const files = new Set<string>();
  for (const e of entries) {
    if (!e || typeof e.file !== 'string') continue;
    const base = typeof e.directory === 'string' ? e.directory : dir;
    const file = path.resolve(base, e.file);
    if (/\.(cu|cuh|hip)$/i.test(file)) continue; // the language selector has them
    const args = Array.isArray(e.arguments) ? e.arguments : splitCommand(e.command ?? '');
    if (buildsAsGpuCode(args, file)) files.add(file);
  }
  return [...files].sort();
}

/** A glob that matches exactly this path (glob characters bracketed). */
export function literalGlob(file: string): string {
  return file.replace(/[[\]{}*?!]/g, c => `[${c}]`);
}
