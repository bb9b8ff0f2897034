// What the split's scan notes of a block's values, so that readers of the
// parsed values can skip work: its bound on how deep the TOML nests
// (BlockBounds.depth, which lets `parseToml` skip its walk over the values)
// is never below the depth the parsed value reaches, on every toml-test case
// smol-toml reads and on texts built to nest through each construct
// (headers, arrays of tables, dotted keys, inline arrays and tables, and all
// of them at once), and the verdict with the bound is the one without it on
// either side of the limit; a block it says holds no numeric offset
// (`numericOffset`) holds no offset date-time outside UTC.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { parse, TomlDate } from 'smol-toml';
import { parseToml, type TomlResult } from '../../../src-shared/prompts/toml/blocks';
import { maxNesting } from '../../../src-shared/prompts/toml/limits';
import { splitBlocks } from '../../../src-shared/prompts/toml/scanner';
import { tomlTestCases } from '../../support/tomlTestCases';

/** How deep tables and arrays go inside `value`, as `parseToml` counts it (the top-level table is 0). */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null || value instanceof Date) return -1;
  let deepest = 0;
  for (const item of Object.values(value)) deepest = Math.max(deepest, depthOf(item) + 1);
  return deepest;
}

const keys = (n: number, prefix = 'k'): string => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join('.');

/** Texts that nest about `n` levels through each construct. */
function nested(n: number): string[] {
  const quarter = Math.floor(n / 4);
  const eighth = Math.floor(n / 8);
  return [
    `[${keys(n)}]\nx = 1\n`,
    `[[${keys(n)}]]\nx = 1\n`,
    `${Array.from({ length: n }, (_, i) => `[[${keys(i + 1)}]]\n`).join('')}`,
    `${keys(n)} = 1\n`,
    `x = ${'['.repeat(n)}${']'.repeat(n)}\n`,
    `x = ${'{ a = '.repeat(n)}1${' }'.repeat(n)}\n`,
    `x = { ${keys(n)} = 1 }\n`,
    `[[${keys(quarter)}]]\n${keys(quarter, 'd')} = [{ ${keys(eighth, 'i')} = [${'['.repeat(eighth)}${']'.repeat(eighth)}] }]\n`,
    `x = [\n  # a comment\n  ${'['.repeat(n)}${']'.repeat(n)},\n]\n`,
  ];
}

function parsedBlocks(text: string): { block: string; depth: number; bound: number }[] {
  const out: { block: string; depth: number; bound: number }[] = [];
  for (const b of splitBlocks(text)) {
    const block = text.slice(b.start, b.end);
    let value: unknown;
    try {
      value = parse(block, { maxDepth: 10_000 });
    } catch {
      continue;
    }
    out.push({ block, depth: depthOf(value), bound: b.depth });
  }
  return out;
}

test("the split's bound on a block's depth is never below the depth its TOML reaches", () => {
  const texts = [...tomlTestCases('1.0.0'), ...tomlTestCases('1.1.0')].map((c) => c.bytes.toString('utf8'));
  for (const n of [8, 40, 96, 100, 104, 160]) texts.push(...nested(n));
  let compared = 0;
  let tight = 0;
  for (const text of texts) {
    for (const { block, depth, bound } of parsedBlocks(text)) {
      compared++;
      if (bound === depth) tight++;
      assert.ok(bound >= depth, `bound ${bound} below depth ${depth}: ${JSON.stringify(block.slice(0, 200))}`);
    }
  }
  assert.ok(compared > 400 && tight > 100, `${compared} blocks compared, ${tight} with the bound exact`);
});

test("a block parsed with the split's bound gets the verdict it gets without it, on either side of the nesting limit", () => {
  for (const n of [maxNesting / 2 - 2, maxNesting / 2, maxNesting / 2 + 1, maxNesting - 2, maxNesting - 1, maxNesting, maxNesting + 1, maxNesting + 2]) {
    for (const text of nested(n)) {
      for (const b of splitBlocks(text)) {
        const block = text.slice(b.start, b.end);
        assert.deepEqual(verdict(parseToml(block, b)), verdict(parseToml(block)), `${n}: ${block.slice(0, 80)}`);
      }
    }
  }
});

/** A parse's value or error, without what the split noted of it. */
function verdict(result: TomlResult): TomlResult {
  return { ...(result.value && { value: result.value }), ...(result.error && { error: result.error }) };
}

/** The offset date-times inside `value`. */
function offsetDateTimes(value: unknown, out: TomlDate[] = []): TomlDate[] {
  if (value instanceof TomlDate) {
    if (!value.isLocal()) out.push(value);
  } else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) offsetDateTimes(item, out);
  return out;
}

test('a block the split finds no numeric offset in holds no offset date-time outside UTC', () => {
  const texts = [...tomlTestCases('1.0.0'), ...tomlTestCases('1.1.0')].map((c) => c.bytes.toString('utf8'));
  const times = ['1979-05-27T07:32:00Z', '1979-05-27t07:32:00z', '1979-05-27 07:32:00+01:00', '1979-05-27T07:32:00.999-07:00', '1979-05-27T07:32-00:00', '1979-05-27T07:32:00.5Z', '1979-05-27T00:00:00+00:00'];
  for (const t of times) texts.push(`a = ${t}\n`, `[[s]]\nx = [${t}, { y = ${t} }]\n`, `[t]\nz = { w = [[${t}]] }\n`);
  let utcOnly = 0;
  let withOffset = 0;
  for (const text of texts) {
    for (const b of splitBlocks(text)) {
      const block = text.slice(b.start, b.end);
      let value: unknown;
      try {
        value = parse(block);
      } catch {
        continue;
      }
      const notUtc = offsetDateTimes(value).filter((d) => !d.toISOString().endsWith('Z'));
      if (notUtc.length > 0) withOffset++;
      if (b.numericOffset) continue;
      utcOnly++;
      assert.deepEqual(notUtc, [], JSON.stringify(block.slice(0, 200)));
    }
  }
  assert.ok(utcOnly > 400 && withOffset > 10, `${utcOnly} blocks without a numeric offset, ${withOffset} with one outside UTC`);
});
