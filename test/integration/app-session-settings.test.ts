import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, dispatch, type Core } from '../../electron/app';
import { startSessionExpiryServer, type SessionExpiryServer } from '../fixtures/servers/session-expiry-server';
import { waitFor } from '../support/server-harness';

// The session settings through the App API of a real core, as every transport enters it (dispatch:
// the contract's zod schema, then the door), written to mcp.json and taken by the pool's running
// session: a check each second and one new session a minute, where the defaults would wait 60 s.
describe('App API: settings.sessionCheckMs, sessionCheckTimeoutMs, sessionRenewalsPerMinute', () => {
  let core: Core;
  let server: SessionExpiryServer;
  let file: string;
  const person = { caller: 'ipc' } as const;
  const call = (method: string, payload: unknown) => dispatch(core.door, method, payload, person);
  const settingsInFile = (): unknown => (JSON.parse(readFileSync(file, 'utf8')) as { settings?: unknown }).settings;

  beforeAll(async () => {
    server = await startSessionExpiryServer();
    const dataDir = mkdtempSync(join(tmpdir(), 'cs-session-settings-'));
    file = join(dataDir, 'mcp.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { memo: { type: 'http', url: server.url } }, settings: { auditArguments: true } }));
    core = await createCore({ dataDir, demo: false, env: {}, vaultProvider: 'memory' });
  }, 30_000);

  afterAll(async () => {
    await core?.close();
    await server?.close();
  });

  it('refuses values outside the settings file\'s bounds, naming the range, and writes nothing', async () => {
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ sessionCheckMs: 999 }, 'sessionCheckMs: must be 0 (never) or a whole number of ms from 1000 to 86400000'],
      [{ sessionCheckMs: 86_400_001 }, 'from 1000 to 86400000'],
      [{ sessionCheckMs: -1 }, 'from 1000 to 86400000'],
      [{ sessionCheckTimeoutMs: 99 }, 'sessionCheckTimeoutMs: must be a whole number from 100 to 600000'],
      [{ sessionCheckTimeoutMs: 600_001 }, 'from 100 to 600000'],
      [{ sessionCheckTimeoutMs: 250.5 }, 'from 100 to 600000'],
      [{ sessionRenewalsPerMinute: 0 }, 'sessionRenewalsPerMinute: must be a whole number from 1 to 60'],
      [{ sessionRenewalsPerMinute: 61 }, 'from 1 to 60'],
      [{ sessionRenewalsPerMinute: '5' }, 'from 1 to 60'],
      [{ inputRoundWindowMs: 5_000 }, 'inputRoundWindowMs'],
    ];
    for (const [payload, message] of refused) {
      await expect(call('setSessionSettings', payload), JSON.stringify(payload)).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining(message) as unknown });
    }
    expect(settingsInFile()).toEqual({ auditArguments: true });
    expect(await call('sessionSettings', {})).toEqual({});
  });

  it('writes values within bounds beside the other settings, and the running session follows them; null puts the default back', async () => {
    await core.pool.start('memo');
    await waitFor('the GET stream open', () => server.streams === 1, 10_000);

    const set = { sessionCheckMs: 1_000, sessionCheckTimeoutMs: 2_000, sessionRenewalsPerMinute: 1 };
    expect(await call('setSessionSettings', set)).toEqual(set);
    expect(settingsInFile()).toEqual({ auditArguments: true, ...set });
    expect(await call('sessionSettings', {})).toEqual(set);

    // Forgotten without a word: found by the check a second later (not the default minute), renewed once.
    server.expireQuietly();
    await waitFor('a new session after the check', () => server.initializes === 2 && server.streams === 2 && core.pool.status('memo').state === 'ready', 15_000);
    expect(server.methods).toContain('ping');
    // Forgotten again within the minute: one new session a minute is all it gets.
    server.expireQuietly();
    await waitFor('the server in error', () => core.pool.status('memo').state === 'error', 15_000);
    expect(core.pool.status('memo').lastError?.message).toMatch(/"memo" forgot 1 sessions within 60 s/);
    expect(server.initializes).toBe(2);

    expect(await call('setSessionSettings', { sessionCheckMs: null, sessionRenewalsPerMinute: null })).toEqual({ sessionCheckTimeoutMs: 2_000 });
    expect(settingsInFile()).toEqual({ auditArguments: true, sessionCheckTimeoutMs: 2_000 });
    const log = (await call('readAdminLog', {})) as Array<{ method: string; summary: string; outcome: string }>;
    expect(log.filter((e) => e.method === 'setSessionSettings' && e.outcome === 'ok').map((e) => e.summary)).toEqual([
      "change how services' sessions are kept alive: \"Check a quiet connection every\" → its default, \"New connections a minute, at most\" → its default",
      "change how services' sessions are kept alive: \"Check a quiet connection every\" → 1 s, \"Wait for the check's answer\" → 2 s, \"New connections a minute, at most\" → 1",
    ]);
  }, 60_000);

  it('from the command line, a tighter bound is done at once; a looser one is a widening, confirmed in the app', async () => {
    const cli = (payload: unknown) => dispatch(core.door, 'setSessionSettings', payload, { caller: 'cli' });
    // The default renewals (5) lowered, the check's wait (2,000) lowered, how often it checks: at once.
    expect(await cli({ sessionRenewalsPerMinute: 3 })).toEqual({ sessionCheckTimeoutMs: 2_000, sessionRenewalsPerMinute: 3 });
    expect(await cli({ sessionCheckTimeoutMs: 1_500, sessionCheckMs: 5_000 })).toEqual({ sessionCheckMs: 5_000, sessionCheckTimeoutMs: 1_500, sessionRenewalsPerMinute: 3 });
    const now = settingsInFile();
    expect(now).toEqual({ auditArguments: true, sessionCheckMs: 5_000, sessionCheckTimeoutMs: 1_500, sessionRenewalsPerMinute: 3 });
    // More new sessions a minute for a server, longer for it to hold the check, or either back to its higher default.
    for (const payload of [{ sessionRenewalsPerMinute: 60 }, { sessionCheckTimeoutMs: 600_000 }, { sessionRenewalsPerMinute: null }, { sessionCheckTimeoutMs: null, sessionCheckMs: 0 }]) {
      await expect(cli(payload), JSON.stringify(payload)).rejects.toMatchObject({ code: 'denied', message: expect.stringContaining('confirmed in the app') as unknown });
    }
    expect(settingsInFile()).toEqual(now);
    // The person's own Settings screen sets them at once.
    expect(await call('setSessionSettings', { sessionRenewalsPerMinute: null })).toEqual({ sessionCheckMs: 5_000, sessionCheckTimeoutMs: 1_500 });
  });
});
