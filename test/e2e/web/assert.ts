// The few assertions the web suite uses (the browser has no `node:assert`),
// with messages that show what was found.

export function ok(value: unknown, message?: string): asserts value {
  if (!value) throw new Error(message ?? `expected a truthy value, got ${String(value)}`);
}

export function equal<T>(actual: T, expected: T, message?: string): void {
  if (!Object.is(actual, expected)) throw new Error(`${message ? `${message}: ` : ''}expected ${String(expected)}, got ${String(actual)}`);
}

export function deepEqual(actual: unknown, expected: unknown, message?: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${message ? `${message}: ` : ''}expected ${e}, got ${a}`);
}

export function match(text: string, pattern: RegExp, message?: string): void {
  if (!pattern.test(text)) throw new Error(`${message ? `${message}: ` : ''}${JSON.stringify(text.slice(0, 200))} does not match ${String(pattern)}`);
}
