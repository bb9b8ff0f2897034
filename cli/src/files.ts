// The command line's file access: reading a file as text and bytes (or just
// its first bytes), and walking a directory for files `check` knows, in a
// stable order. A walk skips `.git` everywhere, and `node_modules` except
// inside a `prompts/` folder (a bundle's files, which the bundle rules read
// whatever their folder's name). A link to a folder is followed once: into
// a folder inside the real path of the folder walked, never twice into the
// same one; a link to the walked folder or one above it is a loop, not
// followed; any other link out of it is an error (the run fails), never a
// silent skip. Only regular files are read
// (a repository may name a FIFO or link `x.pack` to /dev/zero, which would
// never end), and one larger than the size limit is not read at all.

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

/** Skipped wherever they are. */
const neverWalked = new Set(['.git']);
/** Skipped outside a `prompts/` folder: a project's dependencies, not its captures. */
const dependencyFolders = new Set(['node_modules']);

export type PathEntry = { readonly kind: 'file'; readonly path: string } | { readonly kind: 'directory'; readonly path: string } | { readonly kind: 'missing'; readonly path: string; readonly reason: string };

export function statPath(p: string): PathEntry {
  try {
    return fs.statSync(p).isDirectory() ? { kind: 'directory', path: p } : { kind: 'file', path: p };
  } catch (e) {
    return { kind: 'missing', path: p, reason: reasonOf(e) };
  }
}

/** The first `bytes` bytes of a regular file as text ('' for anything else or an unreadable file). */
export function firstBytes(file: string, bytes = 256): string {
  // Unreadable: not recognised here; named on the command line it is read, and its error said, there.
  return readFirstBytes(file, bytes) ?? '';
}

/** The first `bytes` bytes of a regular file as text; undefined for anything else or an unreadable file. */
export function readFirstBytes(file: string, bytes = 256): string | undefined {
  let fd: number | undefined;
  try {
    if (!fs.statSync(file).isFile()) return undefined;
    fd = fs.openSync(file, 'r');
    const buffer = Buffer.alloc(bytes);
    return buffer.subarray(0, fs.readSync(fd, buffer, 0, bytes, 0)).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

export interface Walked {
  readonly files: string[];
  readonly errors: { path: string; reason: string }[];
}

/** Files under `dir` (sorted, depth first) that `accept` takes, following links to folders inside `dir` once. */
export function walk(dir: string, accept: (file: string) => boolean): Walked {
  const files: string[] = [];
  const errors: { path: string; reason: string }[] = [];
  let top: string;
  try {
    top = fs.realpathSync(dir);
  } catch (e) {
    return { files, errors: [{ path: dir, reason: reasonOf(e) }] };
  }
  const visited = new Set<string>();
  const visit = (d: string, real: string, inPrompts: boolean) => {
    if (visited.has(real)) return;
    visited.add(real);
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
      const skipped = neverWalked.has(entry.name) || (!inPrompts && dependencyFolders.has(entry.name));
      const below = inPrompts || entry.name === 'prompts';
      if (entry.isDirectory()) {
        if (!skipped) visit(p, path.join(real, entry.name), below);
      } else if (entry.isSymbolicLink() && isDirectory(p)) {
        if (skipped) continue;
        const target = fs.realpathSync(p);
        // A link to the walked folder or one above it is a loop: everything below is walked already.
        if (isWithin(target, top)) continue;
        if (isWithin(top, target)) visit(p, target, below);
        else errors.push({ path: p, reason: `a link to a folder outside ${dir} (${target}), not followed: name that folder to check it` });
      } else if ((entry.isFile() || entry.isSymbolicLink()) && accept(p)) {
        files.push(p);
      }
    }
  };
  visit(dir, top, path.resolve(dir).split(path.sep).includes('prompts'));
  return { files, errors };
}

/** Whether `inner` is `outer` or lies below it. */
function isWithin(outer: string, inner: string): boolean {
  const rel = path.relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    // A dangling link: no folder (a file the walk accepts by name is read, and its error said, later).
    return false;
  }
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
