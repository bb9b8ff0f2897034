// The rendered preview's page script (bundled to dist/preview.js for the
// browser). It builds the page from the host's messages with DOM calls and
// `textContent` only, so pack and environment content can never become
// markup or script; it reports back the text it put on screen, forwards
// clicks on rendered text to the pack line they came from, and lights up
// what the line under the pack's cursor produced.

import type { HostToPreview, PreviewState, PreviewToHost } from '../../../../src-shared/previewMessages';
import { buildPage, type PageHandlers } from './page';

interface VsCodeApi {
  postMessage(message: PreviewToHost): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root')!;
let state: PreviewState | undefined;
let highlighted: HTMLElement[] = [];

const handlers: PageHandlers = {
  reveal: (line) => vscode.postMessage({ type: 'reveal', line }),
  pickEnvironment: () => vscode.postMessage({ type: 'pickEnvironment' }),
  compare: () => vscode.postMessage({ type: 'compare' }),
  compareHead: () => vscode.postMessage({ type: 'compareHead' }),
  showMore: () => vscode.postMessage({ type: 'showMore' }),
};

window.addEventListener('message', (event: MessageEvent<HostToPreview>) => {
  const message = event.data;
  switch (message.type) {
    case 'show': {
      state = message.state;
      vscode.setState({ packUri: state.packUri });
      const page = buildPage(document, state, handlers);
      root.replaceChildren(page.element);
      highlighted = [];
      const baseline = page.baseline.map((row) => row.textContent ?? '').join('\n');
      vscode.postMessage({
        type: 'shown',
        renderVersion: state.rendered?.version ?? null,
        stale: state.problem !== undefined,
        text: page.text.textContent ?? '',
        baseline: page.baseline.length > 0 ? baseline : null,
        tags: [...new Set([...root.querySelectorAll('*')].map((e) => e.tagName))].sort(),
      });
      return;
    }
    case 'highlight':
      highlight(message.line, message.section);
      return;
    case 'revealSelection': {
      const line = lineOfSelection();
      if (line !== undefined) vscode.postMessage({ type: 'reveal', line });
      return;
    }
  }
});

function highlight(line: number | null, section: string | null): void {
  for (const el of highlighted) el.classList.remove('active');
  highlighted = [];
  if (line === null) return;
  const selector = section !== null ? `[data-section="${CSS.escape(section)}"]` : `[data-line="${line}"]`;
  highlighted = [...root.querySelectorAll<HTMLElement>(`.render ${selector}`)];
  for (const el of highlighted) el.classList.add('active');
  highlighted[0]?.scrollIntoView({ block: 'nearest' });
}

function lineOfSelection(): number | undefined {
  const node = document.getSelection()?.anchorNode;
  const element = node instanceof HTMLElement ? node : node?.parentElement;
  const span = element?.closest<HTMLElement>('[data-line]');
  return span ? Number(span.dataset['line']) : undefined;
}

vscode.postMessage({ type: 'ready' });
