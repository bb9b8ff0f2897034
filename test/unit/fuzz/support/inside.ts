// What "inside the document" means for a range the core or a provider
// returns: both ends on a line that exists, at a character no further than
// that line's content (LineIndex's lines: split at "\n", a "\r" before it
// belongs to the break), and the start not after the end.

import * as assert from 'node:assert/strict';
import { LineIndex } from '../../../../src-shared/text/lineIndex';
import { comparePositions, type Position, type Range } from '../../../../src-shared/text/range';
import type { CodeAction } from 'vscode-languageserver/node';

export class Bounds {
  private readonly lines: LineIndex;

  constructor(readonly text: string) {
    this.lines = new LineIndex(text);
  }

  position(p: Position, what: string): void {
    assert.ok(Number.isInteger(p.line) && Number.isInteger(p.character), `${what}: not whole numbers ${JSON.stringify(p)}`);
    assert.ok(p.line >= 0 && p.line < this.lines.lineCount, `${what}: line ${p.line} of ${this.lines.lineCount}`);
    const length = this.lines.lineEnd(p.line) - this.lines.lineStart(p.line);
    assert.ok(p.character >= 0 && p.character <= length, `${what}: character ${p.character} of a line of ${length}`);
  }

  range(r: Range, what: string): void {
    this.position(r.start, `${what} start`);
    this.position(r.end, `${what} end`);
    assert.ok(comparePositions(r.start, r.end) <= 0, `${what}: starts after it ends ${JSON.stringify(r)}`);
  }

  /** Findings: their ranges and their related ranges. */
  findings(findings: readonly { range: Range; code: string; related?: readonly { range: Range }[] }[], what: string): void {
    for (const f of findings) {
      this.range(f.range, `${what} ${f.code}`);
      for (const r of f.related ?? []) this.range(r.range, `${what} ${f.code} related`);
    }
  }

  /** The edits of code actions, versioned or not. */
  actions(actions: readonly CodeAction[]): void {
    for (const action of actions) {
      for (const change of action.edit?.documentChanges ?? []) if ('edits' in change) for (const e of change.edits) this.range(e.range, `code action ${action.title}`);
      for (const edits of Object.values(action.edit?.changes ?? {})) for (const e of edits) this.range(e.range, `code action ${action.title}`);
    }
  }

  /** Positions spread over the text from arbitrary numbers. */
  positions(seeds: readonly number[]): Position[] {
    return seeds.map((n) => {
      // An offset between "\r" and "\n" is no position an editor has: the cursor is at the line's end.
      const p = this.lines.positionAt(n % (this.text.length + 1));
      return { line: p.line, character: Math.min(p.character, this.lines.lineEnd(p.line) - this.lines.lineStart(p.line)) };
    });
  }

  /**
   * Positions outside the text: past the last line, past a line's end. No
   * editor sends them (the server clamps what arrives, features.ts), but
   * the core must still answer them without throwing.
   */
  outsidePositions(seeds: readonly number[]): Position[] {
    return seeds.slice(0, 2).flatMap((n) => [
      { line: this.lines.lineCount + (n % 3), character: n % 5 },
      { line: n % this.lines.lineCount, character: 10_000 + (n % 7) },
    ]);
  }
}

