// `check --strict-secrets` fails a file with a secret, but a secret an allow
// comment silences stays a hint: the gate honours the same allow comments
// as the editor, and prints them for review.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fakeSecrets } from '../../support/fakeSecrets';
import { distDir } from '../../support/paths';
import { lines, minimalValid } from '../../support/promptsFixtures';

const token = fakeSecrets(11).find((f) => f.name === 'ghp')!.text;

function check(text: string): { status: number | null; stdout: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'packs-allowed-'));
  try {
    const file = path.join(dir, 'capture.prompts');
    writeFileSync(file, text);
    const r = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), 'check', '--strict-secrets', file], { encoding: 'utf8' });
    return { status: r.status, stdout: r.stdout };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('--strict-secrets: a secret fails the check, the same secret under an allow comment is a hint and passes', () => {
  const bare = check(lines(minimalValid.replace('text = "Hello"', `text = "use ${token}"`)));
  assert.equal(bare.status, 1);
  assert.match(bare.stdout, /error prompts\/secret: `text` holds a GitHub token/);
  const allowed = check(lines(minimalValid.replace('text = "Hello"', `text = "use ${token}" # gitleaks:allow`)));
  assert.equal(allowed.status, 0, allowed.stdout);
  assert.match(allowed.stdout, /hint prompts\/allowed-secret: `text` holds a GitHub token, allowed by the comment on line 14/);
  assert.ok(!allowed.stdout.includes(token) && !bare.stdout.includes(token));
});
