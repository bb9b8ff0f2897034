// Quick fixes, applied to the text and checked again: the closest binding
// for a misspelt placeholder, a missing section or fragment inserted where
// it belongs, one space of indent for a `%%` body line, and the keyword a
// misspelt directive meant.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { CodeAction, Diagnostic } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { checkPack } from '../../../src-shared/pack/check';
import { profiles } from '../../../src-shared/pack/profiles';
import { defaultSettings, type ProfileName } from '../../../src-shared/settings';
import { provideCodeActions } from '../../../server/src/pack/codeActions';
import { toDiagnostic } from '../../../server/src/diagnostics';
import { editsFor } from '../../support/workspaceEdits';
import { packCtx, packText, uri } from './support/context';

function diagnostics(text: string, profile: ProfileName = 'loom-9'): Diagnostic[] {
  return checkPack(text, { ...defaultSettings.pack, profile }).map((f) => toDiagnostic(f, uri));
}

function actionsFor(text: string, code: string, profile: ProfileName = 'loom-9'): CodeAction[] {
  const ds = diagnostics(text, profile).filter((d) => d.code === code);
  assert.ok(ds.length > 0, `a ${code} diagnostic`);
  return provideCodeActions(packCtx(text, { profile }), ds[0]!.range, ds.slice(0, 1));
}

function apply(text: string, action: CodeAction): string {
  const edits = editsFor(action.edit, uri)!;
  return TextDocument.applyEdits(TextDocument.create(uri, 'loom-pack', 1, text), edits);
}

/** Every canonical section and required fragment, in profile order, except `without`. */
function complete(profile: ProfileName, without: string[]): Array<[string, string]> {
  const p = profiles[profile];
  return [...p.canonicalSections, ...p.requiredFragments].filter((n) => !without.includes(n)).map((n) => [n, `${n} body`]);
}

test('a misspelt placeholder: "did you mean" the closest binding, and the fix clears the diagnostic', () => {
  const text = packText(...complete('loom-9', []).map(([n, b]): [string, string] => (n === 'environment' ? [n, 'Platform: {platfrom}'] : [n, b])));
  const [action] = actionsFor(text, 'pack/unknown-placeholder');
  assert.equal(action!.title, 'Did you mean `{platform}`?');
  assert.equal(action!.isPreferred, true);
  const fixed = apply(text, action!);
  assert.ok(fixed.includes('Platform: {platform}'));
  assert.deepEqual(diagnostics(fixed), []);
});

test('a placeholder that is no misspelling gets no guess', () => {
  const text = packText(...complete('loom-9', []), ['conduct_extra', 'The time is {current_time}.']);
  assert.deepEqual(actionsFor(text, 'pack/unknown-placeholder'), []);
});

test('a missing canonical section goes after its canonical predecessor, with an empty body', () => {
  const text = packText(...complete('loom-9', ['delegation']));
  const [action] = actionsFor(text, 'pack/missing-section');
  assert.equal(action!.title, 'Add missing section `delegation`');
  const fixed = apply(text, action!);
  assert.ok(fixed.includes('available_tools body\n\n%% section delegation\n\n%% section conduct\n'), fixed);
  assert.deepEqual(diagnostics(fixed).map((d) => d.code), []);
});

test('a missing first canonical section goes before the first canonical section present', () => {
  const text = packText(['_network_open', 'x'], ['tool_discipline', 'y']);
  const action = actionsFor(text, 'pack/missing-section').find((a) => a.title.includes('`identity`'))!;
  const fixed = apply(text, action);
  assert.ok(fixed.includes('x\n\n%% section identity\n\n%% section tool_discipline\ny'), fixed);
});

test('a canonical section with no canonical neighbours goes before the fragments, else at the end', () => {
  const withFragment = packText(['custom', 'c'], ['_network_open', 'x']);
  const action = actionsFor(withFragment, 'pack/missing-section')[0]!;
  assert.ok(apply(withFragment, action).includes('c\n\n%% section identity\n\n%% section _network_open'));
  const bare = '%% loom-prompt-pack 1\n%% version v1\n';
  assert.equal(apply(bare, actionsFor(bare, 'pack/missing-section')[0]!), `${bare}\n%% section identity\n`);
});

test('a missing fragment goes after the last fragment; comments heading the next group stay with it', () => {
  const text = `${packText(...complete('loom-9', ['_protected_paths', '_repository_guidance']))}%% # trailing notes\n`;
  const [action] = actionsFor(text, 'pack/missing-fragment');
  assert.equal(action!.title, 'Add missing fragment `_protected_paths`');
  const fixed = apply(text, action!);
  assert.ok(fixed.endsWith('_available_tools body\n\n%% section _protected_paths\n%% # trailing notes\n'), fixed);
});

test('the inserted lines use the document\'s line ending, also at the end of a file with no final newline', () => {
  const text = packText(...complete('loom-9', ['_repository_guidance'])).replace(/\n/g, '\r\n').replace(/\r\n$/, '');
  const fixed = apply(text, actionsFor(text, 'pack/missing-fragment')[0]!);
  assert.ok(fixed.endsWith('_available_tools body\r\n\r\n%% section _repository_guidance\r\n'), JSON.stringify(fixed.slice(-80)));
  assert.deepEqual(diagnostics(fixed), []);
});

test('every missing section and fragment of either profile can be added, one fix at a time, to a clean pack', () => {
  for (const profile of ['loom-9', 'loom-1'] as const) {
    let text = packText(['identity', 'x'], ['_network_open', 'y']);
    for (let guard = 0; guard < 30; guard++) {
      const missing = diagnostics(text, profile).find((d) => d.code === 'pack/missing-section' || d.code === 'pack/missing-fragment');
      if (!missing) break;
      text = apply(text, provideCodeActions(packCtx(text, { profile }), missing.range, [missing])[0]!);
    }
    assert.deepEqual(diagnostics(text, profile), [], profile);
    const order = [...text.matchAll(/^%% section (\S+)/gm)].map((m) => m[1]);
    const canonical = order.filter((n) => profiles[profile].canonicalSections.includes(n!));
    assert.deepEqual(canonical, profiles[profile].canonicalSections, `${profile}: canonical order`);
  }
});

test('a body line starting with %%: indent it by one space, and it becomes text', () => {
  const text = packText(['identity', 'Use the %% operator.\n%% not a directive']);
  const actions = actionsFor(text, 'pack/unknown-keyword');
  assert.deepEqual(actions.map((a) => a.title), ['Indent by one space (keep the line as body text)']);
  const fixed = apply(text, actions[0]!);
  assert.ok(fixed.includes('\n %% not a directive\n'));
  assert.ok(!diagnostics(fixed).some((d) => d.code === 'pack/unknown-keyword'));
});

test('a misspelt keyword: change it to the keyword it was meant to be', () => {
  const text = packText(['identity', 'x']).replace('%% section identity', '%% sectoin identity');
  const actions = actionsFor(text, 'pack/unknown-keyword');
  assert.deepEqual(actions.map((a) => a.title), ['Change `sectoin` to `section`']);
  assert.ok(!diagnostics(apply(text, actions[0]!)).some((d) => d.code === 'pack/unknown-keyword'));
});

test('above every section a %% line is not body text: no indent offered', () => {
  const text = '%% loom-prompt-pack 1\n%% include other.pack\n%% version v1\n';
  assert.deepEqual(actionsFor(text, 'pack/unknown-keyword'), []);
});

test('a stale diagnostic (the text moved on) yields no edit', () => {
  const text = packText(['environment', 'Platform: {platfrom}']);
  const stale = diagnostics(text).find((d) => d.code === 'pack/unknown-placeholder')!;
  const now = text.replace('{platfrom}', '{platform}');
  assert.deepEqual(provideCodeActions(packCtx(now), stale.range, [stale]), []);
  const missing = diagnostics(text).find((d) => d.code === 'pack/missing-section')!;
  const added = `${text}\n%% section ${(missing.data as { name: string }).name}\n`;
  assert.deepEqual(provideCodeActions(packCtx(added), missing.range, [missing]), []);
});
