// The one shape every checker in the core reports in, whatever the format:
// the server maps it to an LSP diagnostic, the command line prints it.

import type { Range } from './text/range';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** A severity the user may configure per code; `off` hides the finding. */
export type SeverityLevel = Exclude<Severity, 'hint'> | 'off';

export interface RelatedInformation {
  readonly range: Range;
  readonly message: string;
  /** Another file, named as the caller named it (bundle rules point across files); absent: the finding's own file. */
  readonly file?: string;
}

export interface Finding {
  readonly range: Range;
  readonly severity: Severity;
  /** Stable kebab-case identifier of the kind of problem, e.g. `pack/unknown-keyword`. */
  readonly code: string;
  readonly message: string;
  readonly related?: readonly RelatedInformation[];
  /** Extra facts a quick fix needs (a suggested name, the allowed values). Never a secret. */
  readonly data?: unknown;
}

/** One row of a table of finding codes: the code, its default severity and the rule of FORMATS.md it enforces. */
export interface CodeEntry {
  readonly code: string;
  readonly severity: Severity;
  readonly rule: string;
}

const order: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

/** Findings in reading order: by start position, then severity. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      a.range.start.line - b.range.start.line ||
      a.range.start.character - b.range.start.character ||
      order[a.severity] - order[b.severity],
  );
}
