// The Session Review's requests through the real server over stdio: the
// view model of the open version with its hand-edit marks against a git
// HEAD (the committed text on the mark), secrets never on the wire, cards
// the client holds sent back as their key only, "as published", restricted
// mode without HEAD (and saying so), and the review's two fixes (redact a
// selected value, delete a turn) through the versioned fix request.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import type { ReviewCard, ReviewTurn } from '../../src-shared/prompts/review/view';
import { type HandEditFixParams, type HandEditFixResult, handEditFixRequest, type ReviewParams, type ReviewResult, reviewRequest } from '../../src-shared/protocol/prompts';
import { TempRepo } from '../support/gitRepos';
import { applyEdits, committed, snippetText, withLines } from '../support/handEditFixtures';
import { LspSession } from '../support/lspSession';

const secret = 'ghp_abcdefghijklmnopqrstuvwxyz0123';
// Turn 0's text edited (unlogged), a secret pasted into turn 2, and a second, private session.
const edited = `${withLines(14, 1, '  text = "Add a login form, quickly."').replace('Now disable the button.', `Use ${secret} now.`)}
[[sessions]]
id = "s-2"
source = "manual"
visibility = "private"

  [[sessions.turns]]
  role = "user"
  text = "Private."
`;

async function started(trusted: boolean): Promise<{ session: LspSession; repo: TempRepo; uri: string }> {
  const repo = TempRepo.create();
  const file = repo.write('prompts/feature.prompts', committed);
  repo.commitAll();
  const session = await LspSession.start({ rootPath: repo.root, ...(trusted && { initializationOptions: { workspaceTrusted: true } }) });
  return { session, repo, uri: pathToFileURL(file).href };
}

function review(session: LspSession, params: ReviewParams): Promise<ReviewResult | null> {
  return session.request<ReviewResult | null>(reviewRequest, params);
}

/** A card built with every turn in full. */
type WholeCard = Omit<ReviewCard, 'turns'> & { readonly turns: readonly ReviewTurn[] };

function cards(r: ReviewResult | null): WholeCard[] {
  assert.ok(r);
  return r.cards.filter((c): c is WholeCard => 'key' in c && c.turns.every((t) => 'role' in t));
}

test('the view of the open version: cards, turns, the unlogged edit with its committed text, the secret masked and never sent', async () => {
  const { session, repo, uri } = await started(true);
  try {
    await session.open(uri, 'spec-prompts', edited);
    const r = await review(session, { uri, published: false });
    assert.ok(r);
    assert.equal(r.version, 1);
    assert.deepEqual(r.header.head, { kind: 'compared' });
    assert.deepEqual(
      cards(r).map((c) => [c.id, c.private, c.turns.length]),
      [
        ['s-1', false, 3],
        ['s-2', true, 1],
      ],
    );
    const turn0 = cards(r)[0]!.turns[0]!;
    assert.deepEqual(turn0.marks.map((m) => [m.kind, m.committed]), [['unlogged', 'Add a login form.']]);
    assert.equal(cards(r)[0]!.turns[2]!.marks[0]!.kind, 'secret');
    assert.deepEqual(r.header.counts, { sessions: 2, public: 1, private: 1, turns: 4, secrets: 1, unlogged: 2, errors: 0, warnings: 0 });
    assert.ok(!session.sent.includes(secret.slice(4)), 'the secret never went over the wire');
    assert.ok(!JSON.stringify(r).includes('alice@example.com'), 'no author email in the view');
  } finally {
    await session.stop();
    repo.dispose();
  }
});

test('cards the client holds come back as their keys; an edit in one session sends that card only', async () => {
  const { session, repo, uri } = await started(true);
  try {
    await session.open(uri, 'spec-prompts', edited);
    const first = cards(await review(session, { uri, published: false }));
    const keys = first.map((c) => c.key);
    const again = await review(session, { uri, published: false, known: keys });
    assert.deepEqual(again!.cards, first.map((c) => ({ known: c.key, line: c.line })));
    const lines = edited.split('\n');
    const line = lines.findIndex((l) => l.includes('"Private."'));
    const at = { line, character: lines[line]!.indexOf('.') };
    // A ranged change, as the editor sends a keystroke: the other session's block is kept as it was.
    await session.edit(uri, [{ range: { start: at, end: at }, text: ', edited' }]);
    const after = await review(session, { uri, published: false, known: keys });
    assert.equal(after!.version, 2);
    assert.deepEqual(after!.cards[0], { known: keys[0], line: first[0]!.line });
    assert.equal(cards(after)[0]!.id, 's-2');
  } finally {
    await session.stop();
    repo.dispose();
  }
});

test('a window: the cards at its positions come whole, the others as outlines; known cards inside it as keys; a malformed window is ignored', async () => {
  const { session, repo, uri } = await started(true);
  try {
    await session.open(uri, 'spec-prompts', edited);
    const whole = cards(await review(session, { uri, published: false }));
    const windowed = await review(session, { uri, published: false, window: { from: 1, to: 2 } });
    assert.ok(windowed);
    const [first, second] = windowed.cards;
    assert.ok(first && 'outline' in first, 'the card before the window is an outline');
    assert.equal(first.outline, whole[0]!.key);
    assert.deepEqual(first.turns, whole[0]!.turns.map((t) => [t.line, t.endLine]));
    assert.deepEqual(first.marks.map((m) => m.kind).sort(), ['secret', 'unlogged', 'unlogged']);
    assert.deepEqual(second, whole[1], 'the card in the window is built as without a window');
    assert.ok(JSON.stringify(windowed).length < JSON.stringify(whole).length);
    const known = await review(session, { uri, published: false, known: [whole[1]!.key], window: { from: 1, to: 2 } });
    // Its head held, the card in the window comes as its key with the turns of its turn window (here all of them).
    assert.deepEqual(known!.cards[1], { known: whole[1]!.key, line: whole[1]!.line, turns: whole[1]!.turns });
    const malformed = await review(session, { uri, published: false, window: { from: 'a', to: null } as unknown as { from: number; to: number } });
    assert.deepEqual(cards(malformed), whole, 'a malformed window builds every card');
  } finally {
    await session.stop();
    repo.dispose();
  }
});

test('as published: the private session is left out; an unknown document answers null', async () => {
  const { session, repo, uri } = await started(true);
  try {
    await session.open(uri, 'spec-prompts', edited);
    const r = await review(session, { uri, published: true });
    assert.deepEqual(cards(r).map((c) => c.id), ['s-1']);
    assert.equal(r!.published, true);
    assert.equal(await review(session, { uri: `${uri}.nope`, published: false }), null);
  } finally {
    await session.stop();
    repo.dispose();
  }
});

test('restricted mode: the view without HEAD, saying why; no unlogged marks', async () => {
  const { session, repo, uri } = await started(false);
  try {
    await session.open(uri, 'spec-prompts', edited);
    const r = await review(session, { uri, published: false });
    assert.deepEqual(r!.header.head, { kind: 'off', reason: 'restricted mode: git is not run' });
    assert.equal(r!.header.counts.unlogged, 0);
    assert.equal(cards(r).length, 2);
  } finally {
    await session.stop();
    repo.dispose();
  }
});

test("the review's fixes go through the versioned fix request: redact a selected value, delete a turn, refused when stale", async () => {
  const { session, repo, uri } = await started(true);
  try {
    await session.open(uri, 'spec-prompts', edited);
    const fix = (params: HandEditFixParams) => session.request<HandEditFixResult>(handEditFixRequest, params);
    const value = 'Add a login form, quickly.';
    const redact = await fix({ uri, version: 1, fix: { kind: 'redactValue', value: { session: 0, turn: 0, key: 'text' }, from: value.indexOf('quickly'), to: value.length - 1 } });
    assert.ok(redact.ok, redact.ok ? '' : redact.message);
    const redacted = applyEdits(edited, redact.edits, redact.entry && { position: redact.entry.position, text: snippetText(redact.entry.snippet) });
    assert.match(redacted, /text = "Add a login form, \[REDACTED\]\."/);
    // The entry also covers the earlier unlogged change to the same text ("quickly"), and its reason says so (issue 14).
    assert.match(redacted, /sessions = \["s-1"\]\nturns = \[0\]\nreason = "Redacted text in turn 0\. Also records: text of turn 0 changed\."/);
    const del = await fix({ uri, version: 1, fix: { kind: 'deleteTurn', session: 0, turn: 1 } });
    assert.ok(del.ok);
    const deleted = applyEdits(edited, del.edits, del.entry && { position: del.entry.position, text: snippetText(del.entry.snippet) });
    assert.doesNotMatch(deleted, /LoginForm/);
    assert.match(deleted, /turns = \[1\]\nreason = "Deleted turn 1\."/);
    const stale = await fix({ uri, version: 0, fix: { kind: 'deleteTurn', session: 0, turn: 1 } });
    assert.equal(stale.ok, false);
  } finally {
    await session.stop();
    repo.dispose();
  }
});

test('a session of 3,000 turns through the server: each keystroke in it answers under 300 KB, and an Enter at the top sends keys and lines, no content', async () => {
  const turns = Array.from({ length: 3000 }, (_, t) => `  [[sessions.turns]]\n  role = "user"\n  text = """\nTurn ${t}: ${'words of a prompt '.repeat(30)}\n${'and a second line of it '.repeat(10)}"""\n`);
  const text = `[commit]\nbranch = "long"\n\n[[sessions]]\nid = "long"\nsource = "manual"\n\n${turns.join('\n')}`;
  assert.ok(text.length > 2_000_000, `a file of ${text.length} characters`);
  const session = await LspSession.start({ settings: { maxFileSizeMB: 200 } });
  try {
    const uri = 'file:///review/long.prompts';
    await session.open(uri, 'spec-prompts', text);
    await session.waitForDiagnostics(uri, (p) => p.version === 1, 120_000);
    // What the panel holds, as it asks: the card's head and the turns it was sent, named on the next request.
    let known: string[] = [];
    let knownTurns: string[] = [];
    let knownLayouts: string[] = [];
    const ask = async (window: ReviewParams['window']): Promise<{ r: ReviewResult; bytes: number }> => {
      const r = (await review(session, { uri, published: false, known, knownTurns, knownLayouts, window }))!;
      const slot = r.cards[0]!;
      if ('key' in slot) known = [slot.key];
      if ('key' in slot && slot.layoutKey !== undefined) knownLayouts = [slot.layoutKey];
      const turnsOf = 'outline' in slot ? [] : (slot.turns ?? []);
      knownTurns = [...new Set([...knownTurns, ...turnsOf.map((t) => ('known' in t ? t.known : t.key))])];
      return { r, bytes: JSON.stringify(r).length };
    };
    const middle = { from: 0, to: 1, turns: [{ card: 0, from: 1480, to: 1520 }] };
    const first = await ask(middle);
    assert.ok(first.bytes <= 300_000, `the first view of the middle: ${first.bytes} characters`);
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.startsWith('Turn 1500:'));
    for (let i = 0; i < 3; i++) {
      const at = { line, character: 6 + i };
      const version = await session.edit(uri, [{ range: { start: at, end: at }, text: 'x' }]);
      await session.waitForDiagnostics(uri, (p) => p.version === version, 120_000);
      const { r, bytes } = await ask(middle);
      assert.equal(r.version, version);
      // Its outline named as held too: a few keys and one turn, whatever the session's length.
      assert.ok(bytes <= 30_000, `keystroke ${i + 1}: ${bytes} characters`);
      const sent = (r.cards[0] as ReviewCard).turns.filter((t) => 'role' in t).map((t) => t.index);
      assert.deepEqual(sent, [1500], 'the edited turn only travels whole');
    }
    const top = { line: 0, character: 0 };
    const version = await session.edit(uri, [{ range: { start: top, end: top }, text: '\n' }]);
    await session.waitForDiagnostics(uri, (p) => p.version === version, 120_000);
    const { r, bytes } = await ask(middle);
    const slot = r.cards[0]!;
    assert.ok('known' in slot, 'the card is its key');
    assert.equal(slot.line, 4, 'at its new line');
    assert.ok(slot.turns!.every((t) => 'known' in t), 'every turn is its key');
    assert.ok(bytes < 10_000, `an Enter sends keys and lines only (${bytes} characters)`);
  } finally {
    await session.stop();
  }
});
