// The commands' ids (packs, the Session Review), as contributed in package.json, and the output channel's name.

import { clientCommands } from '../../src-shared/protocol/pack';

export const packCommands = {
  showPreviewToSide: clientCommands.showPreviewToSide,
  chooseEnvironment: 'packsAndPrompts.chooseEnvironment',
  compareEnvironments: 'packsAndPrompts.compareEnvironments',
  compareWithHead: 'packsAndPrompts.compareWithHead',
  revealPreviewSource: 'packsAndPrompts.revealPreviewSource',
} as const;

/** The preview's webview type, also its `activeWebviewPanelId` in `when` clauses. */
export const previewViewType = 'packsAndPrompts.preview';

/** The Session Review's commands, as contributed in package.json. */
export const reviewCommands = {
  openToSide: 'packsAndPrompts.openSessionReviewToSide',
  open: 'packsAndPrompts.openSessionReview',
  exportPublished: 'packsAndPrompts.exportPublishedMarkdown',
} as const;

/** The Session Review's webview type. */
export const reviewViewType = 'packsAndPrompts.sessionReview';

export const showOutputCommand = 'packsAndPrompts.showOutput';

/** The output channel the client and server log into: the extension's display name. */
export const outputChannelName = 'Packs & Prompts';
