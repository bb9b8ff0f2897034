// The answers to `packs/tokens`: a render's tokens, whole and per section,
// and what the provider's cache keeps of the prefix shared with HEAD's
// render. Counted after the preview shows the render, in slices with the
// event loop given back between them, and kept per tokenizer and render
// digest (a 20 MB render is counted once, however often it is asked); a
// newer request for the same pack ends a count under way. The encoder is
// loaded by the host on the first count (a chunk of its own), so the
// server starts without it.

import { digest } from '../../../src-shared/pack/digest';
import { type Counter, tally, tokenCache } from '../../../src-shared/pack/tokens/cache';
import { sectionStarts, type SectionStart, type TokenTally } from '../../../src-shared/pack/tokens/count';
import { type EncodingName, isEncodingName, type TokenEncoder, tokenizers } from '../../../src-shared/pack/tokens/tokenizers';
import type { RenderTokens, TokensParams } from '../../../src-shared/protocol/pack';
import { yieldToEventLoop } from '../yieldToEventLoop';
import type { PackContext } from './context';
import type { NamedEnvironment } from './environments';
import { provideRender } from './render';
import type { RenderDisciplineSupport } from './renderDiscipline';

/** The host's way to load an encoding's encoder (Node: the chunk beside the bundle; a web worker: importScripts). */
export type EncoderLoader = (name: EncodingName) => Promise<TokenEncoder>;

/** Tallies kept (current and HEAD's renders, per tokenizer). */
const tallyCapacity = 16;

class Superseded extends Error {}

export class RenderTokenCounter {
  private readonly tallies = new Map<string, TokenTally>();
  private readonly encoders = new Map<EncodingName, Promise<TokenEncoder>>();
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly load: EncoderLoader,
    private readonly discipline: Pick<RenderDisciplineSupport, 'headRender'>,
  ) {}

  async count(ctx: PackContext, environment: NamedEnvironment, params: TokensParams): Promise<RenderTokens> {
    const uri = params.uri;
    const generation = (this.generations.get(uri) ?? 0) + 1;
    this.generations.set(uri, generation);
    const live = (): void => {
      if (this.generations.get(uri) !== generation) throw new Superseded();
    };
    const rendered = provideRender(ctx, environment);
    if (rendered.kind !== 'rendered' || rendered.renderDigest !== params.renderDigest) return { kind: 'superseded', uri };
    const name = ctx.settings.pack.tokenizer;
    const info = tokenizers[name];
    let encode: TokenEncoder | undefined;
    try {
      encode = isEncodingName(name) ? await this.encoder(name) : undefined;
    } catch (e) {
      return { kind: 'unavailable', uri, reason: `the ${name} tokenizer could not be loaded: ${e instanceof Error ? e.message : String(e)}` };
    }
    const counter: Counter = { tokenizer: info, encode };
    try {
      const current = await this.tallyOf(counter, rendered.text, rendered.renderDigest, sectionStarts(rendered.spans), live);
      const head = await this.discipline.headRender(uri, environment, ctx.profile);
      live();
      const cache =
        head.kind === 'off'
          ? head
          : { kind: 'compared' as const, ...tokenCache(counter, { text: head.text, tally: await this.tallyOf(counter, head.text, digest(head.text), [], live) }, { text: rendered.text, tally: current }) };
      return {
        kind: 'counted',
        uri,
        renderDigest: rendered.renderDigest,
        tokenizer: name,
        exact: info.exact,
        ...(info.method !== undefined && { method: info.method }),
        tokens: current.total,
        sections: current.sections,
        cache,
      };
    } catch (e) {
      if (e instanceof Superseded) return { kind: 'superseded', uri };
      throw e;
    }
  }

  /** The document closed: its count under way stops. */
  forget(uri: string): void {
    this.generations.delete(uri);
  }

  private encoder(name: EncodingName): Promise<TokenEncoder> {
    let loading = this.encoders.get(name);
    if (!loading) {
      loading = this.load(name);
      this.encoders.set(name, loading);
      // A failed load is tried again on the next request.
      loading.catch(() => this.encoders.delete(name));
    }
    return loading;
  }

  private async tallyOf(counter: Counter, text: string, renderDigest: string, sections: readonly SectionStart[], live: () => void): Promise<TokenTally> {
    const key = `${counter.tokenizer.id}\n${renderDigest}\n${text.length}`;
    const kept = this.tallies.get(key);
    if (kept) return kept;
    const g = tally(counter, text, sections);
    for (;;) {
      const step = g.next();
      if (step.done) {
        this.tallies.set(key, step.value);
        if (this.tallies.size > tallyCapacity) this.tallies.delete(this.tallies.keys().next().value!);
        return step.value;
      }
      await yieldToEventLoop();
      live();
    }
  }
}
