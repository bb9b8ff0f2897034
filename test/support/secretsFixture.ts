// A capture full of secrets, one of each kind the writer redacts (FORMATS.md
// B.4), in every place a string value can hold one and in places whose
// value a message would quote (an enum value, the schema, a timestamp, a
// duplicated tag, the edits log, the commit), and a pack with secrets in a
// body, a corrupt line and a comment. The secrets are unique strings, so a
// test scans whatever the extension wrote for each of them.

export const secrets = {
  anthropic: 'sk-ant-QwErTy0123456789abcdEF',
  openai: 'sk-ZxCvBnM0123456789asdfGH',
  github: 'ghp_PoIuYtReWq0123456789LkJhGf',
  githubServer: 'ghs_MnBvCxZaS0123456789dFgHjK',
  githubOauth: 'gho_LkJhGfDsA0123456789qWeRtY',
  aws: 'AKIAQWERTYUIOPASDFGH',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlX2hlcmVfMTIz',
  bearer: 'bEaReRtOkEn0123456789',
  authorization: 'QXV0aDAxMjM0NTY3ODk',
  password: 'hunter2hunter2hunter2',
  token: 'tok3n-VaLuE-0123456789',
  apiKey: 'ak-0123456789-ZyXwVuT',
} as const;

const s = secrets;

export const secretPrompts = `schema = "${s.openai}"

[commit]
branch = "main"
message = "Rotated ${s.github}"
author_name = "Alice"
author_email = "alice@example.com"

[[sessions]]
id = "s-1"
source = "${s.anthropic}"
started_at = "${s.aws}"
title = "Debugging with ${s.githubServer}"
summary = "Used Bearer ${s.bearer} against the API"
lesson = "Never paste password=${s.password} into a prompt"
tags = ["${s.githubOauth}", "${s.githubOauth}"]
outcome = "${s.jwt}"

  [[sessions.turns]]
  role = "user"
  text = """
Call it with Authorization: ${s.authorization} and token=${s.token}
and api_key: ${s.apiKey}.
"""

  [[sessions.turns]]
  role = "assistant"
  summary = "Ran the request with ${s.jwt}"

    [[sessions.turns.tool_calls]]
    name = "Shell"
    args = { command = "curl -H 'Authorization: Bearer ${s.bearer}' https://example.com" }

[[edits]]
at = 2026-04-21T09:00:00Z
by = "alice@example.com"
sessions = ["s-1"]
turns = [0]
reason = "Removed ${s.openai} from turn 0"
`;

export const secretPack = `%% loom-prompt-pack 1
%% version v1
%% # do not ship token=${s.token}
password=${s.password} outside any section
%% section identity
You call the API with Bearer ${s.bearer}.
%% section tool_discipline
Use {workspace} and {api_${s.github.slice(4).toLowerCase()}}.
%% sectoin x api_key=${s.apiKey}
`;
