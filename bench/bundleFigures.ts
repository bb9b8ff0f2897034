// The bundle index at scale: 1,000 `.prompts` files of 0.5 MB (500 MB) in
// one bundle on disk, indexed through the server's own workspace index and
// bundle index (the disk walk, each file read once and reduced to its
// facts), against a plain read of the same files; the memory the index
// keeps; and the cost of a keystroke in an open document of that bundle
// (its facts from its model, the rules over all 1,000 files' facts), with
// the number of files read meanwhile (none).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { BundleIndex } from '../server/src/prompts/bundleIndex';
import { promptsService } from '../server/src/prompts/service';
import { ModelCache } from '../server/src/models';
import { diskWorkspaceFiles } from '../server/src/diskWorkspaceFiles';
import type { WorkspaceFiles } from '../server/src/workspaceFiles';
import { WorkspaceIndex } from '../server/src/workspaceIndex';
import { collectGarbage, median } from './measure';
import { promptsInput } from './promptsInput';

export interface BundleFigures {
  readonly files: number;
  readonly bytes: number;
  readonly sessions: number;
  /** Bundle findings of the first check, by code (none expected: the copies equal their originals, the fork finds its ancestor). */
  readonly findings: Readonly<Record<string, number>>;
  /** Reading every file's text, one after another (the page cache warm, as for the index). */
  readonly plainReadMs: number;
  /** Listing and reading every file and reducing it to facts. */
  readonly indexMs: number;
  readonly indexOverRead: number;
  /** The first check of the whole bundle, once indexed. */
  readonly firstCheckMs: number;
  /** Heap the index keeps, after a collection. */
  readonly retainedMB: number;
  readonly keystroke: { readonly ms: number; readonly runs: number; readonly filesRead: number };
}

const fileCount = 1000;
const fileBytes = 500_000;
const distinct = 20;

export async function bundleFigures(progress: (m: string) => void): Promise<BundleFigures> {
  const root = mkdtempSync(path.join(tmpdir(), 'packs-bench-bundle-'));
  try {
    progress(`writing ${fileCount} files of ${fileBytes / 1e6} MB`);
    const texts = Array.from({ length: distinct }, (_, i) => promptsInput(fileBytes, 100 + i));
    let bytes = 0;
    mkdirSync(path.join(root, 'prompts', 'captured'), { recursive: true });
    writeFileSync(path.join(root, 'spec.yaml'), 'name: bench\n');
    for (let i = 0; i < fileCount; i++) {
      // Ids made unique per file, so the bundle is not one big duplicate.
      const text = texts[i % distinct]!.replace(/^(id\s*=\s*")([^"]+)"/gm, `$1$2-${i}"`);
      bytes += Buffer.byteLength(text);
      writeFileSync(path.join(root, 'prompts', 'captured', `capture-${i}.prompts`), text);
    }
    // The open document: trunk's small file, with merged copies of three sessions and a fork of a fourth.
    const copied = [0, 1, 2].map((i) => firstSession(texts[i]!, i));
    const main = [
      '[commit]',
      'branch = "main"',
      'author_name = "Alice"',
      'author_email = "alice@example.com"',
      '',
      ...copied.map((s) => `${s.replace(/^(id\s*=.*)$/m, '$1\nmerged_from = "x"\nmerged_at = 2026-04-22T10:00:00Z\napproved_by = "bob"')}\n`),
      '[[sessions]]',
      'id = "trunk-own"',
      'source = "manual"',
      `forked_from = ${JSON.stringify(idOf(texts[3]!, 3))}`,
      '',
      '  [[sessions.turns]]',
      '  role = "user"',
      '  text = "Hello"',
      '',
    ].join('\n');
    const mainUri = pathToFileURL(path.join(root, 'prompts', 'main.prompts')).href;
    writeFileSync(path.join(root, 'prompts', 'main.prompts'), main);
    const folders = [pathToFileURL(root).href];
    const uris = await diskWorkspaceFiles(() => folders, 64 * 1024 * 1024).list('**/*.prompts');

    progress('plain read vs index');
    const reads: number[] = [];
    const indexes: number[] = [];
    for (let run = 0; run < 3; run++) {
      collectGarbage();
      let began = performance.now();
      let length = 0;
      for (const uri of uris) length += (await readFile(new URL(uri), 'utf8')).length;
      reads.push(performance.now() - began);
      if (length === 0) throw new Error('nothing read');
      collectGarbage();
      began = performance.now();
      const { bundles } = setUp(folders, [], { count: 0 });
      await bundles.readyWithin(10 * 60_000);
      indexes.push(performance.now() - began);
    }

    collectGarbage();
    const heapBefore = process.memoryUsage().heapUsed;
    let doc = TextDocument.create(mainUri, 'spec-prompts', 1, main);
    const open = [doc];
    const counter = { count: 0 };
    const { bundles, models } = setUp(folders, open, counter);
    await bundles.readyWithin(10 * 60_000);
    models.model(doc);
    let began = performance.now();
    const first = await bundles.viewOf(mainUri, true);
    const firstCheckMs = performance.now() - began;
    collectGarbage();
    const retainedMB = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
    const sessions = first!.bundle.files.reduce((n, f) => n + (f.facts?.sessions.length ?? 0), 0);
    const findings: Record<string, number> = {};
    for (const list of first!.findings.values()) for (const f of list) findings[f.code] = (findings[f.code] ?? 0) + 1;

    progress('keystrokes');
    const readsBefore = counter.count;
    const times: number[] = [];
    const runs = 31;
    for (let i = 0; i < runs + 5; i++) {
      doc = TextDocument.update(doc, [{ text: main.replace('text = "Hello"', `text = "Hello ${i}"`) }], doc.version + 1);
      open[0] = doc;
      // The model is the server's already (its incremental update is measured in the server table).
      models.model(doc);
      began = performance.now();
      const view = await bundles.viewOf(mainUri, true);
      if (i >= 5) times.push(performance.now() - began);
      if (!view) throw new Error('no bundle');
    }
    return {
      files: uris.length,
      bytes,
      sessions,
      findings,
      plainReadMs: median(reads),
      indexMs: median(indexes),
      indexOverRead: median(indexes) / median(reads),
      firstCheckMs,
      retainedMB,
      keystroke: { ms: median(times), runs, filesRead: counter.count - readsBefore },
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function setUp(folders: readonly string[], open: TextDocument[], counter: { count: number }) {
  const disk = diskWorkspaceFiles(() => folders, 64 * 1024 * 1024);
  const files: WorkspaceFiles = {
    list: (glob) => disk.list(glob),
    read: (uri) => {
      counter.count++;
      return disk.read(uri);
    },
  };
  const workspace = new WorkspaceIndex(files, () => open, () => undefined);
  const models = new ModelCache(new Map([[promptsService.languageId, promptsService]]));
  const bundles = new BundleIndex({ workspace, files, documents: { all: () => open }, models, trust: { trusted: true, onDidChange: () => undefined }, logger: { error: (m) => process.stderr.write(`${m}\n`) } });
  return { bundles, models };
}

/** The first `[[sessions]]` block of a generated file, with the id file `i` gives it. */
function firstSession(text: string, i: number): string {
  const start = text.indexOf('[[sessions]]');
  const end = text.indexOf('\n[[sessions]]', start + 1);
  return text.slice(start, end === -1 ? undefined : end).replace(/^(id\s*=\s*")([^"]+)"/m, `$1$2-${i}"`);
}

function idOf(text: string, i: number): string {
  return `${/^id\s*=\s*"([^"]+)"/m.exec(text)![1]}-${i}`;
}
