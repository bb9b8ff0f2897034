// The decoded pack: immutable, in file order, with the source position of
// everything an editor points at (directive lines, names, bodies). Every
// feature takes this model; nothing re-reads the source to find a section.

import type { Range } from '../text/range';

/** A section as upstream has it: a name and its trimmed body. */
export interface SectionContent {
  readonly name: string;
  readonly body: string;
}

/** A pack as upstream has it, without positions: what `encode` writes. */
export interface PackContent {
  readonly version: string;
  readonly sections: readonly SectionContent[];
}

export interface Section extends SectionContent {
  /** The name starts with `_`: rendered only when a binding selects it. */
  readonly isFragment: boolean;
  /** 0-based line of the `%% section` directive. */
  readonly directiveLine: number;
  /** The directive line's text, without its line break. */
  readonly directiveRange: Range;
  /** The name on the directive line. */
  readonly nameRange: Range;
  /** Every line the section owns after its directive, up to the next section or the end of the file. */
  readonly bodyRange: Range;
  /** Where `body` lies in the source: from its first to just past its last character (empty at `bodyRange.start` when the body is empty). */
  readonly contentRange: Range;
  /** Directive lines (comments) inside `contentRange`, which the body leaves out. */
  readonly skippedLines: readonly number[];
}

export interface Pack extends PackContent {
  /** The text this pack was decoded from. */
  readonly source: string;
  /** 0-based line of `%% loom-prompt-pack`, -1 when the source has none. */
  readonly headerLine: number;
  /** 0-based line of `%% version`, -1 when the source has none. */
  readonly versionLine: number;
  /** The version id on its line. */
  readonly versionRange: Range;
  readonly sections: readonly Section[];
}

export function isFragment(name: string): boolean {
  return name.startsWith('_');
}

export function findSection<S extends SectionContent>(pack: { readonly sections: readonly S[] }, name: string): S | undefined {
  return pack.sections.find((s) => s.name === name);
}

/** The pack without positions: what a round trip through `encode` must preserve. */
export function contentOf(pack: PackContent): PackContent {
  return { version: pack.version, sections: pack.sections.map((s) => ({ name: s.name, body: s.body })) };
}

/**
 * Visits each line of a section's body with the source line it came from and
 * the source column of its first character. Placeholders never span lines,
 * so this is how a body offset becomes a source position; the renderer and
 * the placeholder finder both go through it.
 */
export function forEachBodyLine(
  section: Section,
  visit: (start: number, end: number, sourceLine: number, sourceColumn: number) => void,
): void {
  const body = section.body;
  const skipped = section.skippedLines;
  let line = section.contentRange.start.line;
  let column = section.contentRange.start.character;
  let skip = 0;
  let start = 0;
  for (;;) {
    while (skip < skipped.length && skipped[skip]! <= line) {
      if (skipped[skip] === line) line++;
      skip++;
    }
    const newline = body.indexOf('\n', start);
    const end = newline === -1 ? body.length : newline;
    visit(start, end, line, column);
    if (newline === -1) return;
    start = newline + 1;
    line++;
    column = 0;
  }
}
