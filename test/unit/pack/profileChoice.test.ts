// Which profile judges a pack: its `%% # profile:` comment, else the
// setting, else the default; a name or a path; and a fallback that says why
// when the chosen profile cannot be used.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { checkPack, packCodes } from '../../../src-shared/pack/check';
import { chooseProfile, profileDirective, resolveUri, type ProfileFile } from '../../../src-shared/pack/profileChoice';
import { parseProfileFile } from '../../../src-shared/pack/profileFile';
import { defaultSettings } from '../../../src-shared/settings';

const fork = JSON.stringify({
  name: 'fork',
  canonical_sections: ['identity'],
  required_fragments: [],
  literal_bindings: [{ name: 'custom', from: 'shell' }],
  selections: [],
  enforcements: ['FullyEnforced'],
});
const files: ProfileFile[] = [
  { uri: 'file:///w/profiles/my%20fork.loomprofile.json', path: 'profiles/my fork.loomprofile.json', result: parseProfileFile(fork) },
  { uri: 'file:///w/broken.loomprofile.json', path: 'broken.loomprofile.json', result: parseProfileFile('{"name": "broken", "canonical_sections": 3}') },
];

test('the directive: column 0 only, spacing free, first one wins, its line as the range', () => {
  assert.deepEqual(profileDirective('%% loom-prompt-pack 1\n%%# profile:loom-1 \r\n%% # profile: loom-9\n'), {
    value: 'loom-1',
    range: { start: { line: 1, character: 0 }, end: { line: 1, character: 19 } },
  });
  assert.equal(profileDirective(' %% # profile: loom-1\n'), undefined);
  assert.equal(profileDirective('%% # profile:\n'), undefined);
  assert.equal(profileDirective('%% # profiles are nice\n'), undefined);
});

test('the directive scan is linear: a multi-megabyte line of blanks after the name, and one with no name', { timeout: 20_000 }, () => {
  const blanks = ' \t'.repeat(2_000_000);
  assert.equal(profileDirective(`%% # profile: loom-1${blanks}x\n`)?.value, `loom-1${blanks}x`);
  assert.equal(profileDirective(`%% # profile:${blanks}\n`), undefined);
  assert.equal(profileDirective(`%%${blanks}\n`.repeat(3)), undefined);
});

test('the directive beats the setting; the setting beats the default', () => {
  assert.equal(chooseProfile({ directive: profileDirective('%% # profile: loom-1')!, setting: 'loom-roster' }, []).profile.name, 'loom-1');
  const viaSetting = chooseProfile({ setting: 'loom-roster' }, []);
  assert.deepEqual([viaSetting.profile.name, viaSetting.via], ['loom-roster', 'setting']);
  assert.deepEqual([chooseProfile({}, []).profile.name, chooseProfile({}, []).via], ['loom-9', 'default']);
});

test('a workspace profile by name, by workspace path, and by a path relative to the pack (spaces encoded as in URIs)', () => {
  assert.equal(chooseProfile({ setting: 'fork' }, files).file, 'profiles/my fork.loomprofile.json');
  assert.equal(chooseProfile({ setting: 'profiles/my fork.loomprofile.json' }, files).profile.name, 'fork');
  const relative = chooseProfile({ directive: profileDirective('%% # profile: ../profiles/my fork.loomprofile.json')!, packUri: 'file:///w/packs/a.pack' }, files);
  assert.equal(relative.profile.name, 'fork');
  assert.equal(resolveUri('file:///w/packs', '../p/x y.json'), 'file:///w/p/x%20y.json');
});

test('an unknown name, a missing file and a broken file fall back to the default, saying why', () => {
  const unknown = chooseProfile({ setting: 'loom-99' }, files);
  assert.equal(unknown.profile.name, 'loom-9');
  assert.match(unknown.fallback!, /no profile named `loom-99` \(known: loom-9, loom-roster, loom-1, fork\); judged under loom-9 instead/);
  assert.match(chooseProfile({ setting: 'gone.loomprofile.json' }, files).fallback!, /no profile file `gone.loomprofile.json`/);
  const broken = chooseProfile({ directive: profileDirective('%% # profile: broken')! }, files);
  assert.match(broken.fallback!, /profile file broken.loomprofile.json is not valid: line 1, column \d+: canonical_sections: must be a list of section names/);
  assert.ok(broken.directiveRange);
});

test('a workspace file may not take a built-in name', () => {
  const impostor: ProfileFile = { uri: 'file:///w/x.loomprofile.json', path: 'x.loomprofile.json', result: parseProfileFile(fork.replace('"fork"', '"loom-9"')) };
  assert.equal(chooseProfile({ setting: 'loom-9' }, [impostor]).file, undefined, 'the built-in');
  assert.match(chooseProfile({ setting: 'x.loomprofile.json' }, [impostor]).fallback!, /built-in profile's name; rename it/);
});

test('a workspace profile changes the verdict; a broken one is a warning on its directive and the default verdict', () => {
  const pack = '%% loom-prompt-pack 1\n%% version v\n%% # profile: fork\n%% section identity\nhi {custom}\n';
  assert.deepEqual(checkPack(pack, defaultSettings.pack, files), []);
  const under9 = checkPack(pack.replace('profile: fork', 'note'), defaultSettings.pack, files);
  assert.ok(under9.some((f) => f.code === packCodes.unknownPlaceholder && f.message.includes('{custom}')));
  const broken = checkPack(pack.replace('profile: fork', 'profile: broken'), defaultSettings.pack, files);
  const note = broken.find((f) => f.code === packCodes.profileFallback)!;
  assert.equal(note.severity, 'warning');
  assert.equal(note.range.start.line, 2);
  assert.match(note.message, /^profile `broken` cannot be used: profile file broken.loomprofile.json is not valid/);
  assert.ok(broken.some((f) => f.code === packCodes.unknownPlaceholder), 'judged under loom-9');
});

test('of two files with one name, the valid one is chosen, whichever comes first', () => {
  const brokenFork: ProfileFile = { uri: 'file:///w/a/fork.loomprofile.json', path: 'a/fork.loomprofile.json', result: parseProfileFile('{"name": "fork", "canonical_sections": 3}') };
  for (const order of [[brokenFork, files[0]!], [files[0]!, brokenFork]]) {
    const chosen = chooseProfile({ setting: 'fork' }, order);
    assert.deepEqual([chosen.profile.name, chosen.file, chosen.fallback], ['fork', 'profiles/my fork.loomprofile.json', undefined]);
  }
});
