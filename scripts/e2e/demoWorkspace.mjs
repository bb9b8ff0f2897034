// The workspace a newcomer tries (`npm run try`) and the screenshots show:
// whatever examples/ holds (packs, *.packenv.json), a demo pack with
// problems, and .prompts files in a git repository whose HEAD is a baseline
// committed by a fixed identity, followed by one hand edit left unlogged
// and one reworded line in an example pack whose version stays the same.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from './paths.mjs';
import { secretsDemo } from './demoSecrets.mjs';
import { captures, handEdit, renderPrompts } from './samplePrompts.mjs';
import { prepareWorkspace } from './workspace.mjs';

const examplesDir = path.join(repoRoot, 'examples');

/** One reworded line in a committed example pack, left uncommitted: the preview shows what it does to the cached prefix. */
const packEdit = { file: 'loom-9/code-reviewer.pack', from: 'then style. For each', to: 'then style (naming,\ncomments, layout). For each' };
/** An edit near the start of a long committed pack, its version bumped: the preview shows it emptying the provider's prompt cache, in tokens. */
const cacheEdit = {
  file: 'packs/handbook-agent.pack',
  edits: [
    ['Use your tools to look before you leap:', 'Use your tools to look carefully before you leap:'],
    ['%% version handbook-agent-1', '%% version handbook-agent-2'],
  ],
};
const demoDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo');

function writeAll(root, files) {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
}

/** Builds the demo under `parent`; returns its root and a note of what went in. */
export function buildDemoWorkspace(parent) {
  const hasExamples = existsSync(examplesDir) && readdirSync(examplesDir).length > 0;
  const root = prepareWorkspace({
    parent,
    name: 'packs-and-prompts demo',
    copies: [...(hasExamples ? [{ from: examplesDir }] : []), { from: demoDir }],
    message: 'Baseline: examples and captured sessions',
    before: (dir) => writeAll(dir, Object.fromEntries(Object.entries(captures).map(([rel, c]) => [rel, renderPrompts(c)]))),
  });
  writeAll(root, { [handEdit.file]: renderPrompts(handEdit.apply(captures[handEdit.file])), 'prompts/fix-billing-deploy.prompts': secretsDemo() });
  const editedPack = path.join(root, packEdit.file);
  if (existsSync(editedPack)) writeFileSync(editedPack, readFileSync(editedPack, 'utf8').replace(packEdit.from, packEdit.to));
  const cachePack = path.join(root, cacheEdit.file);
  writeFileSync(cachePack, cacheEdit.edits.reduce((text, [from, to]) => text.replace(from, to), readFileSync(cachePack, 'utf8')));
  const notes = [
    hasExamples ? 'examples/ copied in' : 'examples/ is empty on this checkout: only the demo pack and .prompts files are in',
    `${handEdit.file} has one hand edit since HEAD and no [[edits]] entry`,
    'prompts/fix-billing-deploy.prompts (not committed) holds secrets of several kinds, one silenced by an allow comment',
    ...(existsSync(editedPack) ? [`${packEdit.file} renders differently from HEAD under the same version`] : []),
    `${cacheEdit.file} has an edit near its start (version bumped) that empties the prompt cache`,
  ];
  return { root, notes };
}
