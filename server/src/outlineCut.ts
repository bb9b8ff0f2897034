// The note an outline ends with when it was cut at
// `packsAndPrompts.maxItemsComputed` (as VS Code's JSON server cuts at its
// `json.maxItemsComputed`): a symbol that only says something, placed after
// the last character of the file, so the cursor and the breadcrumbs never
// land in it.

import * as l10n from '@vscode/l10n';
import { type DocumentSymbol, SymbolKind } from 'vscode-languageserver';
import { formatCount } from '../../src-shared/pack/summary';
import type { Position } from '../../src-shared/text/range';

export const maxItemsSetting = 'packsAndPrompts.maxItemsComputed';

/** `order` says what was kept first ("sections in file order"), translated. */
export function outlineCutNote(end: Position, limit: number, order: string): DocumentSymbol {
  const range = { start: end, end };
  return {
    // `formatCount` writes what `toLocaleString('en-US')` does for a count, without loading ICU's number formats
    // (about 12 ms on the first outline that is cut).
    name: l10n.t('outline cut at {0} items', formatCount(limit)),
    detail: l10n.t('{0}; setting: {1}', order, maxItemsSetting),
    kind: SymbolKind.Null,
    range,
    selectionRange: range,
    children: [],
  };
}
