// A deterministic generator of large, valid `.prompts` files, shaped like
// the capture writer's output (every tool, sorted UTC timestamps, multi-line
// texts with escapes and non-ASCII), for tests that need big inputs without
// reading anything outside the repository.

export interface GeneratorOptions {
  readonly sessions: number;
  readonly turns: number;
  /** Sessions with `verbose = true`, whose assistant turns carry text. */
  readonly verbose?: boolean;
  readonly seed?: number;
}

const words = (
  'the a module test refactor extract keep public interface billing tax invoice parser render section ' +
  'placeholder environment cache prefix stable session compile build graph review merge branch redact ' +
  'summary lesson outcome shipped ordering determinism capture validator schema field turn über café ' +
  'naïve 日本語 ✓ → «quoted» "double" \'single\' back\\slash [[sessions]] key = "x" """ \'\'\''
).split(' ');

const paths = ['src/a.ts', 'billing/tax.py', 'server/pack.gleam', 'docs/README.md'];

export function generatePrompts(options: GeneratorOptions): string {
  let seed = (options.seed ?? 1) >>> 0 || 1;
  const rand = (): number => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
  const sentence = (n: number): string => Array.from({ length: n }, () => pick(words)).join(' ') + '.';
  const paragraph = (n: number): string => Array.from({ length: n }, () => sentence(int(6, 14))).join('\n');
  const basic = (s: string): string => JSON.stringify(s);
  // Escape backslashes, and every quote, so no run of three quotes can close the string.
  const multiline = (s: string): string => '"""\n' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '\n"""';
  const hex = (n: number): string => Array.from({ length: n }, () => '0123456789abcdef'[int(0, 15)]).join('');
  const stamp = (epoch: number): string => new Date(epoch * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

  const toolArgs: Record<string, () => string> = {
    Read: () => `{ path = ${basic(pick(paths))}, offset = ${int(0, 400)}, limit = ${int(10, 200)} }`,
    Glob: () => `{ pattern = "**/*.ts", target_directory = "src" }`,
    Grep: () => `{ pattern = ${basic(pick(words))}, path = "src/", glob = "*.ts", type = "ts", output_mode = "content" }`,
    Shell: () => `{ command = ${basic('npm test -- ' + pick(words))}, cwd = "/repo", exit = ${pick([0, 1])} }`,
    Bash: () => `{ command = "ls -la" }`,
    Write: () => `{ path = ${basic(pick(paths))}, bytes = ${int(100, 90000)} }`,
    Edit: () => `{ path = ${basic(pick(paths))}, old_head = "def total(", new_head = "from .tax import total" }`,
    StrReplace: () => `{ path = ${basic(pick(paths))}, old_head = "a", new_head = "b" }`,
    Delete: () => `{ path = ${basic(pick(paths))} }`,
    WebFetch: () => `{ url = "https://example.com/docs" }`,
    WebSearch: () => `{ search_term = ${basic(sentence(3))} }`,
    Task: () => `{ subagent_type = "explore", description = ${basic(sentence(5))}, model = "claude-sonnet-4-6" }`,
    TodoWrite: () => `{ todos = [{ id = "1", content = ${basic(sentence(4))}, status = "pending" }] }`,
  };

  const out: string[] = ['schema = "spec.prompts/v0.1"', '', '# Generated for tests.', ''];
  out.push('[commit]', 'branch = "main"', `message = ${basic(sentence(6))}`, 'committed_at = 2026-04-21T11:58:03Z');
  out.push('author_name = "Alice Chen"', 'author_email = "alice@example.com"', 'author_username = "alicec"', '');
  let clock = 1776000000;
  const ids: string[] = [];
  for (let s = 0; s < options.sessions; s++) {
    const id = `${hex(8)}-${hex(4)}-${hex(4)}`;
    ids.push(id);
    clock += int(600, 7200);
    out.push('[[sessions]]', `id = ${basic(id)}`, `source = ${basic(pick(['claude_code', 'cursor', 'codex', 'compress', 'manual']))}`);
    out.push(`started_at = ${stamp(clock)}`, `title = ${basic(sentence(4))}`, `summary = ${multiline(paragraph(2))}`);
    out.push(`tags = [${[...new Set([pick(words), pick(words)])].map(basic).join(', ')}]`, `outcome = "shipped"`);
    if (options.verbose) out.push('verbose = true');
    out.push('', '  [sessions.commit]', `  commit_sha = ${basic(hex(40))}`, '');
    for (let t = 0; t < options.turns; t++) {
      clock += int(5, 120);
      if (t % 2 === 0) {
        out.push('  [[sessions.turns]]', '  role = "user"', `  at = ${stamp(clock)}`, `  text = ${multiline(paragraph(int(1, 8)))}`, '');
        continue;
      }
      out.push('  [[sessions.turns]]', '  role = "assistant"', `  at = ${stamp(clock)}`, '  model = "claude-sonnet-4-6"', `  summary = ${basic(sentence(8))}`);
      if (options.verbose) out.push(`  text = ${multiline(paragraph(int(1, 8)))}`);
      out.push('');
      for (let c = int(0, 3); c > 0; c--) {
        const name = pick(Object.keys(toolArgs));
        out.push('    [[sessions.turns.tool_calls]]', `    name = ${basic(name)}`, `    args = ${toolArgs[name]!()}`, `    status = ${basic(pick(['ok', 'error']))}`, '');
      }
    }
  }
  for (let e = 0; e < Math.max(1, Math.floor(options.sessions / 10)); e++) {
    out.push('[[edits]]', `at = ${stamp(clock + 60 * (e + 1))}`, 'by = "alice@example.com"', `sessions = [${basic(pick(ids))}]`);
    out.push(`turns = [${int(0, Math.max(0, options.turns - 1))}]`, `reason = ${basic('Redacted ' + sentence(3))}`, '');
  }
  return out.join('\n');
}
