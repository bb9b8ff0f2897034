// The preview's render request through the real server: a pack whose
// render is many times its size (long fragments selected in many
// sections) opened over stdio, then `packs/render` asked for it as the
// preview asks (the first `previewChars` characters). Measured: the time to open the pack (didOpen to its first
// diagnostics), the request's round trip and the bytes of its reply on the
// wire, against the same render done in process.

import { decodeAll } from '../src-shared/pack/decode';
import { environmentPresets } from '../src-shared/pack/presets';
import { renderDetailed } from '../src-shared/pack/render';
import { previewChars } from '../src-shared/pack/renderWindow';
import { renderRequest, type RenderResult } from '../src-shared/protocol/pack';
import { LspSession } from '../test/support/lspSession';
import { measure } from './measure';

export interface PreviewFigures {
  readonly input: string;
  readonly bytes: number;
  /** UTF-8 bytes of the whole render. */
  readonly renderBytes: number;
  /** didOpen sent to the pack's first diagnostics. */
  readonly openMs: number;
  /** `renderDetailed` in this process, median of a few runs. */
  readonly inProcessMs: number;
  /** `packs/render` sent to its answer received (the first request: nothing cached). */
  readonly requestMs: number;
  /** The reply as sent on the wire (JSON-RPC headers included). */
  readonly replyBytes: number;
  /** Characters of the render the reply carries. */
  readonly textChars: number;
}

export async function previewFigures(input: string, text: string): Promise<PreviewFigures> {
  const env = environmentPresets[0]!.environment;
  const { pack } = decodeAll(text);
  const detail = renderDetailed(pack, env);
  const renderBytes = Buffer.byteLength(detail.text);
  const inProcessMs = measure(text.length, { warmups: 1, runs: 3 }, () => renderDetailed(pack, env)).ms;
  const session = await LspSession.start({ settings: {} });
  try {
    const uri = `file:///bench/${input}.pack`;
    const openedAt = performance.now();
    await session.open(uri, 'loom-pack', text);
    await session.waitForDiagnostics(uri, (p) => p.version === 1, 600_000);
    const openMs = performance.now() - openedAt;
    const sentBefore = session.sent.length;
    const askedAt = performance.now();
    const result = await session.request<RenderResult | null>(renderRequest, { uri, version: 1, maxChars: previewChars });
    const requestMs = performance.now() - askedAt;
    const replyBytes = Buffer.byteLength(session.sent.slice(sentBefore));
    const textChars = result?.kind === 'rendered' ? result.text.length : 0;
    return { input, bytes: Buffer.byteLength(text), renderBytes, openMs, inProcessMs, requestMs, replyBytes, textChars };
  } finally {
    await session.stop();
  }
}
