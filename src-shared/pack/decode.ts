// The pack decoder: one pass over the lines that yields the pack and every
// corrupt line. `decode` is upstream's fail-fast verdict (the first report);
// `decodeAll` is the editor's: it keeps going, and recovers from each
// mistake so that the mistake is reported once and the lines after it are
// judged on their own (see `recovery` notes on each rule below).

import type { RelatedInformation } from '../finding';
import type { Range } from '../text/range';
import { corruptionAt, maxNameLength, type Corruption, type CorruptionKind } from './corruption';
import { editDistance } from '../text/editDistance';
import { isFragment, type Pack, type Section } from './model';
import { skipWhitespace, skipWhitespaceBack } from './whitespace';
import { finish, type Steps, unitsPerStep } from '../steps';

export interface DecodeResult {
  /** Every well-formed section, even when there are corruptions: the editor's model of a broken file. */
  readonly pack: Pack;
  /** Every corrupt line in file order, then the whole-pack reports. Empty iff the pack decodes. */
  readonly corruptions: readonly Corruption[];
}

export type Decoded = { readonly ok: true; readonly pack: Pack } | { readonly ok: false; readonly report: Corruption };

/** Upstream's verdict: the pack, or the one report its fail-fast decoder gives. */
export function decode(source: string): Decoded {
  const result = decodeAll(source);
  const first = result.corruptions[0];
  return first ? { ok: false, report: first } : { ok: true, pack: result.pack };
}

export function decodeAll(source: string): DecodeResult {
  return finish(decodeAllInSteps(source));
}

/** `decodeAll` in steps of `unitsPerStep` lines, for a server that must answer other requests while a large pack decodes. */
export function decodeAllInSteps(source: string): Steps<DecodeResult> {
  return new Reader(typeof source === 'string' ? source : '').read();
}

const versionAlphabet = /^[a-z0-9._-]+$/;
const nameAlphabet = /^[a-z0-9_]+$/;

export function isValidVersion(id: string): boolean {
  return id.length <= maxNameLength && versionAlphabet.test(id);
}

export function isValidSectionName(name: string): boolean {
  return name.length <= maxNameLength && nameAlphabet.test(name);
}

/** `n` as upstream's `int.parse` reads it (optional sign, ASCII digits), equal to 1. */
function isFormatVersionOne(argument: string): boolean {
  if (!/^\+?[0-9]+$/.test(argument)) return false;
  let i = argument.startsWith('+') ? 1 : 0;
  while (i < argument.length - 1 && argument.charCodeAt(i) === 48) i++;
  return argument.slice(i) === '1';
}

// A section being read. Invalid ones (a bad or duplicate name, a misspelt
// keyword) still own the lines below them, so those lines are not reported
// again as text outside a section; they just never reach the pack.
interface OpenSection {
  readonly name: string;
  readonly valid: boolean;
  readonly directiveLine: number;
  readonly directiveEnd: number;
  readonly directiveRange: Range;
  readonly nameRange: Range;
  lastLine: number;
  lastLineEnd: number;
  contentStart: number;
  contentStartLine: number;
  contentStartColumn: number;
  contentEnd: number;
  contentEndLine: number;
  contentEndColumn: number;
  /** Directive lines met after the content started: line, start offset, offset of the next line. */
  readonly skipped: number[];
}

interface StrayBlock {
  readonly report: MutableCorruption;
}

type MutableCorruption = Corruption & { range: Range; related: RelatedInformation[] };

class Reader {
  private readonly corruptions: MutableCorruption[] = [];
  private readonly sections: Section[] = [];
  private readonly sectionLines = new Map<string, Range>();
  private header: 'none' | 'seen' | 'excused' = 'none';
  private headerLine = -1;
  private headerLineRange: Range | undefined;
  private headerNotFirst: MutableCorruption | undefined;
  private versionSeen = false;
  /** A missing version was reported on a section line: not again, on any line or for the whole pack. */
  private versionExcused = false;
  /** A section line was reported for the missing header: the version it also lacks is left to the whole-pack report. */
  private versionDeferred = false;
  private version = '';
  private versionLine = -1;
  private versionLineRange: Range | undefined;
  private versionRange: Range = emptyRange(0, 0);
  private firstSectionRange: Range | undefined;
  private open: OpenSection | undefined;
  private stray: StrayBlock | undefined;

  // The line being read: its number, where its text starts and ends in the
  // source (after a byte-order mark on line 0, before a stripped "\r"),
  // where the line itself starts (for columns) and where the next one does.
  private line = 0;
  private lineStart = 0;
  private textStart = 0;
  private textEnd = 0;
  private nextStart = 0;

  constructor(private readonly source: string) {}

  *read(): Steps<DecodeResult> {
    const src = this.source;
    const length = src.length;
    let firstLineEnd = -1;
    let start = 0;
    for (let line = 0; ; line++) {
      const newline = src.indexOf('\n', start);
      const end = newline === -1 ? length : newline;
      let textEnd = end;
      const textStart = line === 0 && src.charCodeAt(0) === 0xfeff ? 1 : start;
      if (textEnd > textStart && src.charCodeAt(textEnd - 1) === 13) textEnd--;
      if (line === 0) firstLineEnd = textEnd;
      this.line = line;
      this.lineStart = start;
      this.textStart = textStart;
      this.textEnd = textEnd;
      this.nextStart = newline === -1 ? length : newline + 1;
      if (textEnd - textStart >= 2 && src.charCodeAt(textStart) === 37 && src.charCodeAt(textStart + 1) === 37) {
        this.stray = undefined;
        this.directive();
      } else if (this.open) {
        this.bodyLine(this.open);
      } else {
        this.outsideLine();
      }
      if (newline === -1) break;
      start = newline + 1;
      if (line % unitsPerStep === unitsPerStep - 1) yield;
    }
    this.closeOpen();
    const firstLine: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: Math.max(0, firstLineEnd) } };
    if (this.header === 'none') this.corruptions.push(corruptionAt('missing-header', null, '', firstLine) as MutableCorruption);
    if (!this.versionSeen && !this.versionExcused) {
      this.corruptions.push(corruptionAt('missing-version', null, '', firstLine) as MutableCorruption);
    }
    return {
      pack: {
        source: src,
        version: this.version,
        headerLine: this.headerLine,
        versionLine: this.versionLine,
        versionRange: this.versionRange,
        sections: this.sections,
      },
      corruptions: this.corruptions,
    };
  }

  private report(kind: CorruptionKind, context: string, related: RelatedInformation[] = []): MutableCorruption {
    const c = corruptionAt(kind, this.line, context, this.lineRange(), related) as MutableCorruption;
    this.corruptions.push(c);
    return c;
  }

  private lineRange(): Range {
    return {
      start: { line: this.line, character: this.textStart - this.lineStart },
      end: { line: this.line, character: this.textEnd - this.lineStart },
    };
  }

  private rangeOf(from: number, to: number): Range {
    return {
      start: { line: this.line, character: from - this.lineStart },
      end: { line: this.line, character: to - this.lineStart },
    };
  }

  // Outside any section only blank lines may appear. Recovery: a run of stray
  // lines up to the next directive is one mistake (prose that lost its
  // `%% section` line), reported once on its first line with a range that
  // grows to cover the run.
  private outsideLine(): void {
    const src = this.source;
    if (skipWhitespace(src, this.textStart, this.textEnd) === this.textEnd) return;
    if (this.stray) {
      const r = this.stray.report;
      r.range = { start: r.range.start, end: { line: this.line, character: this.textEnd - this.lineStart } };
      return;
    }
    this.stray = { report: this.report('text-outside-section', src.slice(this.textStart, this.textEnd)) };
  }

  private bodyLine(open: OpenSection): void {
    const src = this.source;
    open.lastLine = this.line;
    open.lastLineEnd = this.textEnd - this.lineStart;
    const first = skipWhitespace(src, this.textStart, this.textEnd);
    if (first === this.textEnd) return;
    if (open.contentStart < 0) {
      open.contentStart = first;
      open.contentStartLine = this.line;
      open.contentStartColumn = first - this.lineStart;
    }
    const last = skipWhitespaceBack(src, first, this.textEnd);
    open.contentEnd = last;
    open.contentEndLine = this.line;
    open.contentEndColumn = last - this.lineStart;
  }

  private directive(): void {
    const src = this.source;
    const contentStart = skipWhitespace(src, this.textStart + 2, this.textEnd);
    const contentEnd = skipWhitespaceBack(src, contentStart, this.textEnd);
    if (src.charCodeAt(contentStart) === 35 && contentStart < contentEnd) {
      this.skipLine();
      return;
    }
    // A bounded search: indexOf would run on past this line, to the end of the file, on every directive.
    let space = contentStart;
    while (space < contentEnd && src.charCodeAt(space) !== 32) space++;
    const hasArgument = space < contentEnd;
    const keyword = src.slice(contentStart, hasArgument ? space : contentEnd);
    const argumentStart = hasArgument ? skipWhitespace(src, space + 1, contentEnd) : contentEnd;
    const argument = src.slice(argumentStart, contentEnd);
    const argumentRange = this.rangeOf(argumentStart, contentEnd);
    switch (keyword) {
      case 'loom-prompt-pack':
        this.headerDirective(argument);
        this.skipLine();
        return;
      case 'version':
        this.versionDirective(argument, argumentRange);
        this.skipLine();
        return;
      case 'section':
        this.sectionDirective(argument, argumentRange);
        return;
      default:
        this.report('unknown-keyword', src.slice(contentStart, contentEnd));
        // Recovery: a misspelt `section` (or a bare section name) owns the
        // lines below it, which would otherwise all be "text outside a section".
        if (looksLikeSection(keyword, argument)) this.openSection(hasArgument ? argument : keyword, false, argumentRange);
        else this.skipLine();
    }
  }

  // A directive inside an open section is not part of its body.
  private skipLine(): void {
    const open = this.open;
    if (!open) return;
    open.lastLine = this.line;
    open.lastLineEnd = this.textEnd - this.lineStart;
    if (open.contentStart >= 0) open.skipped.push(this.line, this.lineStart, this.nextStart);
  }

  private headerDirective(argument: string): void {
    if (this.header === 'seen') {
      this.report('duplicate-header', argument, [this.relatedLine(this.headerLineRange, 'the pack header is here')]);
      return;
    }
    const wasExcused = this.header === 'excused';
    this.header = 'seen';
    this.headerLine = this.line;
    this.headerLineRange = this.lineRange();
    if (!isFormatVersionOne(argument)) {
      this.report('bad-format-version', argument);
      return;
    }
    // Recovery: a header that comes after the directive that needed it was
    // reported there already; point that report here instead of reporting twice.
    if (wasExcused && this.headerNotFirst) this.headerNotFirst.related.push({ range: this.lineRange(), message: 'the pack header is here' });
  }

  private versionDirective(argument: string, argumentRange: Range): void {
    if (this.header === 'none') {
      // Recovery: the header is taken as read, so every later directive is
      // not reported for the same missing line; this version still counts.
      this.headerNotFirst = this.report('header-not-first', argument);
      this.header = 'excused';
      this.acceptVersion(argument, argumentRange);
      return;
    }
    if (this.versionSeen) {
      this.report('duplicate-version', argument, [this.relatedLine(this.versionLineRange, 'the version is declared here')]);
      return;
    }
    if (this.firstSectionRange) {
      this.report('version-after-section', argument, [{ range: this.firstSectionRange, message: 'the first section opens here' }]);
      this.acceptVersion(argument, argumentRange);
      return;
    }
    if (!isValidVersion(argument)) this.report('bad-version', argument);
    this.acceptVersion(argument, argumentRange);
  }

  private acceptVersion(argument: string, argumentRange: Range): void {
    this.versionSeen = true;
    this.versionLine = this.line;
    this.versionLineRange = this.lineRange();
    this.versionRange = argumentRange;
    if (isValidVersion(argument)) this.version = argument;
  }

  private sectionDirective(name: string, nameRange: Range): void {
    this.closeOpen();
    const firstUse = this.sectionLines.get(name);
    let valid = isValidSectionName(name) && firstUse === undefined;
    if (this.header === 'none') {
      this.headerNotFirst = this.report('header-not-first', name);
      this.header = 'excused';
      this.versionDeferred = true;
    } else if (!this.versionSeen && !this.versionExcused && !this.versionDeferred) {
      // Recovery: the missing version is reported once, here, not again on
      // every later section nor as a whole-pack report.
      this.report('section-before-version', name);
      this.versionExcused = true;
    } else if (!isValidSectionName(name)) {
      this.report('bad-section-name', name);
    } else if (firstUse !== undefined) {
      this.report('duplicate-section', name, [{ range: firstUse, message: `\`${name}\` is first opened here` }]);
      valid = false;
    }
    this.firstSectionRange ??= this.lineRange();
    this.openSection(name, valid, nameRange);
  }

  private openSection(name: string, valid: boolean, nameRange: Range): void {
    this.closeOpen();
    if (valid) this.sectionLines.set(name, this.lineRange());
    this.open = {
      name,
      valid,
      directiveLine: this.line,
      directiveEnd: this.textEnd - this.lineStart,
      directiveRange: this.lineRange(),
      nameRange,
      lastLine: this.line,
      lastLineEnd: this.textEnd - this.lineStart,
      contentStart: -1,
      contentStartLine: -1,
      contentStartColumn: 0,
      contentEnd: -1,
      contentEndLine: -1,
      contentEndColumn: 0,
      skipped: [],
    };
  }

  private closeOpen(): void {
    const open = this.open;
    if (!open) return;
    this.open = undefined;
    if (!open.valid) return;
    const bodyRange: Range =
      open.lastLine === open.directiveLine
        ? emptyRange(open.directiveLine, open.directiveEnd)
        : { start: { line: open.directiveLine + 1, character: 0 }, end: { line: open.lastLine, character: open.lastLineEnd } };
    const skippedLines: number[] = [];
    let body = '';
    let contentRange = emptyRange(bodyRange.start.line, bodyRange.start.character);
    if (open.contentStart >= 0) {
      contentRange = {
        start: { line: open.contentStartLine, character: open.contentStartColumn },
        end: { line: open.contentEndLine, character: open.contentEndColumn },
      };
      body = this.bodyText(open, skippedLines);
    }
    this.sections.push({
      name: open.name,
      body,
      isFragment: isFragment(open.name),
      directiveLine: open.directiveLine,
      directiveRange: open.directiveRange,
      nameRange: open.nameRange,
      bodyRange,
      contentRange,
      skippedLines,
    });
  }

  // The body is the content's source text less the directive lines inside
  // it, with each line's "\r" dropped: one slice in the common case.
  private bodyText(open: OpenSection, skippedLines: number[]): string {
    const src = this.source;
    const pieces: string[] = [];
    let from = open.contentStart;
    const s = open.skipped;
    for (let i = 0; i < s.length && s[i]! < open.contentEndLine; i += 3) {
      skippedLines.push(s[i]!);
      pieces.push(src.slice(from, s[i + 1]));
      from = s[i + 2]!;
    }
    pieces.push(src.slice(from, open.contentEnd));
    const joined = pieces.length === 1 ? pieces[0]! : pieces.join('');
    return joined.indexOf('\r') === -1 ? joined : joined.replace(/\r\n/g, '\n');
  }

  private relatedLine(range: Range | undefined, message: string): RelatedInformation {
    return { range: range ?? emptyRange(0, 0), message };
  }
}

function emptyRange(line: number, character: number): Range {
  return { start: { line, character }, end: { line, character } };
}

// An unknown directive that reads as a section header: `section` misspelt or
// mis-cased (`%% Section x`, `%% sectoin x`), or a bare name (`%% identity`).
function looksLikeSection(keyword: string, argument: string): boolean {
  if (argument !== '') return editDistance(keyword.toLowerCase(), 'section') <= 2;
  return isValidSectionName(keyword);
}

