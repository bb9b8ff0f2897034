// Invisible characters in a `.prompts` file's string values and keys: bidi
// controls and zero-width characters (text/invisibleChars.ts). One finding
// per run of them, on its exact source characters (an escape such as
// `\u202E` is covered whole), naming each one and what it can do to a
// reader. Removing the finding's range is the fix; inside a session it is a
// hand edit, recorded in [[edits]] (handEdits/fixes.ts). Validation hands
// this check only the strings and keys the secret scan's one search noted
// holding such a character (checkSecrets.ts).

import { describeInvisible, findInvisible, invisibleEffect, type InvisibleRun } from '../../text/invisibleChars';
import type { Block } from '../toml/block';
import type { PathSegment } from '../toml/tableView';
import { promptsCodes as codes } from './codes';
import type { Report } from './report';
import { keyOf, keySpans, stringSpans, type StringVisitor } from './valueWalk';

/** What an invisible-characters finding carries: `removable` when its range is exactly the characters. */
export interface InvisibleData {
  readonly removable: boolean;
}

/** The check for one string or key at a time: what validation hands the secret check's walk (checkSecrets.ts). */
export function invisibleVisitor(report: Report, block: Block): StringVisitor {
  return {
    string: (v, path) => {
      const found = findInvisible(v);
      if (found.length > 0) reportInString(report, block, path, found);
    },
    key: (key, path) => {
      const found = findInvisible(key);
      if (found.length > 0) reportInKey(report, block, path, key, found);
    },
  };
}

function reportInString(report: Report, block: Block, path: readonly PathSegment[], found: readonly InvisibleRun[]): void {
  const { spans, fallback } = stringSpans(block, path, found);
  // The [[edits]] log is append-only: the finding stands there, but nothing offers to change it.
  const inLog = block.rootKey === 'edits';
  found.forEach((run, i) => {
    const exact = spans[i];
    const data: InvisibleData = { removable: exact !== undefined && !inLog };
    report.add(codes.invisibleCharacters, block, exact ?? fallback, `${keyOf(path)} holds ${describeInvisible(run.chars)}, which ${invisibleEffect(run.chars)}; remove it`, { data });
  });
}

function reportInKey(report: Report, block: Block, path: readonly PathSegment[], key: string, found: readonly InvisibleRun[]): void {
  const { spans } = keySpans(block, path, key, found);
  // A key is renamed by hand, never by a fix: a changed key is a different field.
  found.forEach((run, i) => {
    report.add(codes.invisibleCharacters, block, spans[i]!, `a key name holds ${describeInvisible(run.chars)}, which ${invisibleEffect(run.chars)}; rename the key`, {
      data: { removable: false } satisfies InvisibleData,
    });
  });
}
