// Rendering a pack against an environment into the system prompt (A.5):
// non-fragment sections in file order, each substituted in one pass (a
// substituted value is never scanned again), then laid out by the writer.
// `render` and `renderDetailed` are the same pipeline; the detailed one
// also keeps where every piece of the output came from, for the preview.

import type { Range } from '../text/range';
import { literalBindings, selectedFragment } from './bindings';
import type { Environment } from './environment';
import { findSection, forEachBodyLine, type Pack, type Section } from './model';
import { placeholders } from './placeholders';
import { profileOf, type Profile, type ProfileName } from './profiles';
import { RenderRecording, RenderWriter, type RenderSink, type RenderSpan } from './renderWriter';

export { maxRenderLength } from './renderWriter';
export type { RenderSpan };

export interface EmptyPlaceholder {
  readonly section: string;
  readonly name: string;
  /** Source range of the placeholder, braces included. */
  readonly range: Range;
}

export interface RenderDetail {
  /** Byte for byte what `render` returns. */
  readonly text: string;
  /** Where each stretch of `text` came from, in order; newlines between lines are not covered. */
  readonly spans: readonly RenderSpan[];
  /** Non-fragment sections that rendered empty and were left out. */
  readonly droppedSections: readonly string[];
  /** Placeholders that rendered the empty string, in the order rendering met them (each fragment's once). */
  readonly emptyPlaceholders: readonly EmptyPlaceholder[];
  /** The output reached `maxRenderLength` and `text` stops there. */
  readonly overflow: boolean;
}

export function render(pack: Pack, env: Environment, profile: ProfileName | Profile = 'loom-9'): string {
  return run(pack, env, profileOf(profile), false).text;
}

/** The plain render and whether it hit `maxRenderLength` (the command line refuses a cut prompt). */
export function renderOutcome(
  pack: Pack,
  env: Environment,
  profile: ProfileName | Profile = 'loom-9',
): { readonly text: string; readonly overflow: boolean } {
  const { text, overflow } = run(pack, env, profileOf(profile), false);
  return { text, overflow };
}

/**
 * The render with its provenance. `spansBefore`: spans only for output
 * that starts before that offset (a preview showing the first pages of a
 * 20 MB render needs a few thousand of its million spans); the text, the
 * dropped sections and the empty placeholders are the whole render's.
 */
export function renderDetailed(pack: Pack, env: Environment, profile: ProfileName | Profile = 'loom-9', spansBefore = Infinity): RenderDetail {
  return run(pack, env, profileOf(profile), true, spansBefore);
}

/** What each binding renders to in this environment (selections expanded), for hovers and previews. */
export function bindingValues(pack: Pack, env: Environment, profile: ProfileName | Profile = 'loom-9'): ReadonlyMap<string, string> {
  const context = new Substitution(pack, env, profileOf(profile), false);
  const values = new Map(context.literals);
  for (const rule of context.profile.selections) {
    const sink = new StringSink();
    context.selection(rule.name)?.replay(sink);
    values.set(rule.name, sink.finish());
  }
  return values;
}

function run(pack: Pack, env: Environment, profile: Profile, detailed: boolean, spansBefore = Infinity): RenderDetail {
  const writer = new RenderWriter(detailed, spansBefore);
  const context = new Substitution(pack, env, profile, detailed);
  for (const section of pack.sections) {
    if (section.isFragment) continue;
    writer.beginSection(section.name);
    context.substitute(section, writer, true);
    writer.endSection();
  }
  const text = writer.finish();
  return {
    text,
    spans: writer.spans ?? [],
    droppedSections: writer.droppedSections,
    emptyPlaceholders: context.empty,
    overflow: writer.overflow,
  };
}

// One render's bindings: the literal tier as strings, and each selected
// fragment expanded once (against the literal tier) and replayed wherever
// its placeholder appears.
class Substitution {
  readonly literals: ReadonlyMap<string, string>;
  readonly empty: EmptyPlaceholder[] = [];
  private readonly selectionNames: ReadonlySet<string>;
  private readonly expansions = new Map<string, RenderRecording | null>();

  constructor(
    private readonly pack: Pack,
    private readonly env: Environment,
    readonly profile: Profile,
    private readonly detailed: boolean,
  ) {
    this.literals = literalBindings(pack, env, profile);
    this.selectionNames = new Set(profile.selections.map((s) => s.name));
  }

  /** The expansion a selection binding renders, or `null` when it renders empty. */
  selection(name: string): RenderRecording | null {
    const cached = this.expansions.get(name);
    if (cached !== undefined) return cached;
    const rule = this.profile.selections.find((s) => s.name === name);
    const fragmentName = rule && selectedFragment(rule, this.env);
    const fragment = fragmentName === undefined ? undefined : findSection(this.pack, fragmentName);
    let expansion: RenderRecording | null = null;
    if (fragment) {
      expansion = new RenderRecording();
      this.substitute(fragment, expansion, false);
    }
    this.expansions.set(name, expansion);
    return expansion;
  }

  /** Writes `section`'s body with its placeholders filled; selections only at the top level. */
  substitute(section: Section, sink: RenderSink, withSelections: boolean): void {
    const body = section.body;
    const name = section.name;
    // One scan of the whole body: a per-line search would run past each line to the next brace.
    const matches = placeholders(body);
    let k = 0;
    forEachBodyLine(section, (lineStart, lineEnd, sourceLine, column) => {
      if (sink.full) return;
      if (lineStart > 0) sink.lineBreak();
      let from = lineStart;
      for (; k < matches.length && matches[k]!.start < lineEnd; k++) {
        const { start, end, name: key } = matches[k]!;
        if (start > from) sink.text(body, from, start, name, sourceLine);
        from = end;
        const literal = this.literals.get(key);
        let rendered = 0;
        if (literal !== undefined) {
          writeLines(sink, literal, name, sourceLine);
          rendered = literal.length;
        } else if (withSelections && this.selectionNames.has(key)) {
          const expansion = this.selection(key);
          if (expansion) {
            expansion.replay(sink);
            rendered = expansion.size;
          }
        }
        if (rendered === 0 && this.detailed) {
          const at = (offset: number) => ({ line: sourceLine, character: column + offset - lineStart });
          this.empty.push({ section: name, name: key, range: { start: at(start), end: at(end) } });
        }
      }
      if (lineEnd > from) sink.text(body, from, lineEnd, name, sourceLine);
    });
  }
}

/** A value that may span lines, as pieces and line breaks. */
function writeLines(sink: RenderSink, value: string, section: string, sourceLine: number): void {
  let start = 0;
  for (let newline = value.indexOf('\n'); newline !== -1; newline = value.indexOf('\n', start)) {
    sink.text(value, start, newline, section, sourceLine);
    sink.lineBreak();
    start = newline + 1;
  }
  sink.text(value, start, value.length, section, sourceLine);
}

class StringSink implements RenderSink {
  private readonly parts: string[] = [];
  readonly full = false;

  text(text: string, start: number, end: number): void {
    this.parts.push(text.slice(start, end));
  }

  lineBreak(): void {
    this.parts.push('\n');
  }

  finish(): string {
    return this.parts.join('');
  }
}
