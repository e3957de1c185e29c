import { describe, expect, it } from 'vitest';
import { caseTwins } from './case-twins';

const firstTwin = (names: string[]): [string, string] | undefined => {
  const check = caseTwins();
  for (const name of names) {
    const twin = check(name);
    if (twin !== undefined) return [twin.earlier, twin.later];
  }
  return undefined;
};

describe('caseTwins', () => {
  it.each([
    [['manifest.json', 'server/', 'server/index.js', 'server/lib/a.js']],
    [['server/index.js', 'server/', 'server/index.js']],
    [['a.js', 'b.js', 'ab/a.js']],
    [['./server/a.js', 'server/b.js']],
  ])('takes %j', (names) => {
    expect(firstTwin(names)).toBeUndefined();
  });

  it.each([
    [['README.md', 'readme.md'], ['README.md', 'readme.md']],
    [['server/Index.js', 'server/index.js'], ['server/Index.js', 'server/index.js']],
    [['Server/a.js', 'server/b.js'], ['Server', 'server']],
    [['lib', 'LIB/x.js'], ['lib', 'LIB']],
    [['./Server/a.js', 'server/b.js'], ['Server', 'server']],
    [['caf\u00e9.txt', 'cafe\u0301.txt'], ['caf\u00e9.txt', 'cafe\u0301.txt']],
  ])('refuses %j, naming the earlier spelling', (names, expected) => {
    expect(firstTwin(names)).toEqual(expected);
  });
});
