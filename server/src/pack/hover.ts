// Hovers: on a placeholder, its tier, what it selects and what it renders
// to in the pack's current environment; on a section directive, whether
// the section is canonical, a fragment (and which binding selects it when),
// or neither.

import type { Hover, Position } from 'vscode-languageserver/node';
import { MarkupKind } from 'vscode-languageserver/node';
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
  return `\n\n---\n\nJudged under ${escapeMarkdown(describeChoice(ctx.profileChoice))}.`;
}

function profileHover(ctx: PackContext): string {
  const { profile, profileChoice } = ctx;
  if (profileChoice.fallback) return `**Profile ${inlineCode(profileChoice.requested)}** · cannot be used\n\n${escapeMarkdown(profileChoice.fallback)}.`;
  const lines = [`**Profile ${inlineCode(profile.name)}**${profileChoice.file ? ` · ${escapeMarkdown(profileChoice.file)}` : ' · built in'}`];
  if (profile.description) lines.push(profile.description);
  lines.push(
    `${profile.canonicalSections.length} canonical sections, ${profile.requiredFragments.length} required fragments` +
      `${profile.requiredWhenUsed.length > 0 ? ` (more when ${profile.requiredWhenUsed.map((r) => inlineCode(`{${r.placeholder}}`)).join(', ')} are used)` : ''}` +
      `, ${profile.literalBindings.length + profile.selections.length} bindings; postures ${profile.enforcements.join(', ')}.`,
  );
  if (profile.source) lines.push(`Source: ${escapeMarkdown(profile.source)}`);
  return lines.join('\n\n');
}

function placeholderHover(ctx: PackContext, o: PlaceholderOccurrence): string {
  const { profile, environment } = ctx;
  const name = o.name;
  const title = `**${inlineCode(`{${name}}`)}**`;
  const where = `in *${escapeMarkdown(environment.label)}*`;
  const rule = profile.selections.find((s) => s.name === name);
  const literal = isLiteralBinding(profile, name);
  if (!rule && !literal) {
    const suggestion = suggestedBinding(name, profile);
    return [
      `${title} · unknown placeholder`,
      `${profile.name} binds no such name, so it renders as nothing.${suggestion ? ` Did you mean ${inlineCode(`{${suggestion}}`)}?` : ''}`,
    ].join('\n\n');
  }
  const value = bindingValues(ctx.model.all.pack, environment.environment, profile).get(name) ?? '';
  const inFragment = findSection(ctx.model.all.pack, o.section)?.isFragment === true;
  const lines = [`${title} · ${rule ? 'selection binding' : 'literal binding'}`, bindingDoc(profile, name)];
  if (rule) {
    const chosen = selectedFragment(rule, environment.environment);
    let marked = false;
    const rows = rule.cases.map(({ when, fragment }) => {
      const present = findSection(ctx.model.all.pack, fragment) ? '' : ' (missing from this pack)';
      // The first case that holds is the one chosen, even when a later case names the same fragment.
      const mark = fragment === chosen && !marked ? ' ← here' : '';
      if (mark) marked = true;
      return `- ${describeCondition(when)}: ${inlineCode(fragment)}${present}${mark}`;
    });
    if (rows.length === 0) rows.push('- (no cases: it always renders nothing)');
    lines.push(`Renders a fragment chosen by the environment:\n\n${rows.join('\n')}`);
    if (inFragment) {
      lines.push(`Inside a fragment a selection renders as nothing: fragments expand one level, against the literal bindings only.`);
      return lines.join('\n\n');
    }
  }
  lines.push(value === '' ? `Renders as nothing ${where}.` : `Renders ${where}:\n\n${codeBlock(value)}`);
  return lines.join('\n\n');
}

function sectionHover(ctx: PackContext, section: Section): string {
  const { profile, environment } = ctx;
  const title = `**${inlineCode(section.name)}**`;
  const canonical = profile.canonicalSections.indexOf(section.name);
  if (canonical >= 0) {
    return `${title} · canonical section ${canonical + 1} of ${profile.canonicalSections.length} in ${profile.name}\n\nRendered in file order; left out when it renders empty.`;
  }
  if (!section.isFragment) {
    return `${title} · not canonical in ${profile.name}\n\nRendered in file order like any section, but the harness does not expect it.`;
  }
  const selection = selectionOf(profile, section.name);
  if (selection) {
    const now = selectedFragment(selection.rule, environment.environment) === section.name;
    return [
      `${title} · fragment selected by ${inlineCode(`{${selection.rule.name}}`)} ${describeCondition(selection.case.when)}${onUse(profile, section.name)}`,
      `Rendered only where ${inlineCode(`{${selection.rule.name}}`)} appears, against the literal bindings. ${now ? 'Selected' : 'Not selected'} in *${escapeMarkdown(environment.label)}*.`,
    ].join('\n\n');
  }
  if (profile.guidanceCap?.truncationFragment === section.name) {
    return `${title} · fragment appended after repository guidance cut at ${profile.guidanceCap.bytes} bytes (${profile.name})`;
  }
  return `${title} · a fragment no binding selects in ${profile.name}\n\nIt is never rendered.`;
}

/** ` · required in loom-roster because the pack uses {delegation}` for a fragment required only on use. */
function onUse(profile: PackContext['profile'], fragment: string): string {
  const by = requiringPlaceholders(profile, fragment);
  return by.length > 0 ? ` · required in ${profile.name} only where ${by.map((p) => inlineCode(`{${p}}`)).join(' or ')} is used` : '';
}
