// `npm run stress`: the huge and odd files of the reliability issue through
// the real server over stdio, one fresh server per case: a 100 MB `.prompts`
// file under the default size limit (refused with one note) and with the
// limit raised (checked whole), a single 10 MB line in each language, a
// 512 KiB turn, and a binary file named `.pack`. For each: the time until
// its diagnostics arrive, what they say, the slowest answer to a hover on
// a small document asked meanwhile (is the server still responsive?), the
// time until that small document opened after the big one gets its own
// diagnostics, and the server's memory (RSS, peak seen while it worked).
// `node scripts/stress.mjs [case...]` runs only the cases named.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import * as path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
for (const [cmd, args] of [[process.execPath, ['scripts/build.mjs']], ['npx', ['tsc', '-b']]]) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const require = createRequire(import.meta.url);
const { LspSession } = require(path.join(root, 'out/test/support/lspSession.js'));
const { generatePrompts } = require(path.join(root, 'out/test/support/promptsGenerator.js'));
const { minimalValid } = require(path.join(root, 'out/test/support/promptsFixtures.js'));
const { validationStatsRequest } = require(path.join(root, 'out/src-shared/protocol/common.js'));

const MB = 1024 * 1024;
const packHead = '%% loom-prompt-pack 1\n%% version v1\n%% section identity\n';

/** A generated capture of about `bytes`, by repeating a generated one with fresh session ids. */
function promptsOfSize(bytes) {
  const unit = generatePrompts({ sessions: 40, turns: 20, verbose: true, seed: 5 });
  const [head, ...sessions] = unit.split('\n[[sessions]]\n');
  const body = sessions.join('\n[[sessions]]\n');
  const parts = [head];
  let size = head.length;
  for (let i = 0; size < bytes; i++) {
    const copy = `\n[[sessions]]\n${body.replace(/^id = "([^"]*)"/gm, (_, id) => `id = "${id}-${i}"`)}`;
    parts.push(copy);
    size += copy.length;
  }
  return parts.join('');
}

const cases = {
  'prompts-100mb-default-limit': () => ({ language: 'spec-prompts', ext: 'prompts', text: promptsOfSize(100 * MB), settings: {} }),
  'prompts-100mb-checked': () => ({ language: 'spec-prompts', ext: 'prompts', text: promptsOfSize(100 * MB), settings: { maxFileSizeMB: 200 } }),
  'prompts-10mb-line': () => ({ language: 'spec-prompts', ext: 'prompts', text: minimalValid.replace('text = "Hello"', `text = "${'a'.repeat(10 * MB)}"`), settings: {} }),
  'pack-10mb-line': () => ({ language: 'loom-pack', ext: 'pack', text: `${packHead}Root: {workspace}. ${'Be terse and careful. '.repeat(Math.ceil((10 * MB) / 22))}\n`, settings: {} }),
  'pack-10mb-line-of-placeholders': () => ({ language: 'loom-pack', ext: 'pack', text: `${packHead}${'Be terse {workspace} '.repeat(Math.ceil((10 * MB) / 21))}\n`, settings: {} }),
  'prompts-50mb-of-empty-sessions': () => ({ language: 'spec-prompts', ext: 'prompts', text: '[[sessions]]\n'.repeat(Math.ceil((49 * MB) / 13)), settings: {} }),
  'prompts-512kib-turn': () => ({ language: 'spec-prompts', ext: 'prompts', text: minimalValid.replace('text = "Hello"', `text = "${'a'.repeat(512 * 1024 + 1)}"`), settings: {} }),
  'pack-binary': () => ({ language: 'loom-pack', ext: 'pack', text: randomBytes(MB).toString('latin1'), settings: {} }),
};

async function runCase(name) {
  const input = cases[name]();
  const session = await LspSession.start({ settings: input.settings });
  const stats = () => session.request(validationStatsRequest, {});
  try {
    const small = 'file:///stress/small.prompts';
    await session.open(small, 'spec-prompts', minimalValid);
    await session.diagnosticsAt(small, 1);
    const idleRss = (await stats()).memory.rss;
    const uri = `file:///stress/big.${input.ext}`;
    const began = performance.now();
    const published = session.diagnosticsAt(uri, 1).then((d) => ({ diagnostics: d, ms: performance.now() - began }));
    await session.open(uri, input.language, input.text);
    // A second small document opened after the big one: when does it get its diagnostics?
    const second = 'file:///stress/second.prompts';
    await session.open(second, 'spec-prompts', minimalValid);
    const secondMs = session.diagnosticsAt(second, 1).then(() => performance.now() - began);
    let done;
    void published.then((p) => (done = p));
    let slowestHover = 0;
    let peakRss = idleRss;
    let hovers = 0;
    while (!done) {
      const t = performance.now();
      await session.request('textDocument/hover', { textDocument: { uri: small }, position: { line: 0, character: 1 } });
      slowestHover = Math.max(slowestHover, performance.now() - t);
      hovers++;
      peakRss = Math.max(peakRss, (await stats()).memory.rss);
      await new Promise((r) => setTimeout(r, 20));
    }
    const after = await stats();
    const counts = {};
    for (const d of done.diagnostics) counts[d.code] = (counts[d.code] ?? 0) + 1;
    return {
      case: name,
      sizeMB: +(input.text.length / MB).toFixed(1),
      diagnosticsMs: Math.round(done.ms),
      secondSmallDocMs: Math.round(await secondMs),
      slowestHoverMs: Math.round(slowestHover),
      hoversAnswered: hovers,
      idleRssMB: Math.round(idleRss / MB),
      peakRssMB: Math.round(Math.max(peakRss, after.memory.rss) / MB),
      diagnostics: Object.entries(counts).map(([c, n]) => `${n}× ${c}`).join(', ') || 'none',
    };
  } finally {
    await session.stop();
  }
}

const chosen = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(cases);
for (const name of chosen) {
  if (!cases[name]) {
    process.stderr.write(`no case ${name}; cases: ${Object.keys(cases).join(', ')}\n`);
    process.exit(2);
  }
  const result = await runCase(name);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
