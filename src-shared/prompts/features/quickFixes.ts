// Quick fixes for the validator's findings, from the facts each finding
// carries in `data` (codes.ts): a bad enum value gets a fix to each allowed
// value, a misspelt key, tool or argument the closest allowed name, a
// non-UTC timestamp and a wrong schema version their replacement. `data`
// comes back from the editor, so it is checked before it is used. A
// secret's "redact" fixes are hand edits, so they record themselves in
// [[edits]]: see handEdits/fixes.ts, which builds on `redactionEdits` here.

import { LineIndex } from '../../text/lineIndex';
import { comparePositions, type Range } from '../../text/range';
import type { TextEdit } from '../../text/textEdit';
import { checkSecrets } from '../rules/checkSecrets';
import { promptsCodes as codes } from '../rules/codes';
import type { PromptsDocument } from '../toml/document';
import { Report } from '../rules/report';
import { redaction } from '../rules/secrets';

/** What a fix needs of a finding (or of the diagnostic the editor sends back). */
export interface FixableFinding {
  readonly code: string;
  readonly range: Range;
  readonly data?: unknown;
}

export interface QuickFix {
  readonly title: string;
  readonly edits: readonly TextEdit[];
  readonly preferred: boolean;
}

export function quickFixesFor(finding: FixableFinding): QuickFix[] {
  const data = isRecord(finding.data) ? finding.data : {};
  const replace = (title: string, newText: string, preferred: boolean): QuickFix => ({ title, edits: [{ range: finding.range, newText }], preferred });
  switch (finding.code) {
    case codes.badEnumValue.code:
    case codes.reservedRole.code: {
      const allowed = strings(data['allowed']);
      const suggestion = typeof data['suggestion'] === 'string' ? data['suggestion'] : allowed.length === 1 ? allowed[0] : undefined;
      return allowed.map((v) => replace(`Change to "${v}"`, JSON.stringify(v), v === suggestion));
    }
    case codes.unknownKey.code:
    case codes.unknownToolArg.code:
      return typeof data['suggestion'] === 'string' ? [replace(`Change to \`${data['suggestion']}\``, data['suggestion'], true)] : [];
    case codes.unknownTool.code:
      return typeof data['suggestion'] === 'string' ? [replace(`Change to "${data['suggestion']}"`, JSON.stringify(data['suggestion']), true)] : [];
    case codes.schemaVersion.code:
    case codes.nonUtcTimestamp.code:
      return typeof data['replacement'] === 'string' ? [replace(`Change to ${data['replacement']}`, data['replacement'], true)] : [];
    default:
      return [];
  }
}

/**
 * The edits that replace each range with `[REDACTED]`: sorted, overlaps
 * dropped, ranges already reading `[REDACTED]` left out. The hand-edit
 * fixes add the `[[edits]]` entry a redaction needs.
 */
export function redactionEdits(doc: PromptsDocument, ranges: readonly Range[]): TextEdit[] {
  const lines = new LineIndex(doc.text);
  return replacingEdits(ranges, redaction, (range) => doc.text.slice(lines.offsetAt(range.start), lines.offsetAt(range.end)) !== redaction);
}

/** The edits that replace each range `keep` accepts with `newText`: sorted, overlaps dropped. */
export function replacingEdits(ranges: readonly Range[], newText: string, keep: (range: Range) => boolean = () => true): TextEdit[] {
  const sorted = [...ranges].sort((a, b) => comparePositions(a.start, b.start));
  const edits: TextEdit[] = [];
  for (const range of sorted) {
    const last = edits[edits.length - 1];
    if (last && comparePositions(range.start, last.range.end) < 0) continue;
    if (keep(range)) edits.push({ range, newText });
  }
  return edits;
}

/** Each document version's redactable secrets, found once: code actions ask at every cursor move. */
const rangesOf = new WeakMap<PromptsDocument, readonly Range[]>();

/**
 * Every secret in the file that can be redacted in place (its exact
 * characters are known; an allowed one is not), outside the `[[edits]]` log:
 * that log is append-only, so a redaction there is refused, and "Redact all"
 * must not be refused as a whole for it.
 */
export function secretRanges(doc: PromptsDocument): Range[] {
  let ranges = rangesOf.get(doc);
  if (!ranges) {
    const report = new Report();
    for (const block of doc.blocks) if (block.rootKey !== 'edits') checkSecrets(report, block);
    ranges = report.findings.filter((f) => f.code === codes.secret.code && isRecord(f.data) && f.data['replacement'] === redaction).map((f) => f.range);
    rangesOf.set(doc, ranges);
  }
  return [...ranges];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
