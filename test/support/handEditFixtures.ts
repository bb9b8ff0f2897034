// A small committed `.prompts` file for hand-edit tests, one line per
// argument so expected ranges read off the listing, and helpers to edit it
// by line, to judge an edited text against it, and to apply a fix.

import * as assert from 'node:assert/strict';
import type { Finding } from '../../src-shared/finding';
import { parsePrompts } from '../../src-shared/prompts/toml/document';
import { checkHandEdits } from '../../src-shared/prompts/handEdits/check';
import type { FixResult } from '../../src-shared/prompts/handEdits/fixes';
import { LineIndex } from '../../src-shared/text/lineIndex';
import type { Position, Range } from '../../src-shared/text/range';
import { show } from './promptsFixtures';

export const committedLines: readonly string[] = [
  /*  0 */ 'schema = "spec.prompts/v0.1"',
  /*  1 */ '',
  /*  2 */ '[commit]',
  /*  3 */ 'branch = "main"',
  /*  4 */ 'author_name = "Alice Chen"',
  /*  5 */ 'author_email = "alice@example.com"',
  /*  6 */ '',
  /*  7 */ '[[sessions]]',
  /*  8 */ 'id = "s-1"',
  /*  9 */ 'source = "claude_code"',
  /* 10 */ 'title = "Login form"',
  /* 11 */ '',
  /* 12 */ '  [[sessions.turns]]',
  /* 13 */ '  role = "user"',
  /* 14 */ '  text = "Add a login form."',
  /* 15 */ '',
  /* 16 */ '  [[sessions.turns]]',
  /* 17 */ '  role = "assistant"',
  /* 18 */ '',
  /* 19 */ '    [[sessions.turns.tool_calls]]',
  /* 20 */ '    name = "Grep"',
  /* 21 */ '    args = { pattern = "LoginForm" }',
  /* 22 */ '',
  /* 23 */ '  [[sessions.turns]]',
  /* 24 */ '  role = "user"',
  /* 25 */ '  text = "Now disable the button."',
  /* 26 */ '',
  /* 27 */ '[[edits]]',
  /* 28 */ 'at = 2026-04-21T09:00:00Z',
  /* 29 */ 'by = "alice@example.com"',
  /* 30 */ 'sessions = ["s-1"]',
  /* 31 */ 'turns = [0]',
  /* 32 */ 'reason = "Tightened turn 0."',
];

export const committed = `${committedLines.join('\n')}\n`;

/** The committed text with line `n` replaced by `replacement` (none: deleted; several: inserted). */
export function withLines(n: number, count: number, ...replacement: string[]): string {
  const ls = [...committedLines];
  ls.splice(n, count, ...replacement);
  return `${ls.join('\n')}\n`;
}

/** The hand-edit findings of `text` against `baseline`, as `severity code L:C-L:C message`. */
export function handEditsShown(text: string, baseline = committed): string[] {
  return checkHandEdits(parsePrompts(baseline), parsePrompts(text)).findings.map(show);
}

export function handEditFindings(text: string, baseline = committed): readonly Finding[] {
  return checkHandEdits(parsePrompts(baseline), parsePrompts(text)).findings;
}

/** `text` with a fix applied: its text edits, then its entry's plain text at the entry's position. */
export function applyFix(text: string, fix: FixResult): string {
  assert.ok(fix.ok, fix.ok ? '' : fix.message);
  return applyEdits(text, fix.edits, fix.entry);
}

/** `text` with non-overlapping replacements, and an inserted entry, applied. */
export function applyEdits(
  text: string,
  edits: readonly { readonly range: Range; readonly newText: string }[],
  entry?: { readonly position: Position; readonly text: string },
): string {
  const index = new LineIndex(text);
  const pieces = edits.map((e) => ({ start: index.offsetAt(e.range.start), end: index.offsetAt(e.range.end), text: e.newText }));
  if (entry) {
    const at = index.offsetAt(entry.position);
    pieces.push({ start: at, end: at, text: entry.text });
  }
  let out = text;
  for (const p of pieces.sort((a, b) => b.start - a.start)) out = out.slice(0, p.start) + p.text + out.slice(p.end);
  return out;
}

/** The text a snippet inserts when each placeholder is accepted as it is (`${1:a}` -> `a`, `\$` -> `$`). */
export function snippetText(snippet: string): string {
  let out = '';
  for (let i = 0; i < snippet.length; i++) {
    const c = snippet[i]!;
    if (c === '\\' && i + 1 < snippet.length && '\\$}'.includes(snippet[i + 1]!)) out += snippet[++i];
    else if (c === '$' && snippet[i + 1] === '{') {
      const colon = snippet.indexOf(':', i);
      assert.match(snippet.slice(i + 2, colon), /^\d+$/, 'only ${n:default} placeholders');
      i = colon;
    } else if (c === '}') continue;
    else out += c;
  }
  return out;
}
