// Findings as the command line prints them: one line per finding for
// people (1-based line:col), or JSON with the LSP's 0-based positions.
// A message may quote a value of the file: it never repeats a secret.

import type { Finding } from '../../src-shared/finding';
import { redactSecrets } from '../../src-shared/prompts/rules/redactText';

export interface FileFindings {
  readonly file: string;
  readonly findings: readonly Finding[];
}

export function humanFindings(results: readonly FileFindings[]): string {
  const lines: string[] = [];
  for (const { file, findings } of results) {
    for (const f of findings) {
      lines.push(`${file}:${f.range.start.line + 1}:${f.range.start.character + 1}: ${f.severity} ${f.code}: ${redactSecrets(f.message)}`);
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
    })),
  );
  return `${JSON.stringify(all, null, 2)}\n`;
}

/** `3 files checked: 2 errors, 1 warning.` */
export function summary(results: readonly FileFindings[]): string {
  const count = (severity: string) => results.reduce((n, r) => n + r.findings.filter((f) => f.severity === severity).length, 0);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [plural(count('error'), 'error'), plural(count('warning'), 'warning')];
  const info = count('information') + count('hint');
  if (info > 0) parts.push(plural(info, 'note'));
  return `${plural(results.length, 'file')} checked: ${parts.join(', ')}.\n`;
}
