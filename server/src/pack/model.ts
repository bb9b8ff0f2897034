// The server's model of one pack document version, built once and shared by
// every feature: the decoder's full result (every corrupt line and every
// well-formed section), upstream's verdict, each placeholder with its
// source range, the source's digest and a line index.

import { decodeAllInSteps, type Decoded, type DecodeResult } from '../../../src-shared/pack/decode';
import { digestInSteps } from '../../../src-shared/pack/digest';
import type { Section } from '../../../src-shared/pack/model';
import { placeholderOccurrencesInSteps, type PlaceholderOccurrence } from '../../../src-shared/pack/placeholders';
import { finish, type Steps } from '../../../src-shared/steps';
import { LineIndex } from '../../../src-shared/text/lineIndex';
import type { Position } from '../../../src-shared/text/range';

export interface PackModel {
  readonly lines: LineIndex;
  /** Every corrupt line, and every well-formed section even when there are some. */
  readonly all: DecodeResult;
  /** Upstream's verdict: the pack, or the first report. */
  readonly verdict: Decoded;
  /** Every placeholder in every section body, in file order. Its `isBinding` is the default profile's: ask the profile in use. */
  readonly occurrences: readonly PlaceholderOccurrence[];
  readonly digest: string;
}

export function buildPackModel(text: string): PackModel {
  return finish(buildPackModelInSteps(text));
}

/** The model in steps, each a slice of one pass: a 30 MB pack must not hold the server while it opens. */
export function* buildPackModelInSteps(text: string): Steps<PackModel> {
  const all = yield* decodeAllInSteps(text);
  const first = all.corruptions[0];
  return {
    lines: yield* LineIndex.inSteps(text),
    all,
    verdict: first ? { ok: false, report: first } : { ok: true, pack: all.pack },
    occurrences: yield* placeholderOccurrencesInSteps(all.pack),
    digest: (yield* digestInSteps(text)).digest,
  };
}

/** The placeholder under `position` (braces included), if any. */
export function placeholderAt(model: PackModel, position: Position): PlaceholderOccurrence | undefined {
  return model.occurrences.find(
    (o) => o.range.start.line === position.line && o.range.start.character <= position.character && position.character <= o.range.end.character,
  );
}

/** The section whose `%% section` line is `line`. */
export function sectionOnDirectiveLine(model: PackModel, line: number): Section | undefined {
  return model.all.pack.sections.find((s) => s.directiveLine === line);
}

/** The section whose directive or body holds `line`. */
export function sectionAtLine(model: PackModel, line: number): Section | undefined {
  return model.all.pack.sections.find((s) => s.directiveLine <= line && line <= lastLineOf(s));
}

/** The last line a section owns: its directive's, when nothing follows it. */
export function lastLineOf(section: Section): number {
  return Math.max(section.directiveLine, section.bodyRange.end.line);
}
