// The Session Review in the real webview: it opens beside a `.prompts`
// file and shows its sessions (secrets masked, content as text); a click
// on a turn reveals its source line; the cursor in the source lights up
// its card and turn; text selected in the page is redacted with one undo
// step and an [[edits]] entry; Make private edits the session; the "As
// published" switch leaves out the private session; the arrow keys move
// between cards and turns and Enter reveals; an unlogged hand edit's mark
// shows the committed text on hover, and Record all from the page records
// it in one undo step; the review comes back after what a window reload
// does; and a file of hundreds of sessions, one of them thousands of turns
// long, keeps only what is near the screen in the DOM. Every step is taken
// in the page through its own handlers (the extension's `reviewDrive`), and
// what the page shows is read back from its report.

import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { closeAllEditors, defaultDeadlineMs, waitFor } from './helpers';
import type { ReviewKey, ReviewReport } from '../../../src-shared/prompts/review/messages';
import type { ReviewFilter } from '../../../src-shared/prompts/review/filter';
import { lineOf, opened, reviewedFile, waitForReport } from './reviewHelpers';

const secret = 'ghp_abcdefghijklmnopqrstuvwxyz0123';

/** Back in the source editor, with its snippet left, undoes the last edit. */
async function undoInSource(document: vscode.TextDocument): Promise<void> {
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One });
  await vscode.commands.executeCommand('leaveSnippet');
  await vscode.commands.executeCommand('undo');
}

suite('session review', () => {
  suiteTeardown(closeAllEditors);

  test('opens beside the file: the header, both cards and their turns, the secret masked, content as text', async () => {
    const { packs, document } = await opened();
    // Turns are built as their card nears the screen: both cards of this small file are.
    const report = await waitForReport(packs, document.uri, (r) => r.built === 2, 'the turns of both cards');
    assert.deepEqual(report.cards, ['r-1', 'r-2']);
    assert.equal(report.published, false);
    assert.match(report.text, /feature\/review/);
    assert.match(report.text, /Alice Chen/);
    assert.match(report.text, /Login form <script>alert\(1\)<\/script>/);
    assert.match(report.text, /Private · not published/);
    assert.match(report.text, /forked from r-1/);
    assert.ok(!report.text.includes('alice@example.com'), 'never the email');
    assert.ok(!report.text.includes(secret.slice(4)), 'the secret is masked');
    assert.match(report.text, /●●●● a GitHub token/);
    assert.match(report.text, /Add a login form\.\nKeep the old token/, 'line breaks kept');
    assert.match(report.text, /Grep/);
    assert.match(report.text, /LoginForm/);
    assert.match(report.text, /failed/);
    assert.match(report.text, /1 secret/);
    assert.ok(!report.tags.includes('SCRIPT'), 'content never became markup');
  });

  test('the bar of marks jumps to the next mark: the secret in turn 0', async () => {
    const { packs, document } = await opened();
    assert.ok(packs.reviewDrive(document.uri.toString(), { press: 'nextMark' }));
    await waitForReport(packs, document.uri, (r) => r.highlighted?.card === 0 && r.highlighted.turn === 0, 'the secret in card 0, turn 0 lit up');
  });

  test('a click on a turn reveals its source line', async () => {
    const { packs, document } = await opened();
    const line = lineOf(document, 'summary = "Searched for the form."') - 2;
    assert.ok(packs.reviewDrive(document.uri.toString(), { click: { card: 0, turn: 1 } }));
    await waitFor(
      () => vscode.window.visibleTextEditors.some((e) => e.document === document && e.selection.active.line === line),
      defaultDeadlineMs,
      `the source editor at line ${line + 1}`,
    );
  });

  test('a click keeps the keyboard in the review: the source is shown, keys move in the review and never change the file; a Ctrl-click hands it over', async () => {
    const { packs, document } = await opened();
    const uri = document.uri.toString();
    const original = document.getText();
    // The review's group has the focus, as after a click into its page.
    await vscode.commands.executeCommand('workbench.action.focusSecondEditorGroup');
    await waitFor(() => vscode.window.activeTextEditor === undefined, defaultDeadlineMs, 'the review focused');
    const line = lineOf(document, 'summary = "Searched for the form."') - 2;
    assert.ok(packs.reviewDrive(uri, { click: { card: 0, turn: 1 } }));
    await waitFor(
      () => vscode.window.visibleTextEditors.some((e) => e.document === document && e.selection.active.line === line),
      defaultDeadlineMs,
      `the source shown at line ${line + 1}`,
    );
    assert.equal(vscode.window.activeTextEditor, undefined, 'the keyboard stayed in the review');
    await waitForReport(packs, document.uri, (r) => r.focused?.card === 0 && r.focused.turn === 1, 'the clicked turn focused');
    const steps: [ReviewKey, number, number | null][] = [
      ['ArrowDown', 0, 2],
      ['PageDown', 1, null],
      ['PageUp', 0, null],
      ['End', 1, 0],
      ['Home', 0, null],
    ];
    for (const [key, card, turn] of steps) {
      assert.ok(packs.reviewDrive(uri, { key }));
      await waitForReport(packs, document.uri, (r) => r.focused?.card === card && r.focused.turn === turn, `${key}: card ${card}, turn ${turn} focused`);
    }
    assert.ok(packs.reviewDrive(uri, { key: 'x' }));
    assert.equal(vscode.window.activeTextEditor, undefined, 'still in the review');
    assert.equal(document.getText(), original, 'the source is unchanged');
    assert.equal(document.isDirty, false);
    // On purpose: Ctrl held, the source editor takes the keyboard.
    assert.ok(packs.reviewDrive(uri, { click: { card: 1, modifier: true } }));
    await waitFor(() => vscode.window.activeTextEditor?.document === document, defaultDeadlineMs, 'a Ctrl-click focuses the source');
  });

  test('Ctrl+Alt+R redacts the selection whatever the case of the R (Caps Lock)', async () => {
    const { packs, document } = await opened();
    const original = document.getText();
    const value = 'Add a login form.\nKeep the old token ';
    const from = value.indexOf('login');
    assert.ok(packs.reviewDrive(document.uri.toString(), { select: { value: { session: 0, turn: 0, key: 'text' }, from, to: from + 'login form'.length } }));
    assert.ok(packs.reviewDrive(document.uri.toString(), { key: 'R', ctrl: true, alt: true }));
    await waitFor(() => document.getText().includes('Add a [REDACTED].'), defaultDeadlineMs, 'the selection redacted by Ctrl+Alt+Shift+R');
    await undoInSource(document);
    await waitFor(() => document.getText() === original, defaultDeadlineMs, 'one undo restores it');
  });

  test('the cursor in the source lights up its card and turn', async () => {
    const { packs, document } = await opened();
    const editor = await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One });
    const line = lineOf(document, 'Now disable the button');
    editor.selection = new vscode.Selection(line, 4, line, 4);
    await waitForReport(packs, document.uri, (r) => r.highlighted?.card === 0 && r.highlighted.turn === 2, 'card 0, turn 2 lit up');
    const other = lineOf(document, 'A private follow-up.');
    editor.selection = new vscode.Selection(other, 0, other, 0);
    await waitForReport(packs, document.uri, (r) => r.highlighted?.card === 1 && r.highlighted.turn === 0, 'card 1, turn 0 lit up');
  });

  test('text selected in the page is redacted: [REDACTED] and an [[edits]] entry, one undo takes back both', async () => {
    const { packs, document } = await opened();
    const original = document.getText();
    const value = 'Add a login form.\nKeep the old token ';
    const from = value.indexOf('login');
    assert.ok(packs.reviewDrive(document.uri.toString(), { select: { value: { session: 0, turn: 0, key: 'text' }, from, to: from + 'login form'.length } }));
    assert.ok(packs.reviewDrive(document.uri.toString(), { press: 'redact' }));
    await waitFor(() => document.getText().includes('Add a [REDACTED].'), defaultDeadlineMs, 'the selection redacted in the source');
    assert.match(document.getText(), /\[\[edits\]\]\nat = \S+\nby = "[^"]*"\nsessions = \["r-1"\]\nturns = \[0\]\nreason = "Redacted text in turn 0\."/);
    await waitForReport(packs, document.uri, (r) => r.version === document.version && r.text.includes('Add a [REDACTED].'), 'the review to follow the edit');
    await undoInSource(document);
    await waitFor(() => document.getText() === original, defaultDeadlineMs, 'one undo to restore the text and remove the entry');
  });

  test('Make private on a card sets visibility and records it; one undo takes it back', async () => {
    const { packs, document } = await opened();
    const original = document.getText();
    assert.ok(packs.reviewDrive(document.uri.toString(), { pressOn: { card: 0, action: 'makePrivate' } }));
    await waitFor(() => /outcome = "shipped"\nvisibility = "private"\n/.test(document.getText()), defaultDeadlineMs, 'visibility = "private" on r-1');
    assert.match(document.getText(), /sessions = \["r-1"\]\nturns = \[\]\nreason = "Made the session private\."/);
    await waitForReport(packs, document.uri, (r) => r.version === document.version && (r.text.match(/Private · not published/g) ?? []).length === 2, 'both cards marked private');
    await undoInSource(document);
    await waitFor(() => document.getText() === original, defaultDeadlineMs, 'one undo to restore the session');
  });

  test('Delete turn removes its lines and records the index it had; one undo takes it back', async () => {
    const { packs, document } = await opened();
    const original = document.getText();
    assert.ok(packs.reviewDrive(document.uri.toString(), { pressOn: { card: 0, turn: 1, action: 'deleteTurn' } }));
    await waitFor(() => !document.getText().includes('Searched for the form.'), defaultDeadlineMs, 'turn 1 deleted');
    assert.match(document.getText(), /sessions = \["r-1"\]\nturns = \[1\]\nreason = "Deleted turn 1\."/);
    assert.match(document.getText(), /out of it\."""\n\n {2}\[\[sessions\.turns\]\]\n {2}role = "user"\n {2}text = "Now disable/);
    await undoInSource(document);
    await waitFor(() => document.getText() === original, defaultDeadlineMs, 'one undo to restore the turn');
  });

  test('the arrow keys move between cards and turns, and Enter reveals the source of the focused one', async () => {
    const { packs, document } = await opened();
    const uri = document.uri.toString();
    assert.ok(packs.reviewDrive(uri, { focus: { card: 0 } }));
    await waitForReport(packs, document.uri, (r) => r.focused?.card === 0 && r.focused.turn === null, 'card 0 focused');
    const steps: ['ArrowDown' | 'ArrowUp', number, number | null][] = [
      ['ArrowDown', 0, 0],
      ['ArrowDown', 0, 1],
      ['ArrowDown', 0, 2],
      ['ArrowDown', 1, null],
      ['ArrowDown', 1, 0],
      ['ArrowUp', 1, null],
      ['ArrowUp', 0, 2],
    ];
    for (const [key, card, turn] of steps) {
      assert.ok(packs.reviewDrive(uri, { key }));
      await waitForReport(packs, document.uri, (r) => r.focused?.card === card && r.focused.turn === turn, `${key}: card ${card}, turn ${turn} focused`);
    }
    const line = lineOf(document, 'Now disable the button') - 2;
    assert.ok(packs.reviewDrive(uri, { key: 'Enter' }));
    await waitFor(
      () => vscode.window.activeTextEditor?.document === document && vscode.window.activeTextEditor.selection.active.line === line,
      defaultDeadlineMs,
      `Enter on turn 2: the source editor at line ${line + 1}`,
    );
  });

  test('an unlogged hand edit: its mark shows the text at HEAD on hover, and Record all from the page records it in one undo step', async () => {
    const { packs, document } = await opened();
    const editor = await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One });
    const committed = 'Now disable the button while it submits.';
    const at = document.getText().indexOf(committed) + 'Now disable the button while '.length;
    assert.ok(await editor.edit((b) => b.replace(new vscode.Range(document.positionAt(at), document.positionAt(at + 2)), 'the form')));
    const marked = await waitForReport(
      packs,
      document.uri,
      (r) => r.version === document.version && r.marks.some((m) => m.kind === 'unlogged'),
      'the unlogged edit marked in the review',
    );
    const mark = marked.marks.find((m) => m.kind === 'unlogged')!;
    assert.equal(mark.line, lineOf(document, 'Now disable the button'));
    assert.equal(mark.hover, `At HEAD:\n${committed}`, 'the hover shows the committed text');
    assert.match(marked.text, /1 unlogged edit/);
    const edited = document.getText();
    assert.ok(packs.reviewDrive(document.uri.toString(), { press: 'recordAll' }));
    await waitFor(() => document.getText().includes('[[edits]]'), defaultDeadlineMs, 'an [[edits]] entry appended');
    assert.match(document.getText(), /\[\[edits\]\]\nat = \S+\nby = "[^"]*"\nsessions = \["r-1"\]\nturns = \[2\]\nreason = "/);
    await waitForReport(packs, document.uri, (r) => r.version === document.version && !r.marks.some((m) => m.kind === 'unlogged'), 'the edit recorded: no unlogged mark');
    await undoInSource(document);
    await waitFor(() => document.getText() === edited, defaultDeadlineMs, 'one undo to remove the entry, the hand edit kept');
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await waitFor(() => !document.isDirty, defaultDeadlineMs, 'the file back to its committed text');
  });

  test('after a window reload the review comes back: a new panel restored by the serializer from the state its page saved', async () => {
    const { packs, document } = await opened();
    const before = await waitForReport(packs, document.uri, (r) => r.state !== undefined, 'the page to save its state');
    assert.deepEqual(before.state, { uri: document.uri.toString() });
    assert.ok(packs.reviewReload(document.uri.toString()));
    const after = await waitForReport(packs, document.uri, (r) => r.version === document.version && r.built === 2, 'the restored review to show the file');
    assert.notEqual(after, before, 'a report of the new page');
    assert.deepEqual(after.cards, ['r-1', 'r-2']);
    assert.match(after.text, /Login form <script>alert\(1\)<\/script>/);
    assert.ok(!after.text.includes(secret.slice(4)), 'the secret is masked');
    // The restored review is a working one: the cursor lights up its card.
    const editor = await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One });
    const line = lineOf(document, 'A private follow-up.');
    editor.selection = new vscode.Selection(line, 0, line, 0);
    await waitForReport(packs, document.uri, (r) => r.highlighted?.card === 1, 'card 1 lit up in the restored review');
  });

  test('Export as Published Markdown writes beside the file only the public session, its secret masked, no email', async () => {
    const { document } = await opened();
    const written = await vscode.commands.executeCommand<string | undefined>('packsAndPrompts.exportPublishedMarkdown', document.uri, 'file');
    assert.ok(written, 'the export was written');
    const uri = vscode.Uri.parse(written);
    assert.equal(uri.path.slice(uri.path.lastIndexOf('/') + 1), 'feature-review.published.md');
    const markdown = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    assert.match(markdown, /^# Review the login work\n/);
    assert.match(markdown, /Session `r-1`/);
    assert.ok(!markdown.includes('r-2') && !markdown.includes('A private follow-up'), 'the private session is left out');
    assert.ok(!markdown.includes(secret.slice(4)), 'the secret is masked');
    assert.match(markdown, /\[secret: a GitHub token\\\]/);
    assert.ok(!markdown.includes('@'), 'no email');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await vscode.workspace.fs.delete(uri);
  });

  test('search never finds a secret by its characters, and finds the text around it', async () => {
    const { packs, document } = await opened();
    const uri = document.uri.toString();
    assert.ok(packs.reviewDrive(uri, { search: secret.slice(4, 16) }));
    await waitForReport(packs, document.uri, (r) => r.search.query === secret.slice(4, 16) && r.search.total === 0 && /No matches/.test(r.text), 'no match in the masked secret');
    assert.ok(packs.reviewDrive(uri, { search: 'the old token' }));
    await waitForReport(packs, document.uri, (r) => r.search.query === 'the old token' && r.search.total === 1, 'the text around it found');
    assert.ok(packs.reviewDrive(uri, { search: '' }));
  });

  test('each filter narrows the cards and the counts, As published stays its own switch', async () => {
    const { packs, document } = await opened();
    const uri = document.uri.toString();
    const cases: [ReviewFilter, string[], RegExp][] = [
      [{ visibility: 'private' }, ['r-2'], /1 session0 public1 private1 turn/],
      [{ visibility: 'public' }, ['r-1'], /1 session1 public0 private3 turns/],
      [{ roles: ['assistant'] }, ['r-1'], /1 session/],
      [{ tool: 'Grep' }, ['r-1'], /1 session/],
      [{ failed: true }, ['r-1'], /1 session/],
      [{ marks: ['secret'] }, ['r-1'], /1 secret/],
      [{ roles: ['user'] }, ['r-1', 'r-2'], /2 sessions1 public1 private4 turns/],
      [{ tool: 'Grep', visibility: 'private' }, [], /No session passes the filters/],
    ];
    for (const [filter, cards, counts] of cases) {
      assert.ok(packs.reviewDrive(uri, { filter }));
      const r = await waitForReport(packs, document.uri, (x) => x.cards.join() === cards.join() && counts.test(x.text), `${JSON.stringify(filter)}: ${cards.join(', ') || 'no card'}, ${counts}`);
      assert.match(r.text, /Filtered/);
    }
    // With a filter on, As published still leaves the private session out.
    assert.ok(packs.reviewDrive(uri, { filter: { roles: ['user'] } }));
    assert.ok(packs.reviewDrive(uri, { press: 'published' }));
    await waitForReport(packs, document.uri, (r) => r.published && r.cards.join() === 'r-1', 'published and filtered: r-1 only');
    assert.ok(packs.reviewDrive(uri, { press: 'published' }));
    assert.ok(packs.reviewDrive(uri, { filter: {} }));
    const all = await waitForReport(packs, document.uri, (r) => !r.published && r.cards.join() === 'r-1,r-2' && !/Filtered/.test(r.text), 'no filter: both cards');
    assert.match(all.text, /2 sessions1 public1 private4 turns/);
  });

  test('As published shows only the public session, and switches back', async () => {
    const { packs, document } = await opened();
    assert.ok(packs.reviewDrive(document.uri.toString(), { press: 'published' }));
    const published = await waitForReport(packs, document.uri, (r) => r.published, 'the published view');
    assert.deepEqual(published.cards, ['r-1']);
    assert.ok(!published.text.includes('A private follow-up.'));
    assert.ok(packs.reviewDrive(document.uri.toString(), { press: 'published' }));
    const all = await waitForReport(packs, document.uri, (r) => !r.published, 'the full view again');
    assert.deepEqual(all.cards, ['r-1', 'r-2']);
  });
});


suite('session review of a long file', () => {
  suiteTeardown(closeAllEditors);

  /** 80 sessions of 6 turns, each turn's text 30 words long. */
  const longText = (branch: string) => {
    const sessions = Array.from({ length: 80 }, (_, i) => {
      const turns = Array.from({ length: 6 }, (_, t) => `  [[sessions.turns]]\n  role = "user"\n  text = "Session ${i}, turn ${t}: ${'words '.repeat(30)}"\n`).join('\n');
      return `[[sessions]]\nid = "long-${String(i).padStart(2, '0')}"\nsource = "manual"\n\n${turns}`;
    });
    return `[commit]\nbranch = "${branch}"\nauthor_name = "Alice Chen"\nauthor_email = "alice@example.com"\n\n${sessions.join('\n')}`;
  };

  test('builds the turns of the cards near the screen only, and an edit replaces one card', async () => {
    const { packs, document, editor, uri } = await reviewedFile('long', longText('long'));
    const first = await waitForReport(packs, uri, (r) => r.version === document.version && r.cards.length === 80 && r.built > 0, 'the long file reviewed');
    assert.ok(first.built < 40, `only the cards near the screen have their turns built (${first.built} of 80)`);
    // The cursor on the last session builds and lights up its card.
    const last = lineOf(document, 'Session 79, turn 5');
    editor.selection = new vscode.Selection(last, 2, last, 2);
    await waitForReport(packs, uri, (r) => r.highlighted?.card === 79 && r.highlighted.turn === 5, 'the last card lit up');
    // One keystroke in one session: the page replaces that card and keeps the other 79.
    const line = lineOf(document, 'Session 40, turn 0');
    assert.ok(await editor.edit((b) => b.insert(new vscode.Position(line, 10), 'x')));
    const after = await waitForReport(packs, uri, (r) => r.version === document.version, 'the edit reviewed');
    assert.equal(after.replaced, 1);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  test('an Enter at the top keeps every card the page holds, and a click on a turn reveals its line as it is now', async () => {
    const { packs, document, editor, uri } = await reviewedFile('enter', longText('enter'));
    await waitForReport(packs, uri, (r) => r.version === document.version && r.cards.length === 80 && r.dom.cards.includes(0) && r.dom.turns >= 3, 'the long file reviewed, card 0 on the page');
    assert.ok(await editor.edit((b) => b.insert(new vscode.Position(0, 0), '\n\n')));
    const after = await waitForReport(packs, uri, (r) => r.version === document.version, 'the Enter reviewed');
    assert.equal(after.replaced, 0, 'no card replaced: their keys name no line');
    const line = lineOf(document, 'Session 0, turn 2') - 2;
    assert.ok(packs.reviewDrive(uri.toString(), { click: { card: 0, turn: 2 } }));
    await waitFor(() => vscode.window.visibleTextEditors.some((e) => e.document === document && e.selection.active.line === line), defaultDeadlineMs, `the source editor at line ${line + 1}, two below where the turn was built`);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  test('search finds text in a session far off screen, counts it, and a step jumps to it', async () => {
    const { packs, document, uri } = await reviewedFile('search', longText('search'));
    const top = await waitForReport(packs, uri, (r) => r.version === document.version && r.cards.length === 80 && r.dom.cards.includes(0), 'the long file reviewed, its top on the page');
    assert.ok(!top.text.includes('Session 77, turn 4:'), 'card 77 is far off screen');
    assert.ok(packs.reviewDrive(uri.toString(), { search: 'session 77, TURN 4:' }));
    await waitForReport(packs, uri, (r) => r.search.total === 1 && r.search.places === 1, 'one match counted, case-insensitively');
    assert.ok(packs.reviewDrive(uri.toString(), { press: 'searchNext' }));
    const found = await waitForReport(packs, uri, (r) => r.search.at === 0 && r.highlighted?.card === 77 && r.highlighted.turn === 4 && r.dom.cards.includes(77), 'the jump to card 77, turn 4');
    assert.match(found.text, /Session 77, turn 4:/);
    assert.ok(packs.reviewDrive(uri.toString(), { search: 'words' }));
    const many = await waitForReport(packs, uri, (r) => r.search.query === 'words' && r.search.total === 80 * 6 * 30, 'every match of the whole file counted');
    assert.equal(many.search.places, 80 * 6);
    assert.ok(packs.reviewDrive(uri.toString(), { search: '' }));
  });
});

suite('session review of a very long file', () => {
  suiteTeardown(closeAllEditors);

  test('the DOM holds only the cards and turns near the screen, content is fetched as it nears, and scrolling brings the right ones', async () => {
    const session = (i: number, turns: number, label: string) =>
      `[[sessions]]\nid = "big-${String(i).padStart(3, '0')}"\nsource = "manual"\n\n` +
      Array.from({ length: turns }, (_, t) => `  [[sessions.turns]]\n  role = "user"\n  text = "${label} ${i}, turn ${t}: ${'words '.repeat(12)}"\n`).join('\n');
    // 300 sessions of 4 turns, and at 150 one of 3,000 turns.
    const sessions = Array.from({ length: 300 }, (_, i) => (i === 150 ? session(i, 3000, 'Huge') : session(i, 4, 'Session')));
    const text = `[commit]\nbranch = "big"\nauthor_name = "Alice Chen"\n\n${sessions.join('\n')}`;
    const { packs, document, editor, uri } = await reviewedFile('big', text);
    const first = await waitForReport(packs, uri, (r) => r.version === document.version && r.cards.length === 300 && r.built > 0, 'the big file reviewed');
    const bounded = (r: ReviewReport, what: string) => {
      assert.ok(r.dom.cards.length + r.dom.placeholders <= 30, `${what}: at most 30 cards in the DOM (${r.dom.cards.length} + ${r.dom.placeholders} placeholders)`);
      assert.ok(r.dom.turns <= 200, `${what}: at most 200 turns in the DOM (${r.dom.turns})`);
    };
    bounded(first, 'on open');
    assert.ok(first.dom.cards.includes(0));
    assert.ok(first.fetched < 60, `only the cards near the screen were fetched (${first.fetched} of 300)`);
    assert.ok(first.text.includes('Session 0, turn 0:') && !first.text.includes('Session 250,'));

    // Scrolled to card 250: it is on the page, card 0 is not, and it was fetched when it came near.
    assert.ok(packs.reviewDrive(uri.toString(), { scrollTo: { card: 250 } }));
    const at250 = await waitForReport(packs, uri, (r) => r.dom.cards.includes(250) && r.text.includes('Session 250, turn 0:'), 'card 250 and its turns on the page');
    bounded(at250, 'at card 250');
    assert.ok(!at250.dom.cards.includes(0), 'card 0 left the DOM');
    assert.ok(at250.fetched < 120, `fetched as they came near (${at250.fetched} of 300)`);

    // Into the session of 3,000 turns: only the turns near turn 2,500 are built.
    assert.ok(packs.reviewDrive(uri.toString(), { scrollTo: { card: 150, turn: 2500 } }));
    const deep = await waitForReport(packs, uri, (r) => r.text.includes('Huge 150, turn 2500:'), 'turn 2,500 of card 150 on the page');
    bounded(deep, 'in the long session');
    assert.ok(!deep.text.includes('Huge 150, turn 10:'), 'the turns far above are not in the DOM');

    // The cursor on the last session brings it (and its turn) in and lights it up.
    const last = lineOf(document, 'Session 299, turn 3');
    editor.selection = new vscode.Selection(last, 2, last, 2);
    const end = await waitForReport(packs, uri, (r) => r.highlighted?.card === 299 && r.highlighted.turn === 3 && r.dom.cards.includes(299), 'the last card lit up and on the page');
    bounded(end, 'at the end');
    assert.ok(!end.dom.cards.includes(150));
  });
});

suite('session review jumps on a file of 10,000 turns', () => {
  suiteTeardown(closeAllEditors);

  test('20 of 20 jumps of the bar of marks land on their mark, each on screen once the jump is over', async () => {
    // 100 sessions of 100 turns whose heights vary (so estimates are wrong until measured), a secret in every fifth session.
    const turn = (i: number, t: number) => {
      const text = `Turn ${i}.${t}: ${'words '.repeat(4 + ((i * 7 + t * 13) % 60))}`;
      return `  [[sessions.turns]]\n  role = "user"\n  text = "${i % 5 === 0 && t === (i * 37) % 100 ? `${text} ${secret}` : text}"\n`;
    };
    const sessions = Array.from({ length: 100 }, (_, i) => `[[sessions]]\nid = "jump-${i}"\nsource = "manual"\n\n${Array.from({ length: 100 }, (_, t) => turn(i, t)).join('\n')}`);
    const text = `[commit]\nbranch = "jumps"\nauthor_name = "Alice Chen"\n\n${sessions.join('\n')}`;
    const { packs, document, uri } = await reviewedFile('jumps', text);
    await waitForReport(packs, uri, (r) => r.version === document.version && r.cards.length === 100 && r.built > 0 && /20 secrets/.test(r.text), 'the file reviewed, 20 secrets counted');
    const lines: number[] = [];
    for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + 1)) lines.push(document.positionAt(at).line);
    assert.equal(lines.length, 20);
    let landed = 0;
    for (const line of lines) {
      assert.ok(packs.reviewDrive(uri.toString(), { press: 'nextMark' }));
      const r = await waitForReport(packs, uri, (x) => x.jumped?.line === line && x.jumped.settled, `the jump to the secret on line ${line + 1} over`);
      if (r.jumped?.visible) landed++;
    }
    assert.equal(landed, 20, `${landed} of 20 jumps landed on their mark`);
  });
});
