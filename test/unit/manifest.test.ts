// package.json as VS Code reads it: no key written twice (JSON.parse keeps
// the last silently, which is how a merge once dropped contributed commands).

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../support/paths';

/** Keys that appear twice in one object, as `path.key`. */
function duplicateKeys(json: string): string[] {
  const duplicates: string[] = [];
  const stack: { keys: Set<string>; path: string; isObject: boolean }[] = [];
  let lastString = '';
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (c === '"') {
      let j = i + 1;
      while (json[j] !== '"') j += json[j] === '\\' ? 2 : 1;
      lastString = JSON.parse(json.slice(i, j + 1)) as string;
      i = j;
      const after = json.slice(j + 1).match(/^\s*:/);
      const top = stack[stack.length - 1];
      if (after && top?.isObject) {
        if (top.keys.has(lastString)) duplicates.push(`${top.path}.${lastString}`);
        top.keys.add(lastString);
      }
    } else if (c === '{' || c === '[') {
      stack.push({ keys: new Set(), path: `${stack[stack.length - 1]?.path ?? ''}${stack.length ? '.' + lastString : ''}`, isObject: c === '{' });
    } else if (c === '}' || c === ']') {
      stack.pop();
    }
  }
  return duplicates;
}

test('the duplicate-key finder finds a duplicate', () => {
  assert.deepEqual(duplicateKeys('{"a": {"b": 1, "b": [2]}, "c": "b"}'), ['.a.b']);
});

test('package.json writes no key twice', () => {
  const text = fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8');
  assert.deepEqual(duplicateKeys(text), []);
});
