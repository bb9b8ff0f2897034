// Quick fixes for the pack's diagnostics: the closest binding for a
// misspelt placeholder, the missing section or fragment inserted where it
// belongs, for a body line that starts with `%%`, one space of indent
// (or, for a misspelt keyword, the keyword it was meant to be), and for a
// render that changed under the same version, the version bumped. Each fix is
// worked out from the current model, not from the diagnostic's data, so a
// stale diagnostic never yields a wrong edit.

import * as l10n from '@vscode/l10n';
import type { CodeAction, Diagnostic, Position, Range, TextEdit } from 'vscode-languageserver';
import { CodeActionKind } from 'vscode-languageserver';
import { packCodes, suggestedBinding } from '../../../src-shared/pack/check';
import { corruptionKinds } from '../../../src-shared/pack/corruption';
import { isValidSectionName } from '../../../src-shared/pack/decode';
import { closest } from '../../../src-shared/text/editDistance';
import { findSection } from '../../../src-shared/pack/model';
import type { PlaceholderOccurrence } from '../../../src-shared/pack/placeholders';
import { bindingNames } from '../../../src-shared/pack/profiles';
import type { VersionUnchangedData } from '../../../src-shared/pack/renderDiscipline';
import { bumpVersion } from '../../../src-shared/pack/versionBump';
import type { PackContext } from './context';
import { sectionInsertion } from './placement';
import { versionedEdit } from '../versionedEdit';

const keywords = ['section', 'version', 'loom-prompt-pack'];

type Fixer = (ctx: PackContext, diagnostic: Diagnostic, occurrences: OccurrencesByStart) => CodeAction[];

/** The placeholder occurrences by where they start: a request may carry a diagnostic for each of thousands. */
type OccurrencesByStart = () => ReadonlyMap<string, PlaceholderOccurrence>;

const fixers: Readonly<Record<string, Fixer>> = {
  [packCodes.unknownPlaceholder]: fixPlaceholder,
  [packCodes.missingSection]: addSection,
  [packCodes.missingFragment]: addSection,
  [corruptionKinds['unknown-keyword'].code]: fixDirectiveLine,
  [packCodes.renderChangedVersionUnchanged]: bumpVersionLine,
};

export function provideCodeActions(ctx: PackContext, _range: Range, diagnostics: readonly Diagnostic[]): CodeAction[] {
  let byStart: Map<string, PlaceholderOccurrence> | undefined;
  const occurrences = () => (byStart ??= new Map(ctx.model.occurrences.map((o) => [startKey(o.range.start), o])));
  return diagnostics.flatMap((d) => (typeof d.code === 'string' && Object.prototype.hasOwnProperty.call(fixers, d.code) ? fixers[d.code]!(ctx, d, occurrences) : []));
}

function startKey(p: Position): string {
  return `${p.line}:${p.character}`;
}

// Versioned: the editor refuses a fix once the document has moved past the version it was computed on.
function fix(ctx: PackContext, title: string, diagnostic: Diagnostic, edits: TextEdit[], isPreferred: boolean): CodeAction {
  return { title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred, edit: versionedEdit(ctx.document, edits) };
}

function fixPlaceholder(ctx: PackContext, diagnostic: Diagnostic, occurrences: OccurrencesByStart): CodeAction[] {
  const occurrence = occurrences().get(startKey(diagnostic.range.start));
  if (!occurrence || bindingNames(ctx.profile).includes(occurrence.name)) return [];
  const suggestion = suggestedBinding(occurrence.name, ctx.profile);
  if (!suggestion) return [];
  return [fix(ctx, l10n.t('Did you mean `{0}`?', `{${suggestion}}`), diagnostic, [{ range: occurrence.range, newText: `{${suggestion}}` }], true)];
}

function addSection(ctx: PackContext, diagnostic: Diagnostic): CodeAction[] {
  const data = diagnostic.data as { name?: unknown } | undefined;
  const name = data?.name;
  if (typeof name !== 'string' || !isValidSectionName(name) || findSection(ctx.model.all.pack, name)) return [];
  const title = name.startsWith('_') ? l10n.t('Add missing fragment `{0}`', name) : l10n.t('Add missing section `{0}`', name);
  return [fix(ctx, title, diagnostic, [sectionInsertion(ctx.model, ctx.profile, name)], true)];
}

function bumpVersionLine(ctx: PackContext, diagnostic: Diagnostic): CodeAction[] {
  const pack = ctx.model.all.pack;
  const data = diagnostic.data as Partial<VersionUnchangedData> | undefined;
  if (!ctx.model.verdict.ok || pack.versionLine < 0 || data?.version !== pack.version) return [];
  const bumped = bumpVersion(pack.version);
  return [fix(ctx, l10n.t('Bump the version to `{0}`', bumped), diagnostic, [{ range: pack.versionRange, newText: bumped }], true)];
}

function fixDirectiveLine(ctx: PackContext, diagnostic: Diagnostic): CodeAction[] {
  const line = diagnostic.range.start.line;
  const text = ctx.model.lines.lineText(line);
  if (!text.startsWith('%%')) return [];
  const actions: CodeAction[] = [];
  const keyword = /^%%[ \t]*(\S*)/.exec(text)![1]!;
  const near = keyword.startsWith('#') ? undefined : closest(keyword.toLowerCase(), keywords);
  if (near && keyword !== '' && near.distance <= 2) {
    const at = text.indexOf(keyword, 2);
    actions.push(
      fix(ctx, l10n.t('Change `{0}` to `{1}`', keyword, near.name), diagnostic, [{ range: { start: { line, character: at }, end: { line, character: at + keyword.length } }, newText: near.name }], true),
    );
  }
  if (insideSection(ctx, line)) {
    actions.push(fix(ctx, l10n.t('Indent by one space (keep the line as body text)'), diagnostic, [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: ' ' }], actions.length === 0));
  }
  return actions;
}

// Below a section's directive, a `%%` line was meant as body text; above
// every section it cannot be (text outside a section is an error too).
function insideSection(ctx: PackContext, line: number): boolean {
  for (let l = line - 1; l >= 0; l--) {
    if (/^%%[ \t]*section(?:[ \t]|$)/.test(ctx.model.lines.lineText(l))) return true;
  }
  return false;
}
