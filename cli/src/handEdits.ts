// `check` on a `.prompts` file: the validator's findings, plus the same
// hand-edit findings the editor shows, judged against the file as committed
// at the base (`--base`, default HEAD; read with the server's git programs,
// run synchronously, baseline.ts). A file outside a repository, new at the
// base, or in a repository without commits is simply not judged (under
// `--strict-edits` a note says it is a first capture); when git fails or the
// base's version does not parse, a note says so, and under `--strict-edits`
// a git that is missing, refuses the repository or fails, a base git cannot
// find, or a base version that does not parse leaves the file not checked.

import * as path from 'node:path';
import { type Refusal, tooComplex } from '../../src-shared/fileLimits';
import type { Finding } from '../../src-shared/finding';
import { sortFindings } from '../../src-shared/finding';
import { parsePrompts, type PromptsDocument } from '../../src-shared/prompts/toml/document';
import { checkHandEdits, judgeable } from '../../src-shared/prompts/handEdits/check';
import { handEditCodes } from '../../src-shared/prompts/handEdits/codes';
import { describeState, type OffReason } from '../../src-shared/prompts/handEdits/status';
import { checkPromptsDocument } from '../../src-shared/prompts/rules/check';
import type { PromptsSettings } from '../../src-shared/settings';
import type { SyncSpawner } from '../../src-node/git/command';
import { Baselines, unparseableBaseline, unreadableBaseline } from './baseline';

/** What checking one file gave: its findings, and why it counts as not checked, if it does. */
export interface FileCheck {
  readonly findings: Finding[];
  readonly notChecked?: string;
  /** Past a limit the check measured itself (the structure, in the parse): nothing was checked. */
  readonly refusal?: Refusal;
}

export interface HandEditOptions {
  /** Fail closed when the base's version cannot be read; say when a file is a first capture. */
  readonly strictEdits?: boolean;
  /** Where baselines come from (default: HEAD, through git). */
  readonly baselines?: Baselines;
  /** For a default `baselines`: the spawner git runs through. */
  readonly spawner?: SyncSpawner;
  /** The structure limit (top-level tables), measured by the parse's split; default none. */
  readonly maxTables?: number;
}

/** Reasons worth a note: something is wrong, rather than the file simply having no history. */
const noteworthy: ReadonlySet<OffReason> = new Set(['gitFailed', 'baselineUnparseable']);

/** Reasons that mean the file was never committed at the base: under `--strict-edits`, a first capture, said in a note. */
const neverCommitted: ReadonlySet<OffReason> = new Set(['untracked', 'noCommit', 'notInRepository']);

export function checkPromptsFile(text: string, settings: PromptsSettings, file: string, options: HandEditOptions = {}): FileCheck {
  // Each block checked as it is parsed, as checkPrompts does: cheaper than checking them all after the parse.
  const checked = checkPromptsDocument(text, settings, options.maxTables);
  if ('tables' in checked) return { findings: [], refusal: tooComplex('prompts', checked.tables, options.maxTables!) };
  const { doc, findings } = checked;
  if (!judgeable(doc)) return { findings };
  const baselines = options.baselines ?? new Baselines(undefined, options.spawner);
  const handEdits = handEditFindings(path.resolve(file), doc, baselines, options.strictEdits === true);
  return { findings: sortFindings([...findings, ...handEdits.findings]), ...(handEdits.notChecked !== undefined && { notChecked: handEdits.notChecked }) };
}

export function handEditFindings(file: string, doc: PromptsDocument, baselines: Baselines, strict = false): FileCheck {
  const base = baselines.base;
  const committed = baselines.committed(file);
  if (committed.kind === 'unresolved') {
    const why = unreadableBaseline(committed, file, '--strict-edits', base);
    return { findings: [noteFinding(`Hand edits off: --base ${base} is no commit git can find here`)], ...(strict && { notChecked: why }) };
  }
  if (committed.kind === 'off') {
    const notChecked = strict ? unreadableBaseline(committed, file, '--strict-edits', base) : undefined;
    const findings = strict && neverCommitted.has(committed.reason) ? [firstCapture(committed.reason, base)] : note(committed.reason, committed.detail);
    return { findings, ...(notChecked !== undefined && { notChecked }) };
  }
  const baseline = parsePrompts(committed.text);
  if (!judgeable(baseline)) {
    const name = baselines.nameOf(committed);
    return {
      findings: [noteFinding(`Hand edits off: the file's version at ${name} does not parse`)],
      ...(strict && { notChecked: unparseableBaseline(name, '--strict-edits', 'does not parse (a TOML syntax error)') }),
    };
  }
  return { findings: [...checkHandEdits(baseline, doc, base).findings] };
}

/** A file the base does not hold: nothing to log yet, and `--strict-edits` says so rather than passing it without a word. */
function firstCapture(reason: OffReason, base: string): Finding {
  const where = reason === 'notInRepository' ? 'the file is in no git repository' : reason === 'noCommit' ? 'the repository has no commit yet' : `the file is new since ${base}`;
  return noteFinding(`Hand edits: a first capture (${where}), so there are no hand edits to log`);
}

function note(reason: OffReason, detail?: string): Finding[] {
  if (!noteworthy.has(reason)) return [];
  return [noteFinding(describeState({ kind: 'off', reason, ...(detail !== undefined && { detail }) }))];
}

function noteFinding(message: string): Finding {
  const code = handEditCodes.handEditsUnchecked;
  return { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: code.severity, code: code.code, message };
}
