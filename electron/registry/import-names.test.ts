import { describe, expect, it } from 'vitest';
import { importNames } from './import-names';

describe('importNames', () => {
  it("keeps a file's own names before placing renamed ones, which take the first free number", () => {
    expect(importNames(['a__b', 'a-b'])).toEqual(['a-b-2', 'a-b']);
    expect(importNames(['my server', 'my-server', 'my-server-2'])).toEqual(['my-server-3', 'my-server', 'my-server-2']);
    expect(importNames(['a b', 'a  b'])).toEqual(['a-b', 'a-b-2']);
  });

  it('marks an exact name given twice, and names an empty one', () => {
    expect(importNames(['x', 'x', ''])).toEqual(['x', undefined, 'server']);
  });

  it('keeps a numbered name within 48 characters', () => {
    const long = `${'n'.repeat(48)}`;
    const [renamed] = importNames([`${long}!`, long]);
    expect(renamed).toBe(`${'n'.repeat(46)}-2`);
  });
});
