// The bundle rules (FORMATS.md B.7) on in-memory bundles, one rule at a time.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkBundle } from '../../../src-shared/prompts/bundle/check';
import { bundleRootOf, tierOf } from '../../../src-shared/prompts/bundle/bundle';
import { branchSlug } from '../../../src-shared/prompts/bundle/slug';
import { memoryBundle, promptsFile, stamps } from '../../support/bundleFixtures';

function codesIn(files: Record<string, string>, complete = true): Record<string, string[]> {
  const { bundle, digests } = memoryBundle(files, complete);
  const out: Record<string, string[]> = {};
  for (const [name, findings] of checkBundle(bundle, digests)) out[name] = findings.map((f) => `${f.severity} ${f.code} ${f.range.start.line}`);
  return out;
}

test('the slug of a branch, as FORMATS.md B.7 spells it out', () => {
  assert.equal(branchSlug('feature/billing-rewrite'), 'feature-billing-rewrite');
  assert.equal(branchSlug('dependabot/npm/foo-1.2.3'), 'dependabot-npm-foo-1.2.3');
  assert.equal(branchSlug('Main'), 'main');
  assert.equal(branchSlug('--fix//Émoji 😀 thing..'), 'fix-moji-thing');
  assert.equal(branchSlug('.hidden.'), 'hidden');
});

test('tiers and bundle roots', () => {
  assert.equal(tierOf('prompts/main.prompts'), 'root');
  assert.equal(tierOf('prompts/captured/main.prompts'), 'captured');
  assert.equal(tierOf('prompts/curated/onboarding/a.prompts'), 'curated');
  assert.equal(tierOf('prompts/curated/_pending/a.prompts'), 'pending');
  assert.equal(tierOf('docs/a.md'), undefined);
  assert.deepEqual(bundleRootOf('/ws/b/prompts/x.prompts', ['/ws/b']), { root: '/ws/b', path: 'prompts/x.prompts' });
  assert.deepEqual(bundleRootOf('/home/prompts/ws/prompts/captured/x.prompts', []), { root: '/home/prompts/ws', path: 'prompts/captured/x.prompts' });
  assert.equal(bundleRootOf('/ws/notes/x.prompts', []), undefined);
});

test('one id in two files, neither stamped: an error on each, pointing at the other', () => {
  const { bundle, digests } = memoryBundle({
    'prompts/main.prompts': promptsFile('main', [{ id: 's1' }]),
    'prompts/feature-login.prompts': promptsFile('feature/login', [{ id: 'other' }, { id: 's1' }]),
  });
  const found = checkBundle(bundle, digests);
  const main = found.get('prompts/main.prompts')!;
  assert.deepEqual(main.map((f) => f.code), ['bundle/duplicate-session-id']);
  assert.equal(main[0]!.severity, 'error');
  assert.match(main[0]!.message, /also used in prompts\/feature-login\.prompts/);
  assert.equal(main[0]!.related![0]!.file, 'prompts/feature-login.prompts');
  assert.equal(main[0]!.related![0]!.range.start.line, 14);
  assert.deepEqual(found.get('prompts/feature-login.prompts')!.map((f) => f.related![0]!.file), ['prompts/main.prompts']);
});

test('a stamped merged copy of a branch session is no duplicate; edited after the merge it is a warning', () => {
  const branch = promptsFile('feature/login', [{ id: 's1', text: 'Add a login form.\n    \n' }]);
  const clean = promptsFile('main', [{ id: 's1', text: 'Add a login form.', extra: stamps }]);
  assert.deepEqual(codesIn({ 'prompts/main.prompts': clean, 'prompts/feature-login.prompts': branch }), {});
  const edited = promptsFile('main', [{ id: 's1', text: 'Add a signup form.', extra: stamps }]);
  const { bundle, digests } = memoryBundle({ 'prompts/main.prompts': edited, 'prompts/feature-login.prompts': branch });
  const found = checkBundle(bundle, digests);
  const f = found.get('prompts/main.prompts')!;
  assert.deepEqual(f.map((x) => `${x.severity} ${x.code}`), ['warning bundle/edited-after-merge']);
  assert.equal(f[0]!.related![0]!.file, 'prompts/feature-login.prompts');
  assert.equal(found.get('prompts/feature-login.prompts'), undefined);
});

test('layout and key order do not make a merged copy differ', () => {
  const branch = promptsFile('feature/login', [{ id: 's1', extra: ['title = "Login"', 'tags = ["a", "b"]'] }]);
  const copy = [
    '[commit]', 'branch = "main"', 'author_name = "Alice"', 'author_email = "alice@example.com"', '',
    '[[sessions]]', "tags = [ 'a','b' ]", "title = 'Login'", 'source = "manual"', 'id = "s1"', ...stamps,
    '[[sessions.turns]]', 'text = """Hello"""', 'role = "user"', '',
  ].join('\n');
  assert.deepEqual(codesIn({ 'prompts/main.prompts': copy, 'prompts/feature-login.prompts': branch }), {});
});

test('two merged copies of one original (a chain of merges) are fine; with no original there is nothing to compare', () => {
  const branch = promptsFile('feature/login', [{ id: 's1' }]);
  const copy = (b: string) => promptsFile(b, [{ id: 's1', extra: stamps }]);
  assert.deepEqual(codesIn({ 'prompts/main.prompts': copy('main'), 'prompts/dev.prompts': copy('dev'), 'prompts/feature-login.prompts': branch }), {});
  assert.deepEqual(codesIn({ 'prompts/main.prompts': copy('main'), 'prompts/dev.prompts': copy('dev') }), {});
});

test('the same id twice in one file is the file check\'s business, not the bundle\'s', () => {
  assert.deepEqual(codesIn({ 'prompts/main.prompts': promptsFile('main', [{ id: 's1' }, { id: 's1' }]) }), {});
});

test('forked_from naming no session of the bundle: a warning on the value; quiet when the bundle is incomplete', () => {
  const files = {
    'prompts/main.prompts': promptsFile('main', [{ id: 'root' }, { id: 'child', extra: ['forked_from = "root"'] }]),
    'prompts/captured/x.prompts': promptsFile('x', [{ id: 'grandchild', extra: ['forked_from = "child"'] }, { id: 'lost', extra: ['forked_from = "nowhere"'] }]),
  };
  assert.deepEqual(codesIn(files), { 'prompts/captured/x.prompts': ['warning bundle/unknown-fork-parent 17'] });
  assert.deepEqual(codesIn(files, false), {});
});

test('a root file not named by its branch\'s slug: a warning on the branch, naming the file it should be', () => {
  const { bundle } = memoryBundle({
    'prompts/Feature-Billing.prompts': promptsFile('feature/billing-rewrite', [{ id: 'a' }]),
    'prompts/feature-login.prompts': promptsFile('feature/login', [{ id: 'b' }]),
    'prompts/captured/anything.prompts': promptsFile('feature/x', [{ id: 'c' }]),
    'prompts/curated/y/z.prompts': promptsFile('feature/y', [{ id: 'd' }]),
  });
  const found = checkBundle(bundle);
  assert.deepEqual([...found.keys()], ['prompts/Feature-Billing.prompts']);
  const f = found.get('prompts/Feature-Billing.prompts')![0]!;
  assert.equal(f.code, 'bundle/branch-file-name');
  assert.equal(f.severity, 'warning');
  assert.deepEqual(f.range, { start: { line: 1, character: 9 }, end: { line: 1, character: 34 } });
  assert.match(f.message, /whose file is prompts\/feature-billing-rewrite\.prompts/);
  assert.deepEqual(f.data, { expected: 'prompts/feature-billing-rewrite.prompts' });
});

test('a Markdown file under prompts/ is an error on that file; one under docs/ is no business of ours', () => {
  assert.deepEqual(codesIn({ 'prompts/notes.md': '# notes', 'prompts/curated/x/readme.markdown': '', 'docs/spec.md': '# spec' }), {
    'prompts/notes.md': ['error bundle/markdown-in-prompts 0'],
    'prompts/curated/x/readme.markdown': ['error bundle/markdown-in-prompts 0'],
  });
});

test('a file awaiting review in prompts/curated/_pending/ gets a note', () => {
  assert.deepEqual(codesIn({ 'prompts/curated/_pending/login.prompts': promptsFile('feature/login', [{ id: 'a' }]), 'prompts/curated/ok.prompts': promptsFile('x', [{ id: 'b' }]) }), {
    'prompts/curated/_pending/login.prompts': ['information bundle/pending-review 0'],
  });
});

test('some but not all of the merge stamps: a warning on the first present, naming the missing', () => {
  const { bundle } = memoryBundle({
    'prompts/main.prompts': promptsFile('main', [
      { id: 'a', extra: ['merged_at = 2026-04-22T10:00:00Z'] },
      { id: 'b', extra: stamps },
      { id: 'c', extra: ['merged_from = "x"', 'approved_by = "bob"'] },
    ]),
  });
  const found = checkBundle(bundle).get('prompts/main.prompts')!;
  assert.deepEqual(found.map((f) => `${f.code} ${f.range.start.line}`), ['bundle/partial-merge-stamps 8', 'bundle/partial-merge-stamps 28']);
  assert.match(found[0]!.message, /^merged_at is here but merged_from and approved_by are not/);
  assert.match(found[1]!.message, /^merged_from and approved_by are here but merged_at is not/);
});

test('files outside prompts/ are not part of the bundle', () => {
  assert.deepEqual(codesIn({ 'other/a.prompts': promptsFile('main', [{ id: 's1' }]), 'prompts/main.prompts': promptsFile('main', [{ id: 's1' }]) }), {});
});

test('a merged copy is compared with the original of its `merged_from` branch, even with another original of its id elsewhere', () => {
  const copy = promptsFile('main', [{ id: 's1', text: 'Add a login form.', extra: stamps }]);
  const { bundle, digests } = memoryBundle({
    'prompts/feature-other.prompts': promptsFile('feature/other', [{ id: 's1', text: 'Add a login form.' }]),
    'prompts/main.prompts': copy,
    'prompts/feature-login.prompts': promptsFile('feature/login', [{ id: 's1', text: 'Add a signup form.' }]),
  });
  const onCopy = checkBundle(bundle, digests).get('prompts/main.prompts')!;
  assert.deepEqual(onCopy.map((x) => `${x.severity} ${x.code} ${x.related![0]!.file}`), ['warning bundle/edited-after-merge prompts/feature-login.prompts']);
});

test('blank session ids are the file check\'s business: no bundle finding for them, however many files hold one', () => {
  const blank = (branch: string, id: string) => promptsFile(branch, [{ id }]);
  assert.deepEqual(codesIn({ 'prompts/main.prompts': blank('main', ''), 'prompts/feature-login.prompts': blank('feature/login', ''), 'prompts/dev.prompts': blank('dev', ' ') }), {});
  assert.deepEqual(codesIn({ 'prompts/main.prompts': blank('main', ''), 'prompts/feature-login.prompts': promptsFile('feature/login', [{ id: '', extra: stamps }]) }), {});
});
