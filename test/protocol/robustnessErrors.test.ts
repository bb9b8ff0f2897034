// A failure never takes the server down: a request handler that throws is
// answered with its neutral value and logged with its stack; a rejected
// promise nobody waits for and an exception thrown in a timer are logged,
// not fatal; after each the server still answers. Secrets in an error's
// message are redacted in the log. The failures come from the server's
// test hooks (testHooks.ts), enabled only by the variable the test sets.

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { Hover } from 'vscode-languageserver/node';
import { failRequest, type FailParams, testHooksVariable } from '../../server/src/testHooks';
import { LspSession } from '../support/lspSession';

const uri = 'file:///work/agent.pack';
const pack = '%% loom-prompt-pack 1\n%% version v1\n%% section identity\nRoot: {workspace}\n';

async function untilLogged(session: LspSession, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const line = session.logs.find((l) => pattern.test(l));
    if (line) return line;
    assert.ok(Date.now() < deadline, `nothing logged matches ${pattern}; logged:\n${session.logs.join('\n')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function stillAnswers(session: LspSession): Promise<void> {
  const hover = await session.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 3, character: 8 } });
  assert.match(JSON.stringify(hover?.contents), /workspace/);
  assert.equal(session.process.exitCode, null, 'the server is still running');
}

test('a throwing handler is answered neutrally and logged with its stack; stray rejections and exceptions are logged; the server goes on', async () => {
  const session = await LspSession.start({ env: { [testHooksVariable]: '1' } });
  try {
    await session.open(uri, 'loom-pack', pack);
    await session.diagnosticsAt(uri, 1);

    const answer = await session.request<unknown>(failRequest, { kind: 'throw', message: 'a handler broke' } satisfies FailParams);
    assert.equal(answer, null, 'the neutral answer');
    const logged = await untilLogged(session, /packs\/test\/fail failed: Error: a handler broke/);
    assert.match(logged, /\n\s+at .*testHooks|\n\s+at /, 'with its stack');
    await stillAnswers(session);

    assert.equal(await session.request(failRequest, { kind: 'unhandledRejection', message: 'nobody waited' } satisfies FailParams), 'unhandledRejection');
    assert.match(await untilLogged(session, /unhandled rejection \(the server goes on\): Error: nobody waited/), /\n\s+at /);
    await stillAnswers(session);

    assert.equal(await session.request(failRequest, { kind: 'uncaughtException', message: 'thrown in a timer' } satisfies FailParams), 'uncaughtException');
    assert.match(await untilLogged(session, /uncaught exception \(the server goes on\): Error: thrown in a timer/), /\n\s+at /);
    await stillAnswers(session);

    await session.request(failRequest, { kind: 'throw', message: 'failed near token=abcd1234efgh5678 in a turn' } satisfies FailParams);
    const redacted = await untilLogged(session, /failed near/);
    assert.match(redacted, /failed near \[REDACTED\] in a turn/);
    assert.ok(!session.logs.join('\n').includes('abcd1234efgh5678'), 'the secret is not in the log');
  } finally {
    await session.stop();
  }
});

test('without the variable the test hooks do not exist', async () => {
  const session = await LspSession.start();
  try {
    await assert.rejects(session.request(failRequest, { kind: 'throw', message: 'x' }), /Unhandled method packs\/test\/fail/);
  } finally {
    await session.stop();
  }
});
