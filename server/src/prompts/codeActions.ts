// Quick fixes for the `.prompts` diagnostics the editor sends back, as LSP
// code actions with their workspace edits, each naming the document version
// it was computed for. A "redact all" offered by several secrets in the
// range is listed once.

import { type CodeAction, CodeActionKind, type Diagnostic, type Range } from 'vscode-languageserver';
import { quickFixesFor } from '../../../src-shared/prompts/features/quickFixes';
import type { PromptsDocument } from '../../../src-shared/prompts/toml/document';
import type { FeatureContext } from '../languageService';
import { versionedEdit } from '../versionedEdit';

const ours = 'packs-and-prompts';

export function provideCodeActions(ctx: FeatureContext<PromptsDocument>, _range: Range, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  const titles = new Set<string>();
  for (const d of diagnostics) {
    if (d.source !== ours || typeof d.code !== 'string') continue;
    for (const fix of quickFixesFor({ code: d.code, range: d.range, data: d.data })) {
      const fileWide = fix.edits.length > 1;
      if (fileWide && titles.has(fix.title)) continue;
      titles.add(fix.title);
      actions.push({
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: fileWide ? diagnostics.filter((x) => x.code === d.code && x.source === ours) : [d],
        isPreferred: fix.preferred,
        edit: versionedEdit(ctx.document, fix.edits),
      });
    }
  }
  return actions;
}
