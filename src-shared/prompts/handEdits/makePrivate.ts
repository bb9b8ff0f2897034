// "Make Session Private": `visibility = "private"` on one session, by
// replacing the value that is there or by adding the key where the
// capture writer puts it (FORMATS.md B.6 field order), laid out like the
// session's other keys.

import type { TextEdit } from '../../text/textEdit';
import type { SessionModel } from '../toml/document';
import { keyThenEquals } from './editsEntry';
import { eolOf, keyLayout } from './editsEntryStyle';
import { writerOrder } from '../features/formatLayout';
import type { Member } from '../toml/syntaxTree';

export const privateValue = '"private"';

export type PrivacyEdit = { readonly ok: true; readonly edit: TextEdit } | { readonly ok: false; readonly message: string };

export function makePrivateEdit(session: SessionModel): PrivacyEdit {
  const view = session.view;
  if (view.value['visibility'] === 'private') return { ok: false, message: 'This session is already private.' };
  const node = view.node;
  const block = view.block;
  if (!node) return { ok: false, message: 'This session is not written where it can be edited.' };
  const existing = node.member('visibility');
  if (existing?.value) return { ok: true, edit: { range: block.rangeOf(existing.value), newText: privateValue } };
  const own = node.members.filter((m): m is Member & { value: NonNullable<Member['value']> } => m.value !== undefined);
  const rank = (name: string) => writerOrder.session.indexOf(name);
  const mine = rank('visibility');
  const next = own.find((m) => rank(m.key.name) > mine);
  const text = block.text;
  const lineStartOf = (offset: number) => text.lastIndexOf('\n', offset - 1) + 1;
  const afterLineOf = (offset: number) => {
    const nl = text.indexOf('\n', offset);
    return nl === -1 ? text.length : nl + 1;
  };
  const at = next ? lineStartOf(next.key.start) : afterLineOf(own.length > 0 ? own[own.length - 1]!.value.end : node.span.end);
  const layout = keyLayout(block, node);
  const eol = eolOf(text);
  const lead = at === text.length && !text.endsWith('\n') ? eol : '';
  const line = `${lead}${layout.indent}${keyThenEquals('visibility', layout.equalsColumn)} ${privateValue}${eol}`;
  const position = block.positionAt(at);
  return { ok: true, edit: { range: { start: position, end: position }, newText: line } };
}
