// Makes package.json's user-facing strings translatable: each one becomes a
// `%key%` whose English text is in package.nls.json (VS Code substitutes it;
// a translation is a package.nls.<locale>.json beside it). Idempotent: run
// it after adding a command or setting (`node scripts/nls.mjs`); a unit test
// fails while a literal is left.
import { readFileSync, writeFileSync } from 'node:fs';

const manifestFile = new URL('../package.json', import.meta.url);
const nlsFile = new URL('../package.nls.json', import.meta.url);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
let nls = {};
try {
  nls = JSON.parse(readFileSync(nlsFile, 'utf8'));
} catch (e) {
  if (e.code !== 'ENOENT') throw e;
}
const keyOfText = new Map(Object.entries(nls).map(([k, v]) => [v, k]));

/** Replaces `holder[field]` (a string, or an array of strings) by keys named from `key`. */
function localize(holder, field, key) {
  const value = holder?.[field];
  const one = (text, k) => {
    if (typeof text !== 'string' || /^%[^%\s]+%$/.test(text)) return text;
    let existing = keyOfText.get(text);
    if (!existing) {
      existing = k;
      nls[k] = text;
      keyOfText.set(text, k);
    }
    return `%${existing}%`;
  };
  if (Array.isArray(value)) holder[field] = value.map((t, i) => one(t, `${key}.${i}`));
  else if (value !== undefined) holder[field] = one(value, key);
}

const textFields = ['description', 'markdownDescription', 'enumDescriptions', 'markdownEnumDescriptions', 'deprecationMessage', 'markdownDeprecationMessage'];

function localizeSchema(schema, key) {
  for (const f of textFields) localize(schema, f, `${key}.${f}`);
  for (const [name, sub] of Object.entries(schema.properties ?? {})) localizeSchema(sub, `${key}.${name}`);
  if (schema.items && typeof schema.items === 'object') localizeSchema(schema.items, `${key}.items`);
}

localize(manifest, 'displayName', 'displayName');
localize(manifest, 'description', 'description');
localize(manifest.capabilities?.untrustedWorkspaces, 'description', 'capabilities.untrustedWorkspaces.description');
localize(manifest.capabilities?.virtualWorkspaces, 'description', 'capabilities.virtualWorkspaces.description');
const c = manifest.contributes;
for (const command of c.commands ?? []) {
  const id = command.command.replace(/^packsAndPrompts\./, '');
  localize(command, 'title', `command.${id}.title`);
  localize(command, 'category', 'command.category');
}
for (const configuration of [c.configuration].flat().filter(Boolean)) {
  localize(configuration, 'title', 'configuration.title');
  for (const [name, schema] of Object.entries(configuration.properties ?? {})) localizeSchema(schema, `configuration.${name.replace(/^packsAndPrompts\./, '')}`);
}
for (const matcher of c.problemMatchers ?? []) localize(matcher, 'label', `problemMatcher.${matcher.name}.label`);
for (const task of c.taskDefinitions ?? []) for (const [name, schema] of Object.entries(task.properties ?? {})) localizeSchema(schema, `taskDefinition.${task.type}.${name}`);

// Keys no string names any more (a setting removed, a text changed) go.
const used = new Set([...JSON.stringify(manifest).matchAll(/"%([^%\s"]+)%"/g)].map((m) => m[1]));
const sorted = Object.fromEntries(Object.entries(nls).filter(([k]) => used.has(k)).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
writeFileSync(nlsFile, `${JSON.stringify(sorted, null, 2)}\n`);
