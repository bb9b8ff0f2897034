// Placeholders: `{` + one or more of [a-z0-9_] + `}`; any other brace is
// literal text and scanning resumes at the next character (so `{{x}}` holds
// one placeholder). One scanner serves problems, the renderer and the
// editor's ranges.

import { finish, type Steps } from '../steps';
import type { Range } from '../text/range';
import { decodeAll } from './decode';
import { forEachBodyLine, type Pack, type Section } from './model';
import { bindingNames, profileOf, type Profile, type ProfileName } from './profiles';

function isNameCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95;
}

/**
 * Calls `visit` for each placeholder in `text[from, to)`: `start` at its `{`,
 * `end` just past its `}`. A placeholder never spans a line, and never
 * contains one, so callers may scan line by line. Returns the first `{` at
 * or past `to` (-1 when there is none), where its search for the next brace
 * ended: a caller scanning line by line passes it back as `brace` for the
 * lines that follow, so each stretch between two braces is searched once
 * however many braceless lines it spans, and the whole text costs one pass.
 */
export function scanPlaceholders(
  text: string,
  from: number,
  to: number,
  visit: (start: number, end: number) => void,
  brace = -2,
): number {
  let i = brace >= from || brace === -1 ? brace : text.indexOf('{', from);
  while (i !== -1 && i < to) {
    let j = i + 1;
    while (j < to && isNameCode(text.charCodeAt(j))) j++;
    if (j > i + 1 && j < to && text.charCodeAt(j) === 125) {
      visit(i, j + 1);
      i = text.indexOf('{', j + 1);
    } else {
      i = text.indexOf('{', i + 1);
    }
  }
  return i;
}

export interface PlaceholderMatch {
  readonly name: string;
  /** Offset of the `{` in the template. */
  readonly start: number;
  /** Offset just past the `}`. */
  readonly end: number;
}

/** Every placeholder in a template, in order, repeats included. */
export function placeholders(template: string): PlaceholderMatch[] {
  const found: PlaceholderMatch[] = [];
  scanPlaceholders(template, 0, template.length, (start, end) => found.push({ name: template.slice(start + 1, end - 1), start, end }));
  return found;
}

/** Upstream's `placeholders`: the names, in first-appearance order, once each. */
export function placeholderNames(template: string): string[] {
  const names = new Set<string>();
  scanPlaceholders(template, 0, template.length, (start, end) => names.add(template.slice(start + 1, end - 1)));
  return [...names];
}

export interface PlaceholderOccurrence {
  readonly name: string;
  /** The section (or fragment) whose body holds it. */
  readonly section: string;
  /** Source range, braces included. */
  readonly range: Range;
  /** Source range of the name alone. */
  readonly nameRange: Range;
  /** The profile binds this name. */
  readonly isBinding: boolean;
}

/**
 * Every placeholder of every section body (fragments too) with its source
 * range, in file order. Takes a decoded pack, or source text, which is
 * decoded with recovery so a pack with corrupt lines still gets ranges for
 * its well-formed sections.
 */
export function placeholderOccurrences(input: string | Pack, profile: ProfileName | Profile = 'loom-9'): PlaceholderOccurrence[] {
  return finish(placeholderOccurrencesInSteps(typeof input === 'string' ? decodeAll(input).pack : input, profile));
}

/** `placeholderOccurrences` of a decoded pack, yielding before each section. */
export function* placeholderOccurrencesInSteps(pack: Pack, profile: ProfileName | Profile = 'loom-9'): Steps<PlaceholderOccurrence[]> {
  const bound = new Set(bindingNames(profileOf(profile)));
  const found: PlaceholderOccurrence[] = [];
  for (const section of pack.sections) {
    yield;
    forEachPlaceholderLine(section, (line, column, lineStart, matches) => {
      for (const m of matches) {
        const at = (offset: number) => ({ line, character: column + offset - lineStart });
        found.push({
          name: m.name,
          section: section.name,
          range: { start: at(m.start), end: at(m.end) },
          nameRange: { start: at(m.start + 1), end: at(m.end - 1) },
          isBinding: bound.has(m.name),
        });
      }
    });
  }
  return found;
}

/**
 * Visits each body line of a section that holds placeholders, with the
 * line's source position and its placeholders (body offsets). The body is
 * scanned once, not line by line, so a long body with few braces costs one
 * pass.
 */
export function forEachPlaceholderLine(
  section: Section,
  visit: (sourceLine: number, sourceColumn: number, lineStart: number, matches: readonly PlaceholderMatch[]) => void,
): void {
  const all = placeholders(section.body);
  if (all.length === 0) return;
  let k = 0;
  forEachBodyLine(section, (lineStart, lineEnd, sourceLine, column) => {
    const first = k;
    while (k < all.length && all[k]!.start < lineEnd) k++;
    if (k > first) visit(sourceLine, column, lineStart, all.slice(first, k));
  });
}
