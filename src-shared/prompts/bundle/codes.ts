// The codes of the rules across a bundle's files (FORMATS.md B.7), with
// their default severity, in the shape of the other code tables: an error
// where the format says "rejected" or breaks a primary key, a warning for a
// smell, a note for what only a review gate refuses.

import type { CodeEntry } from '../../finding';

export const bundleCodes = {
  duplicateSessionId: {
    code: 'bundle/duplicate-session-id',
    severity: 'error',
    rule: 'B.7 session ids are primary keys across the bundle (a merged copy, stamped, may repeat its original)',
  },
  editedAfterMerge: { code: 'bundle/edited-after-merge', severity: 'warning', rule: 'B.7 a merged copy equals its branch original apart from the merge stamps' },
  unknownForkParent: { code: 'bundle/unknown-fork-parent', severity: 'warning', rule: 'B.7 forked_from holds the id of a session of the bundle' },
  branchFileName: { code: 'bundle/branch-file-name', severity: 'warning', rule: 'B.7 a branch file is prompts/<branch-slug>.prompts' },
  markdownInPrompts: { code: 'bundle/markdown-in-prompts', severity: 'error', rule: 'B.7 a .md under prompts/ is rejected' },
  pendingReview: { code: 'bundle/pending-review', severity: 'information', rule: 'B.7 check --ci fails while prompts/curated/_pending/ is non-empty' },
  partialMergeStamps: { code: 'bundle/partial-merge-stamps', severity: 'warning', rule: 'B.7 merged_from, merged_at and approved_by are written together' },
} as const satisfies Record<string, CodeEntry>;
