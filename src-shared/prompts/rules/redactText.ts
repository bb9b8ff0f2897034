// Text made safe to show: every secret the capture writer would redact
// (FORMATS.md B.4) replaced by `[REDACTED]`. For what the extension writes
// about a file rather than the file itself (messages, hovers, symbol
// names, log lines), which must never repeat a secret the file holds.

import { findSecrets, redaction } from './secrets';

export function redactSecrets(text: string): string {
  const found = findSecrets(text);
  if (found.length === 0) return text;
  let out = '';
  let at = 0;
  for (const m of found) {
    out += text.slice(at, m.start) + redaction;
    at = m.end;
  }
  return out + text.slice(at);
}
