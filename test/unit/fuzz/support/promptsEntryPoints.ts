// Every entry point of the `.prompts` core and editor, run on one text:
// parse, validate (lenient and strict), checkPrompts, locate, hover and
// completion at the positions given, the outline and folds, the session
// scan behind workspace symbols, the formatter (and formatting its output
// again), the quick fixes of its own findings, the hand-edit verdict
// against another text, and the hand-edit fixes. Shared by the fuzz tests
// and the replay of kept failures.

import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver/node';
import { checkPrompts } from '../../../../src-shared/prompts/rules/check';
import { completionsAt } from '../../../../src-shared/prompts/features/completion';
import { parsePrompts, type PromptsDocument } from '../../../../src-shared/prompts/toml/document';
import { formatEdits, formatPrompts } from '../../../../src-shared/prompts/features/format';
import { checkHandEdits, judgeable } from '../../../../src-shared/prompts/handEdits/check';
import { diffHandEdits } from '../../../../src-shared/prompts/handEdits/diff';
import { computeFix } from '../../../../src-shared/prompts/handEdits/fixes';
import { hoverAt } from '../../../../src-shared/prompts/features/hover';
import { locate } from '../../../../src-shared/prompts/toml/locate';
import { foldingRangesOf, type OutlineNode, outlineOf } from '../../../../src-shared/prompts/features/outline';
import { quickFixesFor, secretRanges } from '../../../../src-shared/prompts/features/quickFixes';
import { scanSessions } from '../../../../src-shared/prompts/features/sessionScan';
import { validatePrompts } from '../../../../src-shared/prompts/rules/validate';
import { defaultSettings } from '../../../../src-shared/settings';
import { applyEdits } from '../../../../src-shared/text/textEdit';
import { promptsService } from '../../../../server/src/prompts/service';
import { containsPosition } from '../../../../src-shared/text/range';
import { Bounds } from './inside';
import { reviewOf } from '../../../../src-shared/prompts/review/build';

const fixEnvironment = { now: new Date(Date.UTC(2026, 3, 21, 12)), author: 'fuzz@example.com' };

/** The core on one text; returns the parsed document for the callers that go on. */
export function exercisePromptsCore(text: string, seeds: readonly number[]): PromptsDocument {
  const bounds = new Bounds(text);
  const doc = parsePrompts(text);
  for (const strictUnknownTools of [false, true]) bounds.findings(validatePrompts(doc, { strictUnknownTools }), `validatePrompts(strict ${strictUnknownTools})`);
  bounds.findings(checkPrompts(text, defaultSettings.prompts), 'checkPrompts');
  for (const block of doc.blocks) {
    assert.ok(block.startOffset <= block.endOffset && block.endOffset <= text.length, 'blocks lie in the text');
  }
  for (const s of scanSessions(text)) bounds.range(s.range, 'scanned session');
  const visit = (nodes: readonly OutlineNode[]): void => {
    for (const node of nodes) {
      bounds.range(node.range, 'outline node');
      bounds.range(node.selectionRange, 'outline selection');
      visit(node.children);
    }
  };
  visit(outlineOf(doc));
  for (const f of foldingRangesOf(doc)) assert.ok(f.startLine <= f.endLine, 'folding range in order');
  for (const r of secretRanges(doc)) bounds.range(r, 'secret range');
  for (const position of bounds.positions(seeds)) {
    locate(doc, position);
    const hover = hoverAt(doc, position);
    if (hover) bounds.range(hover.range, 'hover');
    for (const c of completionsAt(doc, position)) if (c.range) bounds.range(c.range, 'completion');
    for (const trigger of ['[', '=', '"', '.']) completionsAt(doc, position, trigger);
  }
  for (const position of bounds.outsidePositions(seeds)) {
    locate(doc, position);
    hoverAt(doc, position);
    completionsAt(doc, position);
  }
  const formatted = formatPrompts(text);
  if ('text' in formatted) {
    const again = formatPrompts(formatted.text);
    assert.ok('text' in again, `the formatter declines its own output: ${'declined' in again ? again.declined : ''}`);
    assert.equal(again.text, formatted.text, 'formatting is idempotent');
    const edits = formatEdits(doc);
    for (const e of edits) bounds.range(e.range, 'format edit');
    assert.equal(applyEdits(text, edits), formatted.text, 'the format edits give the formatted text');
  }
  return doc;
}

/** The server's `.prompts` features on one document version: quick fixes for every finding, formatting, symbols. */
export function exercisePromptsProviders(text: string, seeds: readonly number[]): void {
  const bounds = new Bounds(text);
  const document = TextDocument.create('file:///fuzz/capture.prompts', 'spec-prompts', 1, text);
  const model = promptsService.parse(text);
  const ctx = { document, model, settings: defaultSettings };
  const findings = promptsService.check(model, defaultSettings, document.uri);
  const diagnostics: Diagnostic[] = findings.map((f) => ({ range: f.range, message: f.message, code: f.code, source: 'packs-and-prompts', ...(f.data !== undefined && { data: f.data }) }));
  for (const f of findings) {
    for (const fix of quickFixesFor({ code: f.code, range: f.range, data: f.data })) {
      for (const e of fix.edits) bounds.range(e.range, `quick fix ${fix.title}`);
      applyEdits(text, fix.edits);
    }
  }
  const positions = bounds.positions(seeds);
  for (const position of positions) {
    void promptsService.hover!(ctx, position);
    promptsService.completion!(ctx, position);
    bounds.actions(promptsService.codeActions!(ctx, { start: position, end: position }, diagnostics.filter((d) => containsPosition(d.range, position))));
  }
  bounds.actions(promptsService.codeActions!(ctx, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, diagnostics));
  promptsService.documentSymbols!(ctx);
  promptsService.foldingRanges!(ctx);
  const formatting = promptsService.format!(ctx, { tabSize: 2, insertSpaces: true });
  for (const e of 'edits' in formatting ? formatting.edits : []) bounds.range(e.range, 'format edit');
  // The hand-edit fixes at arbitrary places: a refusal is an answer, a throw is not.
  for (const [i, position] of positions.entries()) {
    const other = positions[(i + 1) % positions.length]!;
    const range = position.line < other.line || (position.line === other.line && position.character <= other.character) ? { start: position, end: other } : { start: other, end: position };
    checkFix(text, model, computeFix(model, { kind: 'redact', ranges: [range] }, fixEnvironment));
    checkFix(text, model, computeFix(model, { kind: 'makePrivate', position }, fixEnvironment));
  }
  exerciseReview(text, model, findings, seeds, bounds);
}

/** The Session Review's view (both ways) and its two edits, at places the seeds pick: every line inside the text, no throw. */
function exerciseReview(text: string, model: PromptsDocument, findings: Parameters<typeof reviewOf>[1]['findings'], seeds: readonly number[], bounds: Bounds): void {
  for (const published of [false, true]) {
    // Every card built, then only the first (the others as outlines): their lines are inside the text either way.
    for (const window of [undefined, { from: 0, to: 1 }]) {
      const view = reviewOf(model, { findings, unlogged: [], head: { kind: 'compared' }, published, ...(window && { window }) });
      for (const c of view.cards) {
        if ('known' in c) continue;
        bounds.position({ line: c.line, character: 0 }, 'review card');
        bounds.position({ line: c.endLine, character: 0 }, 'review card end');
        if ('outline' in c) {
          for (const [line, end] of c.turns) {
            bounds.position({ line, character: 0 }, 'review turn');
            bounds.position({ line: end, character: 0 }, 'review turn end');
          }
        } else for (const t of c.turns) if ('line' in t) bounds.position({ line: t.line, character: 0 }, 'review turn');
      }
    }
  }
  for (const seed of seeds) {
    const session = seed % Math.max(1, model.sessions.length + 1);
    const turn = (seed >> 3) % 4;
    const from = (seed >> 5) % 40;
    const value = { session, turn, key: ['text', 'summary', 'title'][seed % 3]! };
    checkFix(text, model, computeFix(model, { kind: 'redactValue', value, from, to: from + 1 + (seed % 7) }, fixEnvironment));
    checkFix(text, model, computeFix(model, { kind: 'deleteTurn', session, turn }, fixEnvironment));
  }
}

function checkFix(text: string, doc: PromptsDocument, result: ReturnType<typeof computeFix>): void {
  if (!result.ok) return;
  const bounds = new Bounds(text);
  for (const e of result.edits) bounds.range(e.range, 'hand-edit fix edit');
  if (result.entry) bounds.position(result.entry.position, 'edits entry');
  assert.ok(doc.text === text);
}

/** The hand-edit verdict of `current` against `baseline`, as the server judges it (only when both parse). */
export function exerciseHandEdits(baseline: string, current: string): void {
  const before = parsePrompts(baseline);
  const after = parsePrompts(current);
  if (!judgeable(before) || !judgeable(after)) return;
  const bounds = new Bounds(current);
  diffHandEdits(before, after);
  const verdict = checkHandEdits(before, after);
  bounds.findings(verdict.findings, 'hand-edit finding');
  if (verdict.unlogged.length > 0) {
    const fix = computeFix(after, { kind: 'record', edits: verdict.unlogged.map((e) => ({ session: e.session ?? null, turn: e.turn ?? null, what: e.what })) }, fixEnvironment);
    if (fix.ok && fix.entry) bounds.position(fix.entry.position, 'record entry');
  }
}
