// The rules across a bundle's files (FORMATS.md B.7), over the facts of
// each file: session ids unique across `prompts/` unless one copy is the
// stamped merged copy of the other, a merged copy unchanged since the merge,
// `forked_from` naming a session of the bundle, branch files named by their
// branch's slug, no Markdown under `prompts/`, the review tier's pending
// files, and the merge stamps written together. Every finding lands in the
// file it is about, with related information pointing at the other file.
//
// Comparing a merged copy with its original needs both sessions' values,
// which the facts do not hold: `mergeComparisons` says which sessions of
// which files to digest (content.ts), and `checkBundle` takes the digests.

import type { Finding, RelatedInformation } from '../../finding';
import type { Range } from '../../text/range';
import { redactSecrets } from '../rules/redactText';
import { type Bundle, type BundleFile, isMarkdown, tierOf } from './bundle';
import { bundleCodes as codes } from './codes';
import { mergeStamps, type SessionFacts } from './facts';
import { branchFileName } from './slug';

/** Content digests by file name, then session id. */
export type SessionDigests = ReadonlyMap<string, ReadonlyMap<string, string>>;

interface Occurrence {
  readonly file: BundleFile;
  readonly session: SessionFacts;
}

/** Related locations shown per finding, at most. */
const relatedShown = 10;
const top: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** The findings of every file of the bundle, by file name (files without findings are absent). */
export function checkBundle(bundle: Bundle, digests: SessionDigests = new Map()): Map<string, Finding[]> {
  const out = new Map<string, Finding[]>();
  const add = (file: BundleFile, f: Finding) => {
    let list = out.get(file.name);
    if (!list) out.set(file.name, (list = []));
    list.push(f);
  };
  const members = bundle.files.filter((f) => tierOf(f.path) !== undefined);
  for (const file of members) {
    for (const f of fileRules(file)) add(file, f);
  }
  const byId = occurrencesById(members);
  for (const [id, list] of byId) {
    if (new Set(list.map((o) => o.file.name)).size < 2) continue;
    for (const { file, finding } of acrossFiles(id, list, digests)) add(file, finding);
  }
  if (bundle.complete) {
    for (const file of members) {
      for (const s of file.facts?.sessions ?? []) {
        const parent = s.forkedFrom;
        if (!parent || parent.value.trim() === '' || byId.has(parent.value)) continue;
        add(file, {
          range: parent.range,
          severity: codes.unknownForkParent.severity,
          code: codes.unknownForkParent.code,
          message: `no session of the bundle has the id ${JSON.stringify(redactSecrets(parent.value))}: \`forked_from\` names the session this one continued from`,
        });
      }
    }
  }
  return out;
}

/** The sessions to digest so `checkBundle` can compare merged copies with their originals: by file name, the ids. */
export function mergeComparisons(bundle: Bundle): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [, list] of occurrencesById(bundle.files.filter((f) => tierOf(f.path) !== undefined))) {
    for (const { copy, original } of mergePairs(list)) {
      for (const o of [copy, original]) {
        let ids = out.get(o.file.name);
        if (!ids) out.set(o.file.name, (ids = new Set()));
        ids.add(o.session.id);
      }
    }
  }
  return out;
}

function occurrencesById(files: readonly BundleFile[]): Map<string, Occurrence[]> {
  const byId = new Map<string, Occurrence[]>();
  for (const file of files) {
    for (const session of file.facts?.sessions ?? []) {
      if (session.id.trim() === '') continue;
      let list = byId.get(session.id);
      if (!list) byId.set(session.id, (list = []));
      list.push({ file, session });
    }
  }
  return byId;
}

const stamped = (o: Occurrence): boolean => mergeStamps.some((k) => o.session.stamps[k] !== undefined);

/** Each stamped copy with the original it was merged from: the one in its `merged_from` branch's file, else the only one in another file. */
function mergePairs(list: readonly Occurrence[]): { copy: Occurrence; original: Occurrence }[] {
  const originals = list.filter((o) => !stamped(o));
  const pairs: { copy: Occurrence; original: Occurrence }[] = [];
  for (const copy of list.filter(stamped)) {
    const elsewhere = originals.filter((o) => o.file.name !== copy.file.name);
    const original = elsewhere.find((o) => copy.session.mergedFrom !== undefined && o.file.facts?.branch?.value === copy.session.mergedFrom) ?? (elsewhere.length === 1 ? elsewhere[0] : undefined);
    if (original) pairs.push({ copy, original });
  }
  return pairs;
}

function acrossFiles(id: string, list: readonly Occurrence[], digests: SessionDigests): { file: BundleFile; finding: Finding }[] {
  const out: { file: BundleFile; finding: Finding }[] = [];
  const shownId = JSON.stringify(redactSecrets(id));
  // Two unstamped sessions in two files: two different sessions under one primary key.
  const originals = list.filter((o) => !stamped(o));
  if (new Set(originals.map((o) => o.file.name)).size > 1) {
    for (const o of originals) {
      const others = originals.filter((x) => x.file.name !== o.file.name);
      if (others.length === 0) continue;
      out.push({
        file: o.file,
        finding: {
          range: o.session.idRange,
          severity: codes.duplicateSessionId.severity,
          code: codes.duplicateSessionId.code,
          message: `session id ${shownId} is also used in ${others[0]!.file.path}${others.length > 1 ? ` and ${others.length - 1} more` : ''}; ids are primary keys across the bundle, and neither copy carries the merge stamps (merged_from, merged_at, approved_by) that make one the merged copy of the other`,
          related: others.slice(0, relatedShown).map((x) => related(x, x.session.idRange, `the same id in ${x.file.path}`)),
        },
      });
    }
  }
  for (const { copy, original } of mergePairs(list)) {
    const a = digests.get(copy.file.name)?.get(id);
    const b = digests.get(original.file.name)?.get(id);
    if (a === undefined || b === undefined || a === b) continue;
    out.push({
      file: copy.file,
      finding: {
        range: copy.session.idRange,
        severity: codes.editedAfterMerge.severity,
        code: codes.editedAfterMerge.code,
        message: `this merged copy of session ${shownId} differs from its original in ${original.file.path} apart from the merge stamps: one of them was edited after the merge`,
        related: [related(original, original.session.headerRange, `the original in ${original.file.path}`)],
      },
    });
  }
  return out;
}

function related(o: Occurrence, range: Range, message: string): RelatedInformation {
  return { file: o.file.name, range, message };
}

/** The rules about one file alone: its kind and place, its branch's file name, its sessions' stamps. */
function fileRules(file: BundleFile): Finding[] {
  const out: Finding[] = [];
  const tier = tierOf(file.path);
  if (isMarkdown(file.path)) {
    out.push({
      range: top,
      severity: codes.markdownInPrompts.severity,
      code: codes.markdownInPrompts.code,
      message: 'a Markdown file under prompts/ is rejected: specs are .md files under docs/, and prompts/ holds only .prompts files',
    });
  }
  if (tier === 'pending') {
    out.push({
      range: top,
      severity: codes.pendingReview.severity,
      code: codes.pendingReview.code,
      message: 'this file awaits review in prompts/curated/_pending/: `spec prompts check --ci` fails while that folder holds a file, so it cannot merge unreviewed',
    });
  }
  const facts = file.facts;
  if (!facts) return out;
  const branch = facts.branch;
  if (tier === 'root' && branch && branch.value.trim() !== '') {
    const expected = branchFileName(branch.value);
    const actual = file.path.slice('prompts/'.length);
    if (expected !== actual) {
      out.push({
        range: branch.range,
        severity: codes.branchFileName.severity,
        code: codes.branchFileName.code,
        message:
          expected === undefined
            ? `the branch name ${JSON.stringify(branch.value)} has no character a file name keeps ([a-z0-9._-]), so it has no branch file`
            : `this file holds branch ${JSON.stringify(branch.value)}, whose file is prompts/${expected}, not ${file.path}`,
        ...(expected !== undefined && { data: { expected: `prompts/${expected}` } }),
      });
    }
  }
  for (const s of facts.sessions) {
    const present = mergeStamps.filter((k) => s.stamps[k] !== undefined);
    if (present.length === 0 || present.length === mergeStamps.length) continue;
    const missing = mergeStamps.filter((k) => s.stamps[k] === undefined);
    out.push({
      range: s.stamps[present[0]!]!,
      severity: codes.partialMergeStamps.severity,
      code: codes.partialMergeStamps.code,
      message: `${list(present)} ${present.length === 1 ? 'is' : 'are'} here but ${list(missing)} ${missing.length === 1 ? 'is' : 'are'} not: the merge writes merged_from, merged_at and approved_by together, and capture none of them`,
    });
  }
  return out;
}

function list(keys: readonly string[]): string {
  return keys.length === 1 ? keys[0]! : `${keys.slice(0, -1).join(', ')} and ${keys[keys.length - 1]}`;
}

