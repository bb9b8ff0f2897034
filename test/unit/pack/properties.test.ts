// Properties of the pack core over generated inputs: totality, agreement
// with the plain reference implementations, round trips, and purity.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from '../../support/fastCheck';
import { checkPack } from '../../../src-shared/pack/check';
import { reportOf } from '../../../src-shared/pack/corruption';
import { decode, decodeAll } from '../../../src-shared/pack/decode';
import { digest } from '../../../src-shared/pack/digest';
import { encode } from '../../../src-shared/pack/encode';
import { environment } from '../../../src-shared/pack/environment';
import { contentOf, type Pack } from '../../../src-shared/pack/model';
import { placeholderOccurrences } from '../../../src-shared/pack/placeholders';
import { assess } from '../../../src-shared/pack/problems';
import { render, renderDetailed } from '../../../src-shared/pack/render';
import { anyText, environmentInput, packContent } from './support/arbitraries';
import { refDecode, refFnv, refRender } from './support/reference';

const runs = { numRuns: 400 };
const profiles = fc.constantFrom('loom-9' as const, 'loom-1' as const);

function decoded(text: string): Pack {
  const d = decode(text);
  assert.ok(d.ok, 'expected a valid pack');
  return d.pack;
}

test('no entry point throws, whatever the text', () => {
  fc.assert(
    fc.property(anyText, environmentInput, profiles, (text, input, profile) => {
      const all = decodeAll(text);
      decode(text);
      checkPack(text, { profile, severity: {} });
      placeholderOccurrences(text, profile);
      assess(all.pack, profile);
      const env = environment(input);
      render(all.pack, env, profile);
      renderDetailed(all.pack, env, profile);
      digest(text);
    }),
    runs,
  );
});

test('decode gives upstream verdict: the same pack, or the same first report', () => {
  fc.assert(
    fc.property(anyText, (text) => {
      const ours = decode(text);
      const theirs = refDecode(text);
      if (theirs.ok) {
        assert.ok(ours.ok, `decode refused what upstream accepts: ${ours.ok ? '' : ours.report.subject}`);
        assert.deepEqual(contentOf(ours.pack), theirs.pack);
      } else {
        assert.ok(!ours.ok, 'decode accepted what upstream refuses');
        assert.deepEqual(reportOf(ours.report), theirs.report);
      }
    }),
    { numRuns: 2000 },
  );
});

test("decodeAll's first report is decode's, and it is empty exactly when decode succeeds", () => {
  fc.assert(
    fc.property(anyText, (text) => {
      const all = decodeAll(text).corruptions;
      const one = decode(text);
      if (one.ok) assert.equal(all.length, 0);
      else assert.deepEqual(reportOf(all[0]!), reportOf(one.report));
    }),
    { numRuns: 2000 },
  );
});

test('decodeAll reports each line at most once, in file order, with whole-pack reports last', () => {
  fc.assert(
    fc.property(anyText, (text) => {
      const lines = decodeAll(text).corruptions.map((c) => c.line);
      const numbered = lines.filter((l): l is number => l !== null);
      assert.deepEqual(numbered, [...new Set(numbered)].sort((a, b) => a - b));
      assert.deepEqual(lines.slice(0, numbered.length), numbered);
    }),
    runs,
  );
});

test('decode(encode(p)) is p, and encoding is idempotent', () => {
  fc.assert(
    fc.property(packContent, (p) => {
      const once = encode(p);
      const back = decoded(once);
      assert.deepEqual(contentOf(back), p);
      assert.equal(encode(back), once);
      assert.equal(encode(decoded(encode(back))), once);
    }),
    runs,
  );
});

test('render equals the longhand reference for every profile', () => {
  fc.assert(
    fc.property(packContent, environmentInput, profiles, (p, input, profile) => {
      const env = environment(input);
      assert.equal(render(decoded(encode(p)), env, profile), refRender(p, env, profile));
    }),
    { numRuns: 1000 },
  );
});

test('render is the same when comments, blank lines, CRLF and indentation surround the bodies', () => {
  fc.assert(
    fc.property(packContent, environmentInput, (p, input) => {
      const env = environment(input);
      const noisy = [
        '\uFEFF%% loom-prompt-pack 1',
        '%% # a comment',
        '',
        `%% version ${p.version}`,
        ...p.sections.flatMap((s) => ['', `%%section ${s.name}`, '%% # before', '', ...s.body.split('\n').flatMap((l, i) => (i === 1 ? ['%%# inside', l] : [l])), '   ', '']),
      ].join('\r\n');
      assert.equal(render(decoded(noisy), env), render(decoded(encode(p)), env));
    }),
    runs,
  );
});

test('renderDetailed has the text render has, and its spans cover every character but the newlines, once', () => {
  fc.assert(
    fc.property(packContent, environmentInput, profiles, (p, input, profile) => {
      const env = environment(input);
      const pack = decoded(encode(p));
      const detail = renderDetailed(pack, env, profile);
      assert.equal(detail.text, render(pack, env, profile));
      let at = 0;
      for (const span of detail.spans) {
        assert.ok(span.start < span.end, 'no empty span');
        for (; at < span.start; at++) assert.equal(detail.text[at], '\n', `character ${at} is not covered`);
        at = span.end;
        const line = pack.sections.find((s) => s.name === span.section);
        assert.ok(line, `span names a section the pack has: ${span.section}`);
        assert.ok(span.sourceLine > line.directiveLine && span.sourceLine <= line.bodyRange.end.line);
      }
      for (; at < detail.text.length; at++) assert.equal(detail.text[at], '\n');
    }),
    runs,
  );
});

test('render is a pure function of the environment facts, whatever order the lists came in', () => {
  fc.assert(
    fc.property(packContent, environmentInput, fc.integer(), (p, input, seed) => {
      const shuffle = <T>(xs: readonly T[] | undefined) =>
        [...(xs ?? [])].map((x, i) => ({ x, k: (i * 7919 + seed) % 101 })).sort((a, b) => a.k - b.k).map((e) => e.x);
      const reordered = {
        ...input,
        tools: shuffle(input.tools),
        protectedPaths: shuffle(input.protectedPaths),
        network: input.network.posture === 'proxied' ? { posture: 'proxied' as const, allow: shuffle(input.network.allow) } : input.network,
      };
      const pack = decoded(encode(p));
      assert.equal(render(pack, environment(reordered)), render(pack, environment(input)));
      assert.equal(render(pack, environment(input)), render(pack, environment(input)));
    }),
    runs,
  );
});

test('digest is FNV-1a 64 over the UTF-8 bytes TextEncoder would produce', () => {
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: fc.integer({ min: 0xd7f0, max: 0xe010 }).map((c) => String.fromCharCode(c)) })), (text) => {
      assert.equal(digest(text), refFnv(new TextEncoder().encode(text)));
    }),
    runs,
  );
});
