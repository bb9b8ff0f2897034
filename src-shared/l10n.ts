// What translates a user-facing line the pure core builds for an editor
// (the status bar's hand-edit and assess lines): `@vscode/l10n` in the
// server, `vscode.l10n` in the client, and English as written for the
// command line and the webview pages. A function taking one names its
// parameter `l10n` and gives `l10n.t` a literal message, so that
// `@vscode/l10n-dev` finds the message (scripts/l10n.mjs). The core's
// diagnostic messages are not translated (CONTRIBUTING.md, "Strings and
// translations", says why).

export type L10nArgument = string | number | boolean;

export interface Localizer {
  /** `message` translated, with `{0}`, `{1}`, … replaced by `args`; unknown `{names}` stay as they are. */
  t(message: string, ...args: L10nArgument[]): string;
}

/** The messages as written: only the `{n}` placeholders are filled in (as `@vscode/l10n` does without a bundle). */
export const english: Localizer = {
  t: (message, ...args) =>
    // The same braces as `@vscode/l10n`'s (`{{0}` is no placeholder); only an index names an argument.
    message.replace(/\{([^}]+)\}/g, (whole, name: string) => {
      const arg = /^\d+$/.test(name) ? args[Number(name)] : undefined;
      return arg === undefined ? whole : String(arg);
    }),
};
