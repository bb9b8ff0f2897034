// Markdown for hovers and completion documentation: code spans that hold
// any text (backticks included) and plain text that cannot turn into
// emphasis, code or links.

/** `text` as a code span, with a fence longer than any backtick run inside. */
export function code(text: string): string {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === '`' ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Plain text (a title, an id) shown as itself. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~]/g, (c) => `\\${c}`);
}
