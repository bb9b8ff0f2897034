// Writes test/fixtures/gitleaks/samples.json from a gitleaks checkout:
// every rule's true positives (`tps`) and false positives (`fps`) as its
// generator (cmd/generate/config/rules/*.go) lists them, and the rule as
// the generated config (config/gitleaks.toml) states it, for the emulation
// in bench/scannerSamples.ts. Samples are base64 so this repository holds
// no string a scanner reads as a live token.
//
//   node scripts/scannerSamples/extract.mjs <gitleaks git dir or work tree> [commit]
//
// The path may be a bare mirror (the search tool's fetch gives one): files
// are read with `git show <commit>:<path>`.

import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { rulesOfFile } from './goSource.mjs';

const [repo, commitArg = 'HEAD'] = process.argv.slice(2);
if (!repo) {
  console.error('usage: node scripts/scannerSamples/extract.mjs <gitleaks git dir> [commit]');
  process.exit(2);
}
const git = (...args) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
const commit = git('rev-parse', commitArg).trim();
const rulesDir = 'cmd/generate/config/rules/';
const files = git('ls-tree', '--name-only', commit, rulesDir)
  .trim()
  .split('\n')
  .filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'));
const config = parse(git('show', `${commit}:config/gitleaks.toml`));
const configRules = new Map(config.rules.map((r) => [r.id, r]));

const b64 = (s) => Buffer.from(s, 'utf8').toString('base64');
const rules = [];
for (const file of files) {
  for (const r of rulesOfFile(git('show', `${commit}:${file}`), file)) {
    const c = configRules.get(r.id);
    rules.push({
      id: r.id,
      file: path.posix.basename(file),
      // A sample holding a string drawn from a regex (gitleaks' `secrets.NewSecret`) is marked `drawn`: fixed here by its seed, random in gitleaks.
      tps: r.tps.map((s) => ({ text: b64(s), ...(r.drawn.some((d) => s.includes(d)) && { drawn: true }) })),
      fps: r.fps.map((s) => ({ text: b64(s), ...(r.drawn.some((d) => s.includes(d)) && { drawn: true }) })),
      ...(r.unread.length > 0 && { unread: r.unread }),
      ...(c ? { config: ruleConfig(c) } : { config: null }),
    });
  }
}
rules.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** What the emulation needs of a config rule: its regex, secret group, entropy, keywords and allowlists (regexes and stopwords base64 too: they hold example keys). */
function ruleConfig(c) {
  return {
    regex: c.regex === undefined ? null : b64(c.regex),
    ...(c.secretGroup !== undefined && { secretGroup: c.secretGroup }),
    ...(c.entropy !== undefined && { entropy: c.entropy }),
    keywords: c.keywords ?? [],
    ...(c.path !== undefined && { path: c.path }),
    allowlists: (c.allowlists ?? []).map(allowlist),
  };
}

function allowlist(a) {
  return {
    ...(a.condition && { condition: a.condition }),
    ...(a.regexTarget && { regexTarget: a.regexTarget }),
    regexes: (a.regexes ?? []).map(b64),
    paths: (a.paths ?? []).map(b64),
    stopwords: (a.stopwords ?? []).map(b64),
  };
}

const out = {
  about: `True and false positive samples of gitleaks' rules (github.com/gitleaks/gitleaks at ${commit}, MIT licence: ${rulesDir}*.go, each rule's tps and fps, and config/gitleaks.toml for the rules' regexes, entropy, keywords and allowlists). Written by scripts/scannerSamples/extract.mjs; texts base64 so that this repository holds no token a scanner reads. utils.GenerateSampleSecrets(id, s) is taken once, in gitleaks' one-line form \`<id>_api_token = "<s>"\`; secrets.NewSecret(regex) is a string drawn from the regex by a generator seeded with the rule id and the draw's place (marked drawn).`,
  source: { repository: 'gitleaks/gitleaks', commit },
  globalAllowlist: allowlist(config.allowlist ?? {}),
  rules,
};
const target = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'test', 'fixtures', 'gitleaks', 'samples.json');
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, `${JSON.stringify(out, null, 1)}\n`);
const count = (k) => rules.reduce((n, r) => n + r[k].length, 0);
console.log(`${rules.length} rules, ${count('tps')} true and ${count('fps')} false positives from ${commit} -> ${path.relative(process.cwd(), target)}`);
for (const r of rules) if (r.unread) console.log(`  ${r.id}: not read: ${r.unread.join('; ')}`);
