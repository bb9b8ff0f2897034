// Markdown for hovers and completion documentation: code spans and blocks
// that hold any text (backticks included) without breaking.

/** `text` as a code span, with a fence longer than any backtick run inside. */
export function inlineCode(text: string): string {
  const fence = '`'.repeat(longestRun(text, '`') + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** `text` as a fenced block, with a fence longer than any backtick run inside. */
export function codeBlock(text: string): string {
  const fence = '`'.repeat(Math.max(3, longestRun(text, '`') + 1));
  return `${fence}text\n${text}\n${fence}`;
}

/** Plain text (a label, a name, a title) that Markdown must not read as emphasis, code, a link, a heading or a table. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~]/g, (c) => `\\${c}`);
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}
