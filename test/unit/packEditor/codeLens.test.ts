// The lens on the first line: the split, the digest, and the preview.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { digest } from '../../../src-shared/pack/digest';
import { clientCommands } from '../../../src-shared/protocol/pack';
import { provideCodeLenses } from '../../../server/src/pack/codeLens';
import { packCtx, packText, uri } from './support/context';

test('a decoding pack: assess counts and the digest on line 0, opening the Problems panel', () => {
  const text = packText(['identity', '{bogus}']);
  const [figures, preview] = provideCodeLenses(packCtx(text));
  // identity present: 7 canonical sections and 10 fragments missing; {bogus} is corrupting.
  assert.equal(figures!.command!.title, `pack · 11 corrupting · 7 shaping · loom-9 · digest ${digest(text)}`);
  assert.equal(figures!.command!.command, clientCommands.showProblems);
  assert.equal(figures!.range.start.line, 0);
  assert.equal(preview!.command!.command, clientCommands.showPreviewToSide);
  assert.deepEqual(preview!.command!.arguments, [uri]);
});

test('a corrupt pack: the count of corrupt lines', () => {
  const [figures] = provideCodeLenses(packCtx('%% loom-prompt-pack 1\n%% version v1\nstray\n%% section Bad\n'));
  assert.match(figures!.command!.title, /^pack · corrupt \(2 lines\) · digest [0-9a-f]{16}$/);
});
