// The hand-edit status line: each reason the check is off, in the words the
// status bar, the CLI's note and the Session Review header show.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeOffReason, describeState, offReasons } from '../../../src-shared/prompts/handEdits/status';

test('every off reason reads as "Hand edits off: <reason>", with git\'s detail in parentheses', () => {
  assert.equal(offReasons.length, 10);
  for (const reason of offReasons) assert.equal(describeState({ kind: 'off', reason }), `Hand edits off: ${describeOffReason(reason)}`);
  assert.equal(describeState({ kind: 'off', reason: 'untracked' }), 'Hand edits off: the file is not committed at HEAD');
  assert.equal(describeState({ kind: 'off', reason: 'gitFailed', detail: 'git timed out after 20 s' }), 'Hand edits off: git failed (git timed out after 20 s)');
});

test("a repository git refuses for its owner names safe.directory and the path, and the fix is the user's to run", () => {
  const line = describeState({ kind: 'off', reason: 'gitFailed', detail: "detected dubious ownership in repository at '/srv/prompts'" });
  assert.equal(
    line,
    "Hand edits off: git refuses the repository at '/srv/prompts': another user owns it. If you trust it, add it to git's safe.directory setting (git config --global --add safe.directory '/srv/prompts')",
  );
});

test('a checked document counts its edits', () => {
  assert.equal(describeState({ kind: 'checked', edits: 0, unlogged: 0 }), 'Hand edits: none since HEAD');
  assert.equal(describeState({ kind: 'checked', edits: 3, unlogged: 0 }), 'Hand edits: all 3 logged');
  assert.equal(describeState({ kind: 'checked', edits: 3, unlogged: 2 }), 'Hand edits: 2 unlogged');
});
