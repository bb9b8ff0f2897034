// Server figures through the real protocol: the bundled server started
// over stdio, one `.prompts` file opened, then
// one-character edits typed inside a turn (the line after `text = """`,
// from column 3), then a new session pasted in as one edit. Round trips are measured here;
// the server's own time for each validation comes from its
// `packs/validationStats` request, and its peak memory from /proc. The size
// limit is raised so the largest input is checked, not refused. VS Code's
// client talks to the server over Node's IPC channel instead, whose copies
// of a message differ: `ipcMemoryFigures` measures the peak that way too.

import { readFileSync } from 'node:fs';
import { refusalCodes } from '../src-shared/fileLimits';
import { validationStatsRequest, type ValidationStats, type ValidationStatsResult } from '../src-shared/protocol/common';
import type { Diagnostic } from 'vscode-languageserver/node';
import { LspSession, type SessionOptions, trusted } from '../test/support/lspSession';
import { median } from './measure';
import { middleTurnText, turnTextLineOffsets } from './promptsInput';
import { type BurstFigures, burstFigures, type DamagedHeaderFigures, damagedHeaderFigures, type FeatureReply, outlineFigures } from './scaleFigures';

export interface ServerFigures {
  readonly input: string;
  readonly bytes: number;
  /** didOpen sent to the first diagnostics received. */
  readonly openMs: number;
  /** The first validation as the server timed it. */
  readonly open: ValidationStats;
  readonly edits: {
    readonly count: number;
    readonly warmups: number;
    /** didChange sent to the diagnostics of that version received (debounce included). */
    readonly roundTripMs: number;
    /** The same inside the server: the change's arrival to the diagnostics sent (debounce included). */
    readonly latencyMs: number;
    /** The server's work for the version: applying the change, updating the model, checking, publishing. */
    readonly serverMs: number;
    readonly updateMs: number;
    readonly modelMs: number;
    readonly checkMs: number;
    readonly publishMs: number;
    /** How the model of each timed version was obtained. */
    readonly models: readonly string[];
  };
  /** `textDocument/documentSymbol` and `textDocument/foldingRange` right after the open. */
  readonly outline: FeatureReply;
  readonly folding: FeatureReply;
  /** Keystrokes in the middle turn while a `[[sessions]]` header a quarter into the file is damaged. */
  readonly damagedHeader: DamagedHeaderFigures;
  /** A thousand edits in about a second (not run on the largest input). */
  readonly burst?: BurstFigures;
  /** A new session pasted in as one edit (a block boundary added). */
  readonly structuralEdit: { readonly roundTripMs: number; readonly stats: ValidationStats };
  /** The server process's peak resident memory (VmHWM) and its resident memory before the file was opened. */
  readonly memory: MemoryFigures;
  /** The same over IPC, for the open, the outline and the folds (what VS Code asks for when it opens a file). */
  readonly ipcMemory?: MemoryFigures;
}

export interface MemoryFigures {
  readonly peakBytes: number;
  readonly idleBytes: number;
  readonly peakOverFile: number;
  readonly aboveIdleOverFile: number;
}

/**
 * The 60 MB input is over the default size limit (`packsAndPrompts.maxFileSizeMB`,
 * 50), which would refuse it with one note: the server is measured with the limit raised.
 * The limit is a restricted setting (src-shared/settings.ts), which an untrusted workspace
 * keeps at its default: the bench's sessions are trusted, or the 60 MB figures would time
 * a refusal (they did, from the day the limit became restricted until issue 31's round).
 */
const settings = { maxFileSizeMB: 200 };

/** A server for the bench: trusted, with the size limit raised; `options` as LspSession.start takes them. */
export function benchSession(options: Omit<SessionOptions, 'settings' | 'initializationOptions'> = {}): Promise<LspSession> {
  return LspSession.start({ ...trusted, settings, ...options });
}

/** Throws when the server refused the file instead of checking it: a figure of a refusal is no figure of a check. */
export function checked(diagnostics: readonly Diagnostic[], input: string): void {
  const refused = diagnostics.find((d) => Object.values(refusalCodes).some((c) => String(d.code).endsWith(`/${c}`)));
  if (refused) throw new Error(`the server refused the ${input} input (${String(refused.code)}): ${refused.message}`);
}

/** The server waits this long after the last change before validating (server/src/server.ts). */
export const debounceMs = 150;

export async function serverFigures(input: string, text: string, edits: number, warmups: number, burst: boolean): Promise<ServerFigures> {
  const session = await benchSession();
  try {
    const pid = session.process.pid!;
    const idleBytes = memoryOf(pid, 'VmRSS');
    const uri = `file:///bench/${input}.prompts`;
    const openedAt = performance.now();
    await session.open(uri, 'spec-prompts', text);
    checked(await session.waitForDiagnostics(uri, (p) => p.version === 1, 600_000), input);
    const openMs = performance.now() - openedAt;
    const open = (await stats(session)).documents[uri]!;
    const { outline, folding } = await outlineFigures(session, uri);

    const line = lineOf(text, middleTurnText(text));
    let character = 3;
    const timed: { roundTripMs: number; stats: ValidationStats }[] = [];
    for (let i = 0; i < warmups + edits; i++) {
      const sentAt = performance.now();
      const version = await session.edit(uri, [{ range: { start: { line, character }, end: { line, character } }, text: 'x' }]);
      await session.waitForDiagnostics(uri, (p) => p.version === version, 600_000);
      const roundTripMs = performance.now() - sentAt;
      character++;
      const s = (await stats(session)).documents[uri]!;
      if (i >= warmups) timed.push({ roundTripMs, stats: s });
    }
    const sessionHeader = text.indexOf('\n[[sessions]]\n', text.length >> 2) + 1;
    const damagedHeader = await damagedHeaderFigures(session, uri, lineOf(text, sessionHeader), line, character, edits, warmups);
    const bursted = burst
      ? await burstFigures(session, uri, turnTextLineOffsets(text, 10).map((o) => lineOf(text, o)), lineOf(text, text.indexOf('\n[[sessions]]\n', (text.length * 3) >> 2) + 1), {
          line: lineOf(text, text.indexOf('\nsource ', text.length >> 3) + 1),
          character: 2,
        })
      : undefined;
    const structuralEdit = await addSession(session, uri, lineOf(text, text.indexOf('\n[[edits]]\n') + 1));
    const of = (f: (s: ValidationStats) => number): number => median(timed.map((t) => f(t.stats)));
    const peakBytes = memoryOf(pid, 'VmHWM');
    const bytes = Buffer.byteLength(text);
    return {
      input,
      bytes,
      openMs,
      open,
      edits: {
        count: edits,
        warmups,
        roundTripMs: median(timed.map((t) => t.roundTripMs)),
        latencyMs: of((s) => s.latencyMs),
        serverMs: of((s) => s.serverMs),
        updateMs: of((s) => s.updateMs),
        modelMs: of((s) => s.modelMs),
        checkMs: of((s) => s.checkMs),
        publishMs: of((s) => s.publishMs),
        models: [...new Set(timed.map((t) => t.stats.model))],
      },
      outline,
      folding,
      damagedHeader,
      ...(bursted && { burst: bursted }),
      structuralEdit,
      memory: memoryFigures(peakBytes, idleBytes, bytes),
    };
  } finally {
    await session.stop();
  }
}

/** A fresh server over IPC, as VS Code's client starts it: its peak memory over the open, the outline and the folds. */
export async function ipcMemoryFigures(input: string, text: string): Promise<MemoryFigures> {
  const session = await benchSession({ transport: 'ipc' });
  try {
    const pid = session.process.pid!;
    const idleBytes = memoryOf(pid, 'VmRSS');
    const uri = `file:///bench/${input}.prompts`;
    await session.open(uri, 'spec-prompts', text);
    checked(await session.waitForDiagnostics(uri, (p) => p.version === 1, 600_000), input);
    await session.request('textDocument/documentSymbol', { textDocument: { uri } });
    await session.request('textDocument/foldingRange', { textDocument: { uri } });
    return memoryFigures(memoryOf(pid, 'VmHWM'), idleBytes, Buffer.byteLength(text));
  } finally {
    await session.stop();
  }
}

function memoryFigures(peakBytes: number, idleBytes: number, bytes: number): MemoryFigures {
  return { peakBytes, idleBytes, peakOverFile: peakBytes / bytes, aboveIdleOverFile: (peakBytes - idleBytes) / bytes };
}

/** Pastes a whole new session at the start of `line` as one edit, and times its diagnostics. */
async function addSession(session: LspSession, uri: string, line: number): Promise<ServerFigures['structuralEdit']> {
  const text = '[[sessions]]\nid = "bench-added"\nsource = "manual"\n\n  [[sessions.turns]]\n  role = "user"\n  text = "added by the benchmark"\n\n';
  const sentAt = performance.now();
  const version = await session.edit(uri, [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text }]);
  await session.waitForDiagnostics(uri, (p) => p.version === version, 600_000);
  const roundTripMs = performance.now() - sentAt;
  return { roundTripMs, stats: (await stats(session)).documents[uri]! };
}

function stats(session: LspSession): Promise<ValidationStatsResult> {
  return session.request<ValidationStatsResult>(validationStatsRequest, {});
}

/** A field of /proc/<pid>/status, in bytes. */
function memoryOf(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  return Number(kb) * 1024;
}

/** A process's CPU time so far (user and system, /proc's clock ticks of 10 ms). */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are the stat line's 14th and 15th fields; the 3rd (state) comes first after the name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The line `offset` is on. */
export function lineOf(text: string, offset: number): number {
  let line = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
