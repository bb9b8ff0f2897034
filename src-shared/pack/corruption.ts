// The decoder's verdicts, as a table: every way a pack source can be corrupt,
// with the finding code the editor shows and the `expected` text upstream's
// report carries. Reports are built only through `corruptionAt`, which
// bounds the context the way upstream's `core/corruption.report` does.

import type { RelatedInformation } from '../finding';
import type { Range } from '../text/range';

export const boundary = 'prompt/pack.decode';
export const formatVersion = 1;
/** Longest section name or version id, in characters. */
export const maxNameLength = 64;
/** Graphemes of context a report keeps; a longer context is cut and marked with `…`. */
export const maxContextLength = 256;

export type CorruptionKind =
  | 'text-outside-section'
  | 'unknown-keyword'
  | 'duplicate-header'
  | 'bad-format-version'
  | 'header-not-first'
  | 'duplicate-version'
  | 'version-after-section'
  | 'bad-version'
  | 'section-before-version'
  | 'bad-section-name'
  | 'duplicate-section'
  | 'missing-header'
  | 'missing-version';

export interface CorruptionKindInfo {
  /** The finding code the editor and the command line report. */
  readonly code: string;
  /** Upstream's `expected` text, word for word. */
  readonly expected: string;
  /** Reported on the pack as a whole rather than on a line. */
  readonly wholeFile: boolean;
}

export const corruptionKinds: Readonly<Record<CorruptionKind, CorruptionKindInfo>> = {
  'text-outside-section': { code: 'pack/text-outside-section', expected: 'a directive or a blank line', wholeFile: false },
  'unknown-keyword': { code: 'pack/unknown-keyword', expected: 'one of `loom-prompt-pack`, `version`, `section`', wholeFile: false },
  'duplicate-header': { code: 'pack/duplicate-header', expected: 'exactly one pack header', wholeFile: false },
  'bad-format-version': { code: 'pack/bad-format-version', expected: `format version ${formatVersion}`, wholeFile: false },
  'header-not-first': { code: 'pack/header-not-first', expected: 'the pack header first', wholeFile: false },
  'duplicate-version': { code: 'pack/duplicate-version', expected: 'exactly one version directive', wholeFile: false },
  'version-after-section': { code: 'pack/version-after-section', expected: 'the version before the first section', wholeFile: false },
  'bad-version': {
    code: 'pack/bad-version',
    expected: `a version of 1-${maxNameLength} characters from [a-z0-9._-]`,
    wholeFile: false,
  },
  'section-before-version': { code: 'pack/section-before-version', expected: 'a version before the first section', wholeFile: false },
  'bad-section-name': {
    code: 'pack/bad-section-name',
    expected: `a section name of 1-${maxNameLength} characters from [a-z0-9_]`,
    wholeFile: false,
  },
  'duplicate-section': { code: 'pack/duplicate-section', expected: 'a section name used once', wholeFile: false },
  'missing-header': { code: 'pack/missing-header', expected: `a \`%% loom-prompt-pack ${formatVersion}\` header line`, wholeFile: true },
  'missing-version': { code: 'pack/missing-version', expected: 'a `%% version <id>` directive', wholeFile: true },
};

/** Upstream's report, field for field. */
export interface CorruptionReport {
  readonly boundary: string;
  /** `line N` (1-based) or `the pack as a whole`. */
  readonly subject: string;
  readonly expected: string;
  readonly context: string;
}

/** One corrupt line (or the whole pack), with what the editor needs to show it. */
export interface Corruption extends CorruptionReport {
  readonly kind: CorruptionKind;
  /** 0-based line the report is about; `null` for the pack as a whole. */
  readonly line: number | null;
  /** Where to show it: the line (a run of stray lines for text outside a section; the first line for the whole pack). */
  readonly range: Range;
  /** Other lines that explain it: the first use of a duplicated name, a misplaced header. */
  readonly related: readonly RelatedInformation[];
}

export const wholePack = 'the pack as a whole';

export function corruptionAt(
  kind: CorruptionKind,
  line: number | null,
  context: string,
  range: Range,
  related: readonly RelatedInformation[] = [],
): Corruption {
  return {
    boundary,
    subject: line === null ? wholePack : `line ${line + 1}`,
    expected: corruptionKinds[kind].expected,
    context: boundContext(context),
    kind,
    line,
    range,
    related,
  };
}

/** The one-line form upstream logs: `corruption at <boundary> (<subject>): expected <e>, got: <c>`. */
export function describeCorruption(report: CorruptionReport): string {
  return `corruption at ${report.boundary} (${report.subject}): expected ${report.expected}, got: ${report.context}`;
}

/** Just the report's four fields, for comparing with upstream's verdict. */
export function reportOf(c: CorruptionReport): CorruptionReport {
  return { boundary: c.boundary, subject: c.subject, expected: c.expected, context: c.context };
}

let segmenter: Intl.Segmenter | undefined;

/**
 * At most `maxContextLength` graphemes, plus `…` when cut: a report built
 * from hostile input stays small. Graphemes, not UTF-16 units, because that
 * is what upstream counts; a context no longer than the limit in code units
 * cannot be longer in graphemes, so the common case never segments.
 */
export function boundContext(context: string): string {
  if (context.length <= maxContextLength) return context;
  // Segment a prefix, growing it until it holds one grapheme more than we
  // keep: the boundaries before a prefix's last grapheme are the string's
  // own, and a whole megabyte line is never segmented.
  for (let prefix = 4 * maxContextLength; ; prefix *= 4) {
    const whole = prefix >= context.length;
    const ends = graphemeEnds(whole ? context : context.slice(0, prefix), maxContextLength + 2);
    if (ends.length > maxContextLength + 1 || whole) {
      return ends.length > maxContextLength ? `${context.slice(0, ends[maxContextLength - 1])}…` : context;
    }
  }
}

/** Where each of the first `count` graphemes of `text` ends. */
function graphemeEnds(text: string, count: number): number[] {
  const ends: number[] = [];
  if (typeof Intl === 'object' && typeof Intl.Segmenter === 'function') {
    segmenter ??= new Intl.Segmenter();
    for (const s of segmenter.segment(text)) {
      ends.push(s.index + s.segment.length);
      if (ends.length === count) break;
    }
    return ends;
  }
  let end = 0;
  for (const ch of text) {
    end += ch.length;
    ends.push(end);
    if (ends.length === count) break;
  }
  return ends;
}
