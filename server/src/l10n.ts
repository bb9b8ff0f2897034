// The server's translations: the bundle the client passed in its
// `initializationOptions` (`vscode.l10n.bundle`), given to `@vscode/l10n`
// as contents, never read from disk, so the web worker server does the
// same. No bundle (English, or an older client) leaves the messages as
// written. Every `l10n.t` the server calls runs after `initialize`.

import * as l10n from '@vscode/l10n';
import type { L10nInitializationOptions } from '../../src-shared/protocol/common';

/** The bundle's well-formed messages; anything else in it is left out, never a reason to fail. */
export function l10nBundleOf(initializationOptions: unknown): l10n.l10nJsonFormat | undefined {
  const bundle = (initializationOptions as L10nInitializationOptions | null | undefined)?.l10nBundle;
  if (typeof bundle !== 'object' || bundle === null || Array.isArray(bundle)) return undefined;
  const messages: l10n.l10nJsonFormat = {};
  for (const [key, value] of Object.entries(bundle as Record<string, unknown>)) {
    if (typeof value === 'string') messages[key] = value;
    else if (isCommented(value)) messages[key] = { message: value.message, comment: value.comment.filter((c): c is string => typeof c === 'string') };
  }
  return messages;
}

function isCommented(value: unknown): value is { message: string; comment: unknown[] } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { message?: unknown; comment?: unknown };
  return typeof v.message === 'string' && Array.isArray(v.comment);
}

export function configureL10n(initializationOptions: unknown): void {
  const contents = l10nBundleOf(initializationOptions);
  if (contents) l10n.config({ contents });
}
