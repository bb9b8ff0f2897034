// Why hand edits are or are not checked for a document, as data: each
// reason the check is off, with the one line the status bar shows, and the
// line for a checked document. The server decides (and translates), the
// client shows; the command line prints the same lines in English.

import { english, type Localizer } from '../../l10n';

/** Each reason's words, as a message `@vscode/l10n-dev` finds. */
const offReasonTexts = {
  untrusted: (l10n: Localizer) => l10n.t('restricted mode: git is not run'),
  noProcess: (l10n: Localizer) => l10n.t('git does not run in the browser'),
  notAFile: (l10n: Localizer) => l10n.t('the document is not a file on disk'),
  noGit: (l10n: Localizer) => l10n.t('git is not installed'),
  notInRepository: (l10n: Localizer) => l10n.t('the file is not in a git repository'),
  noCommit: (l10n: Localizer) => l10n.t('the repository has no commit yet'),
  untracked: (l10n: Localizer) => l10n.t('the file is not committed at HEAD'),
  gitFailed: (l10n: Localizer) => l10n.t('git failed'),
  baselineUnparseable: (l10n: Localizer) => l10n.t("HEAD's version of the file does not parse"),
  documentUnparseable: (l10n: Localizer) => l10n.t('the file has a TOML syntax error'),
} as const;

export type OffReason = keyof typeof offReasonTexts;

/** Every reason, in the table's order. */
export const offReasons = Object.keys(offReasonTexts) as readonly OffReason[];

export type HandEditState =
  | { readonly kind: 'off'; readonly reason: OffReason; readonly detail?: string }
  | { readonly kind: 'checked'; readonly edits: number; readonly unlogged: number };

/** `the file is not committed at HEAD` */
export function describeOffReason(reason: OffReason, l10n: Localizer = english): string {
  return offReasonTexts[reason](l10n);
}

/** The path of the repository git refused because another user owns it ("dubious ownership"), from git's message. */
export function refusedRepository(gitMessage: string): string | undefined {
  return /dubious ownership in repository at '(.*)'/.exec(gitMessage)?.[1];
}

/**
 * Why the check is off, in words, with git's detail when there is one
 * (`git failed (exit 128)`). git's refusal of a repository another user
 * owns names the one setting that trusts it, `safe.directory` (never set
 * for the user: trusting a repository is their call).
 */
export function describeOff(state: Extract<HandEditState, { kind: 'off' }>, l10n: Localizer = english): string {
  const refused = state.reason === 'gitFailed' && state.detail !== undefined ? refusedRepository(state.detail) : undefined;
  if (refused !== undefined) {
    return l10n.t("git refuses the repository at '{0}': another user owns it. If you trust it, add it to git's safe.directory setting (git config --global --add safe.directory '{0}')", refused);
  }
  const reason = describeOffReason(state.reason, l10n);
  return state.detail ? l10n.t('{0} ({1})', reason, state.detail) : reason;
}

/** The status bar's line: "Hand edits: 2 unlogged", "Hand edits off: the file is not committed at HEAD". */
export function describeState(state: HandEditState, l10n: Localizer = english): string {
  if (state.kind === 'off') return l10n.t('Hand edits off: {0}', describeOff(state, l10n));
  if (state.edits === 0) return l10n.t('Hand edits: none since HEAD');
  if (state.unlogged === 0) return l10n.t('Hand edits: all {0} logged', state.edits);
  return l10n.t('Hand edits: {0} unlogged', state.unlogged);
}
