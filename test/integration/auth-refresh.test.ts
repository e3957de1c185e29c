import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, tokensKey, type AuthCoordinator, type AuthStatusChange } from '../../electron/auth';
import type { Vault } from '../../electron/vault';
import { PUBLIC_CLIENT } from '../fixtures/oauth/constants';
import { startRawTokenServer } from '../fixtures/oauth/raw-token-server';
import { expireStoredToken, openTestVault, scriptedBrowser, startStack, whoamiThrough, type Stack } from '../support/oauth-harness';
import { rejection } from '../support/rejection';
import { tsEntry } from '../support/ts-entry';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const auth = { type: 'oauth', clientId: PUBLIC_CLIENT.clientId };
const root = fileURLToPath(new URL('../..', import.meta.url));

interface Stored {
  accessToken: string;
  refreshToken?: string;
  expiresAt: number;
}

async function setUp(stackOptions: Parameters<typeof startStack>[0] = {}) {
  const stack: Stack = await startStack(stackOptions);
  cleanups.push(() => stack.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  const browser = scriptedBrowser();
  const statuses: [string, AuthStatusChange][] = [];
  const coordinator: AuthCoordinator = createAuthCoordinator({
    vault,
    dataDir,
    opener: browser.opener,
    onStatus: (server, status) => statuses.push([server, status]),
  });
  cleanups.push(() => coordinator.close());
  await coordinator.connect('remote', { url: stack.mcp.url, auth });
  const key = tokensKey('remote', stack.as.issuer);
  return { stack, vault, dataDir, browser, coordinator, statuses, key };
}

async function read(vault: Vault, key: ReturnType<typeof tokensKey>): Promise<Stored> {
  return JSON.parse((await vault.get(key)) ?? 'null') as Stored;
}


describe('auth: refresh', () => {
  it('200 concurrent calls on an expired token cause exactly one token request and no failure', async () => {
    const { stack, vault, coordinator, key } = await setUp();
    const before = await read(vault, key);
    await expireStoredToken(vault, key);
    const responses = await Promise.all(Array.from({ length: 200 }, () => whoamiThrough(coordinator, stack, auth)));
    expect(responses.map((r) => r.status)).toEqual(Array.from({ length: 200 }, () => 200));
    expect(stack.as.counts.token['refresh_token']).toBe(1);
    expect(stack.as.counts.revokedGrants).toBe(0);
    const after = await read(vault, key);
    // Rotated: a new refresh token was stored, and the new access token is the one in use.
    expect(after.refreshToken).toBeDefined();
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.expiresAt).toBeGreaterThan(Date.now());
  });

  it('refreshes once on a 401 and retries the request', async () => {
    const { stack, vault, coordinator, key } = await setUp();
    const before = await read(vault, key);
    expect(await stack.as.revokeAccessToken(before.accessToken)).toBe(true);
    const response = await whoamiThrough(coordinator, stack, auth);
    expect(response.status).toBe(200);
    expect(stack.as.counts.token['refresh_token']).toBe(1);
    expect((await read(vault, key)).accessToken).not.toBe(before.accessToken);
  });

  it('keeps the old refresh token when the response carries none', async () => {
    const { stack, vault, coordinator, key } = await setUp({ rotateRefreshTokens: false, omitRefreshTokenOnRefresh: true });
    const before = await read(vault, key);
    for (let i = 0; i < 2; i++) {
      await expireStoredToken(vault, key);
      expect((await whoamiThrough(coordinator, stack, auth)).status).toBe(200);
    }
    expect(stack.as.counts.token['refresh_token']).toBe(2);
    expect(stack.as.counts.tokenErrors).toEqual({});
    expect((await read(vault, key)).refreshToken).toBe(before.refreshToken);
  });

  it('on invalid_grant forgets the tokens and marks only that server needs_auth, once', async () => {
    const { stack, vault, coordinator, key, statuses } = await setUp();
    // A second server with its own tokens must not be touched.
    await coordinator.connect('other', { url: stack.mcp.url, auth });
    const otherKey = tokensKey('other', stack.as.issuer);
    const stored = await read(vault, key);
    await stack.as.revokeGrantOf(stored.refreshToken ?? '');
    await expireStoredToken(vault, key);
    statuses.length = 0;

    const error = await rejection(whoamiThrough(coordinator, stack, auth));
    expect(error).toMatchObject({ code: 'auth_required', data: { server: 'remote', oauthError: 'invalid_grant' } });
    expect(error.hint).toContain('connected-services connect remote');
    expect(await vault.get(key)).toBeUndefined();
    expect(await vault.get(otherKey)).toBeDefined();
    expect(statuses).toEqual([['remote', expect.objectContaining({ state: 'needs_auth' })]]);
    expect(stack.as.counts.token['refresh_token']).toBe(1);

    // Fails fast from now on: no further refresh attempts.
    const again = await rejection(whoamiThrough(coordinator, stack, auth));
    expect(again.code).toBe('auth_required');
    expect(stack.as.counts.token['refresh_token']).toBe(1);
    expect((await coordinator.status('remote', { url: stack.mcp.url, auth })).connected).toBe(false);
  });

  it("on invalid_grant names the token endpoint's error page (error_uri) in the needs-sign-in state, and only one that passes the URL check", async () => {
    for (const [errorUri, shown] of [['https://as.example/errors/invalid_grant', true], ['javascript:alert(1)', false]] as const) {
      const { stack, vault, coordinator, key, statuses } = await setUp();
      // A token endpoint on 127.0.0.1 that refuses every refresh, naming a page about why (RFC 6749 §5.2).
      const hostile = await startRawTokenServer({ expectedBasic: 'Basic none', errorBody: { error: 'invalid_grant', error_description: 'grant revoked', error_uri: errorUri } });
      cleanups.push(() => hostile.close());
      const record = JSON.parse((await vault.get(key)) ?? '{}') as Record<string, unknown>;
      await vault.set(key, JSON.stringify({ ...record, tokenEndpoint: `${hostile.url.replace(/\/mcp$/, '')}/token` }));
      await expireStoredToken(vault, key);
      statuses.length = 0;

      const error = await rejection(whoamiThrough(coordinator, stack, auth));
      expect(hostile.requests.map((r) => r.body.get('grant_type'))).toEqual(['refresh_token']);
      expect(error).toMatchObject({ code: 'auth_required', data: { server: 'remote', oauthError: 'invalid_grant' } });
      const wire = statuses.find(([server, status]) => server === 'remote' && status.state === 'needs_auth')?.[1].error;
      if (shown) {
        expect(error.data?.['errorUri']).toBe(errorUri);
        expect(error.hint).toContain(`explains this error at ${errorUri}`);
        expect(wire?.data?.['errorUri']).toBe(errorUri);
      } else {
        expect(error.data?.['errorUri']).toBeUndefined();
        expect(error.hint).not.toContain('javascript');
        expect(wire?.data?.['errorUri']).toBeUndefined();
      }
    }
  }, 60_000);

  it('five processes at once: one refresh, and the grant is not revoked', async () => {
    const { stack, vault, dataDir, coordinator, key } = await setUp();
    await expireStoredToken(vault, key);
    const goFile = join(dataDir, '..', 'go');
    const children = Array.from({ length: 5 }, () => {
      const child = spawn(process.execPath, [...tsEntry('test/fixtures/oauth/refresh-child.ts'), dataDir, stack.mcp.url, stack.mcp.whoamiUrl, goFile], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const lines: string[] = [];
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const ready = new Promise<void>((resolve) => {
        createInterface({ input: child.stdout }).on('line', (line) => {
          lines.push(line);
          if (line === 'ready') resolve();
        });
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      cleanups.push(async () => {
        if (child.exitCode === null) child.kill();
        await exited;
      });
      return { ready, exited, lines, stderr: () => stderr };
    });
    await Promise.all(children.map((c) => c.ready));
    writeFileSync(goFile, 'go');
    const codes = await Promise.all(children.map((c) => c.exited));
    expect(codes, children.map((c) => c.stderr()).join('\n')).toEqual([0, 0, 0, 0, 0]);
    const results = children.map((c) => JSON.parse(c.lines.at(-1) ?? '{}') as { status?: number; error?: unknown });
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(stack.as.counts.token['refresh_token']).toBe(1);
    expect(stack.as.counts.revokedGrants).toBe(0);

    // The grant lives on: this process uses the rotated tokens and can refresh them again.
    expect((await whoamiThrough(coordinator, stack, auth)).status).toBe(200);
    await expireStoredToken(vault, key);
    expect((await whoamiThrough(coordinator, stack, auth)).status).toBe(200);
    expect(stack.as.counts.token['refresh_token']).toBe(2);
    expect(stack.as.counts.tokenErrors).toEqual({});
  }, 40_000);
});
