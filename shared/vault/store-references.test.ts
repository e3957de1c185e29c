import { describe, expect, it } from 'vitest';
import { isCodedError } from '../errors';
import { Redactor } from '../redact';
import { findReferences, resolveReferences, type ReferenceResolvers } from './references';

const entries: Record<string, string> = {
  'pass:work/github-token': 'ghp_from-pass-store-1',
  'keepassxc:Root/Mail: ünïcødé entry (2)': 'kp-odd-name-value-22',
  'op:op://Private/GitHub/token:with:colons': 'op-value-with-colons-3',
};

function resolvers(redactor = new Redactor()): ReferenceResolvers & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    secret: (name) => Promise.resolve(name === 'PLAIN' ? 'plain-vault-value-4' : undefined),
    store: (store, path) => {
      asked.push(`${store}|${path}`);
      return Promise.resolve(entries[`${store}:${path}`]);
    },
    env: {},
    redactor,
  };
}

async function failure(value: string, given = resolvers()) {
  const error: unknown = await resolveReferences(value, given).catch((e: unknown) => e);
  if (!isCodedError(error)) throw new Error(`expected a CodedError for ${value}`);
  return error;
}

describe('${secret:STORE:PATH}', () => {
  it('splits the store from the path at the first colon; plain ${secret:NAME} stays the vault', () => {
    expect(findReferences('${secret:pass:work/github-token} ${secret:PLAIN}')).toEqual([
      { kind: 'secret', store: 'pass', name: 'work/github-token', text: '${secret:pass:work/github-token}' },
      { kind: 'secret', name: 'PLAIN', text: '${secret:PLAIN}' },
    ]);
    expect(findReferences('${secret:op:op://a/b:c}')[0]).toMatchObject({ store: 'op', name: 'op://a/b:c' });
    // env names never have a store.
    expect(findReferences('${env:A:B}')[0]).toEqual({ kind: 'env', name: 'A:B', text: '${env:A:B}' });
  });

  it('asks the named store for the path, and only it', async () => {
    const given = resolvers();
    const out = await resolveReferences('t=${secret:pass:work/github-token};v=${secret:PLAIN}', given);
    expect(out).toBe('t=ghp_from-pass-store-1;v=plain-vault-value-4');
    expect(given.asked).toEqual(['pass|work/github-token']);
  });

  it("says a store's value came from that store's entry; another value of the entry later makes it a former one", async () => {
    const redactor = new Redactor();
    await resolveReferences('${secret:pass:work/github-token}', resolvers(redactor));
    const pass = { from: 'store', store: 'pass', name: 'work/github-token' };
    expect(redactor.knownIn(['ghp_from-pass-store-1'])).toEqual({ source: pass, former: false });
    await resolveReferences('${secret:pass:work/github-token}', { ...resolvers(redactor), store: () => Promise.resolve('ghp_rotated-in-pass-2') });
    expect(redactor.knownIn(['ghp_from-pass-store-1'])).toEqual({ source: pass, former: true });
    expect(redactor.redact('ghp_from-pass-store-1')).toBe('[redacted]');
  });

  it('passes odd but printable names through unchanged: spaces, unicode, colons, parentheses', async () => {
    const given = resolvers();
    expect(await resolveReferences('${secret:keepassxc:Root/Mail: ünïcødé entry (2)}', given)).toBe('kp-odd-name-value-22');
    expect(await resolveReferences('${secret:op:op://Private/GitHub/token:with:colons}', given)).toBe('op-value-with-colons-3');
    expect(given.asked).toEqual(['keepassxc|Root/Mail: ünïcødé entry (2)', 'op|op://Private/GitHub/token:with:colons']);
  });

  it('refuses malformed references before any store is asked, naming the reference', async () => {
    const cases: [string, string][] = [
      ['${secret::work/x}', 'valid store'],
      ['${secret:1pass:x}', 'valid store'],
      ['${secret:pa ss:x}', 'valid store'],
      ['${secret:pass:}', 'valid path'],
      ['${secret:pass:-rf}', 'valid path'],
      ['${secret:pass:../../etc/passwd}', 'valid path'],
      ['${secret:pass:a/./b}', 'valid path'],
      ['${secret:pass:a\u0000b}', 'valid path'],
      ['${secret:pass:a\nb}', 'valid path'],
      ['${secret:pass:a\u202eb}', 'valid path'],
      [`\${secret:pass:${'x'.repeat(513)}}`, 'valid path'],
      ['${secretFile:pass:work/x}', 'secretFile'],
    ];
    for (const [text, says] of cases) {
      const given = resolvers();
      const error = await failure(text, given);
      expect(error.code, text).toBe('invalid_config');
      expect(error.message, text).toContain(says);
      expect(error.hint, text).toContain('${secret:STORE:PATH}');
      expect(given.asked, text).toEqual([]);
    }
    expect((await failure('${secret:pass:work/x')).message).toContain('no closing');
    // The longest path passes.
    expect(findReferences(`\${secret:pass:${'x'.repeat(512)}}`)).toHaveLength(1);
    await expect(resolveReferences(`\${secret:pass:${'x'.repeat(512)}}`, resolvers())).rejects.toMatchObject({ code: 'invalid_config' });
  });

  it('a path the store does not hold names the store and the path, never a value', async () => {
    const error = await failure('${secret:pass:work/nope} ${secret:pass:work/github-token}');
    expect(error.message).toContain('"pass" does not hold');
    expect(error.hint).toContain('work/nope');
    expect(error.data).toEqual({ reference: '${secret:pass:work/nope}', store: 'pass' });
    expect(JSON.stringify(error.toWire())).not.toContain('ghp_from-pass-store-1');
  });

  it("a store's error (locked, missing) goes through as the store gave it", async () => {
    const locked = Object.assign(resolvers(), {
      store: () => Promise.reject(Object.assign(new Error('x'), { name: 'X' })),
    });
    await expect(resolveReferences('${secret:pass:a}', locked)).rejects.toThrow('x');
  });

  it('is refused where no store can be read, pointing to the vault', async () => {
    const { store: _store, ...noStores } = resolvers();
    const error = await failure('${secret:pass:work/github-token}', noStores);
    expect(error.message).toContain('cannot be read here');
    expect(error.hint).toContain('secrets set');
  });

  it('registers values from stores with the redactor, labelled by store and path', async () => {
    const redactor = new Redactor();
    await resolveReferences('${secret:pass:work/github-token}', resolvers(redactor));
    expect(redactor.redact('x ghp_from-pass-store-1 y')).toBe('x [redacted] y');
  });

  it('keeps $${secret:STORE:PATH} literal', async () => {
    const given = resolvers();
    expect(await resolveReferences('$${secret:pass:work/x}', given)).toBe('${secret:pass:work/x}');
    expect(given.asked).toEqual([]);
  });
});
