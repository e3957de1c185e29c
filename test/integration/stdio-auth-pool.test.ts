import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, stdioAuthTarget, tokensKey, type AuthCoordinator, type FlowEvent } from '../../electron/auth';
import { createPool } from '../../electron/pool';
import type { StdioServerConfig } from '../../shared/config';
import { startAuthorizationServer } from '../fixtures/oauth/authorization-server';
import { PUBLIC_CLIENT, TEST_USER } from '../fixtures/oauth/constants';
import { approveDevice, openTestVault, scriptedBrowser } from '../support/oauth-harness';
import { tempDir, textOf, waitFor } from '../support/server-harness';
import { startTokenApi } from '../fixtures/stdio-auth/token-api';
import { rejection } from '../support/rejection';
import { credentialPool, tokenEnvServer, tokenFileServer, type StdioAuthSetUp } from '../support/stdio-auth-pool';
import { fileRenewals, overlappingCalls, who } from '../support/token-callers';

/** Short-lived tokens: renewed every few seconds (refresh margin: a quarter of their life). */
const TTL_S = 4;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(asOptions: Parameters<typeof startAuthorizationServer>[0] = {}): Promise<StdioAuthSetUp> {
  const as = await startAuthorizationServer({ accessTokenTtl: TTL_S, ...asOptions });
  cleanups.push(() => as.close());
  const api = await startTokenApi(as.issuer);
  cleanups.push(() => api.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  const browser = scriptedBrowser();
  const coordinator = createAuthCoordinator({ vault, dataDir, opener: browser.opener, sleep: (ms) => new Promise((r) => setTimeout(r, ms / 50)) });
  cleanups.push(() => coordinator.close());
  const auth = { issuer: as.issuer, clientId: PUBLIC_CLIENT.clientId, scopes: ['openid', 'offline_access'] };
  const configs: Record<string, StdioServerConfig> = {
    envtok: tokenEnvServer(api, { type: 'oauth', ...auth }),
    filetok: tokenFileServer(api, { type: 'device', ...auth }, 'json'),
  };
  const { pool, runtimeDir, logs } = await credentialPool(coordinator, configs, 'stdio-auth');
  cleanups.push(() => pool.close());
  return { as, api, vault, coordinator, pool, runtimeDir, logs, configs };
}

async function signInWithDevice(coordinator: AuthCoordinator, name: string, config: StdioServerConfig): Promise<void> {
  const approvals: Promise<string>[] = [];
  const onEvent = (event: FlowEvent): void => {
    if (event.type === 'device_code') approvals.push(approveDevice(event.verificationUriComplete ?? event.verificationUri));
  };
  // The person approves on another device: nothing is opened here (the scripted browser would approve too).
  await coordinator.connect(name, stdioAuthTarget(name, config), { onEvent, opener: () => Promise.resolve() });
  await Promise.all(approvals);
}

/** Nothing the app wrote, logged or reports holds a token. */
async function expectNoTokens(setUp: StdioAuthSetUp, servers: string[], texts: string[]): Promise<void> {
  for (const server of servers) {
    const record = JSON.parse((await setUp.vault.get(tokensKey(server, setUp.as.issuer))) ?? '{}') as { accessToken?: string; refreshToken?: string };
    for (const secret of [record.accessToken, record.refreshToken]) {
      if (secret === undefined) continue;
      for (const text of [...texts, ...setUp.logs, JSON.stringify(setUp.pool.statuses())]) expect(text).not.toContain(secret);
    }
  }
}

describe('stdio auth: tokens delivered to programs on this computer', () => {
  it('${token}: needs_auth before spawn, then calls succeed across several expiries, renewed between calls only', async () => {
    const s = await setUp();
    const { pool, coordinator, configs, as, api } = s;
    const before = await rejection(pool.callTool('envtok', 'whoami', {}));
    expect(before.code).toBe('auth_required');
    expect(before.hint).toContain('connected-services connect envtok');
    expect(pool.status('envtok').state).toBe('needs_auth');
    // Nothing was spawned: the program never called the API.
    expect(api.requests).toHaveLength(0);
    // Calls fail fast until the person signs in.
    expect((await rejection(pool.callTool('envtok', 'whoami', {}))).code).toBe('auth_required');

    await coordinator.connect('envtok', stdioAuthTarget('envtok', configs['envtok'] ?? {}));
    await pool.start('envtok');
    const first = who(textOf(await pool.callTool('envtok', 'whoami', {})));
    expect(first).toMatchObject({ status: 200, body: { sub: TEST_USER } });

    // Two callers keep overlapping slow calls going for several token lifetimes: each must succeed (a
    // restart during a call would fail it), and the program is restarted (new pid) between them.
    const { pids, errors } = await overlappingCalls(pool, 'envtok', Date.now() + 4 * TTL_S * 1000);
    pids.add(first.pid);
    expect(errors).toEqual([]);
    expect(pids.size).toBeGreaterThanOrEqual(3);
    expect(api.requests.every((r) => r.status === 200)).toBe(true);
    // Every renewal spent the rotated refresh token once: the authorization server revoked nothing.
    expect(as.counts.token['refresh_token']).toBeGreaterThanOrEqual(2);
    expect(as.counts.tokenErrors).toEqual({});
    expect(as.counts.revokedGrants).toBe(0);
    expect(s.logs.some((line) => line.includes('restarting it to hand it a renewed credential'))).toBe(true);
    await expectNoTokens(s, ['envtok'], [JSON.stringify(before.toWire())]);
  }, 60_000);

  it('credentialFile: a 0600 file read on every call, rewritten atomically before expiry, gone after stop and after a crash', async () => {
    const s = await setUp();
    const { pool, coordinator, configs, as, runtimeDir } = s;
    const needs = await rejection(pool.start('filetok'));
    expect(needs.code).toBe('auth_required');
    expect(existsSync(runtimeDir) ? readdirSync(runtimeDir).flatMap((d) => readdirSync(join(runtimeDir, d))).filter((f) => f.endsWith('.cred')) : []).toEqual([]);

    await signInWithDevice(coordinator, 'filetok', configs['filetok'] as StdioServerConfig);
    await pool.start('filetok');
    const file = JSON.parse(textOf(await pool.callTool('filetok', 'credential_file', {}))) as { path: string; mode: number; dir_mode: number };
    expect(file.mode).toBe(0o600);
    expect(file.dir_mode).toBe(0o700);
    expect(file.path.startsWith(runtimeDir)).toBe(true);
    const content = JSON.parse(readFileSync(file.path, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(content).sort()).toEqual(['access_token', 'expires_at', 'scope', 'token_type']);

    // Across several expiries the same program keeps working: the file is replaced (a new inode: temp file
    // renamed over it), never restarted.
    const first = who(textOf(await pool.callTool('filetok', 'whoami', {})));
    const { inodes, tokens } = await fileRenewals(pool, 'filetok', file.path, first.pid, Date.now() + 3 * TTL_S * 1000);
    expect(tokens.size).toBeGreaterThanOrEqual(3);
    expect(inodes.size).toBeGreaterThanOrEqual(3);
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    expect(as.counts.revokedGrants).toBe(0);
    // (The device sign-in's authorization_pending polls aside.)
    expect(Object.keys(as.counts.tokenErrors).filter((k) => k.startsWith('refresh_token'))).toEqual([]);

    await pool.stop('filetok');
    expect(existsSync(file.path)).toBe(false);

    // The program crashes: its file goes with it.
    await pool.start('filetok');
    const again = JSON.parse(textOf(await pool.callTool('filetok', 'credential_file', {}))) as { path: string };
    const pid = who(textOf(await pool.callTool('filetok', 'whoami', {}))).pid;
    expect(existsSync(again.path)).toBe(true);
    process.kill(pid, 'SIGKILL');
    await waitFor('the credential file to go', () => !existsSync(again.path));
    expect(pool.status('filetok').state).toBe('error');
    await expectNoTokens(s, ['filetok'], [JSON.stringify(needs.toWire())]);
  }, 60_000);

  it('a program that says its own credentials failed is reported as auth_required with a hint', async () => {
    const s = await setUp({ accessTokenTtl: 3600 });
    const { pool, coordinator, configs, as, api } = s;
    await coordinator.connect('envtok', stdioAuthTarget('envtok', configs['envtok'] as StdioServerConfig));
    expect(textOf(await pool.callTool('envtok', 'whoami', {}))).toContain(TEST_USER);
    const token = api.requests.at(-1)?.token ?? '';
    expect(await as.revokeAccessToken(token)).toBe(true);
    const error = await rejection(pool.callTool('envtok', 'whoami', {}));
    expect(error.code).toBe('auth_required');
    expect(error.message).toBe('"envtok" says its credentials were refused (401).');
    expect(error.hint).toContain('connected-services connect envtok');
    await expectNoTokens(s, ['envtok'], [JSON.stringify(error.toWire())]);
  });

  it('removes credential files a crashed process left behind when the next one starts', async () => {
    const root = join(tempDir('stdio-auth-left-'), 'run');
    // A process that is gone: a child that has exited.
    const deadPid = Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).toString());
    const left = join(root, 'run-abcdef0123456789');
    mkdirSync(left, { recursive: true, mode: 0o700 });
    writeFileSync(join(left, 'owner.json'), JSON.stringify({ v: 1, pid: deadPid, host: (await import('node:os')).hostname(), nonce: 'nonce-0123456789', since: new Date().toISOString() }));
    writeFileSync(join(left, 'mail-123.cred'), 'left-over-token', { mode: 0o600 });
    const pool = createPool({ cacheDir: tempDir(), runtimeDir: root, credential: () => Promise.reject(new Error('unused')) });
    cleanups.push(() => pool.close());
    await waitFor('the left-over folder to go', () => !existsSync(left));
  });
});
