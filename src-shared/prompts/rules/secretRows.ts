// The shape of one row of the secret tables (writerSecrets.ts,
// scannerSecrets.ts, and the patterns a team adds in its settings).

/**
 * Where a row's matches can start, found by one pass over each string that
 * stops only at anchor characters: `source` is a regex for one ASCII
 * character (`_`, `[=:]`), rare in prose where it can be. A match starts at
 * one of `heads` (literal text holding such a character; its first one is
 * where the pass finds the head), or `back` characters before a head (a
 * token whose fixed part sits inside it: Azure's `…8Q~…`); or at one of
 * `words` that ends just before the anchor (whitespace, and with `quoted`
 * one quote, allowed between). Rows' anchors either are the same source or
 * never match the same character.
 */
export type Anchor =
  | { readonly source: string; readonly heads: readonly string[]; readonly back?: number }
  | { readonly source: string; readonly words: readonly string[]; readonly quoted?: boolean };

export interface SecretRow {
  /** Stable id, carried in the finding's data and keyed on by the severity setting. */
  readonly kind: string;
  /** How a message names it, never quoting it. */
  readonly label: string;
  /** Where the pattern comes from: the capture writer, a secretlint rule, a gitleaks rule id. */
  readonly source: string;
  /** The writer's rows: its Python regex, verbatim (translated by writerSecrets.ts). */
  readonly python?: string;
  /** Other rows: a JavaScript regex source; a group `(?<secret>…)` marks the part reported and redacted, else the whole match. */
  readonly pattern?: string;
  readonly ignoreCase?: boolean;
  /**
   * What may not stand just before a match: a letter, digit or `_` (`word`,
   * Python's `\b`, the writer's rows), a letter (`letter`, secretlint's
   * `(?<!\p{L})`, the other rows' default), or nothing (`none`).
   */
  readonly boundary?: 'word' | 'letter' | 'none';
  /**
   * A broad row (the writer's `token=…`, `Bearer …`): where a match of a
   * precise row lies inside one of its matches, the precise one is reported.
   */
  readonly generic?: boolean;
  /**
   * The least Shannon entropy, in bits per character, of the reported part
   * (as gitleaks' rules state one): where a kind's shape allows filler
   * (`AIzaaaa…`, `glc_1111…`), a match below it is no finding.
   */
  readonly entropy?: number;
  readonly anchor: Anchor;
}
