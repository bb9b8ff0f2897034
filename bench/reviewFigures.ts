// Session Review figures: the view model built in process (`reviewOf`,
// validation findings included), and through the real server over stdio
// the review request as the panel sends it: on open (every card travels),
// and after a one-character edit in a turn with the cards the client holds
// named (only the edited session's card travels), with the answer's size.

import { parsePrompts } from '../src-shared/prompts/toml/document';
import { validatePrompts } from '../src-shared/prompts/rules/validate';
import { reviewOf } from '../src-shared/prompts/review/build';
import type { ReviewCard } from '../src-shared/prompts/review/view';
import { reviewRequest, type ReviewResult } from '../src-shared/protocol/prompts';
import { LspSession } from '../test/support/lspSession';
import { type Figure, measure, median, type Plan } from './measure';
import { middleTurnText } from './promptsInput';
import { lineOf } from './serverFigures';

export interface ReviewFigures {
  readonly input: string;
  readonly bytes: number;
  readonly sessions: number;
  /** `reviewOf` on a parsed document, its findings computed beforehand. */
  readonly core: Figure;
  /** didOpen to the first diagnostics. */
  readonly diagnosticsMs: number;
  /** The first review request after the diagnostics: the whole view. */
  readonly openMs: number;
  readonly openBytes: number;
  /** After one character typed in a turn, the request naming every card the client holds: median over the edits. */
  readonly editMs: number;
  readonly editBytes: number;
  readonly editCardsSent: number;
}

export async function reviewFigures(input: string, text: string, plan: Plan, edits: number): Promise<ReviewFigures> {
  const doc = parsePrompts(text);
  const findings = validatePrompts(doc, { strictUnknownTools: false });
  const core = measure(text.length, plan, () => reviewOf(doc, { findings, unlogged: [], head: { kind: 'compared' }, published: false }));
  const session = await LspSession.start({ settings: { maxFileSizeMB: 200 } });
  try {
    const uri = `file:///bench/review-${input}.prompts`;
    const opened = performance.now();
    await session.open(uri, 'spec-prompts', text);
    await session.waitForDiagnostics(uri, (p) => p.version === 1, 600_000);
    const diagnosticsMs = performance.now() - opened;
    const asked = performance.now();
    const first = await session.request<ReviewResult>(reviewRequest, { uri, published: false });
    const openMs = performance.now() - asked;
    const openBytes = JSON.stringify(first).length;
    let known = first.cards.map((c) => ('known' in c ? c.known : c.key));
    const line = lineOf(text, middleTurnText(text));
    const times: number[] = [];
    const sizes: number[] = [];
    let sent = 0;
    for (let i = 0; i < edits; i++) {
      const at = { line, character: 3 + i };
      await session.edit(uri, [{ range: { start: at, end: at }, text: 'x' }]);
      const began = performance.now();
      const r = await session.request<ReviewResult>(reviewRequest, { uri, published: false, known });
      times.push(performance.now() - began);
      sizes.push(JSON.stringify(r).length);
      const fresh = r.cards.filter((c): c is ReviewCard => !('known' in c));
      sent = fresh.length;
      known = r.cards.map((c) => ('known' in c ? c.known : c.key));
    }
    return { input, bytes: text.length, sessions: doc.sessions.length, core, diagnosticsMs, openMs, openBytes, editMs: median(times), editBytes: median(sizes), editCardsSent: sent };
  } finally {
    await session.stop();
  }
}
