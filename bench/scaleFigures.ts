// The figures of the scale issue, through the real server over stdio, on
// a `.prompts` file already open (serverFigures.ts opens it): the outline
// and folding requests (round trip, reply size, whether cut); keystrokes
// while one `[[sessions]]` header is damaged against keystrokes in a
// healthy file; and a burst of a thousand edits sent in about a second (a
// fast typist, multi-cursor edits, pastes, a header damaged at the start
// and mended at the end), with hovers asked meanwhile, timed from its last
// edit to the diagnostics of the final version.

import type { PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { validationStatsRequest, type ValidationStatsResult } from '../src-shared/protocol/common';
import type { LspSession } from '../test/support/lspSession';
import { median } from './measure';
import { Random } from './random';

export interface FeatureReply {
  readonly ms: number;
  readonly replyBytes: number;
  readonly items: number;
  /** The outline ended with its "cut" note. */
  readonly cut: boolean;
}

export interface DamagedHeaderFigures {
  /** Median server time of a keystroke in a turn while a `[[sessions]]` header above it reads `[sessions]]`. */
  readonly serverMs: number;
  /** Median server time of the same keystrokes with the header mended, taken in the rounds between the damaged ones. */
  readonly healthyMs: number;
  /** Keystrokes timed each way. */
  readonly keystrokes: number;
}

export interface BurstFigures {
  readonly edits: number;
  /** From the first edit sent to the last. */
  readonly sendMs: number;
  /** From the last edit sent to the diagnostics of the final version. */
  readonly settleMs: number;
  /** The slowest hover answered while the burst was being sent and absorbed. */
  readonly slowestHoverMs: number;
  readonly hovers: number;
  /** How the model of the final version was obtained. */
  readonly model: string;
}

/** Times one request and the bytes of its reply on the wire. */
export async function timedRequest<R>(session: LspSession, method: string, params: unknown): Promise<{ ms: number; replyBytes: number; result: R }> {
  const before = session.sent.length;
  const began = performance.now();
  const result = await session.request<R>(method, params);
  const ms = performance.now() - began;
  return { ms, replyBytes: Buffer.byteLength(session.sent.slice(before)), result };
}

export async function outlineFigures(session: LspSession, uri: string): Promise<{ outline: FeatureReply; folding: FeatureReply }> {
  const symbols = await timedRequest<{ name: string; children?: unknown[] }[]>(session, 'textDocument/documentSymbol', { textDocument: { uri } });
  const count = (nodes: readonly { children?: unknown[] }[]): number => nodes.reduce((n, s) => n + 1 + count((s.children ?? []) as { children?: unknown[] }[]), 0);
  const cut = symbols.result.some((s) => s.name.startsWith('outline cut at'));
  const folds = await timedRequest<unknown[]>(session, 'textDocument/foldingRange', { textDocument: { uri } });
  return {
    outline: { ms: symbols.ms, replyBytes: symbols.replyBytes, items: count(symbols.result), cut },
    folding: { ms: folds.ms, replyBytes: folds.replyBytes, items: folds.result.length, cut: false },
  };
}

/**
 * Keystrokes on `line` (below the header on `headerLine`) from `character`,
 * in rounds: the header damaged (its first `[` deleted), a few typed, the
 * header mended, as many typed again. Damaged and healthy keystrokes are
 * timed turn about, so a change in the machine's load between two phases
 * cannot pass for a cost of the damage; each round's first keystroke, the
 * one after the header's own edit, is a warm-up.
 */
export async function damagedHeaderFigures(
  session: LspSession,
  uri: string,
  headerLine: number,
  line: number,
  character: number,
  keystrokes: number,
  warmups: number,
): Promise<DamagedHeaderFigures> {
  const perRound = 3;
  const damaged: number[] = [];
  const healthy: number[] = [];
  let at = character;
  const type = async (count: number, into: number[] | undefined): Promise<void> => {
    for (let i = 0; i < count; i++, at++) {
      await editAndSettle(session, uri, [{ range: range(line, at, line, at), text: 'x' }]);
      if (into && i > 0) into.push((await stats(session, uri)).serverMs);
    }
  };
  await type(warmups, undefined);
  while (damaged.length < keystrokes) {
    await editAndSettle(session, uri, [{ range: range(headerLine, 0, headerLine, 1), text: '' }]);
    await type(perRound + 1, damaged);
    await editAndSettle(session, uri, [{ range: range(headerLine, 0, headerLine, 0), text: '[' }]);
    await type(perRound + 1, healthy);
  }
  return { serverMs: median(damaged), healthyMs: median(healthy), keystrokes: damaged.length };
}

/**
 * A thousand edits in about a second, spread over `lines` (lines inside
 * turn texts of several sessions, each at least 40 characters long): runs
 * of characters typed, edits at ten cursors at once, pastes of a paragraph,
 * deletions; the header on `headerLine` loses its first `[` with the
 * first edit and gets it back with the last. A hover is asked every 50 ms.
 */
export async function burstFigures(session: LspSession, uri: string, lines: readonly number[], headerLine: number, hoverAt: { line: number; character: number }): Promise<BurstFigures> {
  const r = new Random(16);
  const edits = 1000;
  const hovers: Promise<number>[] = [];
  let hovering = true;
  const hoverLoop = (async () => {
    while (hovering) {
      const askedAt = performance.now();
      hovers.push(session.request('textDocument/hover', { textDocument: { uri }, position: hoverAt }).then(() => performance.now() - askedAt));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  // Each line gains characters at its start only (column 2 on), so the columns of later edits stay inside it.
  const began = performance.now();
  let version = 0;
  for (let i = 0; i < edits; i++) {
    let changes: unknown[];
    if (i === 0) changes = [{ range: range(headerLine, 0, headerLine, 1), text: '' }];
    else if (i === edits - 1) changes = [{ range: range(headerLine, 0, headerLine, 0), text: '[' }];
    else {
      const kind = r.int(0, 9);
      const line = r.pick(lines);
      if (kind < 6) changes = [{ range: range(line, 2, line, 2), text: r.pick(['a', 'e', ' ', 'ü', 'x']) }];
      else if (kind < 8) changes = [...new Set(Array.from({ length: 10 }, () => r.pick(lines)))].sort((a, b) => b - a).map((l) => ({ range: range(l, 2, l, 2), text: 'y' }));
      else if (kind < 9) changes = [{ range: range(line, 2, line, 2), text: 'a pasted paragraph, with "quotes" and a \\\\ backslash; ' }];
      else changes = [{ range: range(line, 2, line, 3), text: '' }];
    }
    version = await session.edit(uri, changes);
    // About a second for the thousand: a millisecond between notifications, as a fast client sends them.
    if (i % 4 === 3) await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const sentAt = performance.now();
  await session.waitForDiagnostics(uri, (p: PublishDiagnosticsParams) => p.version === version, 600_000);
  const settleMs = performance.now() - sentAt;
  hovering = false;
  await hoverLoop;
  const hoverTimes = await Promise.all(hovers);
  return { edits, sendMs: sentAt - began, settleMs, slowestHoverMs: Math.max(...hoverTimes), hovers: hoverTimes.length, model: (await stats(session, uri)).model };
}

async function editAndSettle(session: LspSession, uri: string, changes: unknown[]): Promise<void> {
  const version = await session.edit(uri, changes);
  await session.waitForDiagnostics(uri, (p) => p.version === version, 600_000);
}

async function stats(session: LspSession, uri: string): Promise<ValidationStatsResult['documents'][string]> {
  return (await session.request<ValidationStatsResult>(validationStatsRequest, {})).documents[uri]!;
}

function range(l1: number, c1: number, l2: number, c2: number): unknown {
  return { start: { line: l1, character: c1 }, end: { line: l2, character: c2 } };
}
