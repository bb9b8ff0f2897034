// Hand edits judged against HEAD in real git repositories: a generated
// capture is committed, then edited by hand in each way of FORMATS.md B.5;
// the exact findings (code, severity, range, message) before, and after
// the entry the "Record in [[edits]]" fix writes (which parses and leaves
// no warning). Errors no entry excuses stay. Expected ranges are found in
// the edited text by the test, from the parsed baseline's own positions.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { checkPromptsFile } from '../../../cli/src/handEdits';
import type { Finding } from '../../../src-shared/finding';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { handEditCodes, type UnloggedEditData } from '../../../src-shared/prompts/handEdits/codes';
import { computeFix } from '../../../src-shared/prompts/handEdits/fixes';
import { validatePrompts } from '../../../src-shared/prompts/rules/validate';
import { defaultSettings } from '../../../src-shared/settings';
import { LineIndex } from '../../../src-shared/text/lineIndex';
import type { Range } from '../../../src-shared/text/range';
import { nodeSyncSpawner } from '../../../src-node/git/command';
import { runSync, userEmail } from '../../../src-node/git/repository';
import { applyFix } from '../../support/handEditFixtures';
import { TempRepo } from '../../support/gitRepos';
import { generatePrompts } from '../../support/promptsGenerator';
import { show } from '../../support/promptsFixtures';

const rel = 'prompts ü/feature x.prompts';
const base = generatePrompts({ sessions: 3, turns: 10, seed: 11 });
const model = parsePrompts(base);
const index = new LineIndex(base);
const unlogged = 'since HEAD, and no [[edits]] entry records it';

/** `text` with the baseline range `r` replaced by `by`; returns the text and the range `by` now covers. */
function replace(r: Range, by: string): { text: string; range: Range } {
  const start = index.offsetAt(r.start);
  const text = base.slice(0, start) + by + base.slice(index.offsetAt(r.end));
  const now = new LineIndex(text);
  return { text, range: { start: now.positionAt(start), end: now.positionAt(start + by.length) } };
}

/** The baseline without its lines `[from, to)`. */
function withoutLines(from: number, to: number): string {
  return base.slice(0, index.lineStart(from)) + base.slice(index.lineStart(to));
}

function at(r: Range): string {
  return `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;
}

/** The last line with content of `text`, from its first non-blank character. */
function lastContentLine(text: string): string {
  const lines = text.trimEnd().split('\n');
  const last = lines[lines.length - 1]!;
  const indent = last.length - last.trimStart().length;
  return `${lines.length - 1}:${indent}-${lines.length - 1}:${last.length}`;
}

const s1 = model.sessions[1]!;
const turnHeader = (t: number) => s1.turns[t]!.view.range.start.line;

interface Case {
  readonly name: string;
  readonly text: string;
  readonly expected: readonly string[];
  /** Errors no entry excuses: they stay after the record fix. */
  readonly errors?: boolean;
  /** The errors after an entry was appended, when they moved. */
  readonly after?: (recorded: string) => readonly string[];
}

const cases: Case[] = [
  (() => {
    const { text, range } = replace(s1.turns[0]!.view.valueRange('text'), '"A shorter prompt."');
    return { name: "rewrite a turn's text", text, expected: [`warning prompts/unlogged-edit ${at(range)} \`text\` of turn 0 changed ${unlogged}`] };
  })(),
  {
    name: 'delete a turn',
    text: withoutLines(turnHeader(2), turnHeader(3)),
    expected: [`warning prompts/unlogged-edit ${turnHeader(2)}:2-${turnHeader(2)}:20 turn 2 was deleted ${unlogged}`],
  },
  {
    name: 'insert a turn',
    text: base.slice(0, index.lineStart(turnHeader(4))) + '  [[sessions.turns]]\n  role = "user"\n  text = "An inserted prompt."\n\n' + base.slice(index.lineStart(turnHeader(4))),
    expected: [`warning prompts/unlogged-edit ${turnHeader(4)}:2-${turnHeader(4)}:20 turn 4 was inserted ${unlogged}`],
  },
  (() => {
    const { text, range } = replace(model.sessions[0]!.view.valueRange('title'), '"A title written by hand"');
    return { name: 'change a title', text, expected: [`warning prompts/unlogged-edit ${at(range)} \`title\` changed ${unlogged}`] };
  })(),
  (() => {
    const id = model.sessions[2]!.view.value['id'] as string;
    const { text, range } = replace(model.sessions[2]!.view.valueRange('id'), '"renamed-by-hand"');
    return {
      name: 'change an id',
      text,
      errors: true,
      expected: [`error prompts/session-id-changed ${at(range)} the session id changed since HEAD (it was ${JSON.stringify(id)}); ids never change`],
    };
  })(),
  (() => {
    const text = base.slice(0, base.indexOf('[[edits]]'));
    return {
      name: 'delete an edits entry',
      text,
      errors: true,
      expected: [`error prompts/edits-entry-removed ${lastContentLine(text)} [[edits]] entry 0 of HEAD was removed here; the log is append-only`],
      // Where it was is now where the appended entry starts.
      after: (recorded) => {
        const line = recorded.split('\n').lastIndexOf('[[edits]]');
        return [`error prompts/edits-entry-removed ${line}:0-${line}:9 [[edits]] entry 0 of HEAD was removed here; the log is append-only`];
      },
    };
  })(),
  (() => {
    const { text, range } = replace(model.edits[0]!.view.valueRange('reason'), '"Reworded afterwards."');
    return {
      name: 'alter an edits entry',
      text,
      errors: true,
      expected: [`error prompts/edits-entry-altered ${at(range)} this [[edits]] entry changed since HEAD (\`reason\`); the log is append-only: restore it and add a new entry`],
    };
  })(),
  (() => {
    const line = model.commit!.keyRange('author_email').start.line;
    return {
      name: 'remove author_email',
      text: withoutLines(line, line + 1),
      errors: true,
      expected: ['error prompts/author-email-removed 4:0-4:8 `[commit].author_email` was removed since HEAD; it is never removed'],
    };
  })(),
  (() => {
    const { text, range } = replace(model.commit!.valueRange('message'), '"Reworded commit message."');
    return { name: 'change [commit]', text, expected: [`warning prompts/unlogged-edit ${at(range)} \`[commit].message\` changed ${unlogged}`] };
  })(),
];

const handEditCodeSet = new Set<string>(Object.values(handEditCodes).map((c) => c.code));

/** The hand-edit findings among all of a file's findings. */
function handEditsOf(findings: readonly Finding[]): string[] {
  return findings.filter((f) => handEditCodeSet.has(f.code)).map(show);
}

test('hand edits in a real repository, each way B.5 lists, before and after the record fix', () => {
  const repo = TempRepo.create();
  try {
    const file = repo.write(rel, base);
    repo.commitAll();
    assert.deepEqual(checkPromptsFile(base, defaultSettings.prompts, file).findings, [], 'the committed file as it is');
    const author = runSync(userEmail(repo.root), nodeSyncSpawner);
    assert.equal(author, 'tester@example.com');
    for (const c of cases) {
      writeFileSync(file, c.text);
      const text = readFileSync(file, 'utf8');
      const before = checkPromptsFile(text, defaultSettings.prompts, file).findings;
      assert.deepEqual(handEditsOf(before), c.expected, c.name);
      const warnings = before.filter((f) => f.code === 'prompts/unlogged-edit').map((f) => f.data as UnloggedEditData);
      const recorded: string = warnings.length === 0
        ? `${text}\n[[edits]]\nat = 2026-04-22T10:00:00Z\nby = "x@example.com"\nsessions = []\nturns = []\nreason = "An entry excuses no error."\n`
        : applyFix(text, computeFix(parsePrompts(text), { kind: 'record', edits: warnings }, { now: new Date(), author }));
      writeFileSync(file, recorded);
      const after = checkPromptsFile(recorded, defaultSettings.prompts, file).findings;
      assert.deepEqual(handEditsOf(after), c.after?.(recorded) ?? (c.errors ? c.expected : []), `${c.name}, after the entry`);
      if (!c.errors) {
        assert.deepEqual(validatePrompts(parsePrompts(recorded), { strictUnknownTools: false }), [], `${c.name}: the fix's output validates`);
        assert.match(recorded, /\nby = "tester@example\.com"\n/);
      }
    }
  } finally {
    repo.dispose();
  }
});

test('an untracked file, a file outside any repository, and a repository without commits: no hand-edit findings', () => {
  const repo = TempRepo.create();
  const outside = TempRepo.create(false);
  try {
    const edited = base.replace('author_email = "alice@example.com"\n', '');
    repo.write('committed.prompts', base);
    repo.commitAll();
    for (const file of [repo.write('new.prompts', edited), outside.write('a.prompts', edited)]) {
      const codes = checkPromptsFile(edited, defaultSettings.prompts, file).findings.map((f) => f.code);
      assert.deepEqual(codes, ['prompts/missing-key'], file);
    }
    const empty = TempRepo.create();
    try {
      const file = empty.write('a.prompts', edited);
      assert.deepEqual(checkPromptsFile(edited, defaultSettings.prompts, file).findings.map((f) => f.code), ['prompts/missing-key']);
    } finally {
      empty.dispose();
    }
  } finally {
    repo.dispose();
    outside.dispose();
  }
});

test('a committed version that does not parse: no hand-edit findings, and a note saying why', () => {
  const repo = TempRepo.create();
  try {
    const file = repo.write('broken.prompts', base.replace('title = "', 'title = "unclosed\ntitle2 = "'));
    repo.commitAll();
    assert.deepEqual(checkPromptsFile(base, defaultSettings.prompts, file).findings.map(show), [
      `information prompts/hand-edits-unchecked 0:0-0:0 Hand edits off: the file's version at HEAD (commit ${repo.git('rev-parse', 'HEAD').trim().slice(0, 12)}) does not parse`,
    ]);
  } finally {
    repo.dispose();
  }
});

test('a file whose name is a glob pattern is looked up literally', () => {
  const repo = TempRepo.create();
  try {
    const edited = replace(model.sessions[0]!.view.valueRange('title'), '"Hand-written"').text;
    repo.write('prompts/[ab].prompts', base);
    repo.write('prompts/a.prompts', edited);
    repo.commitAll();
    const file = repo.write('prompts/[ab].prompts', edited);
    assert.deepEqual(
      checkPromptsFile(edited, defaultSettings.prompts, file).findings.map((f) => f.code),
      ['prompts/unlogged-edit'],
      'judged against its own committed version, not a.prompts',
    );
  } finally {
    repo.dispose();
  }
});
