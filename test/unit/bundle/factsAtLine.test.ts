// A hover, definition or reference at a line reads the facts of that line's
// block alone: the first hover after opening a large file once indexed
// every block of it (seconds at 60 MB). The block indexes built are counted.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { factsAtLine, factsOfDocument } from '../../../src-shared/prompts/bundle/facts';
import { sessionReferenceAt } from '../../../src-shared/prompts/bundle/navigate';
import { BlockContent } from '../../../src-shared/prompts/toml/block';
import { parsePrompts } from '../../../src-shared/prompts/toml/document';
import { promptsFile } from '../../support/bundleFixtures';
import { withMethodWrapped } from '../../support/methodSpy';

/** How many block indexes `work` asks for once (`indexedOnce`, what the facts of a block read). */
function indexesRead(work: () => void): number {
  let n = 0;
  withMethodWrapped(BlockContent.prototype, 'indexedOnce', (indexedOnce, block) => (n++, indexedOnce.call(block)), work);
  return n;
}

test("the facts at a line are its block's, as the whole document's facts have them, and only that block is read", () => {
  const sessions = Array.from({ length: 40 }, (_, i) => ({ id: `s-${i}`, ...(i === 30 && { extra: ['forked_from = "s-7"'] }) }));
  const text = promptsFile('main', sessions);
  const line = text.split('\n').findIndex((l) => l.startsWith('forked_from'));
  const position = { line, character: 'forked_from = "'.length + 1 };
  let at: ReturnType<typeof sessionReferenceAt>;
  const read = indexesRead(() => (at = sessionReferenceAt(factsAtLine(parsePrompts(text), line), position)));
  assert.equal(read, 1, 'one block indexed for a hover');
  assert.equal(indexesRead(() => factsOfDocument(parsePrompts(text))), 41, 'what the hover read before: every block (the commit and 40 sessions)');
  assert.deepEqual(at, sessionReferenceAt(factsOfDocument(parsePrompts(text)), position));
  assert.equal(at?.kind, 'fork');
  assert.equal(at?.id, 's-7');
  const commit = factsAtLine(parsePrompts(text), 1);
  assert.deepEqual(commit.branch, factsOfDocument(parsePrompts(text)).branch, 'the commit block gives the branch');
  assert.deepEqual(commit.sessions, []);
});
