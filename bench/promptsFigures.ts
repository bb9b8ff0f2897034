// In-process figures for one `.prompts` input: smol-toml's bare parse (a),
// our whole validation (b), the hand-edit diff (c), @iarna/toml (d) and
// toml-eslint-parser (e), the positions-aware parser a TOML linter builds
// on; and the one-keystroke path of the editor (update the model, validate)
// on its own.

import * as iarna from '@iarna/toml';
import { parse as smolParse } from 'smol-toml';
import { parseTOML } from 'toml-eslint-parser';
import { checkPrompts } from '../src-shared/prompts/rules/check';
import type { Block } from '../src-shared/prompts/toml/block';
import { finish, parsePrompts, parsePromptsInSteps } from '../src-shared/prompts/toml/document';
import { checkHandEdits } from '../src-shared/prompts/handEdits/check';
import { updatePrompts } from '../src-shared/prompts/toml/incremental';
import { checkBlockOnce, validatePrompts } from '../src-shared/prompts/rules/validate';
import { type Figure, keep, measure, median, type Plan } from './measure';
import { middleTurnText, withOneTurnChanged } from './promptsInput';

export interface PromptsFigures {
  readonly input: string;
  /** Length in UTF-16 units, the size the parsers see (and MB/s counts). */
  readonly size: number;
  readonly bytes: number;
  readonly findings: number;
  readonly smolToml: Figure;
  /** checkPrompts: parse and every check (each block checked as it is parsed), as the command line runs it and the server on opening. */
  readonly validation: Figure;
  /** The same, plus every block's position index and line starts built as it is parsed (the server builds them lazily, where a finding or a feature needs them). */
  readonly validationWithIndex: Figure;
  /** The hand-edit diff of the file against itself with one turn changed, both parsed beforehand (or why it is n/a). */
  /** `checkHandEdits(baseline, current)`, one user turn changed, both documents parsed beforehand. */
  readonly handEdits: Figure;
  /** Which function the hand-edit figure measured. */
  readonly iarnaToml: Figure;
  readonly tomlEslintParser: Figure;
  /** (b)/(a) and (b)/(e), as ratios of the median wall-clock times, and of the median CPU times. */
  readonly ratios: {
    readonly validationOverSmolToml: number;
    readonly validationOverTomlEslintParser: number;
    readonly cpuValidationOverSmolToml: number;
    readonly cpuValidationOverTomlEslintParser: number;
  };
  /** One character typed inside a turn: `updatePrompts` then `validatePrompts` on the updated model (median of `keystrokes`). */
  readonly keystroke: { readonly ms: number; readonly keystrokes: number };
}

const options = { strictUnknownTools: false };

export function promptsFigures(input: string, text: string, plan: Plan): PromptsFigures {
  const size = text.length;
  const smolToml = measure(size, plan, () => smolParse(text));
  const validation = measure(size, plan, () => checkPrompts(text, options));
  const validationWithIndex = measure(size, plan, () => {
    const indexed = (block: Block): void => {
      checkBlockOnce(block, options);
      keep(block.root);
      block.positionAt(block.text.length);
    };
    return validatePrompts(finish(parsePromptsInSteps(text, indexed)), options);
  });
  const baseline = parsePrompts(text);
  const edited = parsePrompts(withOneTurnChanged(text));
  const handEdits = measure(size, plan, () => checkHandEdits(baseline, edited));
  const iarnaToml = measure(size, plan, () => iarna.parse(text));
  const tomlEslintParser = measure(size, plan, () => parseTOML(text));
  return {
    input,
    size,
    bytes: Buffer.byteLength(text),
    findings: validatePrompts(parsePrompts(text), options).length,
    smolToml,
    validation,
    validationWithIndex,
    handEdits,
    iarnaToml,
    tomlEslintParser,
    ratios: {
      validationOverSmolToml: validation.ms / smolToml.ms,
      validationOverTomlEslintParser: validation.ms / tomlEslintParser.ms,
      cpuValidationOverSmolToml: validation.cpuMs / smolToml.cpuMs,
      cpuValidationOverTomlEslintParser: validation.cpuMs / tomlEslintParser.cpuMs,
    },
    keystroke: keystroke(text, 25),
  };
}

/** Types `n` characters, one at a time, into the text of a user turn in the middle of the file. */
function keystroke(text: string, n: number): { ms: number; keystrokes: number } {
  let doc = parsePrompts(text);
  validatePrompts(doc, options);
  let at = middleTurnText(text);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const began = performance.now();
    doc = updatePrompts(doc, { start: at, end: at, text: 'x' });
    keep(validatePrompts(doc, options));
    times.push(performance.now() - began);
    at++;
  }
  return { ms: median(times), keystrokes: n };
}
