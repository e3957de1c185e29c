import { describe, expect, it } from 'vitest';
import type { PrivateRuntimeDir } from '../../fs-safe';
import { Redactor, sourceWords } from '../../../shared/redact';
import { SecretFiles, secretPieces } from './secret-files';

const KEY = JSON.stringify({ type: 'service_account', private_key: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n', client_email: 'a@b.iam.gserviceaccount.com' }, null, 2);

/** A runtime folder in memory: what was written, what is left. */
function memoryDir(): PrivateRuntimeDir & { files: Map<string, string> } {
  const files = new Map<string, string>();
  return {
    dir: '/run/cs',
    files,
    write: (name, data) => {
      files.set(name, String(data));
      return Promise.resolve(`/run/cs/${name}`);
    },
    remove: (prefix) => {
      for (const name of [...files.keys()]) if (name.startsWith(prefix)) files.delete(name);
      return Promise.resolve();
    },
    close: () => {
      files.clear();
      return Promise.resolve();
    },
  };
}

describe('secretPieces', () => {
  it('registers the whole file, its long lines and the lines of secret-named JSON fields', () => {
    const pieces = secretPieces(KEY);
    expect(pieces).toContain(KEY.trim());
    expect(pieces).toContain('MIIEvQIBADANBgkqhkiG9w0BAQEFAASC');
    expect(pieces.some((p) => p.includes('client_email') && !p.includes('PRIVATE'))).toBe(true);
    expect(pieces).not.toContain('a@b.iam.gserviceaccount.com');
  });
});

describe('SecretFiles', () => {
  it('opens the folder at the first file only, writes per server, and removes a server\'s files when its program is down', async () => {
    const dir = memoryDir();
    let opened = 0;
    const added: string[] = [];
    const vault: Record<string, string> = { KEY };
    const files = new SecretFiles({
      open: () => {
        opened += 1;
        return Promise.resolve(dir);
      },
      lookup: () => (name) => Promise.resolve(vault[name]),
      redactor: { addSecret: (value, _source, parts = []) => void added.push(value, ...parts) },
    });
    await files.stateChanged('a', 'stopped');
    expect(opened).toBe(0);
    expect(await files.resolverFor('a')('MISSING')).toBeUndefined();
    expect(await files.resolverFor('a')('KEY')).toBe('/run/cs/a.KEY');
    expect(await files.resolverFor('b')('KEY')).toBe('/run/cs/b.KEY');
    expect(opened).toBe(1);
    expect(added).toContain('MIIEvQIBADANBgkqhkiG9w0BAQEFAASC');

    for (const state of ['starting', 'ready'] as const) await files.stateChanged('a', state);
    expect([...dir.files.keys()]).toEqual(['a.KEY', 'b.KEY']);
    for (const state of ['error', 'idle', 'needs_auth', 'stopped'] as const) {
      await files.resolverFor('a')('KEY');
      await files.stateChanged('a', state);
      expect({ state, left: [...dir.files.keys()] }).toEqual({ state, left: ['b.KEY'] });
    }
    await files.close();
    expect(dir.files.size).toBe(0);
  });
});

describe('what a secret file hands the redactor', () => {
  it('names its pieces by the file they are in, so a call holding one says where it is', async () => {
    const redactor = new Redactor();
    const files = new SecretFiles({ open: () => Promise.resolve(memoryDir()), lookup: () => () => Promise.resolve(KEY), redactor });
    await files.resolverFor('gcloud')('SERVICE_KEY');
    expect(redactor.knownIn(['MIIEvQIBADANBgkqhkiG9w0BAQEFAASC'])).toEqual({ source: { from: 'secret-file', server: 'gcloud', name: 'SERVICE_KEY' }, former: false });
    expect(sourceWords({ from: 'secret-file', server: 'gcloud', name: 'SERVICE_KEY' }, false)).toBe('the value of SERVICE_KEY from the vault, as the secret file of gcloud');
  });
});
