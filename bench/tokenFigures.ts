// Tokens per second: a pack's render (default preset) counted with
// o200k_base as the server counts it, in slices (src-shared/pack/tokens),
// the encoder bundled in (the extension loads the same code as a chunk).

import { decode } from '../src-shared/pack/decode';
import { environmentPresets } from '../src-shared/pack/presets';
import { render } from '../src-shared/pack/render';
import { countTokens } from '../src-shared/pack/tokens/count';
import { encode } from '../src-node/tokens/o200k_base';
import { measure, type Figure, type Plan } from './measure';

export interface TokenFigures {
  readonly input: string;
  readonly renderBytes: number;
  readonly tokens: number;
  readonly count: Figure;
  readonly tokensPerSecond: number;
}

export function tokenFigures(input: string, pack: string, plan: Plan): TokenFigures {
  const d = decode(pack);
  if (!d.ok) throw new Error(`${input}: the bench pack does not decode`);
  const text = render(d.pack, environmentPresets[0]!.environment);
  const tokens = countTokens(text, encode);
  const count = measure(text.length, plan, () => countTokens(text, encode));
  return { input, renderBytes: Buffer.byteLength(text), tokens, count, tokensPerSecond: tokens / (count.ms / 1000) };
}
