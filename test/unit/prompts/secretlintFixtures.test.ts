// The scanner table against secretlint's own test snapshots
// (test/fixtures/secretlint/snapshots.json): every finding a covered rule
// reports there is found by the row of the same kind at an overlapping
// range, and the rule's clean inputs give no finding of its kinds. Where we
// differ on purpose, the snapshot is named below with the reason.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findSecrets, SecretMatcher } from '../../../src-shared/prompts/rules/secrets';
import { writerRows } from '../../../src-shared/prompts/rules/writerSecrets';
import { fixturesDir } from '../../support/paths';

interface Snapshot {
  readonly rule: string;
  readonly name: string;
  readonly input: string;
  readonly messages: readonly { readonly messageId: string | null; readonly range: readonly [number, number] }[];
}

const snapshots = (JSON.parse(fs.readFileSync(path.join(fixturesDir, 'secretlint', 'snapshots.json'), 'utf8')) as { snapshots: Snapshot[] }).snapshots;

/** Our kinds for each secretlint rule. */
const kindsOf: Readonly<Record<string, readonly string[]>> = {
  anthropic: ['anthropic-key'],
  aws: ['aws-access-key', 'aws-secret-key'],
  basicauth: ['url-credentials'],
  'database-connection-string': ['database-url'],
  github: ['github-token', 'github-server-token', 'github-oauth-token'],
  gitlab: ['gitlab-token'],
  huggingface: ['huggingface-token'],
  npm: ['npm-token'],
  openai: ['openai-key', 'secret-key'],
  privatekey: ['private-key'],
  gcp: ['private-key'],
  sendgrid: ['sendgrid-key'],
  shopify: ['shopify-token'],
  slack: ['slack-token', 'slack-webhook'],
  stripe: ['stripe-key'],
  groq: ['groq-key'],
  linear: ['linear-key'],
  notion: ['notion-token'],
  docker: ['docker-token'],
  figma: ['figma-token'],
  grafana: ['grafana-token'],
  '1password': ['1password-token'],
  cloudflare: ['cloudflare-token'],
  tailscale: ['tailscale-key'],
  vercel: ['vercel-token'],

};

/** secretlint findings we do not report, and why. */
const notReported: Readonly<Record<string, string>> = {
  'aws ng.AWS Account ID': 'an account id is an identifier, not a credential (gitleaks has no default rule for it either)',
  'slack ng.IncomingWebhook#0': 'the URL holds TXXXXX/BXXXXX/XXXXXXXXXX, a placeholder',
  'gcp ng.privatekey-p12': 'a PKCS#12 file is binary; a .prompts file is text',
  'basicauth ng.basic-auth-in-markdown': 'every URL there has the password `pass`, a stand-in to us (secretlint itself lets `password` pass)',
  'basicauth ng.basic-auth-ftp-url': 'the password is `pass`, a stand-in to us',
  'basicauth ng.basic-auth-http-url': 'the password is `pass`, a stand-in to us',
  'huggingface ng.secret': 'hf_ and 34 x: a placeholder',
  'database-connection-string ng.postgresql#2': 'the password holds a space, which a URL never does as written',
  'database-connection-string ng.postgresql#3': 'not a URL: PG_PASSWORD= in prose (the writer\'s own patterns do not cover it either)',
  'database-connection-string ng.postgresql#4': 'not a URL: PGPASSWORD= on a command line',
  'database-connection-string ng.postgresql#6': 'not a URL: a .NET connection string of `your_` placeholders',
};

/** Findings of a rule's kinds where secretlint reports none, and why (besides what the capture writer's own rows scrub). */
const extraAllowed: Readonly<Record<string, string>> = {
  'basicauth ng.real-credentials#1': 'a real password holding @: secretlint stops at the first @ and misses it',
  'basicauth ng.real-credentials#4': 'a real password holding !: outside the characters secretlint allows',
  'groq ok.allows#0': "secretlint's test lists this value in the rule's `allows` option",
  'figma ok.allows#0': "secretlint's test lists this value in the rule's `allows` option",
  'tailscale ok.allows#0': "secretlint's test lists this value in the rule's `allows` option",
};

const writerOnly = new SecretMatcher(writerRows);

test("the scanner table finds what secretlint's covered rules find in their own snapshots, and nothing in their clean ones", () => {
  const missed: string[] = [];
  const extra: string[] = [];
  let matched = 0;
  for (const s of snapshots) {
    const kinds = kindsOf[s.rule];
    assert.ok(kinds, s.rule);
    const input = Buffer.from(s.input, 'base64').toString('utf8');
    const ours = findSecrets(input).filter((m) => kinds.includes(m.pattern.kind));
    const claimed = new Set<number>();
    s.messages.forEach((msg, i) => {
      const hit = ours.findIndex((m) => m.start < msg.range[1] && msg.range[0] < m.end);
      const id = `${s.rule} ${s.name}`;
      if (hit === -1) {
        if (!notReported[id] && !notReported[`${id}#${i}`]) missed.push(`${id}#${i} (${msg.messageId}) at ${msg.range.join('-')}`);
      } else {
        claimed.add(hit);
        matched++;
      }
    });
    ours.forEach((m, i) => {
      const id = `${s.rule} ${s.name}#${i}`;
      const scrubbed = writerOnly.matchAll(input).some((w) => w.start < m.end && m.start < w.end);
      if (!claimed.has(i) && !extraAllowed[id] && !scrubbed) extra.push(`${id}: ${m.pattern.kind} at ${m.start}-${m.end}`);
    });
  }
  assert.deepEqual(missed, [], 'secretlint findings we miss');
  assert.deepEqual(extra, [], 'findings secretlint does not make');
  assert.ok(matched >= 50, `findings matched: ${matched}`);
});
