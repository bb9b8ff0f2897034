// The ten secret patterns the capture writer scrubs (FORMATS.md B.4), kept
// verbatim in the writer's own (Python) syntax, and the translation that
// makes a JavaScript regex match exactly what Python's `re` matches:
// Python's `\s` is `str.isspace` (U+001C-U+001F and U+0085 are spaces,
// U+FEFF is not, the reverse of JavaScript), and under IGNORECASE Python
// lets `İ` (U+0130) and `ı` (U+0131) match `i`, as JavaScript's case
// folding does not (`ſ` and the Kelvin sign fold alike in both). A leading
// `\b` is the matcher's business (secrets.ts checks Python's Unicode word
// boundary); a trailing one becomes a lookahead for the same.

import type { SecretRow } from './secretRows';

export const writerRows: readonly SecretRow[] = [
  {
    kind: 'bearer-token',
    label: 'a bearer token',
    source: 'capture writer (FORMATS.md B.4)',
    python: String.raw`(?i)\bbearer\s+[A-Za-z0-9._~+/=\-]{8,}`,
    anchor: { source: '[bB]', heads: ['bearer'] },
    generic: true,
  },
  {
    kind: 'authorization-header',
    label: 'an authorization header',
    source: 'capture writer (FORMATS.md B.4)',
    python: String.raw`(?i)\bauthorization\s*:\s*[A-Za-z0-9._~+/=\-]{8,}`,
    anchor: { source: '[=:]', words: ['authorization'] },
    generic: true,
  },
  { kind: 'anthropic-key', label: 'an Anthropic API key', source: 'capture writer (FORMATS.md B.4); gitleaks anthropic-api-key, anthropic-admin-api-key', python: String.raw`\bsk-ant-[A-Za-z0-9_-]{16,}`, anchor: { source: '-', heads: ['sk-ant-'] } },
  { kind: 'secret-key', label: 'an API secret key (sk-)', source: 'capture writer (FORMATS.md B.4)', python: String.raw`\bsk-[A-Za-z0-9_-]{16,}`, anchor: { source: '-', heads: ['sk-'] } },
  { kind: 'github-token', label: 'a GitHub token', source: 'capture writer (FORMATS.md B.4); gitleaks github-pat', python: String.raw`\bghp_[A-Za-z0-9]{20,}`, anchor: { source: '_', heads: ['ghp_'] } },
  { kind: 'github-server-token', label: 'a GitHub server token', source: 'capture writer (FORMATS.md B.4)', python: String.raw`\bghs_[A-Za-z0-9]{20,}`, anchor: { source: '_', heads: ['ghs_'] } },
  { kind: 'github-oauth-token', label: 'a GitHub OAuth token', source: 'capture writer (FORMATS.md B.4); gitleaks github-oauth', python: String.raw`\bgho_[A-Za-z0-9]{20,}`, anchor: { source: '_', heads: ['gho_'] } },
  { kind: 'aws-access-key', label: 'an AWS access key id', source: 'capture writer (FORMATS.md B.4)', python: String.raw`\bAKIA[0-9A-Z]{16}\b`, anchor: { source: 'K', heads: ['AKIA'] } },
  {
    kind: 'jwt',
    label: 'a JSON web token',
    source: 'capture writer (FORMATS.md B.4)',
    python: String.raw`\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}`,
    anchor: { source: 'J', heads: ['eyJ'] },
  },
  {
    kind: 'credential-assignment',
    label: 'a password or key assignment',
    source: 'capture writer (FORMATS.md B.4)',
    python: String.raw`(?i)\b(password|passwd|token|secret|api[_-]?key)\s*[=:]\s*[^\s&"']{8,}`,
    anchor: { source: '[=:]', words: ['password', 'passwd', 'token', 'secret', 'apikey', 'api_key', 'api-key'] },
    generic: true,
  },
];

/** Python's `\s` in a str pattern: the characters `str.isspace` accepts, as a class body. */
export const pythonSpaces = String.raw`\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000`;

/** What Python's IGNORECASE adds to an `i` or a class holding `a-z`/`A-Z`, beyond JavaScript's case folding. */
const dottedIs = '\u0130\u0131';

/** A Python pattern of the writer's list as the regex source and flags that match the same in JavaScript (sticky, Unicode). */
export function translatePython(python: string): { source: string; flags: string } {
  let body = python;
  const ignoreCase = body.startsWith('(?i)');
  if (ignoreCase) body = body.slice(4);
  if (body.startsWith('\\b')) body = body.slice(2);
  const trailingBoundary = body.endsWith('\\b');
  if (trailingBoundary) body = body.slice(0, -2);
  let out = '';
  let inClass = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\') {
      const next = body[i + 1]!;
      i++;
      if (next === 's') out += inClass ? pythonSpaces : `[${pythonSpaces}]`;
      else out += `\\${next}`;
      continue;
    }
    if (inClass) {
      if (c === ']') {
        inClass = false;
        out += c;
      } else if (ignoreCase && c === '-' && /[azAZ]/.test(body[i + 1] ?? '') && /[aA]/.test(body[i - 1] ?? '')) {
        out += `-${body[++i]}${dottedIs}`;
      } else out += c;
      continue;
    }
    if (c === '[') inClass = true;
    out += ignoreCase && (c === 'i' || c === 'I') ? `[i${dottedIs}]` : c;
  }
  if (trailingBoundary) out += '(?![\\p{L}\\p{N}_])';
  return { source: out, flags: ignoreCase ? 'iuy' : 'uy' };
}

/** The writer's pattern as a sticky JavaScript regex (for tests and the reference matcher). */
export function compile(python: string): RegExp {
  const { source, flags } = translatePython(python);
  return new RegExp(source, flags);
}
