import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/app';
import { REFRESH_AFTER_MS } from '../../electron/app/servers/registry-api';
import type { AdminEntry } from '../../shared/api';
import { coreWithRegistry } from '../fixtures/registry/core-with-registry';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';
import { ManualTimers } from '../support/manual-timers';

const FIRST_CHECK_MS = 15_000;
const HOUR = 60 * 60 * 1000;

/** The next refresh the admin log records; fails after a bounded time (the wiring is missing). */
function nextRefresh(core: Core): Promise<AdminEntry> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error('no refreshRegistries entry in the admin log within 5 s'));
    }, 5000);
    const off = core.api.on('adminEntry', (entry) => {
      if (entry.method !== 'refreshRegistries') return;
      clearTimeout(timer);
      off();
      resolve(entry);
    });
  });
}

// The background refresh through the real core: its admin log is what Activity's "Changes" and its events show.
describe('the automatic registry refresh, in Activity', () => {
  const timers = new ManualTimers();
  // The clock may jump (a machine waking from sleep) without firing timers.
  let jumped = 0;
  const start = Date.now();
  const now = (): number => start + jumped + timers.now();
  let registry: FixtureRegistry;
  let core: Core;

  beforeAll(async () => {
    registry = await startFixtureRegistry(5);
    const env = { ...process.env, CONNECTED_SERVICES_REGISTRY_REFRESH: undefined };
    // Never refreshed: the first check finds the catalog stale.
    ({ core } = await coreWithRegistry('cs-registry-background-', registry.url, { options: { watch: true, env, now, setTimer: timers.setTimer }, refresh: false }));
  }, 30_000);

  afterAll(async () => {
    await core?.close();
    await registry?.close();
  });

  it('the first check, 15 s after start, refreshes and records one ok line as the app\'s own doing', async () => {
    expect(timers.pending).toEqual([FIRST_CHECK_MS, HOUR]);
    const recorded = nextRefresh(core);
    timers.advance(FIRST_CHECK_MS);
    const entry = await recorded;
    expect(entry).toMatchObject({ who: 'core', method: 'refreshRegistries', outcome: 'ok' });
    // Never fetched before: not "older than six hours".
    expect(entry.summary).toBe("fetch the MCP registries' catalog on its own (a registry had not been fetched yet)");
    expect(entry.error).toBeUndefined();
    const log = await core.api.readAdminLog({ limit: 10 });
    expect(log.filter((e) => e.method === 'refreshRegistries')).toEqual([entry]);
    expect((await core.api.registryCatalog({})).entries).toHaveLength(5);
  });

  it('a registry answering 500 later: a failed line naming why, no stack, the last catalog kept', async () => {
    registry.fail({ kind: 'status', status: 500 });
    jumped += REFRESH_AFTER_MS;
    const recorded = nextRefresh(core);
    // The hourly check, the first timer still pending.
    timers.advance(HOUR - FIRST_CHECK_MS);
    const entry = await recorded;
    expect(entry).toMatchObject({ who: 'core', method: 'refreshRegistries', outcome: 'failed', summary: 'check the MCP registries for new entries on its own (the catalog was older than six hours)' });
    expect(entry.error).toMatch(/^the registry could not be refreshed \(.*500/);
    expect(entry.error).not.toMatch(/\n\s+at /);
    expect(entry.error).not.toContain('fixture failure');
    const catalog = await core.api.registryCatalog({});
    expect(catalog.entries).toHaveLength(5);
    expect(catalog.registries[0]?.lastFailure?.message).toContain('500');
  });
});
