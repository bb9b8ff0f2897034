// "Show more" under a huge render in the pack preview grows the window: the
// page's button, as the page script wires it, reaches the preview host, which
// asks the server for four times as much, and the page is sent the longer
// render. The host runs on a fake `vscode` (test/support/fakeVscode.ts); the
// server's part is its render and window, as its render request answers.

import '../../../support/fakeVscode';
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { PackPreview } from '../../../../client/src/preview/packPreview';
import { buildPage } from '../../../../client/src/preview/webview/page';
import { provideRender } from '../../../../server/src/pack/render';
import type { HostToPreview, PreviewState, PreviewToHost } from '../../../../src-shared/previewMessages';
import type { RenderParams } from '../../../../src-shared/protocol/pack';
import { renderRequest } from '../../../../src-shared/protocol/pack';
import { previewChars, renderWindow } from '../../../../src-shared/pack/renderWindow';
import { EventEmitter, fakeUri, fakeVscode } from '../../../support/fakeVscode';
import { FakeDocument, type FakeElement } from '../../../support/fakeDom';
import { packCtx, packText, uri } from '../../packEditor/support/context';

type Ctor = ConstructorParameters<typeof PackPreview>;

test('Show more under a huge render grows the window: the host asks for four times as much and the page gets the longer render', async () => {
  // About 1.2 MB rendered: cut at 200,000 characters first, and still cut after one Show more.
  const section = `${'A line of the render that a person reads, in {workspace}. '.repeat(2)}\n`.repeat(10);
  const text = packText(...Array.from({ length: 1000 }, (_, i) => [`s${i}`, section.trimEnd()] as [string, string]));
  const ctx = packCtx(text);
  const whole = provideRender(ctx);
  assert.ok(whole.kind === 'rendered');
  assert.ok(whole.text.length > 4 * previewChars, `a huge render: ${whole.text.length} characters`);
  fakeVscode.documents.set(uri, { version: ctx.document.version });

  const asked: number[] = [];
  const client = {
    sendRequest: async (method: string, params: RenderParams) => {
      if (method !== renderRequest) return null;
      asked.push(params.maxChars!);
      return renderWindow(whole, params.maxChars!);
    },
    error: (message: string, e: unknown) => assert.fail(`${message}: ${String(e)}`),
  };
  const shows: PreviewState[] = [];
  let next: (() => void) | undefined;
  const received = new EventEmitter<PreviewToHost>();
  const panel = {
    title: '',
    webview: {
      onDidReceiveMessage: received.event,
      postMessage: async (m: HostToPreview) => {
        if (m.type === 'show' && m.state.rendered) {
          shows.push(m.state);
          next?.();
        }
        return true;
      },
    },
    onDidDispose: new EventEmitter<void>().event,
  };
  const environments = { onDidChange: new EventEmitter<void>().event, current: () => undefined };
  const shown = (count: number, what: string) =>
    new Promise<PreviewState>((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error(`${what}: no render sent to the page (${shows.length} sent)`)), 30_000);
      next = () => {
        if (shows.length < count) return;
        clearTimeout(deadline);
        resolve(shows[count - 1]!);
      };
      next();
    });

  const preview = new PackPreview(panel as unknown as Ctor[0], fakeUri(uri) as unknown as Ctor[1], client as unknown as Ctor[2], environments as unknown as Ctor[3], () => undefined, () => undefined, new EventEmitter<void>().event);
  try {
    // The page says it is ready once the host has rendered: the host sends what it has.
    await new Promise((resolve) => setTimeout(resolve, 0));
    received.fire({ type: 'ready' });
    const first = await shown(1, 'the first render');
    assert.equal(first.rendered!.shown!.chars <= previewChars && first.rendered!.shown!.chars > previewChars / 2, true, `the first window: ${first.rendered!.shown!.chars}`);

    // The page as the page script builds it, its Show more posting what the script posts.
    const doc = new FakeDocument();
    buildPage(doc as unknown as Parameters<typeof buildPage>[0], first, { reveal: () => undefined, pickEnvironment: () => undefined, compare: () => undefined, compareHead: () => undefined, showMore: () => received.fire({ type: 'showMore' }) });
    const button = doc.made.find((e: FakeElement) => e.tagName === 'BUTTON' && e.textContent === 'Show more');
    assert.ok(button, 'a cut render has a Show more button');
    button.listeners.get('click')!();

    const more = await shown(2, 'after Show more');
    const [before, after] = [first.rendered!, more.rendered!];
    assert.deepEqual(asked, [previewChars, 4 * previewChars], 'the host asked for four times as much');
    assert.ok(after.shown!.chars > 3 * before.shown!.chars, `the window grew: ${before.shown!.chars} then ${after.shown!.chars} characters`);
    assert.ok(after.shown!.lines > before.shown!.lines);
    assert.ok(after.text.startsWith(before.text), 'the longer window begins with what was shown');
    assert.equal(after.shown!.totalChars, whole.text.length);
  } finally {
    preview.dispose();
  }
});
