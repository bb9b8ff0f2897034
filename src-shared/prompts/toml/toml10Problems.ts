// What TOML 1.1 allows and TOML 1.0 does not, as the messages of
// `prompts/toml-syntax` name it: the words both finders of these
// (the split's scan, scanner.ts, and the lexer of toml10.ts) report.

/** Where a text smol-toml accepted stops being TOML 1.0 (an offset), and why. */
export interface Toml10Problem {
  readonly at: number;
  readonly message: string;
}

export const toml11Only = {
  newlineInInlineTable: 'a newline inside an inline table is TOML 1.1; upstream reads TOML 1.0 (write the inline table on one line, or as a [table])',
  trailingComma: 'a trailing comma in an inline table is TOML 1.1; upstream reads TOML 1.0',
  hexEscape: 'the escape \\xHH is TOML 1.1; upstream reads TOML 1.0 (write \\u00HH)',
  escapeEscape: 'the escape \\e is TOML 1.1; upstream reads TOML 1.0 (write \\u001B)',
  timeWithoutSeconds: 'a time without seconds is TOML 1.1; upstream reads TOML 1.0 (write HH:MM:00)',
} as const;
