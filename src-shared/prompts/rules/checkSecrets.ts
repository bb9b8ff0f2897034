// Secrets (FORMATS.md B.4) in every string value of a block: a warning on
// the exact characters of the match in the source, escapes included, that
// never repeats the secret. Replacing the finding's range with `[REDACTED]`
// is the fix: the range always covers whole escape sequences, so the string
// literal stays well-formed.

import type { TomlValue } from 'smol-toml';
import type { Block } from '../toml/block';
import { promptsCodes as codes } from './codes';
import type { Report } from './report';
import { findSecrets, redaction, type SecretMatch } from './secrets';
import { nodeAt, type Span, TableNode } from '../toml/syntaxTree';
import { sourceSpansOfValue } from '../toml/strings';
import type { PathSegment } from '../toml/tableView';
import { isTable } from '../toml/valueTypes';

export function checkSecrets(report: Report, block: Block): void {
  const path: PathSegment[] = [];
  const walk = (v: TomlValue): void => {
    if (typeof v === 'string') {
      const found = findSecrets(v);
      if (found.length > 0) reportSecrets(report, block, path, found);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => {
        path.push(i);
        walk(item);
        path.pop();
      });
    } else if (isTable(v)) {
      for (const key of Object.keys(v)) {
        path.push(key);
        walk(v[key]!);
        path.pop();
      }
    }
  };
  if (block.value) walk(block.value);
}

function reportSecrets(report: Report, block: Block, path: readonly PathSegment[], found: readonly SecretMatch[]): void {
  const node = nodeAt(block.root, path);
  const key = [...path].reverse().find((p) => typeof p === 'string') ?? 'a value';
  const spans = node && !(node instanceof TableNode) && node.kind === 'string' ? sourceSpansOfValue(block.text, node, node.style, found) : [];
  found.forEach((m, i) => {
    const exact = spans[i];
    // Without the exact characters (the index and the parser disagree) the value is shown, but no redaction is offered.
    const span: Span = exact ?? (node instanceof TableNode ? node.span : (node ?? block.headers[0] ?? { start: 0, end: 0 }));
    report.add(codes.secret, block, span, `\`${key}\` holds ${m.pattern.label}; redact it before this file is shared`, {
      data: { kind: m.pattern.kind, ...(exact && { replacement: redaction }) },
    });
  });
}
