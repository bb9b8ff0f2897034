// Helpers for `.prompts` unit tests: a minimal valid file to vary, and a
// one-line rendering of a finding so tests compare code, severity, range
// and message exactly.

import type { Finding } from '../../src-shared/finding';
import { parsePrompts } from '../../src-shared/prompts/toml/document';
import { validatePrompts } from '../../src-shared/prompts/rules/validate';

/** Joins lines with "\n", so a fixture's line numbers read off its arguments (0-based). */
export function lines(...ls: string[]): string {
  return ls.join('\n');
}

export const commitLines = ['[commit]', 'branch = "main"', 'author_name = "Alice Chen"', 'author_email = "alice@example.com"'];

export const sessionLines = ['[[sessions]]', 'id = "s-1"', 'source = "claude_code"', '', '  [[sessions.turns]]', '  role = "user"', '  text = "Hello"'];

/** A valid file: schema, commit, one session with one user turn. */
export const minimalValid = lines('schema = "spec.prompts/v0.1"', '', ...commitLines, '', ...sessionLines);

export function findingsOf(text: string, strictUnknownTools = false): Finding[] {
  return validatePrompts(parsePrompts(text), { strictUnknownTools });
}

/** `severity code L:C-L:C message` */
export function show(f: Finding): string {
  const r = f.range;
  return `${f.severity} ${f.code} ${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character} ${f.message}`;
}

export function shown(text: string, strictUnknownTools = false): string[] {
  return findingsOf(text, strictUnknownTools).map(show);
}

/** The text a finding's range covers (single-line ranges). */
export function textAt(text: string, f: Finding): string {
  const line = text.split('\n')[f.range.start.line] ?? '';
  return f.range.start.line === f.range.end.line ? line.slice(f.range.start.character, f.range.end.character) : line.slice(f.range.start.character);
}
