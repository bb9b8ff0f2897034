// The answers to the preview's and the status bar's requests: the detailed
// render of the document's current version for an environment (the same
// pipeline the command line's `render` runs, so the text is identical),
// or, when the pack does not decode, upstream's report for its first line.
// A preview that shows the first pages of a huge render asks for the
// provenance of those pages only; the figures and digests are always the
// whole render's, walked once per pack version and environment.

import { describeCorruption } from '../../../src-shared/pack/corruption';
import { redactSecrets } from '../../../src-shared/prompts/rules/redactText';
import { corruptionMessage } from '../../../src-shared/pack/check';
import { digestWithSize } from '../../../src-shared/pack/digest';
import type { Pack } from '../../../src-shared/pack/model';
import { renderDetailed } from '../../../src-shared/pack/render';
import { postureWarning, tokensOfCodePoints } from '../../../src-shared/pack/summary';
import type { PackSummary, RenderResult } from '../../../src-shared/protocol/pack';
import { renderKey } from './baselines';
import type { PackContext } from './context';
import type { NamedEnvironment } from './environments';
import { packFigures } from './figures';
import { lastLineOf } from './model';

/**
 * The render for `environment`. `spansBefore`: provenance only for the
 * output that starts before that offset (what a windowed preview shows);
 * everything else in the answer is the whole render's.
 */
export function provideRender(ctx: PackContext, environment: NamedEnvironment = ctx.environment, spansBefore = Infinity): RenderResult {
  const { model, profile, document } = ctx;
  const figures = packFigures(model, ctx.profileChoice);
  const base = { uri: document.uri, version: document.version, digest: model.digest, figures };
  if (!model.verdict.ok) {
    const report = model.verdict.report;
    // The preview shows the report, which quotes the corrupt line: never a secret it holds.
    return { kind: 'corrupt', ...base, corruption: { message: redactSecrets(corruptionMessage(report)), report: redactSecrets(describeCorruption(report)), range: report.range } };
  }
  const pack = model.verdict.pack;
  const detail = renderDetailed(pack, environment.environment, profile, spansBefore);
  const whole = figuresOf(pack, renderKey(environment.environment, profile), detail.text);
  const warning = postureWarning(profile, environment.environment);
  return {
    kind: 'rendered',
    ...base,
    packVersion: pack.version,
    environment: { id: environment.id, label: environment.label },
    text: detail.text,
    spans: detail.spans,
    sections: pack.sections.map((s) => ({ name: s.name, isFragment: s.isFragment, line: s.directiveLine, endLine: lastLineOf(s) })),
    droppedSections: detail.droppedSections,
    emptyPlaceholders: detail.emptyPlaceholders,
    bytes: whole.bytes,
    tokens: tokensOfCodePoints(whole.codePoints),
    renderDigest: whole.digest,
    overflow: detail.overflow,
    notes: warning === undefined ? [] : [warning],
    budget: ctx.settings.pack.maxRenderBytes,
  };
}

type WholeFigures = ReturnType<typeof digestWithSize>;

/** Per pack version (a decoded pack never changes) and render key: a 20 MB render's digest and sizes, asked again by each "Show more". */
const wholeFigures = new WeakMap<Pack, Map<string, WholeFigures>>();

function figuresOf(pack: Pack, key: string, text: string): WholeFigures {
  let byKey = wholeFigures.get(pack);
  if (!byKey) wholeFigures.set(pack, (byKey = new Map<string, WholeFigures>()));
  let figures = byKey.get(key);
  if (!figures) byKey.set(key, (figures = digestWithSize(text)));
  return figures;
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
