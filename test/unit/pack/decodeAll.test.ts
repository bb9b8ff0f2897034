// decodeAll: every corrupt line, each mistake once. For each row of the
// corruption table, how the decoder recovers so that the lines after a
// mistake are judged on their own and not reported because of it.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { reportOf } from '../../../src-shared/pack/corruption';
import { decode, decodeAll } from '../../../src-shared/pack/decode';
import { range } from '../../../src-shared/text/range';

const head = '%% loom-prompt-pack 1\n%% version v1\n';

/** `[subject, kind]` for every report. */
function reports(text: string): Array<[string, string]> {
  return decodeAll(text).corruptions.map((c) => [c.subject, c.kind]);
}

test('a bad section name is reported once; its body is not text outside a section', () => {
  assert.deepEqual(reports(`${head}%% section Identity\nYou are an agent.\nBe careful.\n\n%% section conduct\nterse`), [
    ['line 3', 'bad-section-name'],
  ]);
});

test('a duplicate section is reported once, pointing at the first, and its body goes with it', () => {
  const r = decodeAll(`${head}%% section identity\na\n%% section identity\nb\nc`);
  assert.deepEqual(
    r.corruptions.map((c) => [c.subject, c.kind]),
    [['line 5', 'duplicate-section']],
  );
  assert.deepEqual(r.corruptions[0]!.related, [{ range: range(2, 0, 2, 19), message: '`identity` is first opened here' }]);
  assert.deepEqual(
    r.pack.sections.map((s) => [s.name, s.body]),
    [['identity', 'a']],
  );
});

test('a misspelt or mis-cased section keyword owns the lines under it', () => {
  assert.deepEqual(reports(`${head}%% sectoin identity\nYou are an agent.\n%% Section conduct\nterse\n%% identity\nagain`), [
    ['line 3', 'unknown-keyword'],
    ['line 5', 'unknown-keyword'],
    ['line 7', 'unknown-keyword'],
  ]);
});

test('any other unknown directive is one report; text around it is judged on its own', () => {
  assert.deepEqual(reports(`${head}%% section a\nx\n%% include other.pack\ny`), [['line 5', 'unknown-keyword']]);
  assert.deepEqual(reports(`${head}%% include other.pack\nstray`), [
    ['line 3', 'unknown-keyword'],
    ['line 4', 'text-outside-section'],
  ]);
});

test('a run of stray lines up to the next directive is one mistake, with a range over the run', () => {
  const r = decodeAll(`${head}You are an agent.\n\nBe careful.  \n%% section a\nx\n`);
  assert.deepEqual(
    r.corruptions.map((c) => [c.subject, c.kind, c.context]),
    [['line 3', 'text-outside-section', 'You are an agent.']],
  );
  assert.deepEqual(r.corruptions[0]!.range, range(2, 0, 4, 13));
  assert.deepEqual(reports(`stray\n${head}more stray\n%% # comment\nand more`), [
    ['line 1', 'text-outside-section'],
    ['line 4', 'text-outside-section'],
    ['line 6', 'text-outside-section'],
  ]);
});

test('a missing header is reported once, on the first directive that needed it', () => {
  assert.deepEqual(reports('%% version v1\n%% section a\nx\n%% section b\ny'), [['line 1', 'header-not-first']]);
});

test('a header that comes late is not reported again; the early report points at it', () => {
  const r = decodeAll('%% version v1\n%% loom-prompt-pack 1\n%% section a\nx');
  assert.deepEqual(
    r.corruptions.map((c) => [c.subject, c.kind]),
    [['line 1', 'header-not-first']],
  );
  assert.deepEqual(r.corruptions[0]!.related, [{ range: range(1, 0, 1, 21), message: 'the pack header is here' }]);
});

test('a wrong header number is one report: the header still counts', () => {
  assert.deepEqual(reports('%% loom-prompt-pack 2\n%% version v1\n%% section a\nx'), [['line 1', 'bad-format-version']]);
});

test('a second header or version is reported, pointing at the first', () => {
  const r = decodeAll(`${head}%% loom-prompt-pack 1\n%% version v2\n%% section a\nx`);
  assert.deepEqual(
    r.corruptions.map((c) => [c.subject, c.kind, c.related.map((x) => x.range.start.line)]),
    [
      ['line 3', 'duplicate-header', [0]],
      ['line 4', 'duplicate-version', [1]],
    ],
  );
  assert.equal(r.pack.version, 'v1', 'the first version stands');
});

test('a bad version id is one report: the version still counts, so no section or whole-pack report follows', () => {
  assert.deepEqual(reports('%% loom-prompt-pack 1\n%% version Bad\n%% section a\nx'), [['line 2', 'bad-version']]);
});

test('a missing version is reported once, on the first section, and not for the whole pack', () => {
  assert.deepEqual(reports('%% loom-prompt-pack 1\n%% section a\nx\n%% section b\ny'), [['line 2', 'section-before-version']]);
});

test('a version after the sections is its own mistake, pointing at the first section', () => {
  const r = decodeAll('%% loom-prompt-pack 1\n%% section a\nx\n%% version v1\n%% section b\ny');
  assert.deepEqual(
    r.corruptions.map((c) => [c.subject, c.kind]),
    [
      ['line 2', 'section-before-version'],
      ['line 4', 'version-after-section'],
    ],
  );
  assert.deepEqual(r.corruptions[1]!.related, [{ range: range(1, 0, 1, 12), message: 'the first section opens here' }]);
});

test('sections with neither header nor version: the header on the first, the version for the whole pack', () => {
  assert.deepEqual(reports('%% section a\nx\n%% section b\ny'), [
    ['line 1', 'header-not-first'],
    ['the pack as a whole', 'missing-version'],
  ]);
});

test('an empty file lacks both the header and the version', () => {
  assert.deepEqual(reports(''), [
    ['the pack as a whole', 'missing-header'],
    ['the pack as a whole', 'missing-version'],
  ]);
});

test('whole-pack reports sit on the first line', () => {
  const r = decodeAll('%% loom-prompt-pack 1\n');
  assert.deepEqual(r.corruptions[0]!.range, range(0, 0, 0, 21));
  assert.equal(r.corruptions[0]!.line, null);
});

test('a file with several mistakes: exactly these reports, in order, the first one decode\'s', () => {
  const text = [
    '%% loom-prompt-pack 1', // 1
    '%% version coding-agent-10', // 2
    'You are a coding agent.', // 3 stray
    'This paragraph lost its section line.', // 4 (same run)
    '', // 5
    '%% section tool_discipline', // 6
    'Read before you edit.', // 7
    '%% section Conduct', // 8 bad name
    'Be direct.', // 9 (absorbed)
    '%% sectoin delegation', // 10 misspelt keyword
    'Delegate carefully.', // 11 (absorbed)
    '%% section environment', // 12
    'Workspace: {workspace}', // 13
    '%% version coding-agent-11', // 14 second version
    '%% section tool_discipline', // 15 duplicate
    'Again.', // 16 (absorbed)
    '%% include shared.pack', // 17 unknown keyword
    '%% loom-prompt-pack 1', // 18 second header
  ].join('\n');
  const all = decodeAll(text).corruptions;
  assert.deepEqual(
    all.map((c) => [c.subject, c.kind, c.context]),
    [
      ['line 3', 'text-outside-section', 'You are a coding agent.'],
      ['line 8', 'bad-section-name', 'Conduct'],
      ['line 10', 'unknown-keyword', 'sectoin delegation'],
      ['line 14', 'duplicate-version', 'coding-agent-11'],
      ['line 15', 'duplicate-section', 'tool_discipline'],
      ['line 17', 'unknown-keyword', 'include shared.pack'],
      ['line 18', 'duplicate-header', '1'],
    ],
  );
  const d = decode(text);
  assert.ok(!d.ok);
  assert.deepEqual(reportOf(all[0]!), reportOf(d.report));
});

test('each report covers its whole line, for the editor', () => {
  const r = decodeAll(`${head}  \n%% section Bad name  \r\nx`);
  assert.deepEqual(r.corruptions[0]!.range, range(3, 0, 3, 21));
  assert.equal(r.corruptions[0]!.line, 3);
});
