import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StdioServerConfig } from '../../shared/config';
import { classifyCredential, importCredentialFiles } from './import-credential-files';

const SERVICE_ACCOUNT = JSON.stringify({ type: 'service_account', private_key: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n', client_email: 'a@b.iam.gserviceaccount.com' });
const AUTHORIZED_USER = JSON.stringify({ type: 'authorized_user', client_id: 'id.apps.googleusercontent.com', client_secret: 'GOCSPX-x', refresh_token: '1//refresh-sentinel' });

describe('classifyCredential', () => {
  it('tells service-account keys, sign-ins, OAuth clients and tokens apart, and ignores other JSON', () => {
    expect(classifyCredential(SERVICE_ACCOUNT)).toBe('service_account');
    expect(classifyCredential(AUTHORIZED_USER)).toBe('authorized_user');
    expect(classifyCredential(JSON.stringify({ installed: { client_id: 'x', client_secret: 'y' } }))).toBe('oauth_client');
    expect(classifyCredential(JSON.stringify({ access_token: 'ya29.x', expiry_date: 1 }))).toBe('token');
    expect(classifyCredential(JSON.stringify({ theme: 'dark' }))).toBeUndefined();
    expect(classifyCredential('not json')).toBeUndefined();
  });
});

describe('importCredentialFiles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cs-import-cred-'));
  const key = join(dir, 'key.json');
  const token = join(dir, 'token.json');
  const settings = join(dir, 'settings.json');
  writeFileSync(key, SERVICE_ACCOUNT);
  writeFileSync(token, AUTHORIZED_USER);
  writeFileSync(settings, JSON.stringify({ theme: 'dark' }));
  const config: StdioServerConfig = {
    command: 'npx',
    env: {
      GOOGLE_APPLICATION_CREDENTIALS: key,
      // Not a conventional name, but the file is a sign-in.
      MY_LOGIN: token,
      GMAIL_TOKEN_PATH: join(dir, 'missing.json'),
      SETTINGS: settings,
      LOG_LEVEL: 'debug',
      ALREADY: '${secretFile:KEY}',
    },
  };

  it('moves what it finds into the vault as ${secretFile:…}, reports what it left, and never the content', async () => {
    const stored = new Map<string, string>();
    const sink = (server: string, name: string, value: string): Promise<string> => {
      stored.set(`${server}/${name}`, value);
      return Promise.resolve(name);
    };
    const { config: next, found } = await importCredentialFiles('gmail', config, { sink, move: true, homeDir: dir });
    expect(found.map((f) => [f.variable, f.kind, f.moved, f.problem])).toEqual([
      ['GOOGLE_APPLICATION_CREDENTIALS', 'service_account', true, undefined],
      ['MY_LOGIN', 'authorized_user', true, undefined],
      ['GMAIL_TOKEN_PATH', undefined, false, 'the file does not exist or cannot be read'],
    ]);
    expect(found[1]?.note).toContain('credentialFile');
    expect(stored.get('gmail/GMAIL_GOOGLE_APPLICATION_CREDENTIALS')).toBe(SERVICE_ACCOUNT);
    expect(stored.get('gmail/GMAIL_MY_LOGIN')).toBe(AUTHORIZED_USER);
    expect('command' in next ? next.env : {}).toEqual({
      ...config.env,
      GOOGLE_APPLICATION_CREDENTIALS: '${secretFile:GMAIL_GOOGLE_APPLICATION_CREDENTIALS}',
      MY_LOGIN: '${secretFile:GMAIL_MY_LOGIN}',
    });
    expect(JSON.stringify(found)).not.toContain('refresh-sentinel');
  });

  it('only reports without `move`, leaving the entry as it was', async () => {
    const { config: next, found } = await importCredentialFiles('gmail', config, { sink: undefined, move: false, homeDir: dir });
    expect(next).toBe(config);
    expect(found.filter((f) => f.moved)).toEqual([]);
    expect(found.map((f) => f.variable)).toEqual(['GOOGLE_APPLICATION_CREDENTIALS', 'MY_LOGIN', 'GMAIL_TOKEN_PATH']);
  });

  it('expands ~/ and leaves files over 64 KiB in place', async () => {
    const big = join(dir, 'big-credentials.json');
    writeFileSync(big, JSON.stringify({ access_token: 'x'.repeat(70 * 1024) }));
    const { found } = await importCredentialFiles('s', { command: 'x', env: { A_CREDENTIALS_FILE: '~/key.json', B_CREDENTIALS: big } }, { sink: undefined, move: false, homeDir: dir });
    expect(found.map((f) => [f.file, f.kind, f.problem])).toEqual([
      [key, 'service_account', undefined],
      [big, undefined, 'larger than 64 KiB'],
    ]);
  });

  it.runIf(process.platform !== 'win32')('lists a FIFO or a folder as not a regular file, without waiting on it', async () => {
    const fifo = join(dir, 'fifo-credentials.json');
    execFileSync('mkfifo', [fifo]);
    const folder = join(dir, 'folder-credentials');
    mkdirSync(folder);
    // Hang guard only: a reader blocked on the FIFO is released below, whatever the outcome.
    const guard = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('import waited on the FIFO')), 20_000).unref());
    try {
      const env = { A_CREDENTIALS: fifo, GMAIL_TOKEN_PATH: folder };
      const { found } = await Promise.race([importCredentialFiles('s', { command: 'x', env }, { sink: undefined, move: false, homeDir: dir }), guard]);
      expect(found.map((f) => [f.variable, f.moved, f.problem])).toEqual([
        ['A_CREDENTIALS', false, 'not a regular file'],
        ['GMAIL_TOKEN_PATH', false, 'not a regular file'],
      ]);
    } finally {
      // A writer that opens and closes gives a blocked reader its end of file; with no reader, ENXIO.
      try {
        closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // No reader: nothing waits on the FIFO.
      }
    }
  }, 30_000);
});
