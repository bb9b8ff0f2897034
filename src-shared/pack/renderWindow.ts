// What a preview of a huge render is sent: the first lines of the render,
// as many as fit in a number of characters a person can read, with their
// provenance as flat numbers (a 20 MB render has a million spans, each an
// object naming its section). The figures and digests stay those of the
// whole render; `shown` says how much of it the text is. The preview
// expands the provenance back into spans.

import type { CompactProvenance, RenderedPack } from '../protocol/pack';
import type { RenderSpan } from './renderWriter';

/** What the preview asks for first: about 40 pages of prose. */
export const previewChars = 200_000;

/** `rendered` cut to its first lines within `maxChars` (a first line longer than that cut inside), spans compacted. */
export function renderWindow(rendered: RenderedPack, maxChars: number): RenderedPack {
  const text = rendered.text;
  const limit = Math.max(0, Math.floor(maxChars));
  let cut = text.length;
  if (text.length > limit) {
    const newline = text.lastIndexOf('\n', limit);
    cut = newline > 0 ? newline : limit;
  }
  const shownText = text.slice(0, cut);
  const sections: string[] = [];
  const index = new Map<string, number>();
  const flat: number[] = [];
  for (const span of rendered.spans) {
    if (span.start >= cut) break;
    let i = index.get(span.section);
    if (i === undefined) {
      i = sections.length;
      sections.push(span.section);
      index.set(span.section, i);
    }
    flat.push(span.start, Math.min(span.end, cut), i, span.sourceLine);
  }
  return {
    ...rendered,
    text: shownText,
    spans: [],
    provenance: { sections, spans: flat },
    shown: { chars: shownText.length, lines: lineCount(shownText), totalChars: text.length, totalLines: lineCount(text) },
  };
}

/** The spans a compact provenance stands for. */
export function expandProvenance(p: CompactProvenance): RenderSpan[] {
  const spans: RenderSpan[] = [];
  for (let k = 0; k + 3 < p.spans.length; k += 4) {
    spans.push({ start: p.spans[k]!, end: p.spans[k + 1]!, section: p.sections[p.spans[k + 2]!] ?? '', sourceLine: p.spans[k + 3]! });
  }
  return spans;
}

function lineCount(text: string): number {
  if (text === '') return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
