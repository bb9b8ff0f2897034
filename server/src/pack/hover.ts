// Hovers: on a placeholder, its tier, what it selects and what it renders
// to in the pack's current environment; on a section directive, whether
// the section is canonical, a fragment (and which binding selects it when),
// or neither.

import * as l10n from '@vscode/l10n';
import type { Hover, Position } from 'vscode-languageserver';
import { MarkupKind } from 'vscode-languageserver';
import { selectedFragment } from '../../../src-shared/pack/bindings';
import { bindingDoc, describeCondition } from '../../../src-shared/pack/bindingDocs';
import { suggestedBinding } from '../../../src-shared/pack/check';
import { findSection, type Section } from '../../../src-shared/pack/model';
import { describeChoice } from '../../../src-shared/pack/profileChoice';
import type { PlaceholderOccurrence } from '../../../src-shared/pack/placeholders';
import { isLiteralBinding, requiringPlaceholders, selectionOf } from '../../../src-shared/pack/profiles';
import { bindingValues } from '../../../src-shared/pack/render';
import type { PackContext } from './context';
import { placeholderAt, sectionOnDirectiveLine } from './model';
import { codeBlock, escapeMarkdown, inlineCode } from '../../../src-shared/text/markdown';

export function provideHover(ctx: PackContext, position: Position): Hover | null {
  const occurrence = placeholderAt(ctx.model, position);
  if (occurrence) return markdown(`${placeholderHover(ctx, occurrence)}${judgedBy(ctx)}`, occurrence.range);
  const section = sectionOnDirectiveLine(ctx.model, position.line);
  if (section) return markdown(`${sectionHover(ctx, section)}${judgedBy(ctx)}`, section.directiveRange);
  const directive = ctx.profileChoice.directiveRange;
  if (directive && directive.start.line === position.line) return markdown(profileHover(ctx), directive);
  return null;
}

function markdown(value: string, range: Hover['range']): Hover {
  return { contents: { kind: MarkupKind.Markdown, value }, ...(range && { range }) };
}

/** The footer every pack hover carries: which profile judged this pack, and why that one. */
function judgedBy(ctx: PackContext): string {
  return `\n\n---\n\n${l10n.t('Judged under {0}.', escapeMarkdown(describeChoice(ctx.profileChoice)))}`;
}

function profileHover(ctx: PackContext): string {
  const { profile, profileChoice } = ctx;
  if (profileChoice.fallback) return `${l10n.t('**Profile {0}** · cannot be used', inlineCode(profileChoice.requested))}\n\n${escapeMarkdown(profileChoice.fallback)}.`;
  const lines = [`${l10n.t('**Profile {0}**', inlineCode(profile.name))}${profileChoice.file ? ` · ${escapeMarkdown(profileChoice.file)}` : l10n.t(' · built in')}`];
  if (profile.description) lines.push(profile.description);
  lines.push(
    l10n.t('{0} canonical sections, {1} required fragments', profile.canonicalSections.length, profile.requiredFragments.length) +
      (profile.requiredWhenUsed.length > 0 ? l10n.t(' (more when {0} are used)', profile.requiredWhenUsed.map((r) => inlineCode(`{${r.placeholder}}`)).join(', ')) : '') +
      l10n.t(', {0} bindings; postures {1}.', profile.literalBindings.length + profile.selections.length, profile.enforcements.join(', ')),
  );
  if (profile.source) lines.push(l10n.t('Source: {0}', escapeMarkdown(profile.source)));
  return lines.join('\n\n');
}

function placeholderHover(ctx: PackContext, o: PlaceholderOccurrence): string {
  const { profile, environment } = ctx;
  const name = o.name;
  const title = `**${inlineCode(`{${name}}`)}**`;
  const rule = profile.selections.find((s) => s.name === name);
  const literal = isLiteralBinding(profile, name);
  if (!rule && !literal) {
    const suggestion = suggestedBinding(name, profile);
    return [
      l10n.t('{0} · unknown placeholder', title),
      l10n.t('{0} binds no such name, so it renders as nothing.', profile.name) + (suggestion ? l10n.t(' Did you mean {0}?', inlineCode(`{${suggestion}}`)) : ''),
    ].join('\n\n');
  }
  const value = bindingValues(ctx.model.all.pack, environment.environment, profile).get(name) ?? '';
  const inFragment = findSection(ctx.model.all.pack, o.section)?.isFragment === true;
  const lines = [rule ? l10n.t('{0} · selection binding', title) : l10n.t('{0} · literal binding', title), bindingDoc(profile, name)];
  if (rule) {
    const chosen = selectedFragment(rule, environment.environment);
    let marked = false;
    const rows = rule.cases.map(({ when, fragment }) => {
      const present = findSection(ctx.model.all.pack, fragment) ? '' : l10n.t(' (missing from this pack)');
      // The first case that holds is the one chosen, even when a later case names the same fragment.
      const mark = fragment === chosen && !marked ? l10n.t(' ← here') : '';
      if (mark) marked = true;
      return `- ${describeCondition(when)}: ${inlineCode(fragment)}${present}${mark}`;
    });
    if (rows.length === 0) rows.push(`- ${l10n.t('(no cases: it always renders nothing)')}`);
    lines.push(`${l10n.t('Renders a fragment chosen by the environment:')}\n\n${rows.join('\n')}`);
    if (inFragment) {
      lines.push(l10n.t('Inside a fragment a selection renders as nothing: fragments expand one level, against the literal bindings only.'));
      return lines.join('\n\n');
    }
  }
  const where = escapeMarkdown(environment.label);
  lines.push(value === '' ? l10n.t('Renders as nothing in *{0}*.', where) : `${l10n.t('Renders in *{0}*:', where)}\n\n${codeBlock(value)}`);
  return lines.join('\n\n');
}

function sectionHover(ctx: PackContext, section: Section): string {
  const { profile, environment } = ctx;
  const title = `**${inlineCode(section.name)}**`;
  const canonical = profile.canonicalSections.indexOf(section.name);
  if (canonical >= 0) {
    return `${l10n.t('{0} · canonical section {1} of {2} in {3}', title, canonical + 1, profile.canonicalSections.length, profile.name)}\n\n${l10n.t('Rendered in file order; left out when it renders empty.')}`;
  }
  if (!section.isFragment) {
    return `${l10n.t('{0} · not canonical in {1}', title, profile.name)}\n\n${l10n.t('Rendered in file order like any section, but the harness does not expect it.')}`;
  }
  const selection = selectionOf(profile, section.name);
  if (selection) {
    const now = selectedFragment(selection.rule, environment.environment) === section.name;
    return [
      l10n.t('{0} · fragment selected by {1} {2}', title, inlineCode(`{${selection.rule.name}}`), describeCondition(selection.case.when)) + onUse(profile, section.name),
      `${l10n.t('Rendered only where {0} appears, against the literal bindings.', inlineCode(`{${selection.rule.name}}`))} ${now ? l10n.t('Selected in *{0}*.', escapeMarkdown(environment.label)) : l10n.t('Not selected in *{0}*.', escapeMarkdown(environment.label))}`,
    ].join('\n\n');
  }
  if (profile.guidanceCap?.truncationFragment === section.name) {
    return l10n.t('{0} · fragment appended after repository guidance cut at {1} bytes ({2})', title, profile.guidanceCap.bytes, profile.name);
  }
  return `${l10n.t('{0} · a fragment no binding selects in {1}', title, profile.name)}\n\n${l10n.t('It is never rendered.')}`;
}

/** ` · required in loom-roster because the pack uses {delegation}` for a fragment required only on use. */
function onUse(profile: PackContext['profile'], fragment: string): string {
  const by = requiringPlaceholders(profile, fragment);
  return by.length > 0 ? l10n.t(' · required in {0} only where {1} is used', profile.name, by.map((p) => inlineCode(`{${p}}`)).join(l10n.t(' or '))) : '';
}
