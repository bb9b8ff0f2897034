// Navigation between selection placeholders and the fragments they render:
// go to definition from `{network}` to `_network_blocked`, `_network_proxied`
// and `_network_open`; find references from a fragment to every
// placeholder that selects it (and from a placeholder to its namesakes).

import type { Location, Position } from 'vscode-languageserver';
import type { Range } from '../../../src-shared/text/range';
import { findSection } from '../../../src-shared/pack/model';
import { selectionOf } from '../../../src-shared/pack/profiles';
import type { PackContext } from './context';
import { placeholderAt, sectionOnDirectiveLine } from './model';

export function provideDefinition(ctx: PackContext, position: Position): Location[] {
  const occurrence = placeholderAt(ctx.model, position);
  if (!occurrence) return [];
  const rule = ctx.profile.selections.find((s) => s.name === occurrence.name);
  if (!rule) return [];
  const uri = ctx.document.uri;
  const locations: Location[] = [];
  for (const fragment of new Set(rule.cases.map((c) => c.fragment))) {
    const section = findSection(ctx.model.all.pack, fragment);
    if (section) locations.push({ uri, range: section.directiveRange });
  }
  return locations;
}

export function provideReferences(ctx: PackContext, position: Position, includeDeclaration: boolean): Location[] {
  const uri = ctx.document.uri;
  const at = (range: Range): Location => ({ uri, range });
  const occurrence = placeholderAt(ctx.model, position);
  if (occurrence) {
    const same = ctx.model.occurrences.filter((o) => o.name === occurrence.name).map((o) => at(o.range));
    return includeDeclaration ? [...provideDefinition(ctx, position), ...same] : same;
  }
  const section = sectionOnDirectiveLine(ctx.model, position.line);
  if (!section?.isFragment) return [];
  const selection = selectionOf(ctx.profile, section.name);
  const uses = selection ? ctx.model.occurrences.filter((o) => o.name === selection.rule.name).map((o) => at(o.range)) : [];
  return includeDeclaration ? [at(section.directiveRange), ...uses] : uses;
}
