// The dedicated scanners' own samples as one list (test/fixtures/gitleaks,
// test/fixtures/secretlint), each placed in a `.prompts` file three ways:
// a turn's text, a tool call's args, a key name. The test
// (scannerSamples.test.ts) and the measure script
// (scripts/scannerSamples/measure.mjs, which runs secretlint and the
// gitleaks emulation on the same files) both read them from here.
//
// gitleaks: the `tps` of the rules a row of the table names (its `source`
// says `gitleaks <rule id>, …`), the `fps` of every rule (no finding of any
// kind belongs on them). secretlint: each
// finding of a rule's `ng.*` snapshot is one true positive, the lines it
// spans; each `ok.*` snapshot is one negative (but `ok.allows`, whose
// tokens secretlint passes only through the test's `allows` option).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { secretRows } from '../../src-shared/prompts/rules/secrets';
import { fixturesDir } from './paths';
import { commitLines } from './promptsFixtures';

export interface Sample {
  /** `gitleaks <rule id> tp#3`, `secretlint slack ng.IncomingWebhook#0`: stable, for the expected lists. */
  readonly id: string;
  readonly scanner: 'gitleaks' | 'secretlint';
  readonly rule: string;
  readonly text: string;
  readonly positive: boolean;
}

export type Placement = 'turn text' | 'tool args' | 'key name';
export const placements: readonly Placement[] = ['turn text', 'tool args', 'key name'];

interface Encoded {
  readonly text: string;
}
interface GitleaksRule {
  readonly id: string;
  readonly tps: readonly Encoded[];
  readonly fps: readonly Encoded[];
}
interface Snapshot {
  readonly rule: string;
  readonly name: string;
  readonly input: string;
  readonly messages: readonly { readonly range: readonly [number, number] }[];
}

const decode = (b64: string): string => Buffer.from(b64, 'base64').toString('utf8');

/** The gitleaks rule ids the table's rows name. */
export function coveredGitleaksRules(): Set<string> {
  const ids = new Set<string>();
  for (const row of secretRows) {
    const named = /gitleaks ([a-z0-9, -]+)/.exec(row.source);
    if (named) for (const id of named[1]!.split(',')) if (id.trim() !== '') ids.add(id.trim());
  }
  return ids;
}

export function gitleaksFixture(): { source: { commit: string }; rules: GitleaksRule[] } {
  return JSON.parse(fs.readFileSync(path.join(fixturesDir, 'gitleaks', 'samples.json'), 'utf8')) as { source: { commit: string }; rules: GitleaksRule[] };
}

export function scannerSamples(): Sample[] {
  const covered = coveredGitleaksRules();
  const out: Sample[] = [];
  const rules = gitleaksFixture().rules;
  // A rule's false positive that is another rule's true positive (cloudflare's three rules list each other's keys) is no negative.
  const positives = new Set(rules.flatMap((r) => r.tps.map((s) => s.text)));
  for (const r of rules) {
    if (covered.has(r.id)) r.tps.forEach((s, i) => out.push({ id: `gitleaks ${r.id} tp#${i}`, scanner: 'gitleaks', rule: r.id, text: decode(s.text), positive: true }));
    r.fps.forEach((s, i) => {
      if (!positives.has(s.text)) out.push({ id: `gitleaks ${r.id} fp#${i}`, scanner: 'gitleaks', rule: r.id, text: decode(s.text), positive: false });
    });
  }
  const snapshots = (JSON.parse(fs.readFileSync(path.join(fixturesDir, 'secretlint', 'snapshots.json'), 'utf8')) as { snapshots: Snapshot[] }).snapshots;
  for (const s of snapshots) {
    const input = decode(s.input);
    // `ok.allows` inputs are real-shaped tokens that secretlint's test passes only by listing them in the rule's `allows` option.
    if (s.name.startsWith('ok.') && s.name !== 'ok.allows') out.push({ id: `secretlint ${s.rule} ${s.name}`, scanner: 'secretlint', rule: s.rule, text: input, positive: false });
    s.messages.forEach((m, i) => {
      const from = input.lastIndexOf('\n', m.range[0] - 1) + 1;
      const lineEnd = input.indexOf('\n', m.range[1]);
      out.push({ id: `secretlint ${s.rule} ${s.name}#${i}`, scanner: 'secretlint', rule: s.rule, text: input.slice(from, lineEnd === -1 ? input.length : lineEnd), positive: true });
    });
  }
  return out;
}

/** A TOML basic string of `s`: every character but `"`, `\` and controls as written. */
export function basicString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (c < 0x20 || c === 0x7f) out += `\\u${c.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** A valid `.prompts` file holding `text` at `placement`, and nothing else a scanner reads. */
export function placed(text: string, placement: Placement): string {
  const s = basicString(text);
  const head = ['schema = "spec.prompts/v0.1"', '', ...commitLines, '', '[[sessions]]', 'id = "s-1"', 'source = "claude_code"', '', '  [[sessions.turns]]', '  role = "user"'];
  if (placement === 'turn text') return [...head, `  text = ${s}`, ''].join('\n');
  const args = placement === 'tool args' ? `{ pattern = ${s} }` : `{ pattern = "x", ${s} = "x" }`;
  return [...head, '  text = "Hello"', '', '  [[sessions.turns]]', '  role = "assistant"', '', '    [[sessions.turns.tool_calls]]', '    name = "Grep"', `    args = ${args}`, ''].join('\n');
}

/** What the scan and `check` make of one sample. */
export interface Outcome {
  readonly sample: Sample;
  /** Matches of the scanner on the string, with the kinds. */
  readonly kinds: readonly string[];
  /** Secret findings of `check` in each placement. */
  readonly check: Readonly<Record<Placement, number>>;
}

export function outcome(sample: Sample, check: (file: string) => number, scan: (s: string) => readonly string[]): Outcome {
  const counts = {} as Record<Placement, number>;
  for (const p of placements) counts[p] = check(placed(sample.text, p));
  return { sample, kinds: scan(sample.text), check: counts };
}

/** A true positive is caught when `check` reports it in all three placements; a negative is a false alarm when it does in any. */
export function caught(o: Outcome): boolean {
  return placements.every((p) => o.check[p] > 0);
}

export function alarmed(o: Outcome): boolean {
  return placements.some((p) => o.check[p] > 0);
}
