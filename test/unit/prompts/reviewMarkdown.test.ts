// "Export as Published Markdown" (src-shared/prompts/review/markdown.ts)
// and the command line's `review --published --format markdown`: the
// review's example file exports its public session only, its secret
// masked, no email, markup escaped; an address in any text is masked; and
// the command line prints the same text, refusing what it cannot do.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { noEmails, publishedMarkdown } from '../../../src-shared/prompts/review/markdown';
import { distDir, repoRoot } from '../../support/paths';
import { tempDir } from '../../support/tempDirs';

const example = path.join(repoRoot, 'test', 'e2e', 'workspace', 'prompts', 'feature-review.prompts');
const exampleText = fs.readFileSync(example, 'utf8');
const secret = 'ghp_abcdefghijklmnopqrstuvwxyz0123';

function cli(args: string[]) {
  const r = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('the example file exports its public session only, the secret masked, no email, markup as text', () => {
  assert.ok(exampleText.includes(secret) && exampleText.includes('visibility = "private"'), 'the fixture has a secret and a private session');
  const { text: md, sessions } = publishedMarkdown(parsePrompts(exampleText), 'feature-review.prompts');
  assert.equal(sessions, 1);
  assert.match(md, /^# Review the login work\n/);
  assert.match(md, /## Login form &lt;script&gt;alert\(1\)&lt;\/script&gt;\n/);
  assert.match(md, /Session `r-1`/);
  assert.ok(!md.includes('r-2') && !md.includes('A private follow-up'), 'the private session is left out');
  assert.ok(!md.includes(secret.slice(4, 20)), 'no character run of the secret');
  assert.match(md, /Keep the old token \\\[secret: a GitHub token\\\] out of it\./);
  assert.ok(!md.includes('@'), 'no email');
  assert.match(md, /1 published session, 3 turns/);
  assert.match(md, /### Turn 1 · Assistant\n\n\*Searched for the form\.\*\n\n- `Grep` `LoginForm`\n- `Shell` `npm test` \(failed\)\n/);
});

test('an email address anywhere in the text is masked, what only looks like one is kept', () => {
  assert.equal(noEmails('mail bob.smith+x@mail.example.org, then @here and a@b'), 'mail [email], then @here and a@b');
  assert.equal(noEmails('x@y.io.'), '[email].');
  const doc = parsePrompts(exampleText.replace('Now disable the button', 'Ask carol@example.net to disable the button'));
  const md = publishedMarkdown(doc, 'f.prompts').text;
  assert.match(md, /Ask \\\[email\\\] to disable the button/);
});

test('review --published --format markdown FILE prints the same Markdown; without --published, with another format, or on a file that does not parse it refuses', () => {
  const r = cli(['review', '--published', '--format', 'markdown', example]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, publishedMarkdown(parsePrompts(exampleText), 'feature-review.prompts').text);
  assert.equal(cli(['review', '--published', example]).stdout, r.stdout, 'markdown by default');
  const unpublished = cli(['review', example]);
  assert.equal(unpublished.code, 2);
  assert.match(unpublished.stderr, /give --published/);
  const html = cli(['review', '--published', '--format', 'html', example]);
  assert.equal(html.code, 2);
  assert.match(html.stderr, /unknown --format html/);
  const dir = tempDir('packs-review-');
  const broken = path.join(dir, 'broken.prompts');
  fs.writeFileSync(broken, '[[[ not toml');
  const bad = cli(['review', '--published', broken]);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /nothing to publish/);
  assert.equal(bad.stdout, '');
  const missing = cli(['review', '--published', path.join(dir, 'missing.prompts')]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot read/);
});
