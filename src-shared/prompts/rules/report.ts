// Collects the findings of one block's checks, turning block-relative spans
// into document ranges.

import type { Finding, RelatedInformation, Severity } from '../../finding';
import type { Block } from '../toml/block';
import type { PromptsCode } from './codes';
import type { Span } from '../toml/syntaxTree';

export interface FindingExtras {
  readonly severity?: Severity;
  readonly related?: readonly RelatedInformation[];
  readonly data?: unknown;
}

export class Report {
  readonly findings: Finding[] = [];

  add(code: PromptsCode, block: Block, span: Span, message: string, extras: FindingExtras = {}): void {
    this.findings.push({
      range: block.rangeOf(span),
      severity: extras.severity ?? code.severity,
      code: code.code,
      message,
      ...(extras.related && { related: extras.related }),
      ...(extras.data !== undefined && { data: extras.data }),
    });
  }
}
