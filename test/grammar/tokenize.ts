// Tokenizes text with our TextMate grammars through VS Code's own engine
// (vscode-textmate on vscode-oniguruma), so grammar tests assert the scopes
// the editor will really assign. Grammars are found through package.json's
// `contributes.grammars`, the same mapping VS Code uses.

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import * as textmate from 'vscode-textmate';
import { repoRoot } from '../support/paths';

/** One token: its text and its scopes, outermost (`source.*`) first. */
export type Token = readonly [text: string, scopes: readonly string[]];

/** How a theme paints a piece of text. */
export interface Style {
  readonly foreground: string;
  readonly bold: boolean;
}

export type LanguageId = 'loom-pack' | 'spec-prompts';

interface GrammarContribution {
  readonly language: string;
  readonly scopeName: string;
  readonly path: string;
}

export function grammarContributions(): readonly GrammarContribution[] {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    contributes: { grammars: GrammarContribution[] };
  };
  return manifest.contributes.grammars;
}

let onigLib: Promise<textmate.IOnigLib> | undefined;

function loadOnigLib(): Promise<textmate.IOnigLib> {
  onigLib ??= (async () => {
    const wasm = readFileSync(path.join(repoRoot, 'node_modules', 'vscode-oniguruma', 'release', 'onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    return {
      createOnigScanner: (patterns) => oniguruma.createOnigScanner(patterns),
      createOnigString: (text) => oniguruma.createOnigString(text),
    };
  })();
  return onigLib;
}

function createRegistry(theme?: textmate.IRawTheme): textmate.Registry {
  const byScope = new Map(grammarContributions().map((g) => [g.scopeName, g.path]));
  return new textmate.Registry({
    onigLib: loadOnigLib(),
    ...(theme === undefined ? {} : { theme }),
    loadGrammar: async (scopeName) => {
      const file = byScope.get(scopeName);
      if (file === undefined) return null;
      const fullPath = path.join(repoRoot, file);
      return textmate.parseRawGrammar(readFileSync(fullPath, 'utf8'), fullPath);
    },
  });
}

let plainRegistry: textmate.Registry | undefined;

async function grammarFor(registry: textmate.Registry, language: LanguageId): Promise<textmate.IGrammar> {
  const contribution = grammarContributions().find((g) => g.language === language);
  if (contribution === undefined) throw new Error(`package.json contributes no grammar for ${language}`);
  const grammar = await registry.loadGrammar(contribution.scopeName);
  if (grammar === null) throw new Error(`grammar ${contribution.scopeName} did not load`);
  return grammar;
}

/** Lines the way VS Code feeds them to a grammar: without `\n` or `\r\n`. */
function linesOf(source: string): string[] {
  return source.split(/\r?\n/);
}

/**
 * Tokens of a line or a whole document, in order, with the rule stack
 * carried from one line to the next so multi-line constructs work. Empty
 * tokens (VS Code's end-of-line marker on empty lines) are dropped.
 */
export async function tokenize(language: LanguageId, source: string): Promise<Token[]> {
  return (await tokenizeLines(language, source)).flat();
}

/** Like `tokenize`, grouped per line. */
export async function tokenizeLines(language: LanguageId, source: string): Promise<Token[][]> {
  plainRegistry ??= createRegistry();
  const grammar = await grammarFor(plainRegistry, language);
  let stack = textmate.INITIAL;
  return linesOf(source).map((line) => {
    const result = grammar.tokenizeLine(line, stack);
    stack = result.ruleStack;
    return result.tokens
      .map((t): Token => [line.slice(t.startIndex, t.endIndex), t.scopes])
      .filter(([text]) => text.length > 0);
  });
}

// Layout of the metadata word vscode-textmate packs per token
// (EncodedTokenAttributes): font style in bits 11-14, foreground in 15-23.
const FONT_STYLE_OFFSET = 11;
const FONT_STYLE_BOLD = 2;
const FOREGROUND_OFFSET = 15;
const FOREGROUND_MASK = 0x1ff;

/** A document as `theme` paints it; see `styleOf`. */
export interface Painted {
  /** The document's lines joined with `\n`. */
  readonly text: string;
  /** Per character of `text`, the style of the token it belongs to. */
  readonly styles: readonly Style[];
}

/**
 * Colours and boldness `theme` gives a document. vscode-textmate merges
 * neighbouring tokens that look alike, so styles are kept per character.
 */
export async function colorize(language: LanguageId, source: string, theme: textmate.IRawTheme): Promise<Painted> {
  const registry = createRegistry(theme);
  const grammar = await grammarFor(registry, language);
  const colors = registry.getColorMap();
  const lines = linesOf(source);
  const styles: Style[] = [];
  let stack = textmate.INITIAL;
  for (const line of lines) {
    const result = grammar.tokenizeLine2(line, stack);
    stack = result.ruleStack;
    for (let i = 0; i < result.tokens.length; i += 2) {
      const start = result.tokens[i] ?? 0;
      const end = Math.min(result.tokens[i + 2] ?? line.length, line.length);
      const metadata = result.tokens[i + 1] ?? 0;
      const style: Style = {
        foreground: (colors[(metadata >>> FOREGROUND_OFFSET) & FOREGROUND_MASK] ?? '').toLowerCase(),
        bold: (((metadata >>> FONT_STYLE_OFFSET) & 0xf) & FONT_STYLE_BOLD) !== 0,
      };
      for (let c = start; c < end; c++) styles.push(style);
    }
    styles.push({ foreground: '', bold: false });
  }
  return { text: lines.join('\n'), styles };
}

/**
 * The style of the `nth` (0-based) occurrence of `needle` in a painted
 * document. Throws when the needle is missing or not painted in one style.
 */
export function styleOf(painted: Painted, needle: string, nth = 0): Style {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = painted.text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`occurrence #${nth} of ${JSON.stringify(needle)} not found`);
  }
  const styles = painted.styles.slice(at, at + needle.length);
  const first = styles[0];
  if (first === undefined) throw new Error(`no style at ${at}`);
  for (const style of styles) {
    if (style.foreground !== first.foreground || style.bold !== first.bold) {
      throw new Error(`${JSON.stringify(needle)} is painted in more than one style`);
    }
  }
  return first;
}

/**
 * Scopes of the `nth` (0-based) token whose text is exactly `text`.
 * Throws with the whole token list when there is no such token, so a
 * failing test shows what the grammar produced instead.
 */
export function scopesOf(tokens: readonly Token[], text: string, nth = 0): readonly string[] {
  const found = tokens.filter(([t]) => t === text)[nth];
  if (found === undefined) {
    const listing = tokens.map(([t, scopes]) => `${JSON.stringify(t)} ${scopes.join(' ')}`).join('\n');
    throw new Error(`no token #${nth} with text ${JSON.stringify(text)} in:\n${listing}`);
  }
  return found[1];
}
