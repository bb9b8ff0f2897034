// The secret scan's figures for one `.prompts` input: our scan on its own
// (every string value, key and comment of every block, the document parsed
// beforehand), its share of the whole validation, and secretlint's core
// with its recommended preset on the same text, the library the README
// weighed against the table (asynchronous, so measured apart).

import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import { checkSecrets } from '../src-shared/prompts/rules/checkSecrets';
import { Report } from '../src-shared/prompts/rules/report';
import { parsePrompts } from '../src-shared/prompts/toml/document';
import { type Figure, measure, measureAsync, type Plan } from './measure';

export interface SecretFigures {
  /** checkSecrets over every block, the document parsed beforehand. */
  readonly scan: Figure;
  /** Secret findings (and allowed ones) the scan reports. */
  readonly findings: number;
  /** secretlint's lintSource with the recommended preset, on the raw text. */
  readonly secretlint: Figure;
  readonly secretlintFindings: number;
}

const config = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommended }] };

export async function secretFigures(text: string, plan: Plan): Promise<SecretFigures> {
  const doc = parsePrompts(text);
  // The values are parsed lazily: touch them first, so the scan pays for the scan only.
  for (const block of doc.blocks) void block.value;
  const scanAll = (): Report => {
    const report = new Report();
    for (const block of doc.blocks) checkSecrets(report, block);
    return report;
  };
  const scan = measure(text.length, plan, scanAll);
  const lint = () => lintSource({ source: { content: text, filePath: '/bench/input.prompts', ext: '.prompts', contentType: 'text' }, options: { config, maskSecrets: true } });
  const secretlint = await measureAsync(text.length, plan, lint);
  return { scan, findings: scanAll().findings.length, secretlint, secretlintFindings: (await lint()).messages.length };
}
