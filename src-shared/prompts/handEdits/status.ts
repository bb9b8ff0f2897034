// Why hand edits are or are not checked for a document, as data: each
// reason the check is off, with the one line the status bar shows, and the
// line for a checked document. The server decides, the client shows.

export const offReasons = {
  untrusted: 'restricted mode: git is not run',
  noProcess: 'git does not run in the browser',
  notAFile: 'the document is not a file on disk',
  noGit: 'git is not installed',
  notInRepository: 'the file is not in a git repository',
  noCommit: 'the repository has no commit yet',
  untracked: 'the file is not committed at HEAD',
  gitFailed: 'git failed',
  baselineUnparseable: "HEAD's version of the file does not parse",
  documentUnparseable: 'the file has a TOML syntax error',
} as const;

export type OffReason = keyof typeof offReasons;

export type HandEditState =
  | { readonly kind: 'off'; readonly reason: OffReason; readonly detail?: string }
  | { readonly kind: 'checked'; readonly edits: number; readonly unlogged: number };

/** git's refusal of a repository another user owns, and the path it names. */
const dubiousOwnership = /dubious ownership in repository at '(.*)'/;

/** The status bar's line: "Hand edits: 2 unlogged", "Hand edits off: the file is not committed at HEAD". */
export function describeState(state: HandEditState): string {
  if (state.kind === 'off') return `Hand edits off: ${describeOff(state.reason, state.detail)}`;
  if (state.edits === 0) return 'Hand edits: none since HEAD';
  if (state.unlogged === 0) return `Hand edits: all ${state.edits} logged`;
  return `Hand edits: ${state.unlogged} unlogged`;
}

/**
 * Why the check is off, in words. git's refusal of a repository another user
 * owns names the one setting that trusts it, `safe.directory` (never set for
 * the user: trusting a repository is their call).
 */
function describeOff(reason: OffReason, detail: string | undefined): string {
  const refused = reason === 'gitFailed' && detail !== undefined ? dubiousOwnership.exec(detail) : null;
  if (refused) return `git refuses the repository at '${refused[1]}': another user owns it. If you trust it, add it to git's safe.directory setting (git config --global --add safe.directory '${refused[1]}')`;
  return `${offReasons[reason]}${detail ? ` (${detail})` : ''}`;
}
