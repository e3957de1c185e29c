import { describe, expect, it } from 'vitest';
import { entryNumber, parseId, promptLabel } from './servers-from-registry';

describe('servers add --from-registry ID[@VERSION]', () => {
  it('reads the id and an optional version (the last @; a scoped npm-like id keeps its first)', () => {
    expect(parseId('io.github.owner/name')).toEqual({ id: 'io.github.owner/name' });
    expect(parseId('io.github.owner/name@1.2.0')).toEqual({ id: 'io.github.owner/name', version: '1.2.0' });
    expect(parseId('@scope/name@2')).toEqual({ id: '@scope/name', version: '2' });
  });

  it('refuses an empty id or version instead of asking the registry for ""', () => {
    for (const raw of ['', ' ', 'io.github.owner/name@']) {
      expect(() => parseId(raw), raw).toThrow(/--from-registry takes ID\[@VERSION\]/);
    }
  });

  it('refuses a second @ (in the version) before the registry is asked, with the one-@ form to write', () => {
    for (const raw of ['io.github.foo/bar@1.0@2', 'io.github.foo/bar@@1.0', '@scope/name@1@2']) {
      expect(() => parseId(raw), raw).toThrow(`--from-registry takes ID[@VERSION] with one @ before the version, not "${raw}"`);
    }
    for (const raw of ['io.github.foo/bar@1.0@2', 'io.github.foo/bar@@1.0']) expect(() => parseId(raw), raw).toThrow(expect.objectContaining({ code: 'invalid_input', hint: 'For example: --from-registry io.github.foo/bar@1.0' }));
  });

  it('--package and --remote take a whole number from 1, refused with an example before the registry is asked', () => {
    expect(entryNumber('--package')('2')).toBe('2');
    for (const bad of ['', '0', 'x', '1.5', '-1', ' 1']) {
      expect(() => entryNumber('--remote')(bad), bad).toThrow(`--remote takes a whole number from 1 (the entry's first), not "${bad}"`);
    }
    expect(() => entryNumber('--package')('0')).toThrow(expect.objectContaining({ hint: "For example: --package 2 for the entry's second" }));
  });
});

describe('what the terminal asks for a missing input', () => {
  it("shows a lone CR of the registry's words escaped: a plain input cannot pass for a secret the vault keeps", () => {
    const label = promptLabel({ key: 'REGION', description: 'region\rGITHUB_TOKEN (secret; goes to the vault)', isRequired: true, isSecret: false, choices: ['eu', 'us\r'] });
    expect(label).toBe('REGION (region\\u000dGITHUB_TOKEN (secret; goes to the vault)) [eu/us\\u000d]: ');
    expect(promptLabel({ key: 'folder', isRequired: true, isSecret: false })).toBe('folder: ');
  });
});
