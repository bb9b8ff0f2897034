// The command line's file access: reading a file as text and bytes, and
// walking a directory for files `check` knows, in a stable order, skipping
// node_modules and .git. Only regular files are read (a repository may name
// a FIFO or link `x.pack` to /dev/zero, which would never end), and one
// larger than the size limit is not read at all.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Io } from './io';
import { printable } from './output';

export type ReadResult =
  | { readonly ok: true; readonly bytes: Buffer; readonly text: string }
  | { readonly ok: false; readonly reason: string }
  /** Larger than the limit given: not read. */
  | { readonly ok: false; readonly tooLarge: true; readonly reason: string };

export function readFile(file: string, maxBytes = Number.POSITIVE_INFINITY): ReadResult {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return { ok: false, reason: 'not a regular file' };
    if (stat.size > maxBytes) return { ok: false, tooLarge: true, reason: `larger than ${maxBytes} bytes` };
    const bytes = fs.readFileSync(file);
    return { ok: true, bytes, text: bytes.toString('utf8') };
  } catch (e) {
    return { ok: false, reason: reasonOf(e) };
  }
}

/** The file's text, or undefined after saying on stderr why it could not be read. */
export function readOrSay(file: string, io: Io, maxBytes = Number.POSITIVE_INFINITY): { readonly bytes: Buffer; readonly text: string } | undefined {
  const read = readFile(file, maxBytes);
  if (read.ok) return read;
  io.stderr(`cannot read ${printable(file)}: ${read.reason}\n`);
  return undefined;
}

const skippedDirectories = new Set(['node_modules', '.git']);

export type PathEntry = { readonly kind: 'file'; readonly path: string } | { readonly kind: 'directory'; readonly path: string } | { readonly kind: 'missing'; readonly path: string; readonly reason: string };

export function statPath(p: string): PathEntry {
  try {
    return fs.statSync(p).isDirectory() ? { kind: 'directory', path: p } : { kind: 'file', path: p };
  } catch (e) {
    return { kind: 'missing', path: p, reason: reasonOf(e) };
  }
}

/** Files under `dir` (sorted, depth first) that `accept` takes; directory symlinks are not followed. */
export function walk(dir: string, accept: (file: string) => boolean): { files: string[]; errors: { path: string; reason: string }[] } {
  const files: string[] = [];
  const errors: { path: string; reason: string }[] = [];
  const visit = (d: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch (e) {
      errors.push({ path: d, reason: reasonOf(e) });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) {
        if (!skippedDirectories.has(entry.name)) visit(p);
      } else if ((entry.isFile() || entry.isSymbolicLink()) && accept(p)) {
        files.push(p);
      }
    }
  };
  visit(dir);
  return { files, errors };
}

function reasonOf(e: unknown): string {
  if (e && typeof e === 'object' && 'code' in e) {
    const code = String((e as { code: unknown }).code);
    const known: Record<string, string> = {
      ENOENT: 'no such file or directory',
      EACCES: 'permission denied',
      EISDIR: 'is a directory',
      ENOTDIR: 'not a directory',
    };
    return known[code] ?? (e instanceof Error ? e.message : code);
  }
  return e instanceof Error ? e.message : String(e);
}
