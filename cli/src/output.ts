// Findings as the command line prints them: one line per finding for
// people (1-based line:col), or JSON with the LSP's 0-based positions.
// A message may quote a value of the file: it never repeats a secret. In
// human output a file name or message holding a line break, a terminal
// escape or a bidirectional override is escaped, so no file can forge a
// line of the report or hide one.
// Related locations (JSON only) name another file relative to the working
// folder, as the findings' files are.

import * as path from 'node:path';
import type { Finding } from '../../src-shared/finding';
import { redactSecrets } from '../../src-shared/prompts/rules/redactText';

export interface FileFindings {
  readonly file: string;
  readonly findings: readonly Finding[];
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const unprintable = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const named: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` with each control, line-separator and bidi character written as an escape (`\n`, `\x1b`, `\u202e`). */
export function printable(text: string): string {
  return text.replace(unprintable, (c) => {
    const code = c.charCodeAt(0);
    return named[c] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
  });
}

export function humanFindings(results: readonly FileFindings[]): string {
  const lines: string[] = [];
  for (const { file, findings } of results) {
    const name = printable(file);
    for (const f of findings) {
      lines.push(`${name}:${f.range.start.line + 1}:${f.range.start.character + 1}: ${f.severity} ${f.code}: ${printable(redactSecrets(f.message))}`);
    }
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

export function jsonFindings(results: readonly FileFindings[]): string {
  const all = results.flatMap(({ file, findings }) =>
    findings.map((f) => ({
      file,
      range: { start: { ...f.range.start }, end: { ...f.range.end } },
      severity: f.severity,
      code: f.code,
      message: redactSecrets(f.message),
      ...(f.related && {
        related: f.related.map((r) => ({ file: r.file === undefined ? file : path.relative(process.cwd(), r.file) || r.file, range: r.range, message: redactSecrets(r.message) })),
      }),
    })),
  );
  return `${JSON.stringify(all, null, 2)}\n`;
}

/** `3 files checked: 2 errors, 1 warning.`, `2 files checked, 1 not checked: …`: `checked` counts the files whose rules ran. */
export function summary(results: readonly FileFindings[], checked: number, notChecked = 0): string {
  const count = (severity: string) => results.reduce((n, r) => n + r.findings.filter((f) => f.severity === severity).length, 0);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [plural(count('error'), 'error'), plural(count('warning'), 'warning')];
  const info = count('information') + count('hint');
  if (info > 0) parts.push(plural(info, 'note'));
  return `${plural(checked, 'file')} checked${notChecked > 0 ? `, ${notChecked} not checked` : ''}: ${parts.join(', ')}.\n`;
}
