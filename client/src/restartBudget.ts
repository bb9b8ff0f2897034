// How often a crashed language server is started again: up to `restarts`
// times within any `windowMs`; past that the crashes are a loop, not bad
// luck, and the server stays down until the window is reloaded. No vscode
// imports (the words come through a Localizer), so the rule is tested on its own.

import { english, type Localizer } from '../../src-shared/l10n';

export interface RestartBudgetOptions {
  readonly restarts: number;
  readonly windowMs: number;
  readonly now?: () => number;
}

export const defaultRestartBudget: RestartBudgetOptions = { restarts: 5, windowMs: 3 * 60 * 1000 };

export class RestartBudget {
  private crashes: number[] = [];
  private readonly now: () => number;

  constructor(private readonly options: RestartBudgetOptions = defaultRestartBudget) {
    this.now = options.now ?? Date.now;
  }

  /** Records a crash now; true when the server may be started again. */
  crashed(): boolean {
    const now = this.now();
    this.crashes = [...this.crashes.filter((t) => now - t < this.options.windowMs), now];
    return this.crashes.length <= this.options.restarts;
  }

  /** `5 times in the last 3 minutes` */
  describe(l10n: Localizer = english): string {
    const minutes = Math.round(this.options.windowMs / 60_000);
    return minutes === 1 ? l10n.t('{0} times in the last minute', this.crashes.length) : l10n.t('{0} times in the last {1} minutes', this.crashes.length, minutes);
  }
}
