// Every finding code the `.prompts` checks report, with its default
// severity and the rule of FORMATS.md it enforces. Codes are stable: quick
// fixes, settings and tests key on them.

import type { CodeEntry } from '../../finding';

export const promptsCodes = {
  tomlSyntax: { code: 'prompts/toml-syntax', severity: 'error', rule: 'B.2.1 the file parses as TOML' },
  schemaVersion: { code: 'prompts/schema-version', severity: 'error', rule: 'B.2.2 `schema` absent or exactly spec.prompts/v0.1' },
  missingCommit: { code: 'prompts/missing-commit', severity: 'error', rule: 'B.2.3 exactly one [commit] table' },
  noSessions: { code: 'prompts/no-sessions', severity: 'error', rule: 'B.2.4 at least one [[sessions]]' },
  noTurns: { code: 'prompts/no-turns', severity: 'error', rule: 'B.2.6 each session has at least one turn' },
  missingKey: { code: 'prompts/missing-key', severity: 'error', rule: 'B.2.3/5/7/12 a required key is absent' },
  blankValue: { code: 'prompts/blank-value', severity: 'error', rule: 'B.2.3/5/7 a value that must not be blank is' },
  wrongType: { code: 'prompts/wrong-type', severity: 'error', rule: 'B.2.3-8/12 a value of the wrong TOML type' },
  duplicateSessionId: { code: 'prompts/duplicate-session-id', severity: 'error', rule: 'B.2.5 session ids are unique' },
  badEnumValue: { code: 'prompts/bad-enum-value', severity: 'error', rule: 'B.2.5/7/8 source, role, outcome, visibility, status in their sets' },
  reservedRole: { code: 'prompts/reserved-role', severity: 'error', rule: 'B.2.7 role tool_result is reserved' },
  userTurnModel: { code: 'prompts/user-turn-model', severity: 'error', rule: 'B.2.7 a user turn has no model' },
  userTurnSummary: { code: 'prompts/user-turn-summary', severity: 'error', rule: 'B.2.7 a user turn has no summary' },
  assistantText: { code: 'prompts/assistant-text', severity: 'error', rule: 'B.2.7 an assistant turn has text only in a verbose session' },
  tooLong: { code: 'prompts/too-long', severity: 'error', rule: 'B.2.7 turn text at most 524,288 characters, turn model at most 128' },
  badTimestamp: { code: 'prompts/bad-timestamp', severity: 'error', rule: 'B.2.9 timestamps are TOML date-times or RFC 3339 strings' },
  unknownTool: { code: 'prompts/unknown-tool', severity: 'warning', rule: 'B.2.10 tool names on the allow-list (error when strict)' },
  unknownToolArg: { code: 'prompts/unknown-tool-arg', severity: 'error', rule: 'B.2.10 args keys the tool captures' },
  missingToolArg: { code: 'prompts/missing-tool-arg', severity: 'warning', rule: 'B.2.10 required args present' },
  toolArgTooLong: { code: 'prompts/tool-arg-too-long', severity: 'warning', rule: 'B.2.10 args within their caps' },
  toolArgType: { code: 'prompts/tool-arg-type', severity: 'warning', rule: 'B.3 args of the captured type' },
  unknownKey: { code: 'prompts/unknown-key', severity: 'error', rule: 'B.2.11 no unknown keys' },
  detachedTable: { code: 'prompts/detached-table', severity: 'error', rule: 'a sub-table written away from the table it belongs to' },
  nonUtcTimestamp: { code: 'prompts/non-utc-timestamp', severity: 'warning', rule: 'determinism: timestamps in UTC with Z and whole seconds' },
  sessionOrder: { code: 'prompts/session-order', severity: 'warning', rule: 'determinism: sessions ordered by started_at, then id' },
  duplicateListItem: { code: 'prompts/duplicate-list-item', severity: 'warning', rule: 'determinism: no duplicates in tags or paths_touched' },
  secret: { code: 'prompts/secret', severity: 'warning', rule: 'B.4 no secrets in string values, keys or comments (severity per kind in settings)' },
  secretAllowed: { code: 'prompts/allowed-secret', severity: 'hint', rule: 'B.4 a secret an allow comment silences (gitleaks:allow, secretlint-disable-line), shown for review' },
  invisibleCharacters: { code: 'prompts/invisible-characters', severity: 'warning', rule: 'no bidi controls or zero-width characters in values or keys (a ZWJ inside an emoji and joiners inside words of shaping scripts excepted)' },
  secretPatternRefused: { code: 'prompts/secret-pattern-refused', severity: 'warning', rule: 'a team secret pattern (extraPatterns) runs in linear time (RE2), or is refused and says so' },
} as const satisfies Record<string, CodeEntry>;

export type PromptsCode = (typeof promptsCodes)[keyof typeof promptsCodes];
