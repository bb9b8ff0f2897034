// The split at a glance, on the first line: assess's counts (or the corrupt
// line count) and the digest, which opens the Problems panel; and a lens
// that opens the rendered preview.

import * as l10n from '@vscode/l10n';
import type { CodeLens } from 'vscode-languageserver';
import { figuresLine } from '../../../src-shared/pack/summary';
import { clientCommands } from '../../../src-shared/protocol/pack';
import type { PackContext } from './context';
import { packFigures } from './figures';

export function provideCodeLenses(ctx: PackContext): CodeLens[] {
  const range = ctx.model.lines.lineRange(0);
  const figures = packFigures(ctx.model, ctx.profileChoice);
  return [
    { range, command: { title: l10n.t('{0} · digest {1}', figuresLine(figures, l10n), ctx.model.digest), command: clientCommands.showProblems } },
    { range, command: { title: l10n.t('Open rendered prompt'), command: clientCommands.showPreviewToSide, arguments: [ctx.document.uri] } },
  ];
}
