// Every finding for a parsed `.prompts` file. Each block is checked on its
// own (`checkBlock`), which yields its findings and a few facts; the checks
// that span blocks (a commit and sessions exist, session ids are unique,
// sessions are in order) run over those facts alone. Each block's check is
// remembered with its content (blockChecks.ts), so after an edit only the
// block it touched is checked again.

import { type Finding, sortFindings } from '../../finding';
import type { PromptsSettings } from '../../settings';
import type { Range } from '../../text/range';
import type { Block } from '../toml/block';
import { recall, remember } from './blockChecks';
import { type SessionFact, SchemaChecker } from './checkSchema';
import { invisibleVisitor } from './checkInvisible';
import { checkSecrets, type SecretOptions } from './checkSecrets';
import { refusedPatternFindings } from './teamPatterns';
import type { ToolCallOptions } from './checkToolCalls';
import { promptsCodes as codes } from './codes';
import { finish, type PromptsDocument } from '../toml/document';
import { Report } from './report';
import { tableSpecs } from './schema';
import { TableView } from '../toml/tableView';

export type ValidateOptions = ToolCallOptions & { readonly secrets?: SecretOptions };

/** What the cross-block checks need of one block. */
export interface BlockFacts {
  readonly definesCommit: boolean;
  readonly definesSessions: boolean;
  readonly sessions: readonly SessionFact[];
}

export interface BlockCheck {
  readonly findings: readonly Finding[];
  readonly facts: BlockFacts;
}

/** What validation takes of the `.prompts` settings. */
export function validateOptions(settings: PromptsSettings): ValidateOptions {
  return { strictUnknownTools: settings.strictUnknownTools, ...(settings.secrets && { secrets: settings.secrets }) };
}

export function validatePrompts(doc: PromptsDocument, options: ValidateOptions): Finding[] {
  return finish(validatePromptsInSteps(doc, options));
}

/** `validatePrompts`, pausing (yielding) after each block it had to check (a block checked before is reused). */
export function* validatePromptsInSteps(doc: PromptsDocument, options: ValidateOptions): Generator<void, Finding[], void> {
  const key = optionsKey(options);
  const checks: BlockCheck[] = [];
  for (const block of doc.blocks) {
    const known = recall(block, key);
    if (known) checks.push(known);
    else {
      checks.push(remember(block, key, checkBlockLightly(block, options)));
      yield;
    }
  }
  const findings: Finding[] = [];
  for (const check of checks) for (const f of check.findings) findings.push(f);
  // Each block's findings are in order and blocks follow each other: this sort only merges runs.
  return sortFindings([...findings, ...checkAcrossBlocks(doc, checks.map((c) => c.facts)), ...refusedPatternFindings(options.secrets?.extraPatterns)]);
}

/** Checks `block` now, unless it was checked before, so a later `validatePrompts` of a document holding it reuses the check. */
export function checkBlockOnce(block: Block, options: ValidateOptions): void {
  const key = optionsKey(options);
  if (!recall(block, key)) remember(block, key, checkBlockLightly(block, options));
}

/** `checkBlock`, keeping no position index it built for the ranges of its findings. */
function checkBlockLightly(block: Block, options: ValidateOptions): BlockCheck {
  return block.content.withPassingIndex(() => checkBlock(block, options));
}

function optionsKey(options: ValidateOptions): string {
  return JSON.stringify(options);
}

/** The tables a top-level key opens, for blocks that open a sub-table away from it. */
const subTableOwners: Readonly<Record<string, string>> = {
  commit: tableSpecs.commit.label,
  sessions: tableSpecs.session.label,
  edits: tableSpecs.edit.label,
};

export function checkBlock(block: Block, options: ValidateOptions): BlockCheck {
  const report = new Report();
  // Only unknown blocks may be detached sub-tables (and only they pay for an index here).
  const first = block.kind === 'unknown' ? block.headers[0] : undefined;
  const owner = first && first.keys.length > 1 ? subTableOwners[block.rootKey ?? ''] : undefined;
  if (owner && first) {
    report.add(codes.detachedTable, block, first, `\`${block.slice(first)}\` is apart from the ${owner} it belongs to; move it up under that table`);
  }
  if (!block.value) {
    const error = block.syntaxError;
    if (error) {
      const at = block.offsetAt(error.position);
      const end = Math.min(at + 1, block.lineEndAt(at));
      report.add(codes.tomlSyntax, block, { start: at, end }, `TOML syntax error: ${error.message}`);
    }
    // What a block without a value would define is unknown: assume it does, so no "missing" finding piles on.
    const key = block.rootKey;
    return {
      findings: report.findings,
      facts: { definesCommit: key === undefined || key === 'commit', definesSessions: key === undefined || key === 'sessions', sessions: [] },
    };
  }
  const checker = new SchemaChecker(report, options);
  if (!owner) checker.checkRoot(TableView.root(block, block.value));
  // One walk for both checks that read every string.
  checkSecrets(report, block, options.secrets, invisibleVisitor(report, block));
  return {
    findings: report.findings,
    facts: { definesCommit: 'commit' in block.value, definesSessions: 'sessions' in block.value, sessions: checker.sessions },
  };
}

export function checkAcrossBlocks(doc: PromptsDocument, facts: readonly BlockFacts[]): Finding[] {
  const findings: Finding[] = [];
  const top = firstLineRange(doc.blocks);
  if (!facts.some((f) => f.definesCommit)) {
    findings.push({ range: top, severity: codes.missingCommit.severity, code: codes.missingCommit.code, message: 'the file needs one `[commit]` table' });
  }
  if (!facts.some((f) => f.definesSessions)) {
    findings.push({ range: top, severity: codes.noSessions.severity, code: codes.noSessions.code, message: 'the file needs at least one `[[sessions]]`' });
  }
  const sessions = facts.flatMap((f) => f.sessions);
  // Concatenated, not spread into push(): a file may hold 100,000 duplicate ids.
  return findings.concat(duplicateIds(sessions), outOfOrder(sessions));
}

function duplicateIds(sessions: readonly SessionFact[]): Finding[] {
  const findings: Finding[] = [];
  const first = new Map<string, SessionFact>();
  for (const s of sessions) {
    if (s.id === undefined) continue;
    const earlier = first.get(s.id);
    if (!earlier) {
      first.set(s.id, s);
      continue;
    }
    findings.push({
      range: s.view.valueRange('id'),
      severity: codes.duplicateSessionId.severity,
      code: codes.duplicateSessionId.code,
      message: `session id ${JSON.stringify(s.id)} is already used; ids are unique`,
      related: [{ range: earlier.view.valueRange('id'), message: 'first used here' }],
    });
  }
  return findings;
}

/** Sessions out of `started_at`, then `id`, order; sessions without a valid `started_at` are passed over. */
function outOfOrder(sessions: readonly SessionFact[]): Finding[] {
  const findings: Finding[] = [];
  let previous: SessionFact | undefined;
  for (const s of sessions) {
    if (s.startedAt === undefined) continue;
    if (previous && previous.startedAt !== undefined) {
      const sameTime = s.startedAt === previous.startedAt;
      if (s.startedAt < previous.startedAt || (sameTime && s.id !== undefined && previous.id !== undefined && s.id < previous.id)) {
        const key = sameTime ? 'id' : 'started_at';
        findings.push({
          range: s.view.valueRange(key),
          severity: codes.sessionOrder.severity,
          code: codes.sessionOrder.code,
          message: sameTime
            ? 'this session starts when the one before it does but its id sorts first; the writer orders sessions by started_at, then id'
            : 'this session starts before the one above it; the writer orders sessions by started_at, then id',
          related: [{ range: previous.view.valueRange(key), message: 'the session before it' }],
        });
      }
    }
    previous = s;
  }
  return findings;
}

function firstLineRange(blocks: readonly Block[]): Range {
  // The first line lies in the first block that is not empty (only the preamble can be).
  const text = blocks.find((b) => b.text.length > 0)?.text ?? '';
  const nl = text.indexOf('\n');
  const end = nl === -1 ? text.length : nl > 0 && text[nl - 1] === '\r' ? nl - 1 : nl;
  return { start: { line: 0, character: 0 }, end: { line: 0, character: end } };
}
