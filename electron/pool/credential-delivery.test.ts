import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../../test/support';
import { prepareSpawn, type DeliveryOptions } from './credential-delivery';
import { CredentialFiles } from './credential-files';
import type { PoolCredential } from './types';

function options(tokens: Record<string, PoolCredential>) {
  const timers = new ManualTimers();
  const asked: string[] = [];
  const files = new CredentialFiles({ root: join(mkdtempSync(join(tmpdir(), 'delivery-')), 'run'), log: () => undefined });
  const delivery: DeliveryOptions = {
    credential: (server, { withRefresh }) => {
      asked.push(`${server}${withRefresh ? '+refresh' : ''}`);
      const found = tokens[server];
      return found ? Promise.resolve(found) : Promise.reject(new Error(`no ${server}`));
    },
    files,
    now: () => 0,
    setTimer: timers.setTimer,
    log: () => undefined,
  };
  return { delivery, timers, asked, files };
}

const mail: PoolCredential = { accessToken: 'mail-token-1', tokenType: 'Bearer', expiresAt: 100_000, renewAt: 80_000, scopes: ['a', 'b'] };
const chat: PoolCredential = { accessToken: 'chat-token-1', tokenType: 'Bearer', expiresAt: 50_000, renewAt: 40_000, scopes: [] };

describe('prepareSpawn: ${token} and credential files', () => {
  it('places the tokens in env and args and restarts before the first of them is due', async () => {
    const { delivery } = options({ mail, chat });
    const prepared = await prepareSpawn(delivery, 'mail', {
      command: 'x',
      args: ['--token=${token}', '$${token}'],
      env: { OWN: 'Bearer ${token}', OTHER: '${token:chat}', PLAIN: 'p' },
    });
    expect(prepared.config.args).toEqual(['--token=mail-token-1', '${token}']);
    expect(prepared.config.env).toEqual({ OWN: 'Bearer mail-token-1', OTHER: 'chat-token-1', PLAIN: 'p' });
    expect(prepared.restartAt).toBe(40_000);
  });

  it('leaves an entry without placeholders alone and asks for nothing', async () => {
    const { delivery, asked } = options({});
    const config = { command: 'x', env: { A: 'b' } };
    const prepared = await prepareSpawn(delivery, 'mail', config);
    expect(prepared.config).toBe(config);
    expect(prepared.restartAt).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('writes the credential file (0600), rewrites it before expiry and deletes it on release', async () => {
    const { delivery, timers } = options({ mail });
    const prepared = await prepareSpawn(delivery, 'mail', { command: 'x', credentialFile: { env: 'TOKEN_PATH', format: 'json' } });
    const path = prepared.config.env?.['TOKEN_PATH'] ?? '';
    expect(prepared.restartAt).toBeUndefined();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ access_token: 'mail-token-1', token_type: 'Bearer', expires_at: 100, scope: 'a b' });
    expect(timers.pending).toEqual([80_000]);
    mail.accessToken = 'mail-token-2';
    timers.fireAll();
    const current = () => (JSON.parse(readFileSync(path, 'utf8')) as { access_token: string }).access_token;
    // The rewrite runs on its own once the timer fired: wait for it (bounded), no clock involved.
    for (let i = 0; i < 1000 && timers.pending.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(current()).toBe('mail-token-2');
    // The next rewrite is scheduled from the new credential.
    expect(timers.pending).toEqual([80_000]);
    await prepared.release();
    expect(existsSync(path)).toBe(false);
    expect(timers.pending).toEqual([]);
  });

  it('bare tokens, and Google authorized_user files with the refresh part (never rewritten)', async () => {
    const refresh = { clientId: 'cid', clientSecret: 'csecret', refreshToken: 'rt', tokenEndpoint: 'https://oauth2.example/token' };
    const { delivery, asked, timers } = options({ mail: { ...mail, refresh } });
    const bare = await prepareSpawn(delivery, 'mail', { command: 'x', credentialFile: { env: 'T', format: 'token' } });
    expect(readFileSync(bare.config.env?.['T'] ?? '', 'utf8')).toBe(mail.accessToken);
    await bare.release();
    timers.fireAll();
    const google = await prepareSpawn(delivery, 'mail', { command: 'x', credentialFile: { env: 'G', format: 'google_authorized_user' } });
    expect(JSON.parse(readFileSync(google.config.env?.['G'] ?? '', 'utf8'))).toEqual({
      type: 'authorized_user',
      client_id: 'cid',
      client_secret: 'csecret',
      refresh_token: 'rt',
      token_uri: 'https://oauth2.example/token',
    });
    expect(asked).toEqual(['mail', 'mail+refresh']);
    expect(timers.pending).toEqual([]);
    await google.release();
  });
});
