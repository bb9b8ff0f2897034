// The preview's lines about the render against HEAD's, for the same
// environment: unchanged or changed, the common prefix (UTF-8 bytes and
// share of the render: what a provider's prefix cache could still reuse),
// the version at HEAD and now, the first differing line with a link to the
// pack line that produced it, and a button that opens the diff of the two
// renders, and once counted, the cached prefix in tokens (tokens.ts).
// Text only, never markup.

import type { BaselineComparison, RenderTokens } from '../../../../src-shared/protocol/pack';
import { formatShare } from '../../../../src-shared/pack/prefix';
import { count, formatCount } from '../../../../src-shared/pack/summary';
import type { Maker, PageHandlers } from './page';
import { cacheRow } from './tokens';

/** Empty when the render was not compared (no comparison asked for). A stale render's first difference names its pack line without linking to it. */
export function baselineRows(el: Maker, c: BaselineComparison | undefined, on: PageHandlers, stale = false, tokens?: Exclude<RenderTokens, { kind: 'superseded' }>): HTMLElement[] {
  if (!c) return [];
  const row = el('div', `row baseline ${c.kind === 'off' ? 'off' : c.changed ? 'changed' : 'unchanged'}`);
  if (c.kind === 'off') {
    row.append(el('span', 'baseline-state', `Not compared with HEAD: ${c.reason}`));
    return [row];
  }
  const state = el('span', 'baseline-state', c.changed ? 'Changed since HEAD' : 'Unchanged since HEAD');
  state.title = 'The render for this environment, against the render of the pack as committed at HEAD';
  row.append(state);
  if (c.changed) {
    const prefix = el('span', 'figure');
    prefix.append(el('span', 'figure-label', 'common prefix '), el('span', 'figure-value', `${count(c.commonBytes, 'byte')} (${formatShare(c.share)})`));
    prefix.title = `UTF-8 bytes the render shares with HEAD's from its start, and their share of the render: what a provider's prefix cache could still reuse. HEAD's render: ${count(c.headBytes, 'byte')}.`;
    row.append(prefix);
  }
  const versions = el('span', `figure version ${c.changed && !c.versionChanged ? 'bad' : ''}`.trim());
  versions.append(el('span', 'figure-label', 'version '), el('span', 'figure-value', c.versionChanged ? `${c.headVersion} → ${c.version}` : `${c.version} (as at HEAD)`));
  if (c.changed && !c.versionChanged) versions.title = 'The render changed but the version did not: a cache miss cannot be attributed to this change';
  row.append(versions);
  const diff = el('button', 'secondary compare-head', 'Diff with HEAD');
  diff.title = "Open the diff of HEAD's render and this one";
  diff.addEventListener('click', () => on.compareHead());
  row.append(diff);
  const cache = cacheRow(el, tokens);
  const d = c.firstDifference;
  if (!d) return cache ? [row, cache] : [row];
  const where = el('div', 'row facts difference');
  where.append(el('span', 'label', 'First difference:'), el('span', undefined, `render line ${formatCount(d.line + 1)}`), el('code', 'chip', d.text === '' ? '(blank line)' : d.text));
  if (d.source && stale) where.append('←', el('span', 'unlinked', `${d.source.section}, pack line ${formatCount(d.source.line + 1)} (before the edit)`));
  else if (d.source) {
    const line = d.source.line;
    const link = el('a', 'link', `${d.source.section}, pack line ${formatCount(line + 1)}`);
    link.href = '#';
    link.title = 'Go to the pack line that produced it';
    link.addEventListener('click', (e) => {
      e.preventDefault();
      on.reveal(line);
    });
    where.append('←', link);
  }
  return cache ? [row, cache, where] : [row, where];
}
