// `check` on a `.prompts` file: the validator's findings, plus the same
// hand-edit findings the editor shows, judged against the file as committed
// at HEAD (read with the server's git programs, run synchronously). A file
// outside a repository, untracked, or in a repository without commits is
// simply not judged; when git fails or HEAD's version does not parse, a
// note says so, and under `--strict-edits` a git that is missing, refuses
// the repository or fails leaves the file not checked (baseline.ts).

import * as path from 'node:path';
import type { Finding } from '../../src-shared/finding';
import { sortFindings } from '../../src-shared/finding';
import { parsePrompts, type PromptsDocument } from '../../src-shared/prompts/toml/document';
import { checkHandEdits, judgeable } from '../../src-shared/prompts/handEdits/check';
import { handEditCodes } from '../../src-shared/prompts/handEdits/codes';
import { describeState, type OffReason } from '../../src-shared/prompts/handEdits/status';
import { validateOptions, validatePrompts } from '../../src-shared/prompts/rules/validate';
import type { PromptsSettings } from '../../src-shared/settings';
import { nodeSyncSpawner, type SyncSpawner } from '../../src-node/git/command';
import { headFileText, runSync } from '../../src-node/git/repository';
import { unreadableBaseline } from './baseline';

/** What checking one file gave: its findings, and why it counts as not checked, if it does. */
export interface FileCheck {
  readonly findings: Finding[];
  readonly notChecked?: string;
}

export interface HandEditOptions {
  /** Fail closed when HEAD's version cannot be read. */
  readonly strictEdits?: boolean;
  readonly spawner?: SyncSpawner;
}

/** Reasons worth a note: something is wrong, rather than the file simply having no history. */
const noteworthy: ReadonlySet<OffReason> = new Set(['gitFailed', 'baselineUnparseable']);

export function checkPromptsFile(text: string, settings: PromptsSettings, file: string, options: HandEditOptions = {}): FileCheck {
  const doc = parsePrompts(text);
  const findings = validatePrompts(doc, validateOptions(settings));
  if (!judgeable(doc)) return { findings };
  const handEdits = handEditFindings(path.resolve(file), doc, options.spawner ?? nodeSyncSpawner, options.strictEdits === true);
  return { findings: sortFindings([...findings, ...handEdits.findings]), ...(handEdits.notChecked !== undefined && { notChecked: handEdits.notChecked }) };
}

export function handEditFindings(file: string, doc: PromptsDocument, spawner: SyncSpawner, strict = false): FileCheck {
  const head = runSync(headFileText(file), spawner);
  if (head.kind === 'off') {
    const notChecked = strict ? unreadableBaseline(head, file, '--strict-edits') : undefined;
    return { findings: note(head.reason, head.detail), ...(notChecked !== undefined && { notChecked }) };
  }
  const baseline = parsePrompts(head.text);
  if (!judgeable(baseline)) return { findings: note('baselineUnparseable') };
  return { findings: [...checkHandEdits(baseline, doc).findings] };
}

function note(reason: OffReason, detail?: string): Finding[] {
  if (!noteworthy.has(reason)) return [];
  const code = handEditCodes.handEditsUnchecked;
  return [
    {
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      severity: code.severity,
      code: code.code,
      message: describeState({ kind: 'off', reason, ...(detail !== undefined && { detail }) }),
    },
  ];
}
