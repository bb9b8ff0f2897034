// The preview page built from its state: a compact header with the
// environment (a button that opens the picker), the figures (bytes, against
// the budget when one is set, tokens (estimated until counted), pack and render digests,
// assess's split), the render against HEAD's, what rendered empty, then the
// rendered text in spans that know the pack line
// they came from. A stale banner with the corruption report and a link to
// its line sits above the last good render; while stale the header is
// dimmed and nothing links to a pack line any more (the lines have moved
// since that render). Text only, never markup.

import type { PreviewState } from '../../../../src-shared/previewMessages';
import type { RenderedPack, RenderWindow } from '../../../../src-shared/protocol/pack';
import { count, figuresLine, figuresVerdict } from '../../../../src-shared/pack/summary';
import { formatBudget } from '../../../../src-shared/pack/prefix';
import { baselineRows } from './baseline';
import { sectionChips, tokensFigure } from './tokens';

export interface PageHandlers {
  reveal(line: number): void;
  pickEnvironment(): void;
  compare(): void;
  compareHead(): void;
  showMore?(): void;
}

export interface Page {
  readonly element: HTMLElement;
  /** The element whose text content is the render, exactly. */
  readonly text: HTMLElement;
  /** The lines about the render against HEAD's, if any. */
  readonly baseline: readonly HTMLElement[];
}

export type Maker = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string) => HTMLElementTagNameMap[K];

export function buildPage(doc: Document, state: PreviewState, on: PageHandlers): Page {
  const el: Maker = (tag, className, text) => {
    const e = doc.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const page = el('div', 'page');
  const rendered = state.rendered;
  const stale = state.problem !== undefined;
  const baseline = rendered ? baselineRows(el, rendered.baseline, on, stale, state.tokens) : [];
  if (rendered) page.append(header(el, state, rendered, baseline, on));
  if (state.problem) page.append(staleBanner(el, state, on));
  const text = el('pre', `render${stale ? ' stale' : ''}`);
  if (rendered) fillText(el, text, rendered, on, stale, sectionTokens(state));
  else if (!state.problem) text.append(el('span', 'empty', 'Rendering…'));
  page.append(text);
  if (rendered?.shown && rendered.shown.chars < rendered.shown.totalChars) page.append(cutNote(el, rendered.shown, on));
  if (rendered && rendered.text === '') page.append(el('p', 'note', 'The pack renders to nothing in this environment.'));
  return { element: page, text, baseline };
}

function header(el: Maker, state: PreviewState, r: RenderedPack, baseline: readonly HTMLElement[], on: PageHandlers): HTMLElement {
  const head = el('header', `head${state.problem ? ' stale' : ''}`);
  const top = el('div', 'row top');
  const env = el('button', 'env', r.environment.label);
  env.title = 'Choose the environment to render against';
  env.addEventListener('click', () => on.pickEnvironment());
  const compare = el('button', 'secondary compare', 'Compare…');
  compare.title = 'Diff this render against another environment';
  compare.addEventListener('click', () => on.compare());
  top.append(el('span', 'pack-name', state.packName), env, compare);

  const figures = el('div', 'row figures');
  const split = el('span', `figure verdict ${r.figures.scorable ? 'ok' : 'bad'}`, figuresLine(r.figures));
  split.title = figuresVerdict(r.figures);
  figures.append(
    bytesFigure(el, r),
    tokensFigure(el, r, state.tokens),
    figure(el, 'pack', r.digest, 'FNV-1a digest of the pack source: when it changes, a cached prompt prefix is invalidated'),
    figure(el, 'render', r.renderDigest, 'FNV-1a digest of the rendered text'),
    split,
  );
  head.append(top, figures, ...baseline);

  const facts: Array<[string, string[]]> = [
    ['Tokens by section', state.tokens?.kind === 'counted' ? sectionChips(state.tokens, maxChips) : []],
    ['Left out (rendered empty)', atMost(r.droppedSections, maxChips)],
    ['Rendered as nothing', renderedAsNothing(r)],
    ['Note', [...r.notes, ...(r.overflow ? ['the render reached the length cap and stops there'] : [])]],
  ];
  for (const [label, items] of facts) {
    if (items.length === 0) continue;
    const row = el('div', 'row facts');
    row.append(el('span', 'label', `${label}:`));
    for (const item of items) row.append(el('code', 'chip', item));
    head.append(row);
  }
  return head;
}

/** `2,345 bytes`, or against the budget: `12,345 / 16,000 bytes`, marked when over it. */
function bytesFigure(el: Maker, r: RenderedPack): HTMLElement {
  if (r.budget === null) return figure(el, '', count(r.bytes, 'byte'), 'UTF-8 bytes of the rendered prompt');
  const over = r.bytes > r.budget;
  const f = figure(el, '', formatBudget(r.bytes, r.budget), `UTF-8 bytes of the rendered prompt, against packsAndPrompts.pack.maxRenderBytes${over ? ': over the budget' : ''}`);
  if (over) f.classList.add('over');
  return f;
}

/** Below a render cut for the preview: how much is shown, that the figures are the whole render's, and a way to see more. */
function cutNote(el: Maker, shown: RenderWindow, on: PageHandlers): HTMLElement {
  const note = el('p', 'note cut');
  const n = (x: number): string => x.toLocaleString('en-US');
  note.append(
    el('span', undefined, `Showing the first ${n(shown.lines)} of ${n(shown.totalLines)} lines (${n(shown.chars)} of ${n(shown.totalChars)} characters). The bytes, tokens and digests above are of the whole render; Compare… diffs it whole. `),
  );
  const more = el('button', 'secondary more', 'Show more');
  more.title = 'Show four times as much of the render';
  more.addEventListener('click', () => on.showMore?.());
  note.append(more);
  return note;
}

export function figure(el: Maker, label: string, value: string, title: string): HTMLElement {
  const f = el('span', 'figure');
  if (label !== '') f.append(el('span', 'figure-label', `${label} `));
  f.append(el('span', 'figure-value', value));
  f.title = title;
  return f;
}

function staleBanner(el: Maker, state: PreviewState, on: PageHandlers): HTMLElement {
  const problem = state.problem!;
  const banner = el('div', 'banner');
  banner.setAttribute('role', 'alert');
  const line = problem.range.start.line;
  banner.append(
    el('strong', undefined, state.rendered ? 'Out of date: the pack no longer decodes. ' : 'The pack does not decode. '),
    el('span', undefined, problem.report),
  );
  const link = el('a', 'link', `Go to line ${line + 1}`);
  link.href = '#';
  link.addEventListener('click', (e) => {
    e.preventDefault();
    on.reveal(line);
  });
  banner.append(' ', link);
  if (state.rendered) banner.append(el('div', 'hint', `Showing the last render that decoded (%% version ${state.rendered.packVersion}); its lines no longer link to the pack.`));
  return banner;
}

// One block per output line. A line the pane wraps continues at the left
// edge, as it would in the prompt: an indent there would read as leading
// spaces the render does not have. Each block ends with its newline (the
// last excepted) and spans never cross one, so the element's text is the
// render exactly. A stale render's spans link nowhere.
function fillText(el: Maker, pre: HTMLElement, r: RenderedPack, on: PageHandlers, stale: boolean, tokens: ReadonlyMap<string, number>): void {
  const text = r.text;
  const spans = r.spans;
  let k = 0;
  for (let start = 0; start <= text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const line = el('span', 'line');
    let at = start;
    for (; k < spans.length && spans[k]!.start < end; k++) {
      const span = spans[k]!;
      if (span.start > at) line.append(text.slice(at, span.start));
      const piece = text.slice(span.start, span.end);
      line.append(stale ? piece : sourceSpan(el, pre, piece, span.section, span.sourceLine, on, tokens.get(span.section)));
      at = span.end;
    }
    if (end > at) line.append(text.slice(at, end));
    if (newline !== -1) line.append('\n');
    pre.append(line);
    if (newline === -1) break;
    start = newline + 1;
  }
}

function sourceSpan(el: Maker, pre: HTMLElement, piece: string, section: string, sourceLine: number, on: PageHandlers, tokens: number | undefined): HTMLElement {
  const s = el('span', 'src', piece);
  s.dataset['line'] = String(sourceLine);
  s.dataset['section'] = section;
  s.title = `${section}, line ${sourceLine + 1}${tokens === undefined ? '' : ` (${section}: ${count(tokens, 'token')})`}`;
  s.addEventListener('click', () => {
    // A click that ends a text selection is not a jump.
    if (!pre.ownerDocument.getSelection()?.isCollapsed) return;
    on.reveal(sourceLine);
  });
  return s;
}

function sectionTokens(state: PreviewState): ReadonlyMap<string, number> {
  return new Map(state.tokens?.kind === 'counted' ? state.tokens.sections.map((s) => [s.section, s.tokens]) : []);
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}

/** A row of chips longer than this would fill the pane before the render: a huge pack's rows are summed up. */
const maxChips = 12;

function atMost(items: readonly string[], n: number): string[] {
  return items.length <= n ? [...items] : [...items.slice(0, n), `and ${(items.length - n).toLocaleString('en-US')} more`];
}

/** `{name} in section` for each; when there are many, one chip per placeholder saying in how many sections. */
function renderedAsNothing(r: RenderedPack): string[] {
  const each = unique(r.emptyPlaceholders.map((p) => `{${p.name}} in ${p.section}`));
  if (each.length <= maxChips) return each;
  const sections = new Map<string, Set<string>>();
  for (const p of r.emptyPlaceholders) {
    const set = sections.get(p.name) ?? new Set<string>();
    set.add(p.section);
    sections.set(p.name, set);
  }
  const byName = [...sections].map(([name, set]) => (set.size === 1 ? `{${name}} in ${[...set][0]}` : `{${name}} in ${set.size.toLocaleString('en-US')} sections`));
  return atMost(byName, maxChips);
}
