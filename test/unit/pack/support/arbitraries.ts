// fast-check generators for packs and environments: valid packs built from
// parts (for round trips and render equivalence), pack-like text mutated
// line by line (for decoder verdicts), and environments with messy lists.

import fc from '../../../support/fastCheck';
import { encode } from '../../../../src-shared/pack/encode';
import type { EnvironmentInput } from '../../../../src-shared/pack/environment';
import type { PackContent } from '../../../../src-shared/pack/model';
import { bindingNames, profiles } from '../../../../src-shared/pack/profiles';
import { refTrim } from './reference';

// Every name a profile knows, so generated packs hit the canonical shapes, plus a few it does not.
const sectionNames = [
  ...new Set([
    ...Object.values(profiles).flatMap((p) => [...p.canonicalSections, ...p.requiredFragments]),
    'notes',
    '_spare',
  ]),
];

const placeholderNames = [...bindingNames(profiles['loom-9']), 'platfrom', 'current_time'];

// Pieces of prose that exercise every edge the spec names: braces that are
// and are not placeholders, whitespace of every kind, non-ASCII, `%%`.
const token = fc.oneof(
  fc.constantFrom(...placeholderNames).map((n) => `{${n}}`),
  fc.constantFrom('{}', '{A}', '{a-b}', '{ x }', '{workspace', '{{shell}}', '}', '{', '%%', '%', '#'),
  fc.constantFrom(' ', '  ', '\t', '\u00a0', '\u2028', '\u0085', '\v', '\r'),
  fc.constantFrom('Be terse.', 'Run the tests', 'café', '日本語', '😀', 'x'),
  fc.string({ maxLength: 6 }),
);

const line = fc.array(token, { maxLength: 6 }).map((ts) => ts.join(''));

/** A body decode could have produced: trimmed, no line starting `%%`, no "\r" at a line's end. */
export const body = fc.array(line, { maxLength: 6 }).map((lines) =>
  refTrim(lines.map((l) => l.replace(/\r+$/, '')).join('\n'))
    .split('\n')
    .map((l) => (l.startsWith('%%') ? `x${l}` : l))
    .join('\n'),
);

export const version = fc.stringMatching(/^[a-z0-9._-]{1,64}$/);

// Plain objects (fast-check's records have no prototype, which strict deep equality notices).
export const packContent: fc.Arbitrary<PackContent> = fc
  .tuple(
    version,
    fc.uniqueArray(fc.tuple(fc.oneof(fc.constantFrom(...sectionNames), fc.stringMatching(/^[a-z0-9_]{1,64}$/)), body), {
      selector: ([name]) => name,
      maxLength: 12,
    }),
  )
  .map(([v, sections]) => ({ version: v, sections: sections.map(([name, b]) => ({ name, body: b })) }));

const listEntry = fc.oneof(fc.constantFrom('git', 'rg', ' bash ', '', '  ', 'node', 'é', 'z', 'Z', '😀', '\uffff'), fc.string({ maxLength: 5 }));

export const environmentInput: fc.Arbitrary<EnvironmentInput> = fc.record({
  workspace: fc.oneof(fc.constantFrom('/work', ' /w ', '', '{shell}'), fc.string({ maxLength: 8 })),
  platform: fc.constantFrom('linux/x86_64', 'darwin/arm64', ''),
  shell: fc.constantFrom('/bin/bash', 'pwsh', '{workspace}'),
  tools: fc.array(listEntry, { maxLength: 5 }),
  availableTools: fc.array(listEntry, { maxLength: 4 }),
  enforcement: fc.constantFrom('FullyEnforced', 'PlatformEnforced', 'DegradedRefusing', 'BestEffort'),
  network: fc.oneof(
    fc.constant({ posture: 'blocked' as const }),
    fc.constant({ posture: 'open' as const }),
    fc.array(listEntry, { maxLength: 4 }).map((allow) => ({ posture: 'proxied' as const, allow })),
  ),
  protectedPaths: fc.array(listEntry, { maxLength: 4 }),
  repositoryGuidance: fc.oneof(fc.constant(null), fc.constantFrom('', '  \n', 'Use {shell}.', 'line one\nline two'), fc.string({ maxLength: 20 })),
});

const directiveLine = fc.oneof(
  fc.constantFrom(
    '%% loom-prompt-pack 1',
    '%% loom-prompt-pack 2',
    '%% loom-prompt-pack +01',
    '%% version v1',
    '%% version Bad',
    '%% section identity',
    '%% section conduct',
    '%% section _network_open',
    '%% section Bad',
    '%% section',
    '%%section sandbox',
    '%% # comment',
    '%%# tight',
    '%%',
    '%% include x',
    '%% sectoin conduct',
    ' %% indented',
  ),
  fc.string({ maxLength: 10 }).map((s) => `%% ${s}`),
);

const anyLine = fc.oneof(directiveLine, line, fc.constant(''), fc.string({ maxLength: 12 }));

/** Text that is mostly a pack: a valid head, then lines valid and not, with any line endings. */
export const packLikeText = fc
  .tuple(
    fc.boolean(),
    fc.array(anyLine, { maxLength: 14 }),
    fc.constantFrom('\n', '\r\n'),
    fc.boolean(),
  )
  .map(([head, lines, eol, bom]) => {
    const all = head ? ['%% loom-prompt-pack 1', '%% version v1', ...lines] : lines;
    return (bom ? '\uFEFF' : '') + all.join(eol);
  });

/** A valid pack's source with a few lines replaced, inserted or deleted. */
export const mutatedPack = fc
  .tuple(packContent, fc.array(fc.tuple(fc.nat(), fc.constantFrom('replace', 'insert', 'delete'), anyLine), { maxLength: 3 }))
  .map(([p, edits]) => {
    const lines = encode(p).split('\n');
    for (const [at, kind, text] of edits) {
      const i = at % (lines.length + 1);
      if (kind === 'insert') lines.splice(i, 0, text);
      else if (kind === 'delete') lines.splice(i, 1);
      else lines[Math.min(i, lines.length - 1)] = text;
    }
    return lines.join('\n');
  });

/** Arbitrary strings, pack-like text, and valid packs, some mutated. */
export const anyText = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  packLikeText,
  mutatedPack,
  packContent.map(encode),
);
