// Writes test/fixtures/toml-test/cases.json: the TOML files of toml-test
// (github.com/toml-lang/toml-test, MIT licence) that its 1.0.0 and 1.1.0
// lists name, each once, with the lists it is on and whether it is a valid
// or an invalid case there. The source is a git directory of toml-test;
// the file records the commit it was read at. Texts that are not UTF-8
// (the encoding cases) are kept as base64.
//
//   node scripts/tomlTestCases.mjs <toml-test git dir> [commit]
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const [gitDir, rev = 'HEAD'] = process.argv.slice(2);
if (!gitDir) {
  console.error('usage: node scripts/tomlTestCases.mjs <toml-test git dir> [commit]');
  process.exit(2);
}
const git = (...args) => execFileSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 1 << 26 });
const commit = git('rev-parse', `${rev}^{commit}`).toString().trim();
const lists = { '1.0.0': 'tests/files-toml-1.0.0', '1.1.0': 'tests/files-toml-1.1.0' };

/** path → the lists naming it */
const onLists = new Map();
for (const [version, file] of Object.entries(lists)) {
  for (const line of git('show', `${commit}:${file}`).toString().split('\n')) {
    if (!line.endsWith('.toml')) continue;
    if (!onLists.has(line)) onLists.set(line, []);
    onLists.get(line).push(version);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const cases = [...onLists.keys()].sort().map((path) => {
  const bytes = git('show', `${commit}:tests/${path}`);
  let text;
  try {
    text = utf8.decode(bytes);
  } catch {
    text = undefined;
  }
  return {
    path,
    valid: path.startsWith('valid/'),
    lists: onLists.get(path),
    ...(text === undefined ? { base64: bytes.toString('base64') } : { text }),
  };
});

const about =
  `TOML test cases of toml-test (github.com/toml-lang/toml-test at ${commit}, MIT licence, Copyright (c) 2018 TOML authors): ` +
  'every tests/<path> that tests/files-toml-1.0.0 or tests/files-toml-1.1.0 names, with the lists naming it. ' +
  'Written by scripts/tomlTestCases.mjs; texts that are not UTF-8 are base64.';
writeFileSync(new URL('../test/fixtures/toml-test/cases.json', import.meta.url), `${JSON.stringify({ about, commit, cases }, null, 0).replace(/\},\{"path"/g, '},\n{"path"')}\n`);
console.log(`${cases.length} cases from ${commit}`);
