// The answers to the preview's and the status bar's requests: the detailed
// render of the document's current version for an environment (the same
// pipeline the command line's `render` runs, so the text is identical),
// or, when the pack does not decode, upstream's report for its first line.

import { describeCorruption } from '../../../src-shared/pack/corruption';
import { redactSecrets } from '../../../src-shared/prompts/rules/redactText';
import { corruptionMessage } from '../../../src-shared/pack/check';
import { digest } from '../../../src-shared/pack/digest';
import { utf8Length } from '../../../src-shared/text/utf8';
import { renderDetailed } from '../../../src-shared/pack/render';
import { estimateTokens, postureWarning } from '../../../src-shared/pack/summary';
import type { PackSummary, RenderResult } from '../../../src-shared/protocol/pack';
import type { PackContext } from './context';
import type { NamedEnvironment } from './environments';
import { packFigures } from './figures';
import { lastLineOf } from './model';

export function provideRender(ctx: PackContext, environment: NamedEnvironment = ctx.environment): RenderResult {
  const { model, profile, document } = ctx;
  const figures = packFigures(model, ctx.profileChoice);
  const base = { uri: document.uri, version: document.version, digest: model.digest, figures };
  if (!model.verdict.ok) {
    const report = model.verdict.report;
    // The preview shows the report, which quotes the corrupt line: never a secret it holds.
    return { kind: 'corrupt', ...base, corruption: { message: redactSecrets(corruptionMessage(report)), report: redactSecrets(describeCorruption(report)), range: report.range } };
  }
  const pack = model.verdict.pack;
  const detail = renderDetailed(pack, environment.environment, profile);
  const warning = postureWarning(profile, environment.environment);
  return {
    kind: 'rendered',
    ...base,
    environment: { id: environment.id, label: environment.label },
    text: detail.text,
    spans: detail.spans,
    sections: pack.sections.map((s) => ({ name: s.name, isFragment: s.isFragment, line: s.directiveLine, endLine: lastLineOf(s) })),
    droppedSections: detail.droppedSections,
    emptyPlaceholders: detail.emptyPlaceholders,
    bytes: utf8Length(detail.text),
    tokens: estimateTokens(detail.text),
    renderDigest: digest(detail.text),
    overflow: detail.overflow,
    notes: warning === undefined ? [] : [warning],
    budget: ctx.settings.pack.maxRenderBytes,
  };
}

export function provideSummary(ctx: PackContext): PackSummary {
  return {
    uri: ctx.document.uri,
    version: ctx.document.version,
    digest: ctx.model.digest,
    figures: packFigures(ctx.model, ctx.profileChoice),
    environment: { id: ctx.environment.id, label: ctx.environment.label },
  };
}
