// In-process figures for one pack: decode (with recovery, as the editor
// does), assess, and render against a built-in environment, each alone and
// the three in a row.

import { decodeAll } from '../src-shared/pack/decode';
import { environmentPresets } from '../src-shared/pack/presets';
import { assess } from '../src-shared/pack/problems';
import { render } from '../src-shared/pack/render';
import { type Figure, measure, type Plan } from './measure';

export interface PackFigures {
  readonly input: string;
  readonly size: number;
  readonly bytes: number;
  readonly sections: number;
  readonly renderedSize: number;
  readonly decode: Figure;
  readonly assess: Figure;
  readonly render: Figure;
  /** decode + assess + render, one after the other, timed together. */
  readonly all: Figure;
}

export function packFigures(input: string, text: string, plan: Plan): PackFigures {
  const size = text.length;
  const env = environmentPresets[0]!.environment;
  const { pack } = decodeAll(text);
  return {
    input,
    size,
    bytes: Buffer.byteLength(text),
    sections: pack.sections.length,
    renderedSize: render(pack, env).length,
    decode: measure(size, plan, () => decodeAll(text)),
    assess: measure(size, plan, () => assess(pack)),
    render: measure(size, plan, () => render(pack, env)),
    all: measure(size, plan, () => {
      const decoded = decodeAll(text);
      return [assess(decoded.pack), render(decoded.pack, env)];
    }),
  };
}
