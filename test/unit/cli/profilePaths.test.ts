// A pack's `%% # profile: PATH` and the profile files a walk finds are read
// only inside the checked tree (issue 28): a hostile repository's pack must
// not make a CI job read `/etc/passwd`, `/proc/self/environ`, a file beside
// the repository or a link pointing out, and the log must not tell whether
// the target exists, its first character or its JSON keys.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { distDir, examplesDir } from '../../support/paths';
import { tempDir } from '../../support/tempDirs';

function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.signal, null, 'the check finished');
  return { code: r.status, out: r.stdout + r.stderr };
}

const pack = fs.readFileSync(path.join(examplesDir, 'loom-9', 'code-reviewer.pack'), 'utf8');
const naming = (target: string) => pack.replace('\n', `\n%% # profile: ${target}\n`);

/** `top/repo/packs/a.pack` in a repository, `top/outside/` beside it holding a JSON file with a key. */
function layout(): { top: string; repo: string } {
  const top = fs.realpathSync(tempDir('packs-profile-paths-'));
  const repo = path.join(top, 'repo');
  fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
  fs.mkdirSync(path.join(repo, 'packs'));
  fs.mkdirSync(path.join(top, 'outside'));
  fs.writeFileSync(path.join(top, 'outside', 'creds.json'), '{"awsSecretKey": "x"}\n');
  fs.writeFileSync(path.join(top, 'outside', 'creds.loomprofile.json'), '{"awsSecretKey": "x"}\n');
  return { top, repo };
}

/** The fallback's reason, with the pack's own words (the path it asked for) taken out. */
function reasonFor(out: string, target: string): string {
  const line = out.split('\n').find((l) => l.includes('pack/profile-fallback'));
  assert.ok(line, `a fallback is reported for ${target}:\n${out}`);
  return line.split(target).join('PATH').replace(/ \(profile files end in `\.loomprofile\.json`\)/, '');
}

test('a profile path outside the checked tree is refused in the same words, existing or not, with nothing of its contents', () => {
  const { top, repo } = layout();
  fs.symlinkSync(path.join(top, 'outside', 'creds.loomprofile.json'), path.join(repo, 'packs', 'linked.loomprofile.json'));
  const targets = ['/etc/passwd', '/proc/self/environ', '../../outside/creds.json', '../../outside/creds.loomprofile.json', '/nonexistent/creds.json', '../../outside/missing.loomprofile.json', 'linked.loomprofile.json'];
  const reasons = new Set<string>();
  for (const target of targets) {
    fs.writeFileSync(path.join(repo, 'packs', 'a.pack'), naming(target));
    const { out } = cli(['check', path.join(repo, 'packs', 'a.pack')], top);
    for (const leak of ['awsSecretKey', 'root:', 'found `', 'cannot be read', 'not valid', 'no such file']) assert.ok(!out.includes(leak), `${target}: the output says ${leak}:\n${out}`);
    reasons.add(reasonFor(out, target));
  }
  assert.equal(reasons.size, 1, `one message for every target: ${[...reasons].join('\n')}`);
  assert.match([...reasons][0]!, /no profile file `PATH` inside the checked tree/);
});

test('a walked profile file linking out of the tree is not read, and the run fails closed naming it', () => {
  const { top, repo } = layout();
  fs.symlinkSync('/etc/passwd', path.join(repo, 'packs', 'passwd.loomprofile.json'));
  fs.symlinkSync(path.join(top, 'outside', 'creds.loomprofile.json'), path.join(repo, 'packs', 'creds.loomprofile.json'));
  fs.writeFileSync(path.join(repo, 'packs', 'a.pack'), pack);
  const { code, out } = cli(['check', repo], top);
  assert.equal(code, 2, out);
  assert.match(out, /cannot read .*passwd\.loomprofile\.json: not a file inside the checked tree/);
  assert.match(out, /cannot read .*creds\.loomprofile\.json: not a file inside the checked tree/);
  for (const leak of ['awsSecretKey', 'root', 'found `']) assert.ok(!out.includes(leak), out);
});

test('a profile file inside the repository, beside the checked folder, is still found', () => {
  const { top, repo } = layout();
  fs.mkdirSync(path.join(repo, 'profiles'));
  fs.copyFileSync(path.join(examplesDir, 'fork', 'acme.loomprofile.json'), path.join(repo, 'profiles', 'acme.loomprofile.json'));
  fs.writeFileSync(path.join(repo, 'packs', 'a.pack'), naming('../profiles/acme.loomprofile.json'));
  for (const target of [path.join(repo, 'packs'), path.join(repo, 'packs', 'a.pack')]) {
    const { out } = cli(['check', '--json', target], top);
    assert.ok(!out.includes('pack/profile-fallback'), out);
  }
  const render = cli(['render', path.join(repo, 'packs', 'a.pack')], top);
  assert.ok(!render.out.includes('cannot be used'), render.out);
});
