// A `.prompts` file for the demo workspace (and the secrets screenshot)
// holding secrets of several kinds where a paste puts them: a token in a
// comment, a webhook and a database URL in turn text, a private key over
// the lines of a ''' string, a silenced test token, and placeholders that
// are no findings. The secrets are made when the demo is built, so none
// is written in this repository.

/** Seeded characters, so the demo looks the same on every run. */
function chars(n, alphabet, seed) {
  let x = seed >>> 0 || 1;
  let s = '';
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    s += alphabet[x % alphabet.length];
  }
  return s;
}

const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const base64 = `${alnum}+/`;
const join = (...parts) => parts.join('');

export function secretsDemo() {
  const github = join('gh', 'p_') + chars(36, alnum, 1);
  const webhook = join('https://hooks.', 'slack.com/services/T0', chars(8, alnum, 2), '/B0', chars(8, alnum, 3), '/', chars(24, alnum, 4));
  const database = `postgresql://app:${chars(16, alnum, 5)}@db.internal:5432/billing`;
  const key = [join('-----BEGIN RSA PRI', 'VATE KEY-----'), chars(64, base64, 6), chars(64, base64, 7), chars(40, base64, 8), join('-----END RSA PRI', 'VATE KEY-----')];
  const testToken = join('gh', 'p_') + chars(36, alnum, 9);
  return `schema = "spec.prompts/v0.1"

[commit]
branch = "fix/billing-deploy"
author_name = "Alice Chen"
author_email = "alice@example.com"

[[sessions]]
id = "5b0d8a3e-77c1-4f0e-9a51-2c4b8e9d1f00"
source = "claude_code"
started_at = 2026-04-22T09:00:00Z
title = "Deploy the billing service"
# deploy with ${github} (from the CI settings)

  [[sessions.turns]]
  role = "user"
  text = '''
The deploy fails. Post the result to ${webhook}
and check ${database} first.
The docs' example key AKIAIOSFODNN7EXAMPLE and <your token> are fine.
'''

  [[sessions.turns]]
  role = "user"
  text = '''
Here is the key it uses:
${key.join('\n')}
'''

  [[sessions.turns]]
  role = "user"
  text = "a revoked test token: ${testToken}" # gitleaks:allow
`;
}
