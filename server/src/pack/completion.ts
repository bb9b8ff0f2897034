// Completion: directive keywords after `%%`, the section and fragment names
// the pack lacks after `%% section`, and binding names after
// `{`, each with what it renders to in the pack's current environment.

import * as l10n from '@vscode/l10n';
import type { CompletionItem, Position, Range } from 'vscode-languageserver';
import { CompletionItemKind, InsertTextFormat, MarkupKind } from 'vscode-languageserver';
import { bindingDocs } from '../../../src-shared/pack/bindingDocs';
import { formatVersion } from '../../../src-shared/pack/corruption';
import { bindingNames } from '../../../src-shared/pack/profiles';
import { bindingValues } from '../../../src-shared/pack/render';
import type { PackContext } from './context';
import { codeBlock, escapeMarkdown } from '../../../src-shared/text/markdown';
import { sectionAtLine } from './model';

export function provideCompletion(ctx: PackContext, position: Position): CompletionItem[] {
  const line = ctx.model.lines.lineText(position.line);
  const before = line.slice(0, position.character);
  if (before.startsWith('%%')) {
    const section = /^%%[ \t]*section[ \t]+([a-z0-9_]*)$/.exec(before);
    if (section) return sectionNames(ctx, wordRange(position, section[1]!.length, line));
    const keyword = /^%%[ \t]*([a-z-]*)$/.exec(before);
    // `%%section` decodes, but the canonical spelling has a space after `%%`.
    if (keyword) return directives(ctx, wordRange(position, keyword[1]!.length, line), before.length === keyword[1]!.length + 2 ? ' ' : '');
    return [];
  }
  const placeholder = /\{([a-z0-9_]*)$/.exec(before);
  if (placeholder && sectionAtLine(ctx.model, position.line)) return bindings(ctx, position, placeholder[1]!.length, line);
  return [];
}

/** From the start of the partial word before the cursor to the end of the word it is in. */
function wordRange(position: Position, typed: number, line: string): Range {
  let end = position.character;
  while (end < line.length && /[a-z0-9_-]/.test(line[end]!)) end++;
  return { start: { line: position.line, character: position.character - typed }, end: { line: position.line, character: end } };
}

function directives(ctx: PackContext, range: Range, lead: string): CompletionItem[] {
  const pack = ctx.model.all.pack;
  const items: CompletionItem[] = [
    { label: 'section', detail: l10n.t('open a section or fragment'), insert: 'section ' },
    ...(pack.versionLine < 0 ? [{ label: 'version', detail: l10n.t('the pack version, once, before any section'), insert: 'version ' }] : []),
    ...(pack.headerLine < 0 ? [{ label: 'loom-prompt-pack', detail: l10n.t('the pack header, first'), insert: `loom-prompt-pack ${formatVersion}` }] : []),
    { label: '#', detail: l10n.t('a comment, left out of every body'), insert: '# ' },
  ].map((d, i) => ({
    label: d.label,
    kind: CompletionItemKind.Keyword,
    detail: d.detail,
    sortText: String(i),
    textEdit: { range, newText: `${lead}${d.insert}` },
    // Typing a section name comes next: ask for its completions at once.
    ...(d.label === 'section' && { command: { title: l10n.t('Suggest section names'), command: 'editor.action.triggerSuggest' } }),
  }));
  return items;
}

/**
 * The canonical sections and required fragments the pack lacks, in the
 * profile's order. The name already on the cursor's line is not "in the
 * pack" for this: retyping it keeps it on offer.
 */
function sectionNames(ctx: PackContext, range: Range): CompletionItem[] {
  const present = new Set(ctx.model.all.pack.sections.filter((s) => s.directiveLine !== range.start.line).map((s) => s.name));
  const names = [...ctx.profile.canonicalSections, ...ctx.profile.requiredFragments];
  return names
    .filter((name) => !present.has(name))
    .map((name, i) => {
      const fragment = name.startsWith('_');
      return {
        label: name,
        kind: fragment ? CompletionItemKind.Function : CompletionItemKind.Module,
        detail: fragment ? l10n.t('required fragment, missing') : l10n.t('canonical section, missing'),
        sortText: String(i).padStart(3, '0'),
        textEdit: { range, newText: name },
        insertTextFormat: InsertTextFormat.PlainText,
      };
    });
}

function bindings(ctx: PackContext, position: Position, typed: number, line: string): CompletionItem[] {
  let end = position.character;
  while (end < line.length && /[a-z0-9_]/.test(line[end]!)) end++;
  const closed = line[end] === '}';
  const range: Range = { start: { line: position.line, character: position.character - typed }, end: { line: position.line, character: closed ? end + 1 : end } };
  const values = bindingValues(ctx.model.all.pack, ctx.environment.environment, ctx.profile);
  const inFragment = sectionAtLine(ctx.model, position.line)?.isFragment === true;
  const selections = new Set(ctx.profile.selections.map((s) => s.name));
  return bindingNames(ctx.profile).map((name, i) => {
    const selection = selections.has(name);
    const value = selection && inFragment ? '' : (values.get(name) ?? '');
    return {
      label: `{${name}}`,
      filterText: name,
      kind: selection ? CompletionItemKind.Function : CompletionItemKind.Variable,
      detail: selection && inFragment ? l10n.t('renders nothing inside a fragment') : oneLine(value),
      documentation: {
        kind: MarkupKind.Markdown,
        value: `${bindingDocs[name] ?? ''}\n\n${value === '' ? l10n.t('Renders as nothing in *{0}*.', escapeMarkdown(ctx.environment.label)) : l10n.t('In *{0}*:', escapeMarkdown(ctx.environment.label))}${value === '' ? '' : `\n\n${codeBlock(value)}`}`,
      },
      sortText: String(i).padStart(3, '0'),
      textEdit: { range, newText: `${name}}` },
    };
  });
}

/** A value as one short line for the completion list's detail column. */
function oneLine(value: string): string {
  if (value === '') return l10n.t('(empty)');
  const first = value.split('\n')[0]!;
  const cut = first.length > 60 ? `${first.slice(0, 59)}…` : first;
  return first.length < value.length && cut === first ? `${cut} …` : cut;
}
