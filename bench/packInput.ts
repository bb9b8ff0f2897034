// The benchmark's packs: deterministic (seeded), complete for the loom-9
// profile (every canonical section and required fragment), then grown with
// more sections to a target size. Bodies are prose with placeholders of the
// literal bindings, comment directives between sections, indented `%%` body
// lines and blank-line runs the renderer must collapse; the selection
// placeholders sit in the canonical sections, once each, as in real packs
// (each one renders a whole fragment).

import { profileOf } from '../src-shared/pack/profiles';
import { Random, wordsOf } from './random';

const vocabulary = (
  'you are a coding agent inside loom read the file before you edit it run the checks after a change ' +
  'never paste secrets keep commits small report what you did and how you know it works über café → ✓ ' +
  'strand harness workspace sandbox network tools delegation conduct identity guidance review'
).split(' ');

const loom9 = profileOf('loom-9');

function body(r: Random, lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    if (r.chance(0.05)) out.push('');
    else if (r.chance(0.03)) out.push(' %% an indented line is body text, not a directive');
    else out.push(`${wordsOf(r, vocabulary, r.int(6, 14))} {${r.pick(loom9.literalBindings).name}} ${wordsOf(r, vocabulary, r.int(2, 6))}.${r.chance(0.1) ? '  ' : ''}`);
  }
  return out.join('\n');
}

/** A pack of about `bytes` UTF-16 units. */
export function packInput(bytes: number, seed: number): string {
  const r = new Random(seed);
  const out: string[] = ['%% loom-prompt-pack 1', '%% version bench-1', '%% # Generated for the benchmark.', ''];
  let size = out.reduce((n, l) => n + l.length + 1, 0);
  const section = (name: string, text: string): void => {
    out.push(`%% section ${name}`, text, '');
    size += name.length + text.length + 14;
  };
  for (const name of loom9.requiredFragments) section(name, body(r, 3));
  loom9.canonicalSections.forEach((name, i) => {
    const selection = loom9.selections[i % loom9.selections.length]!.name;
    section(name, `${body(r, r.int(4, 12))}\n\n{${selection}}`);
  });
  for (let i = 0; size < bytes; i++) {
    if (i % 10 === 0) {
      out.push('%% # a comment between sections');
      size += 32;
    }
    section(`extra_${i}`, body(r, r.int(5, 60)));
  }
  return out.join('\n');
}

/**
 * A pack whose render is far larger than itself, as packs that select the
 * same long fragments in many sections are: every required fragment is
 * `fragmentBytes` long, and each of the extra sections selects the
 * enforcement and network fragments, so each renders two of them. About
 * `bytes` of source.
 */
export function fanOutPackInput(bytes: number, seed: number, fragmentBytes: number): string {
  const r = new Random(seed);
  const out: string[] = ['%% loom-prompt-pack 1', '%% version bench-fan-out-1', ''];
  let size = 0;
  const section = (name: string, text: string): void => {
    out.push(`%% section ${name}`, text, '');
    size += name.length + text.length + 14;
  };
  const longBody = (): string => {
    const lines: string[] = [];
    for (let n = 0; n < fragmentBytes; ) {
      const line = `${wordsOf(r, vocabulary, r.int(8, 14))} {${r.pick(loom9.literalBindings).name}}.`;
      lines.push(line);
      n += line.length + 1;
    }
    return lines.join('\n');
  };
  for (const name of loom9.requiredFragments) section(name, longBody());
  for (const name of loom9.canonicalSections) section(name, body(r, 4));
  for (let i = 0; size < bytes; i++) section(`extra_${i}`, `${body(r, r.int(2, 6))}\n\n{enforcement}\n\n{network}`);
  return out.join('\n');
}
