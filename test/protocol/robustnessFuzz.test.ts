// Fuzzing the server through the protocol, as an editor drives it: random
// documents of both languages (mutated real files, random bytes, deep
// nesting, long lines) opened, changed by ranged edits and whole
// replacements, asked for hover, completion, definition, references,
// symbols, folds, code lenses, code actions and formatting at random
// positions (and past the end of the text), and closed. Every request must
// be answered (no error) within the hang deadline, the server must stay up,
// and the diagnostics published for the last version must lie inside the
// document and say what the core says of that text (or be the one note of
// a file it does not read). Texts are as VS Code sends them: it turns a
// lone CR into a line break when it loads or edits a file, so none is sent
// here (the core's own fuzz tests take them).

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import fc from '../support/fastCheck';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, Position, Range } from 'vscode-languageserver/node';
import { capFindings, refusalFinding, refusalOf, textFacts } from '../../src-shared/fileLimits';
import { checkPack } from '../../src-shared/pack/check';
import { checkPrompts } from '../../src-shared/prompts/rules/check';
import { defaultSettings } from '../../src-shared/settings';
import { comparePositions, containsPosition } from '../../src-shared/text/range';
import { assertFuzzAsync, fuzzParameters, withinDeadlineAsync } from '../unit/fuzz/support/budget';
import { anyString, hostileText, packBases, promptsBases } from '../unit/fuzz/support/hostileText';
import { LspSession } from '../support/lspSession';

type Operation =
  | { readonly kind: 'edit'; readonly a: number; readonly b: number; readonly text: string }
  | { readonly kind: 'replace'; readonly text: string }
  | { readonly kind: 'ask'; readonly at: number }
  /** A position past the last line or past a line's end, as a client with a stale view might send. */
  | { readonly kind: 'askOutside'; readonly at: number };

const asVsCodeSends = (text: string) => text.replace(/\r(?!\n)/g, '\n');

const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('edit' as const), a: fc.nat(), b: fc.nat(), text: fc.oneof(anyString, fc.constantFrom('[[sessions]]\n', '%% section x\n', '{', '"""', '\n')) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replace' as const), text: hostileText([...promptsBases, ...packBases]) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('ask' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('askOutside' as const), at: fc.nat() }) },
);

const scenario = fc.record({
  language: fc.constantFrom('spec-prompts', 'loom-pack'),
  prompts: hostileText(promptsBases),
  pack: hostileText(packBases),
  operations: fc.array(operation, { minLength: 1, maxLength: 6 }),
});

/** Inside the document as LSP counts lines ("\r\n", "\r", "\n"). */
function assertInside(doc: TextDocument, range: { start: Position; end: Position }, what: string): void {
  for (const p of [range.start, range.end]) {
    assert.ok(p.line >= 0 && p.line < doc.lineCount, `${what}: line ${p.line} of ${doc.lineCount}`);
    const lineLength = doc.offsetAt({ line: p.line, character: Number.MAX_SAFE_INTEGER }) - doc.offsetAt({ line: p.line, character: 0 });
    assert.ok(p.character >= 0 && p.character <= lineLength, `${what}: character ${p.character} of ${lineLength} on line ${p.line}`);
  }
  assert.ok(comparePositions(range.start, range.end) <= 0, `${what}: starts after it ends`);
}

/** Every request an editor makes at a position, each answered within the deadline. */
async function askEverything(session: LspSession, doc: TextDocument, position: Position, diagnostics: readonly Diagnostic[]): Promise<void> {
  const textDocument = { uri: doc.uri };
  const ask = <R>(method: string, params: unknown) => withinDeadlineAsync(method, () => session.request<R>(method, params));
  await ask('textDocument/hover', { textDocument, position });
  await ask('textDocument/completion', { textDocument, position });
  await ask('textDocument/definition', { textDocument, position });
  await ask('textDocument/references', { textDocument, position, context: { includeDeclaration: true } });
  await ask('textDocument/documentSymbol', { textDocument });
  await ask('textDocument/foldingRange', { textDocument });
  await ask('textDocument/codeLens', { textDocument });
  const actions = await ask<CodeAction[]>('textDocument/codeAction', { textDocument, range: { start: position, end: position }, context: { diagnostics: diagnostics.filter((d) => containsPosition(d.range, position)) } });
  for (const a of actions) for (const c of a.edit?.documentChanges ?? []) if ('edits' in c) for (const e of c.edits) assertInside(doc, e.range, `code action ${a.title}`);
  await ask('textDocument/formatting', { textDocument, options: { tabSize: 2, insertSpaces: true } });
}

test('the server answers every request on hostile documents, in time, and publishes diagnostics inside them that the core agrees with', async () => {
  const session = await LspSession.start();
  let n = 0;
  try {
    await assertFuzzAsync(
      'protocol',
      fc.asyncProperty(scenario, async ({ language, prompts, pack, operations }) => {
        const uri = `file:///fuzz/doc-${n++}.${language === 'loom-pack' ? 'pack' : 'prompts'}`;
        let doc = TextDocument.create(uri, language, 1, asVsCodeSends(language === 'loom-pack' ? pack : prompts));
        await session.open(uri, language, doc.getText());
        let diagnostics: Diagnostic[] = [];
        for (const op of operations) {
          if (op.kind === 'ask') {
            const position = doc.positionAt(op.at % (doc.getText().length + 1));
            await askEverything(session, doc, position, diagnostics);
            continue;
          }
          if (op.kind === 'askOutside') {
            const past = op.at % 2 === 0 ? { line: doc.lineCount + (op.at % 3), character: op.at % 7 } : { line: op.at % doc.lineCount, character: 10_000 + (op.at % 7) };
            const completion = await withinDeadlineAsync('completion outside', () => session.request<{ textEdit?: { range: Range } }[] | null>('textDocument/completion', { textDocument: { uri }, position: past }));
            for (const c of completion ?? []) if (c.textEdit && 'range' in c.textEdit) assertInside(doc, c.textEdit.range, 'completion outside');
            const hover = await withinDeadlineAsync('hover outside', () => session.request<{ range?: Range } | null>('textDocument/hover', { textDocument: { uri }, position: past }));
            if (hover?.range) assertInside(doc, hover.range, 'hover outside');
            continue;
          }
          const change =
            op.kind === 'replace'
              ? { text: asVsCodeSends(op.text) }
              : (() => {
                  const n = doc.getText().length + 1;
                  const [a, b] = [op.a % n, op.b % n].sort((x, y) => x - y) as [number, number];
                  return { range: { start: doc.positionAt(a), end: doc.positionAt(b) }, text: asVsCodeSends(op.text) };
                })();
          const version = await session.edit(uri, [change]);
          doc = TextDocument.create(uri, language, version, TextDocument.applyEdits(doc, ['range' in change ? { range: change.range!, newText: change.text } : { range: { start: { line: 0, character: 0 }, end: doc.positionAt(doc.getText().length) }, newText: change.text }]));
        }
        diagnostics = await withinDeadlineAsync('diagnostics of the last version', () => session.diagnosticsAt(uri, doc.version));
        for (const d of diagnostics) assertInside(doc, d.range, `diagnostic ${String(d.code)}`);
        const text = doc.getText();
        const format = language === 'loom-pack' ? 'pack' : 'prompts';
        const refusal = refusalOf(textFacts(text), format, defaultSettings.maxFileSizeMB);
        const expected = refusal ? [refusalFinding(refusal, format)] : capFindings(format === 'pack' ? checkPack(text, defaultSettings.pack) : checkPrompts(text, defaultSettings.prompts), format);
        const shown = (ds: readonly { code?: unknown; message: string; range: unknown }[]) => ds.map((d) => `${String(d.code)} ${JSON.stringify(d.range)} ${d.message}`).sort();
        assert.deepEqual(shown(diagnostics), shown(expected));
        await askEverything(session, doc, doc.positionAt(text.length), diagnostics);
        await session.close(uri);
        assert.equal(session.process.exitCode, null, `the server stopped: ${session.stderr}`);
      }),
      fuzzParameters(25),
    );
  } finally {
    await session.stop();
  }
});
