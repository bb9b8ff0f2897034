// The hand-edit code actions of a `.prompts` document: "Record in
// [[edits]]" on an unlogged edit (and "Record all unlogged edits"), and
// "Compare with HEAD" on one whose committed value is known (the client
// opens VS Code's diff of the value then and now),
// "Redact this secret" and "Redact all secrets in this file" (recorded
// too) on a secret, "Remove the invisible characters" (recorded too) on
// a bidi control or zero-width character, "Restore the session id" on a changed
// id, and "Make Session Private" on a `[[sessions]]` header. Each runs the
// client command that asks the server for the fix on this document version
// (a snippet cannot ride in an LSP 3.17 code action) and applies it as one
// workspace edit.

import * as l10n from '@vscode/l10n';
import { type CodeAction, CodeActionKind, type Diagnostic, type Range } from 'vscode-languageserver';
import type { PromptsDocument } from '../../../src-shared/prompts/toml/document';
import { handEditCodes, type SessionIdChangedData, type UnloggedEditData } from '../../../src-shared/prompts/handEdits/codes';
import { promptsCodes } from '../../../src-shared/prompts/rules/codes';
import { locate } from '../../../src-shared/prompts/toml/locate';
import { secretRanges } from '../../../src-shared/prompts/features/quickFixes';
import { redactSecrets } from '../../../src-shared/prompts/rules/redactText';
import { applyHandEditFixCommand, type CompareValueParams, compareValueWithHeadCommand, type HandEditFixKind, type HandEditFixParams } from '../../../src-shared/protocol/prompts';
import type { FeatureContext } from '../languageService';

export function handEditCodeActions(ctx: FeatureContext<PromptsDocument>, range: Range, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const action = (title: string, kind: string, fix: HandEditFixKind, diagnostic?: Diagnostic, preferred = false): CodeAction => {
    const params: HandEditFixParams = { uri: ctx.document.uri, version: ctx.document.version, fix };
    return {
      title,
      kind,
      ...(diagnostic && { diagnostics: [diagnostic] }),
      ...(preferred && { isPreferred: true }),
      command: { title, command: applyHandEditFixCommand, arguments: [params] },
    };
  };
  const actions: CodeAction[] = [];
  const unlogged = diagnostics.filter((d) => d.code === handEditCodes.unloggedEdit.code && isUnloggedData(d.data));
  for (const d of unlogged) {
    const { session, turn, what, committed } = d.data as UnloggedEditData;
    actions.push(action(l10n.t('Record in [[edits]]'), CodeActionKind.QuickFix, { kind: 'record', edits: [{ session, turn, what }] }, d, true));
    if (committed !== undefined) {
      const compare: CompareValueParams = { uri: ctx.document.uri, version: ctx.document.version, range: d.range, committed, what };
      const title = l10n.t('Compare with HEAD: what this value was');
      actions.push({ title, kind: CodeActionKind.QuickFix, diagnostics: [d], command: { title, command: compareValueWithHeadCommand, arguments: [compare] } });
    }
  }
  if (unlogged.length > 0) actions.push(action(l10n.t('Record all unlogged edits in [[edits]]'), CodeActionKind.QuickFix, { kind: 'recordAll' }));
  const secrets = diagnostics.filter((d) => d.code === promptsCodes.secret.code && hasReplacement(d.data));
  for (const d of secrets) {
    actions.push(action(l10n.t('Redact this secret and record it in [[edits]]'), CodeActionKind.QuickFix, { kind: 'redact', ranges: [d.range] }, d, true));
  }
  const everySecret = secrets.length > 0 ? secretRanges(ctx.model) : [];
  if (everySecret.length > 1) {
    const title = l10n.t('Redact all {0} secrets in this file and record them in [[edits]]', everySecret.length);
    actions.push(action(title, CodeActionKind.QuickFix, { kind: 'redact', ranges: everySecret }));
  }
  for (const d of diagnostics) {
    if (d.code === promptsCodes.invisibleCharacters.code && isRemovable(d.data)) {
      actions.push(action(l10n.t('Remove the invisible characters and record it in [[edits]]'), CodeActionKind.QuickFix, { kind: 'removeInvisible', ranges: [d.range] }, d, true));
    }
    // An id holding a secret comes back redacted: putting that back would write a wrong id, so it is not offered.
    if (d.code === handEditCodes.sessionIdChanged.code && isIdData(d.data) && redactSecrets(d.data.original) === d.data.original) {
      actions.push(action(l10n.t('Restore the session id {0}', JSON.stringify(d.data.original)), CodeActionKind.QuickFix, { kind: 'restoreId', range: d.range, original: d.data.original }, d, true));
    }
  }
  const at = locate(ctx.model, range.start);
  if (at.part === 'header' && at.table === 'session' && at.session && at.session.view.value['visibility'] !== 'private') {
    actions.push(action(l10n.t('Make Session Private'), CodeActionKind.RefactorRewrite, { kind: 'makePrivate', position: range.start }));
  }
  return actions;
}

function isUnloggedData(data: unknown): data is UnloggedEditData {
  return typeof data === 'object' && data !== null && 'what' in data && 'session' in data && 'turn' in data;
}

function isIdData(data: unknown): data is SessionIdChangedData {
  return typeof data === 'object' && data !== null && typeof (data as { original?: unknown }).original === 'string';
}

function isRemovable(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { removable?: unknown }).removable === true;
}

function hasReplacement(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { replacement?: unknown }).replacement !== undefined;
}
