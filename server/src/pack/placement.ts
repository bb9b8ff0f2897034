// Where a missing section or fragment goes, as a text edit: a canonical
// section in canonical order relative to the ones the pack has (after its
// nearest canonical predecessor, else before its nearest successor, else
// before the fragments), a fragment after the last fragment, otherwise the
// end of the file. Each gets a directive and an empty body, set off by a
// blank line, in the document's own line ending.

import type { TextEdit } from 'vscode-languageserver';
import type { Section } from '../../../src-shared/pack/model';
import type { Profile } from '../../../src-shared/pack/profiles';
import type { PackModel } from './model';

export function sectionInsertion(model: PackModel, profile: Profile, name: string): TextEdit {
  const sections = model.all.pack.sections;
  const eol = model.lines.text.includes('\r\n') ? '\r\n' : '\n';
  const directive = `%% section ${name}`;
  if (name.startsWith('_')) {
    const lastFragment = sections.filter((s) => s.isFragment).at(-1);
    return lastFragment ? after(model, lastFragment, directive, eol) : atEnd(model, directive, eol);
  }
  const order = profile.canonicalSections;
  const rank = order.indexOf(name);
  const canonical = sections.filter((s) => order.includes(s.name));
  const predecessor = canonical.filter((s) => order.indexOf(s.name) < rank).sort((a, b) => order.indexOf(b.name) - order.indexOf(a.name))[0];
  if (rank >= 0 && predecessor) return after(model, predecessor, directive, eol);
  const successor = rank >= 0 ? canonical.find((s) => order.indexOf(s.name) > rank) : undefined;
  const before = successor ?? sections.find((s) => s.isFragment);
  if (before) return { range: emptyAt(before.directiveLine, 0), newText: `${directive}${eol}${eol}` };
  return atEnd(model, directive, eol);
}

// Right after the section's last body line (its directive when the body is
// empty), so comments that head the next group stay with that group.
function after(model: PackModel, section: Section, directive: string, eol: string): TextEdit {
  const last = section.body === '' ? section.directiveLine : section.contentRange.end.line;
  if (last + 1 < model.lines.lineCount) return { range: emptyAt(last + 1, 0), newText: `${eol}${directive}${eol}` };
  return { range: emptyAt(last, model.lines.lineText(last).length), newText: `${eol}${eol}${directive}${eol}` };
}

function atEnd(model: PackModel, directive: string, eol: string): TextEdit {
  const text = model.lines.text;
  const end = model.lines.positionAt(text.length);
  const trailing = /(\r?\n)*$/.exec(text)![0];
  const breaks = trailing.split('\n').length - 1;
  const lead = text.trim() === '' ? '' : eol.repeat(Math.max(0, 2 - breaks));
  return { range: { start: end, end }, newText: `${lead}${directive}${eol}` };
}

function emptyAt(line: number, character: number) {
  return { start: { line, character }, end: { line, character } };
}
