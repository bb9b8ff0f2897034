// The pack commands' ids, as contributed in package.json.

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
