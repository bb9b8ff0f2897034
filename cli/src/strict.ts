// The `--strict…` options: warnings a pre-commit hook or CI should refuse,
// made errors so `check` exits 1. `--strict-edits`: an unlogged hand edit;
// `--strict-renders`: a render changed under the same version, a render
// over `--max-render-bytes` or `--max-render-tokens`, a change that leaves
// fewer than `--min-cached-tokens` of the render cached; `--strict-secrets`: a secret (every code of
// the secret family, `prompts/secret` and any `prompts/secret-…`);
// `--strict`: every warning. `--strict-edits` and `--strict-renders` also
// fail a file whose baseline at HEAD could not be read (baseline.ts).

import type { Finding } from '../../src-shared/finding';
import { packCodes } from '../../src-shared/pack/check';
import { handEditCodes } from '../../src-shared/prompts/handEdits/codes';
import { promptsCodes } from '../../src-shared/prompts/rules/codes';

export interface Strictness {
  readonly edits: boolean;
  readonly renders: boolean;
  readonly secrets: boolean;
  /** Every warning. */
  readonly all: boolean;
}

export const strictEditCodes: readonly string[] = [handEditCodes.unloggedEdit.code];
export const strictRenderCodes: readonly string[] = [packCodes.renderChangedVersionUnchanged, packCodes.renderOverBudget, packCodes.renderOverTokenBudget, packCodes.cachedPrefixShrunk];

export function isSecretCode(code: string): boolean {
  return code === promptsCodes.secret.code || code.startsWith(`${promptsCodes.secret.code}-`);
}

/** A flag's own codes whatever their severity (a setting may have lowered one); `--strict` every warning. */
function madeError(f: Finding, strict: Strictness): boolean {
  return (strict.all && f.severity === 'warning') || (strict.edits && strictEditCodes.includes(f.code)) || (strict.renders && strictRenderCodes.includes(f.code)) || (strict.secrets && isSecretCode(f.code));
}

export function asErrors(findings: readonly Finding[], strict: Strictness): Finding[] {
  return findings.map((f) => (madeError(f, strict) ? { ...f, severity: 'error' } : f));
}
