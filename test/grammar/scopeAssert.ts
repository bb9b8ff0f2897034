// Assertions on token scopes that name the token and list its scopes when
// they fail, so a grammar regression reads as "this token, these scopes".

import * as assert from 'node:assert/strict';
import { scopesOf, type Token } from './tokenize';

/** The `nth` token with exactly this text carries `scope`. */
export function assertScope(tokens: readonly Token[], text: string, scope: string, nth = 0): void {
  const scopes = scopesOf(tokens, text, nth);
  assert.ok(scopes.includes(scope), `${JSON.stringify(text)} lacks ${scope}; has ${scopes.join(' ')}`);
}

/** The `nth` token with exactly this text carries no scope starting with `prefix`. */
export function assertNoScope(tokens: readonly Token[], text: string, prefix: string, nth = 0): void {
  const scopes = scopesOf(tokens, text, nth);
  const hit = scopes.find((s) => s.startsWith(prefix));
  assert.equal(hit, undefined, `${JSON.stringify(text)} should have no ${prefix}*; has ${scopes.join(' ')}`);
}

/** No token at all carries a scope starting with `prefix`. */
export function assertNowhere(tokens: readonly Token[], prefix: string): void {
  for (const [text, scopes] of tokens) {
    const hit = scopes.find((s) => s.startsWith(prefix));
    assert.equal(hit, undefined, `${JSON.stringify(text)} should have no ${prefix}*; has ${scopes.join(' ')}`);
  }
}
