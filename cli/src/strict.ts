// The `--strict-…` options: warnings a pre-commit hook or CI should refuse,
// made errors so `check` exits 1. `--strict-edits`: an unlogged hand edit;
// `--strict-renders`: a render changed under the same version, a render
// over `--max-render-bytes`.

import type { Finding } from '../../src-shared/finding';
import { packCodes } from '../../src-shared/pack/check';
import { handEditCodes } from '../../src-shared/prompts/handEdits/codes';

export const strictEditCodes: readonly string[] = [handEditCodes.unloggedEdit.code];
export const strictRenderCodes: readonly string[] = [packCodes.renderChangedVersionUnchanged, packCodes.renderOverBudget];

export function asErrors(findings: readonly Finding[], codes: ReadonlySet<string>): Finding[] {
  return findings.map((f) => (codes.has(f.code) ? { ...f, severity: 'error' } : f));
}
