// The secret scan against the dedicated scanners' own samples (issue 30):
// gitleaks' rule tps/fps and secretlint's rule snapshots
// (test/support/scannerSamples.ts), each in a `.prompts` file three ways
// (a turn's text, a tool call's args, a key name), run through the scanner
// and through `check`. The exact lists of what is missed and what is
// flagged, each with its reason, are asserted, and so are the totals that
// docs/secrets.md prints: any change to the table shows here.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { findSecrets } from '../../../src-shared/prompts/rules/secrets';
import { validatePrompts } from '../../../src-shared/prompts/rules/validate';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { alarmed, caught, outcome, type Outcome, placements, scannerSamples } from '../../support/scannerSamples';

const checkCount = (file: string): number => validatePrompts(parsePrompts(file), { strictUnknownTools: false }).filter((f) => f.code === 'prompts/secret').length;
const outcomes: Outcome[] = scannerSamples().map((s) => outcome(s, checkCount, (t) => findSecrets(t).map((m) => m.pattern.kind)));
const positives = outcomes.filter((o) => o.sample.positive);
const negatives = outcomes.filter((o) => !o.sample.positive);

const writerScrubs = "the capture writer's own pattern scrubs it (FORMATS.md B.4): a finding by design";

/** True positives not caught, and why. */
const expectedMisses: Readonly<Record<string, string>> = {
  'gitleaks atlassian-api-token tp#0': 'a bare 24-character value known only by the word atlassian before it: no context-keyed rows beyond the writer\'s (`_token` is no word boundary for its `token=`)',
  'gitleaks atlassian-api-token tp#1': 'the same, after confluence',
  'gitleaks atlassian-api-token tp#2': 'the same, after jira',
  'gitleaks atlassian-api-token tp#3': 'the same, after JIRA_API_TOKEN=',
  'gitleaks jwt tp#0': "drawn from gitleaks' loose regex (`ey` + any 17): a real token's header is base64 of `{\"`, `eyJ`",
  'gitleaks sendgrid-api-token tp#0': "drawn from gitleaks' regex (66 of [a-z0-9=_.-]) without the second dot every SendGrid key has",
  'gitleaks sourcegraph-access-token tp#1': 'a bare 40-digit hex value known only by the word sourcegraph before it',
  'gitleaks vault-service-token tp#0': "a legacy Vault token, `s.` and 24 characters: as common as a sentence's `s.` plus a word; only `hvs.`/`hvb.` are recognised",
  'secretlint basicauth ng.basic-auth-ftp-url#0': 'the password is `pass`, a stand-in to us',
  'secretlint basicauth ng.basic-auth-http-url#0': 'the password is `pass`, a stand-in to us',
  'secretlint basicauth ng.basic-auth-in-markdown#0': 'the password is `pass`, a stand-in to us',
  'secretlint basicauth ng.basic-auth-in-markdown#1': 'the password is `pass`, a stand-in to us',
  'secretlint basicauth ng.basic-auth-in-markdown#2': 'the password is `pass`, a stand-in to us',
  'secretlint huggingface ng.secret#0': '`hf_` and 34 x: a placeholder',
  'secretlint slack ng.IncomingWebhook#0': 'the URL holds TXXXXX/BXXXXX/XXXXXXXXXX, a placeholder',
};

/** Negatives flagged, and why. */
const expectedAlarms: Readonly<Record<string, string>> = {
  'gitleaks anthropic-admin-api-key fp#0': `sk-ant-…: ${writerScrubs}`,
  'gitleaks anthropic-admin-api-key fp#1': `sk-ant-…: ${writerScrubs}`,
  'gitleaks anthropic-api-key fp#0': `sk-ant-…: ${writerScrubs}`,
  'gitleaks anthropic-api-key fp#1': `sk-ant-…: ${writerScrubs}`,
  'gitleaks anthropic-api-key fp#2': `sk-ant-…: ${writerScrubs}`,
  'gitleaks cisco-meraki-api-key fp#1': `api-key: and 40 characters: ${writerScrubs}`,
  'gitleaks curl-auth-header fp#8': `a three-part eyJ… token: ${writerScrubs}`,
  'secretlint anthropic ok.valid': `sk-ant-api02-…, sk-ant-api05-…: ${writerScrubs}`,
  'secretlint openai ok.valid': `sk- and 16 characters (keys without T3BlbkFJ, which the OpenAI row now wants): ${writerScrubs}`,
};

test("the scanners' own samples: exactly the expected misses, each with its reason", () => {
  const missed = positives.filter((o) => !caught(o)).map((o) => o.sample.id);
  assert.deepEqual(missed, Object.keys(expectedMisses));
});

test("the scanners' own samples: exactly the expected false alarms, each with its reason", () => {
  const flagged = negatives.filter(alarmed).map((o) => o.sample.id);
  assert.deepEqual(flagged, Object.keys(expectedAlarms));
});

test('the figures docs/secrets.md prints: caught of the true positives, false alarms of the negatives', () => {
  const figure = `${positives.filter(caught).length} of ${positives.length} caught, ${negatives.filter(alarmed).length} false alarms of ${negatives.length}`;
  assert.equal(figure, '330 of 345 caught, 9 false alarms of 304');
});

test('check reports in every placement what the scanner finds in the string, no more and no fewer', () => {
  const differ: string[] = [];
  for (const o of outcomes) for (const p of placements) if (o.check[p] !== o.kinds.length) differ.push(`${o.sample.id} ${p}: check ${o.check[p]}, scanner ${o.kinds.length}`);
  assert.deepEqual(differ, []);
});
