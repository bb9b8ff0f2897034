// Makes the extension's own strings translatable: every `vscode.l10n.t(…)`
// of the client and `l10n.t(…)` of the server and of the pure core goes
// into l10n/bundle.l10n.json (package.json's `l10n`), the English bundle a
// translator copies to bundle.l10n.<locale>.json. The messages are found
// by `@vscode/l10n-dev` (the extractor VS Code's own extensions use), which
// reads only literal messages: a call whose message is not a literal is
// reported, since it could never be translated.
//
//   node scripts/l10n.mjs           write the bundle
//   node scripts/l10n.mjs --check   exit 1 if it is out of date, or a message is not a literal
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getL10nJson } from '@vscode/l10n-dev';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const sourceDirs = ['client/src', 'server/src', 'src-shared'];
export const bundleFile = path.join(root, 'l10n', 'bundle.l10n.json');

function sourceFiles(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** Each `l10n.t(` whose first argument is not a string literal or an options object: `file:line`. */
export function nonLiteralMessages(files) {
  const found = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(/\bl10n\.t\(\s*/g)) {
      const rest = text.slice(m.index + m[0].length);
      const literal = /^'(?:[^'\\\n]|\\.)*'\s*[,)]/.test(rest) || /^"(?:[^"\\\n]|\\.)*"\s*[,)]/.test(rest) || /^`[^`$]*`\s*[,)]/.test(rest) || /^\{\s*message:\s*['"`]/.test(rest);
      // The declaration of the localizer's own signature is no message.
      const declaration = /^message: string/.test(rest);
      if (!literal && !declaration) found.push(`${file}:${text.slice(0, m.index).split('\n').length}`);
    }
  }
  return found;
}

const importsL10n = /^import\b[^;]*\bfrom\s+['"](?:vscode|@vscode\/l10n)['"]/m;

/**
 * A source as the extractor is given it. It only sees `l10n.t` in a file
 * that imports `l10n` from `vscode` or `@vscode/l10n`; the pure core (and
 * the client's vscode-free rules) take a `Localizer` parameter named
 * `l10n` instead (src-shared/l10n.ts), so such a file is read as if it
 * imported it.
 */
function asExtracted(text) {
  return importsL10n.test(text) ? text : `import * as l10n from '@vscode/l10n';\n${text}`;
}

/** The plain single- or double-quoted messages of `l10n.t(` calls, as a check on what the extractor found. */
function quotedMessages(text) {
  const found = [];
  for (const m of text.matchAll(/\bl10n\.t\(\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")\s*[,)]/g)) found.push((m[1] ?? m[2]).replace(/\\(.)/g, '$1'));
  return found;
}

/** The bundle the sources make now, as the file's text, and what is wrong with the sources' messages. */
export async function bundleText() {
  const files = sourceDirs.flatMap(sourceFiles);
  const texts = files.map((f) => readFileSync(path.join(root, f), 'utf8'));
  // A message is an `l10n.t(` call (a file the extractor reads imports `l10n`, as given it): a file that never
  // says `l10n` holds none, and parsing it is most of the extractor's time.
  const bundle = await getL10nJson(texts.filter((text) => text.includes('l10n')).map((text) => ({ contents: asExtracted(text), extension: '.ts' })));
  const sorted = Object.fromEntries(Object.entries(bundle).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const unseen = [...new Set(texts.flatMap(quotedMessages))].filter((m) => !(m in sorted));
  return { text: `${JSON.stringify(sorted, null, 2)}\n`, nonLiteral: nonLiteralMessages(files), unseen, count: Object.keys(sorted).length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { text, nonLiteral, unseen, count } = await bundleText();
  for (const at of nonLiteral) console.error(`${at}: the message of l10n.t is not a literal, so it cannot be translated`);
  for (const m of unseen) console.error(`the extractor did not find the message ${JSON.stringify(m)}`);
  const wrong = nonLiteral.length + unseen.length;
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(bundleFile, 'utf8');
    } catch (e) {
      if (e.code !== 'ENOENT') throw e;
    }
    if (current !== text) console.error(`${path.relative(root, bundleFile)} is out of date: run node scripts/l10n.mjs`);
    process.exitCode = current === text && wrong === 0 ? 0 : 1;
    if (process.exitCode === 0) console.log(`${path.relative(root, bundleFile)}: ${count} messages, up to date`);
  } else {
    mkdirSync(path.dirname(bundleFile), { recursive: true });
    writeFileSync(bundleFile, text);
    console.log(`${path.relative(root, bundleFile)}: ${count} messages`);
    if (wrong > 0) process.exitCode = 1;
  }
}
