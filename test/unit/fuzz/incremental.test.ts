// Fuzzing the incremental re-validator with hostile edits on hostile
// texts: after every edit of a random sequence (hostile fragments, NUL, a
// BOM anywhere, lone surrogates and CRs, deep nesting, long lines, cuts
// across blocks, whole-text replacements), the model updated from the one
// before must be the model a fresh parse of the new text gives (blocks,
// values, findings), inside the hang deadline, with every range inside the
// text; the server's stepwise check and the one-call check agree with it.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from '../../support/fastCheck';
import { checkPrompts } from '../../../src-shared/prompts/rules/check';
import { finish, parsePrompts, type PromptsDocument } from '../../../src-shared/prompts/toml/document';
import { applyChange, type TextChange, updatePrompts, updatePromptsInBatch } from '../../../src-shared/prompts/toml/incremental';
import { validatePrompts } from '../../../src-shared/prompts/rules/validate';
import { defaultSettings } from '../../../src-shared/settings';
import { promptsIncremental } from '../../../server/src/promptsIncremental';
import { promptsService } from '../../../server/src/prompts/service';
import { assertFuzz, fuzzParameters, withinDeadline } from './support/budget';
import { anyString, deepNesting, hostileText, longLine, promptsBases } from './support/hostileText';
import { Bounds } from './support/inside';

interface Edit {
  readonly at: number;
  readonly length: number;
  readonly text: string;
}

const fragment = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('[[sessions]]\n', '[commit]\n', '[[sessions.turns]]\n', '"""', "'''", '[', ']', '{', '}', '\n', '\r\n', '\r', '\0', '\ufeff', '\ud800', 'id = "x"\n', 'x.y = 1\n', '#', '=', '') },
  { weight: 3, arbitrary: anyString },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: longLine.map((l) => l.slice(0, 20_000)) },
);

const edit: fc.Arbitrary<Edit> = fc.record({
  at: fc.nat(),
  length: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 6, max: 4000 })),
  text: fragment,
});

function changeOf(text: string, e: Edit): TextChange {
  const start = e.at % (text.length + 1);
  return { start, end: Math.min(text.length, start + e.length), text: e.text };
}

/** What must be the same whichever way the model was made. */
function shape(doc: PromptsDocument): unknown {
  return doc.blocks.map((b) => [b.startOffset, b.endOffset, b.startLine, b.kind, b.rootKey, b.syntaxError?.message]);
}

test('after every hostile edit, the updated model equals a fresh parse, and every way of checking it agrees', () => {
  assertFuzz(
    'incremental',
    fc.property(hostileText(promptsBases), fc.array(edit, { minLength: 1, maxLength: 8 }), fc.boolean(), (base, edits, strict) => {
      const options = { strictUnknownTools: strict };
      const settings = { ...defaultSettings, prompts: options };
      let text = base;
      let doc = parsePrompts(text);
      validatePrompts(doc, options);
      for (const e of edits) {
        const change = changeOf(text, e);
        text = applyChange(text, change);
        const next = withinDeadline('updatePrompts', () => updatePrompts(doc, change));
        doc = next;
        assert.equal(doc.text, text);
        const fresh = parsePrompts(text);
        assert.deepEqual(shape(doc), shape(fresh));
        const findings = validatePrompts(fresh, options);
        new Bounds(text).findings(findings, 'fresh findings');
        assert.deepEqual(withinDeadline('validate the updated model', () => validatePrompts(doc, options)), findings);
        assert.deepEqual(checkPrompts(text, options), findings);
        // As the server checks: the per-block checks done in steps, then the service's check.
        finish(promptsIncremental.prepareCheck(doc, settings));
        assert.deepEqual(promptsService.check(doc, settings, 'file:///fuzz/capture.prompts'), findings);
      }
    }),
    fuzzParameters(120),
  );
});

test('hostile edits applied as one burst: the model updated at once equals a fresh parse of the final text', () => {
  assertFuzz(
    'incremental burst',
    fc.property(hostileText(promptsBases), fc.array(edit, { minLength: 2, maxLength: 24 }), (base, edits) => {
      const options = { strictUnknownTools: false };
      let text = base;
      const doc = parsePrompts(text);
      validatePrompts(doc, options);
      const changes: TextChange[] = [];
      for (const e of edits) {
        const change = changeOf(text, e);
        changes.push(change);
        text = applyChange(text, change);
      }
      const updated = withinDeadline('updatePromptsInBatch', () => updatePromptsInBatch(doc, changes)) ?? parsePrompts(text);
      assert.equal(updated.text, text);
      const fresh = parsePrompts(text);
      assert.deepEqual(shape(updated), shape(fresh));
      assert.deepEqual(validatePrompts(updated, options), validatePrompts(fresh, options));
    }),
    fuzzParameters(120),
  );
});
