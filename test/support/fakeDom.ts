// A DOM small enough for the preview page's builder (client/src/preview/
// webview/page.ts) to run in Node: it records every element made and every
// attribute set, keeps listeners so a test can see what links (and click it), and
// treats text only ever as text.

/** A DOM that records every element made and every attribute set; text is only ever text. */
export class FakeElement {
  readonly children: (FakeElement | string)[] = [];
  readonly attributes = new Map<string, string>();
  readonly dataset: Record<string, string> = {};
  readonly classList = { add: (c: string) => (this.className = `${this.className} ${c}`.trim()), remove: () => undefined };
  className = '';
  title = '';
  href = '';

  constructor(
    readonly tagName: string,
    readonly ownerDocument: FakeDocument,
  ) {}

  get textContent(): string {
    return this.children.map((c) => (typeof c === 'string' ? c : c.textContent)).join('');
  }

  set textContent(text: string) {
    this.children.splice(0, this.children.length, text);
  }

  append(...nodes: (FakeElement | string)[]): void {
    this.children.push(...nodes);
  }

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }

  /** The listener of each event type, so a test can see what links and click it. */
  readonly listeners = new Map<string, () => void>();

  addEventListener(type: string, listener: () => void): void {
    this.listeners.set(type, listener);
  }

  /** Every element below this one, this one first. */
  all(): FakeElement[] {
    return [this, ...this.children.flatMap((c) => (typeof c === 'string' ? [] : c.all()))];
  }
}

export class FakeDocument {
  readonly made: FakeElement[] = [];

  createElement(tag: string): FakeElement {
    const e = new FakeElement(tag.toUpperCase(), this);
    this.made.push(e);
    return e;
  }

  getSelection(): null {
    return null;
  }
}

