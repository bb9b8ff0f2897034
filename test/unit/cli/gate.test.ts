// The command line as a gate a hostile contributor tries to slip a file
// past (issue 13): every file either is checked or fails the run. Each case
// is a file with a real problem (an unknown key, a secret, an unknown
// placeholder) dressed so that the check once passed it with exit 0: too
// large, too many tables or placeholders (real ones, or look-alikes inside
// strings), a NUL, invalid UTF-8, `--` before `-h`, a secret alone, and
// `--strict-edits` where git is missing or refuses the repository. Exit
// codes: 0 clean, 1 problems found, 2 usage, I/O or a file not checked.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkPromptsFile } from '../../../cli/src/handEdits';
import { structureLimits } from '../../../src-shared/fileLimits';
import { TempRepo } from '../../support/gitRepos';
import { committed, withLines } from '../../support/handEditFixtures';
import { distDir, examplesDir } from '../../support/paths';
import { minimalValid } from '../../support/promptsFixtures';

function cli(args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(process.execPath, [path.join(distDir, 'cli.js'), ...args], { cwd, env, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
  assert.equal(r.signal, null, 'the check finished');
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function inTemp(run: (dir: string) => void): void {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'packs-gate-')));
  try {
    run(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const secret = 'password=hunter2hunter2';
/** A `.prompts` file with an unknown key (an error) and a secret (a warning). */
const problemPrompts = minimalValid.replace('source = "claude_code"', 'source = "claude_code"\ncolour = "red"').replace('text = "Hello"', `text = "Hello ${secret}"`);
const unknownKey = /problem\.prompts:\d+:1: error prompts\/unknown-key: /;

/** A pack with an unknown placeholder (an error). */
const problemPack = (body = '') => ['%% loom-prompt-pack 1', '%% version v1', '%% section identity', `Hello {nope}${body}`, ''].join('\n');
const unknownPlaceholder = /problem\.pack:4:7: error pack\/unknown-placeholder: /;

const validSession = (i: number) => `\n[[sessions]]\nid = "v-${i}"\nsource = "manual"\n\n  [[sessions.turns]]\n  role = "user"\n  text = "x"\n`;

test('a file over the size limit is not a pass: exit 2, naming the file, why and the option that checks it', () => {
  inTemp((dir) => {
    const file = path.join(dir, 'problem.prompts');
    fs.writeFileSync(file, Buffer.concat([Buffer.from(problemPrompts), Buffer.alloc(51 * 1024 * 1024, 0x20)]));
    const r = cli(['check', 'problem.prompts'], dir);
    assert.equal(r.code, 2);
    assert.match(r.stdout, /^problem\.prompts:1:1: error prompts\/file-too-large: /);
    assert.match(r.stderr, /problem\.prompts: not checked: .*larger than 50 MB.*--max-file-size-mb/);
    assert.doesNotMatch(r.stdout + r.stderr, /packsAndPrompts\.maxFileSizeMB/, 'the editor setting is not the way here');
    fs.writeFileSync(file, problemPrompts);
    assert.equal(cli(['check', '--max-file-size-mb', '0.0001', 'problem.prompts'], dir).code, 2);
    const checked = cli(['check', 'problem.prompts'], dir);
    assert.equal(checked.code, 1);
    assert.match(checked.stdout, unknownKey);
  });
});

test('a NUL in the first 8 KB is an error where it is, and the rest of the file is checked (both formats)', () => {
  inTemp((dir) => {
    fs.writeFileSync(path.join(dir, 'problem.prompts'), `# note\0\n${problemPrompts}`);
    const prompts = cli(['check', 'problem.prompts'], dir);
    assert.equal(prompts.code, 1);
    assert.match(prompts.stdout, /^problem\.prompts:1:7: error prompts\/toml-syntax: .*control characters/m);
    assert.match(prompts.stdout, unknownKey);
    assert.match(prompts.stdout, /warning prompts\/secret/);
    fs.writeFileSync(path.join(dir, 'problem.pack'), problemPack(' a\0b'));
    const pack = cli(['check', 'problem.pack'], dir);
    assert.equal(pack.code, 1);
    assert.match(pack.stdout, /^problem\.pack:4:15: error pack\/control-character: .*U\+0000/m);
    assert.match(pack.stdout, unknownPlaceholder);
    assert.doesNotMatch(prompts.stdout + pack.stdout, /binary/);
  });
});

test('a file that truly is binary is refused as an error, not a note', () => {
  inTemp((dir) => {
    const bytes = Buffer.alloc(4096);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
    fs.writeFileSync(path.join(dir, 'blob.pack'), bytes);
    const r = cli(['check', 'blob.pack'], dir);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^blob\.pack:1:1: error pack\/binary-file: /);
  });
});

test('more than 50,000 real tables or 200,000 placeholders are checked; past the limits a file is not a pass, and an option raises them', () => {
  inTemp((dir) => {
    const tables = Array.from({ length: 50_001 }, (_, i) => validSession(i)).join('');
    fs.writeFileSync(path.join(dir, 'problem.prompts'), `${problemPrompts}\n${tables}`);
    const many = cli(['check', 'problem.prompts'], dir);
    assert.equal(many.code, 1);
    assert.match(many.stdout, unknownKey);

    const limit = structureLimits.prompts.limit;
    fs.writeFileSync(path.join(dir, 'problem.prompts'), `${problemPrompts}\n${'[[sessions]]\n'.repeat(limit)}`);
    const past = cli(['check', 'problem.prompts'], dir);
    assert.equal(past.code, 2);
    assert.match(past.stdout, /^problem\.prompts:1:1: error prompts\/file-too-complex: /);
    assert.match(past.stderr, /problem\.prompts: not checked: .*top-level tables.*--max-tables/);
    fs.writeFileSync(path.join(dir, 'few.prompts'), `${problemPrompts.replace('problem', 'few')}\n${'[[sessions]]\n'.repeat(20)}`);
    assert.match(cli(['check', '--max-tables', '10', 'few.prompts'], dir).stderr, /few\.prompts: not checked: .*more than 10 top-level tables.*--max-tables/);
    const raised = cli(['check', '--max-tables', '30', 'problem.prompts'.replace('problem', 'few')], dir);
    assert.equal(raised.code, 1);
    assert.match(raised.stdout, /few\.prompts:\d+:1: error prompts\/unknown-key: /);
    assert.equal(cli(['check', '--max-tables', '0', 'few.prompts'], dir).code, 2, 'a usage error');

    const pieces = structureLimits.pack.limit;
    fs.writeFileSync(path.join(dir, 'problem.pack'), problemPack(` ${'{a}'.repeat(pieces)}`));
    const pack = cli(['check', 'problem.pack'], dir);
    assert.equal(pack.code, 2);
    assert.match(pack.stdout, /^problem\.pack:1:1: error pack\/file-too-complex: /);
    assert.match(pack.stderr, /problem\.pack: not checked: .*placeholders.*--max-pack-pieces/);
    fs.writeFileSync(path.join(dir, 'problem.pack'), problemPack(` ${'{a}'.repeat(9)}`));
    assert.match(cli(['check', '--max-pack-pieces', '5', 'problem.pack'], dir).stderr, /problem\.pack: not checked: .*more than 5 directives and placeholders.*--max-pack-pieces/);
    const packRaised = cli(['check', '--max-pack-pieces', '20', 'problem.pack'], dir);
    assert.equal(packRaised.code, 1);
    assert.match(packRaised.stdout, unknownPlaceholder);
  });
});

test('a 200 KB file is checked, whatever look-alike headers or braces its strings and bodies hold', () => {
  inTemp((dir) => {
    const text = problemPrompts.replace(`text = "Hello ${secret}"`, `text = """Hello ${secret}\n${'[x]\n'.repeat(50_001)}"""`);
    assert.ok(text.length < 210_000);
    fs.writeFileSync(path.join(dir, 'problem.prompts'), text);
    const prompts = cli(['check', 'problem.prompts'], dir);
    assert.equal(prompts.code, 1);
    assert.match(prompts.stdout, unknownKey);
    assert.match(prompts.stdout, /warning prompts\/secret/);

    const pack = problemPack(` ${'{'.repeat(200_001)}`);
    assert.ok(pack.length < 210_000);
    fs.writeFileSync(path.join(dir, 'problem.pack'), pack);
    const r = cli(['check', 'problem.pack'], dir);
    assert.equal(r.code, 1);
    assert.match(r.stdout, unknownPlaceholder);
  });
});

test('invalid UTF-8 is an error at its exact position, with its byte offset and what was found (both formats)', () => {
  inTemp((dir) => {
    const [before, after] = problemPrompts.split('Hello');
    const bytes = Buffer.concat([Buffer.from(`${before}He`), Buffer.from([0xff, 0xc3]), Buffer.from(`llo${after}`)]);
    fs.writeFileSync(path.join(dir, 'problem.prompts'), bytes);
    const line = before!.split('\n').length;
    const column = before!.split('\n').pop()!.length + 3;
    const offset = Buffer.byteLength(`${before}He`);
    const prompts = cli(['check', 'problem.prompts'], dir);
    assert.equal(prompts.code, 1);
    assert.match(prompts.stdout, new RegExp(`^problem\\.prompts:${line}:${column}: error prompts/invalid-utf8: .*byte ${offset}: 0xff`, 'm'));
    assert.match(prompts.stdout, new RegExp(`^problem\\.prompts:${line}:${column + 1}: error prompts/invalid-utf8: .*byte ${offset + 1}: 0xc3`, 'm'));
    assert.match(prompts.stdout, unknownKey);
    const json = JSON.parse(cli(['check', '--json', 'problem.prompts'], dir).stdout) as { code: string; range: { start: { line: number; character: number } } }[];
    assert.deepEqual(json.find((f) => f.code === 'prompts/invalid-utf8')?.range.start, { line: line - 1, character: column - 1 });

    fs.writeFileSync(path.join(dir, 'problem.pack'), Buffer.concat([Buffer.from(problemPack(' caf').slice(0, -1)), Buffer.from([0xe9, 0x0a])]));
    const pack = cli(['check', 'problem.pack'], dir);
    assert.equal(pack.code, 1);
    assert.match(pack.stdout, /^problem\.pack:4:17: error pack\/invalid-utf8: .*byte \d+: 0xe9/m);
    assert.match(pack.stdout, unknownPlaceholder);
  });
});

test('`--` ends the options: a path after it is a path, never --help; --help before it is the usage', () => {
  inTemp((dir) => {
    fs.writeFileSync(path.join(dir, 'problem.prompts'), problemPrompts);
    const r = cli(['check', 'problem.prompts', '--', '-h'], dir);
    assert.equal(r.code, 2);
    assert.match(r.stdout, unknownKey);
    assert.match(r.stderr, /cannot read -h: no such file or directory/);
    assert.doesNotMatch(r.stdout, /Usage:/);
    assert.match(cli(['check', '--', '--help'], dir).stderr, /cannot read --help: /);
    assert.match(cli(['render', '--', '--help'], dir).stderr, /cannot read --help: /);
    const help = cli(['check', 'problem.prompts', '--help'], dir);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage:/);
  });
});

test('a secret alone passes by default; --strict-secrets and --strict make it an error, --strict every warning', () => {
  inTemp((dir) => {
    fs.writeFileSync(path.join(dir, 'secret.prompts'), minimalValid.replace('text = "Hello"', `text = "Hello ${secret}"`));
    const plain = cli(['check', 'secret.prompts'], dir);
    assert.equal(plain.code, 0);
    assert.match(plain.stdout, /warning prompts\/secret/);
    for (const flag of ['--strict-secrets', '--strict']) {
      const strict = cli(['check', flag, 'secret.prompts'], dir);
      assert.equal(strict.code, 1, flag);
      assert.match(strict.stdout, /error prompts\/secret/, flag);
    }
    fs.writeFileSync(path.join(dir, 'order.prompts'), minimalValid.replace('source = "claude_code"', 'source = "claude_code"\nstarted_at = 2026-04-21T11:47:12+02:00'));
    assert.equal(cli(['check', 'order.prompts'], dir).code, 0);
    assert.equal(cli(['check', '--strict-secrets', 'order.prompts'], dir).code, 0, 'only secrets');
    const strict = cli(['check', '--strict', 'order.prompts'], dir);
    assert.equal(strict.code, 1);
    assert.match(strict.stdout, /error prompts\/non-utc-timestamp/);
  });
});

const unlogged = withLines(10, 1, 'title = "Retitled"');

test('--strict-edits without git on PATH: a file in a work tree is not a pass; outside any repository nothing is asked', () => {
  const repo = TempRepo.create();
  try {
    repo.write('a.prompts', committed);
    repo.commitAll();
    repo.write('a.prompts', unlogged);
    const noGit = { ...process.env, PATH: path.join(repo.root, 'no-such-folder') };
    assert.equal(cli(['check', 'a.prompts'], repo.root, noGit).code, 0, 'without --strict-edits, as before');
    const strict = cli(['check', '--strict-edits', 'a.prompts'], repo.root, noGit);
    assert.equal(strict.code, 2);
    assert.match(strict.stderr, /a\.prompts: not checked: .*git is not installed.*--strict-edits/);
  } finally {
    repo.dispose();
  }
  inTemp((dir) => {
    fs.writeFileSync(path.join(dir, 'a.prompts'), unlogged);
    assert.equal(cli(['check', '--strict-edits', 'a.prompts'], dir, { ...process.env, PATH: path.join(dir, 'none') }).code, 0);
  });
});

test('--strict-renders without git on PATH: a pack in a work tree is not a pass (its render cannot be compared with HEAD)', () => {
  const repo = TempRepo.create();
  try {
    const pack = fs.readFileSync(path.join(examplesDir, 'loom-9', 'coding-agent.pack'), 'utf8');
    repo.write('agent.pack', pack);
    repo.commitAll();
    repo.write('agent.pack', pack.replace('You are careful rather than fast.', 'You are careful rather than quick.'));
    assert.equal(cli(['check', '--strict-renders', 'agent.pack'], repo.root).code, 1, 'with git: the changed render under the same version');
    const noGit = { ...process.env, PATH: path.join(repo.root, 'no-such-folder') };
    assert.equal(cli(['check', 'agent.pack'], repo.root, noGit).code, 0, 'without --strict-renders, as before');
    const strict = cli(['check', '--strict-renders', 'agent.pack'], repo.root, noGit);
    assert.equal(strict.code, 2);
    assert.match(strict.stderr, /agent\.pack: not checked: git is not installed .*--strict-renders/);
  } finally {
    repo.dispose();
  }
});

test('--strict-edits where git refuses the repository (dubious ownership): not a pass, naming safe.directory; git is never overruled', { skip: process.getuid?.() !== 0 && 'needs root to give the repository to another user' }, () => {
  const repo = TempRepo.create();
  const config = path.join(path.dirname(repo.root), 'gitconfig');
  try {
    repo.write('a.prompts', committed);
    repo.commitAll();
    repo.write('a.prompts', unlogged);
    fs.writeFileSync(config, '');
    spawnSync('chown', ['-R', '65534:65534', repo.root]);
    const env = { ...process.env, GIT_CONFIG_GLOBAL: config, GIT_CONFIG_NOSYSTEM: '1' };
    const plain = cli(['check', 'a.prompts'], repo.root, env);
    assert.equal(plain.code, 0);
    assert.match(plain.stdout, /information prompts\/hand-edits-unchecked: Hand edits off: git refuses the repository at .*another user owns it.*safe\.directory/);
    const strict = cli(['check', '--strict-edits', 'a.prompts'], repo.root, env);
    assert.equal(strict.code, 2);
    assert.match(strict.stderr, /a\.prompts: not checked: .*dubious ownership.*safe\.directory/);
    assert.equal(fs.readFileSync(config, 'utf8'), '', 'no safe.directory was added');
  } finally {
    repo.dispose();
  }
});

test('a file name holding a line break or control characters is escaped in human output, never forging a line', () => {
  inTemp((dir) => {
    const name = 'x\nevil.pack:1:1: error forged\x1b[2J.pack';
    fs.writeFileSync(path.join(dir, name), problemPack());
    const r = cli(['check', name], dir);
    assert.equal(r.code, 1);
    const lines = r.stdout.split('\n');
    assert.ok(lines.every((l) => l === '' || l.startsWith('x\\nevil.pack:1:1: error forged\\x1b[2J.pack:')), r.stdout);
    assert.ok(!(r.stdout + r.stderr).includes('\x1b'), 'no escape reaches the terminal');
    const missing = cli(['check', 'gone\r\nfile.pack'], dir);
    assert.match(missing.stderr, /cannot read gone\\r\\nfile\.pack: /);
  });
});

test('--strict-edits when git times out: not a pass (judged with a git that answers every call so)', () => {
  const timedOut = () => ({ kind: 'failed' as const, message: 'git timed out after 5 s' });
  const file = path.join(os.tmpdir(), 'a.prompts');
  const plain = checkPromptsFile(unlogged, { strictUnknownTools: false }, file, { strictEdits: false, spawner: timedOut });
  assert.equal(plain.notChecked, undefined);
  assert.deepEqual(
    plain.findings.filter((f) => f.code === 'prompts/hand-edits-unchecked').map((f) => f.severity),
    ['information'],
  );
  const strict = checkPromptsFile(unlogged, { strictUnknownTools: false }, file, { strictEdits: true, spawner: timedOut });
  assert.match(strict.notChecked ?? '', /git timed out after 5 s.*--strict-edits/);
});

test('a folder holding nothing to check is not a pass (a mistyped or moved path), unless --allow-empty says it is expected', () => {
  inTemp((dir) => {
    fs.mkdirSync(path.join(dir, 'prompts'));
    fs.writeFileSync(path.join(dir, 'prompts', 'notes.txt'), 'not a capture\n');
    const empty = cli(['check', 'prompts'], dir);
    assert.equal(empty.code, 2);
    assert.match(empty.stderr, /^prompts: no pack, \.prompts or \.loomprofile\.json file in it, so nothing was checked \(pass --allow-empty if that is expected\)$/m);
    const allowed = cli(['check', '--allow-empty', 'prompts'], dir);
    assert.equal(allowed.code, 0, allowed.stderr);
    fs.writeFileSync(path.join(dir, 'prompts', 'a.prompts'), minimalValid);
    const checked = cli(['check', 'prompts'], dir);
    assert.equal(checked.code, 0, checked.stderr);
    assert.match(checked.stderr, /1 file checked/);
  });
});

test('--skip-others skips a named file that is none of ours and still checks a pack known by its first line, a capture and a bundle member', () => {
  inTemp((dir) => {
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a pack\n');
    fs.copyFileSync(path.join(examplesDir, 'broken', 'corrupt.pack'), path.join(dir, 'system-prompt.md'));
    fs.mkdirSync(path.join(dir, 'prompts'));
    fs.writeFileSync(path.join(dir, 'prompts', 'notes.md'), '# notes\n');
    // Without the option a file that is none of ours fails the run, as before.
    const plain = cli(['check', 'notes.txt'], dir);
    assert.equal(plain.code, 2);
    assert.match(plain.stderr, /cannot check notes\.txt: not a prompt pack/);
    const other = cli(['check', '--skip-others', 'notes.txt'], dir);
    assert.equal(other.code, 0, other.stderr);
    assert.equal(other.stdout, '');
    assert.match(other.stderr, /^0 files checked/m);
    const all = cli(['check', '--skip-others', '--', 'notes.txt', 'system-prompt.md', 'prompts/notes.md'], dir);
    assert.equal(all.code, 1, all.stderr);
    assert.match(all.stdout, /^system-prompt\.md:\d+:\d+: error pack\//m, 'the pack under another name is checked');
    assert.match(all.stdout, /^prompts\/notes\.md:1:1: error bundle\/markdown-in-prompts: /m, 'the bundle member is judged');
    assert.doesNotMatch(all.stdout + all.stderr, /notes\.txt/);
    assert.match(all.stderr, /^2 files checked/m);
    // A file whose first bytes cannot be read may be a pack: it is not skipped, and the run fails saying why.
    const fifo = spawnSync('mkfifo', [path.join(dir, 'pipe.md')]);
    if (fifo.status === 0) {
      const unread = cli(['check', '--skip-others', 'pipe.md'], dir);
      assert.equal(unread.code, 2, unread.stderr);
      assert.match(unread.stderr, /pipe\.md/);
    }
  });
});
