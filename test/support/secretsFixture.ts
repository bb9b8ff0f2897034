// A capture full of secrets, every kind the extension knows (built at run
// time by fakeSecrets.ts, so no token is written in this repository), in
// every place a file can hold one: string values of every table, keys
// (a secret as a key name travels in a finding's data unless hidden),
// comments, and places whose value a message would quote (an enum value,
// the schema, a timestamp, a duplicated tag, the edits log, the commit);
// and a pack with secrets in a body, a corrupt line and a comment. The
// secrets are unique strings, so a test scans whatever the extension
// wrote for each of them.

import { fakeSecrets } from './fakeSecrets';

const fakes = fakeSecrets(19);
const named = (name: string): string => fakes.find((f) => f.name === name)!.secret;

/** Every secret of the fixture, by a name that says where it came from. */
export const secrets: Readonly<Record<string, string>> = Object.fromEntries([
  ...fakes.map((f) => [f.name, f.secret] as const),
  ['key-name', fakeSecrets(20).find((f) => f.name === 'ghp')!.secret],
  ['pack-token', fakeSecrets(21).find((f) => f.name === 'stripe')!.secret.toLowerCase()],
]);

/** A TOML basic string holding `text`. */
const basic = (text: string): string => JSON.stringify(text);

const s = secrets;

/** Each fake in a turn text of its own, some as tool-call arguments, the rest in comments and keys. */
function turns(): string {
  const out: string[] = [];
  fakes.forEach((f, i) => {
    if (i % 3 === 0) {
      out.push('  [[sessions.turns]]', '  role = "user"', `  text = '''`, `We used ${f.text} to deploy.`, `'''`, '');
    } else if (i % 3 === 1) {
      out.push('  [[sessions.turns]]', '  role = "assistant"', `  summary = ${basic(`Ran it with ${f.text.replaceAll('\n', ' ')}`)}`, '');
      out.push('    [[sessions.turns.tool_calls]]', '    name = "Shell"', `    args = { command = ${basic(`curl ${f.text.slice(0, 150)}`)}, ${basic(`${f.name}-x`)} = 1 }`, '');
    } else {
      out.push(...f.text.split('\n').map((l) => `  # pasted: ${l}`), '  [[sessions.turns]]', '  role = "user"', `  text = ${basic(`again: ${f.text}`)}`, '');
    }
  });
  return out.join('\n');
}

export const secretPrompts = `schema = "${s['sk']}"

[commit]
branch = "main"
message = "Rotated ${s['ghp']}"
author_name = "Alice"
author_email = "alice@example.com"

[[sessions]]
id = "s-1"
source = "${s['anthropic']}"
started_at = "${s['akia']}"
title = "Debugging with ${s['ghs']}"
summary = "Used ${fakes.find((f) => f.name === 'bearer')!.text} against the API"
lesson = "Never paste ${fakes.find((f) => f.name === 'password')!.text} into a prompt"
tags = ["${s['gho']}", "${s['gho']}"]
outcome = "${s['jwt']}"
${s['key-name']} = "a secret as a key name"

${turns()}
[[edits]]
at = 2026-04-21T09:00:00Z
by = "alice@example.com"
sessions = ["s-1"]
turns = [0]
reason = "Removed ${s['sk']} from turn 0"
`;

export const secretPack = `%% loom-prompt-pack 1
%% version v1
%% # do not ship token=${named('npm')}
${fakes.find((f) => f.name === 'password')!.text} outside any section
%% section identity
You call the API with ${fakes.find((f) => f.name === 'bearer')!.text}.
%% section tool_discipline
Use {workspace} and {${s['pack-token']}}.
%% sectoin x api_key=${named('glpat')}
`;
