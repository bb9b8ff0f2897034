// When the preview asks the server for a render: the first request goes
// out at once; while one is in flight (and for a short cool-down after
// it) further requests coalesce into one more; an answer for a document
// version older than the one on screen is dropped. No vscode imports and
// the cool-down is injected, so tests drive it step by step.

export interface RenderSchedulerOptions<R> {
  /** One render of the document as it is now; `undefined` when there is nothing to show. */
  readonly render: () => Promise<R | undefined>;
  readonly versionOf: (result: R) => number;
  readonly show: (result: R) => void;
  /** Resolves when the next render may start (the throttle interval). */
  readonly cooldown: () => Promise<void>;
  readonly onError: (error: unknown) => void;
}

export class RenderScheduler<R> {
  private busy = false;
  private pending = false;
  private disposed = false;
  private shownVersion = -1;

  constructor(private readonly options: RenderSchedulerOptions<R>) {}

  /** The document or its environment changed: render again, soon. */
  request(): void {
    if (this.disposed) return;
    if (this.busy) {
      this.pending = true;
      return;
    }
    void this.run();
  }

  dispose(): void {
    this.disposed = true;
  }

  private async run(): Promise<void> {
    this.busy = true;
    try {
      do {
        this.pending = false;
        try {
          const result = await this.options.render();
          // Equal versions are shown: the same text under another environment renders differently.
          if (result !== undefined && !this.disposed && this.options.versionOf(result) >= this.shownVersion) {
            this.shownVersion = this.options.versionOf(result);
            this.options.show(result);
          }
        } catch (e) {
          this.options.onError(e);
        }
        await this.options.cooldown();
      } while (this.pending && !this.disposed);
    } finally {
      this.busy = false;
    }
  }
}
