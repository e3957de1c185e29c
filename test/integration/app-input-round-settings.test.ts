import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, dispatch, type Core } from '../../electron/app';

// The round settings through the App API of a real core, as every transport enters it (dispatch:
// the contract's zod schema, then the door), written to mcp.json and read back as the bridge reads them.
describe('App API: settings.inputRoundWindowMs, inputRoundQuietMs, inputRoundGatherMaxMs', () => {
  let core: Core;
  let file: string;
  const person = { caller: 'ipc' } as const;
  const call = (method: string, payload: unknown) => dispatch(core.door, method, payload, person);
  const settingsInFile = (): unknown => (JSON.parse(readFileSync(file, 'utf8')) as { settings?: unknown }).settings;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cs-round-settings-'));
    file = join(dataDir, 'mcp.json');
    writeFileSync(file, JSON.stringify({ mcpServers: {}, settings: { auditArguments: true } }));
    core = await createCore({ dataDir, demo: false, env: {}, vaultProvider: 'memory' });
  }, 30_000);

  afterAll(async () => {
    await core?.close();
  });

  it('refuses values outside the settings file\'s bounds, naming the range, and writes nothing', async () => {
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ inputRoundWindowMs: 999 }, 'inputRoundWindowMs: must be a whole number of ms from 1000 to 3600000 (1 s to 3600 s)'],
      [{ inputRoundWindowMs: 3_600_001 }, 'from 1000 to 3600000'],
      [{ inputRoundWindowMs: 1500.5 }, 'from 1000 to 3600000'],
      [{ inputRoundQuietMs: -1 }, 'inputRoundQuietMs: must be a whole number of ms from 0 to 5000 (0 s to 5 s)'],
      [{ inputRoundQuietMs: 5_001 }, 'from 0 to 5000'],
      [{ inputRoundGatherMaxMs: 60_001 }, 'inputRoundGatherMaxMs: must be a whole number of ms from 0 to 60000 (0 s to 60 s)'],
      [{ inputRoundGatherMaxMs: '2000' }, 'from 0 to 60000'],
      [{ inputRoundQuietMs: 500, inputRoundGatherMaxMs: 100 }, 'inputRoundGatherMaxMs: must be at least inputRoundQuietMs (500)'],
      [{ bridgePort: 1 }, 'bridgePort'],
    ];
    for (const [payload, message] of refused) {
      await expect(call('setInputRoundSettings', payload), JSON.stringify(payload)).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining(message) as unknown });
    }
    expect(settingsInFile()).toEqual({ auditArguments: true });
    expect(await call('inputRoundSettings', {})).toEqual({});
  });

  it('writes values within bounds beside the other settings, in force at once; null puts the default back', async () => {
    const saved = await call('setInputRoundSettings', { inputRoundWindowMs: 1_000, inputRoundQuietMs: 5_000, inputRoundGatherMaxMs: 60_000 });
    const all = { inputRoundWindowMs: 1_000, inputRoundQuietMs: 5_000, inputRoundGatherMaxMs: 60_000 };
    expect(saved).toEqual(all);
    expect(settingsInFile()).toEqual({ auditArguments: true, ...all });
    // What the bridge reads at each round (start-core-bridge.ts).
    expect(core.registry.config().settings).toMatchObject(all);
    expect(await call('inputRoundSettings', {})).toEqual(all);

    expect(await call('setInputRoundSettings', { inputRoundQuietMs: null, inputRoundGatherMaxMs: null })).toEqual({ inputRoundWindowMs: 1_000 });
    expect(settingsInFile()).toEqual({ auditArguments: true, inputRoundWindowMs: 1_000 });
    // Logged as the person's change, in words.
    const log = (await call('readAdminLog', {})) as Array<{ method: string; summary: string; outcome: string }>;
    expect(log.filter((e) => e.method === 'setInputRoundSettings' && e.outcome === 'ok').map((e) => e.summary)).toEqual([
      "change how agents answer services' questions: \"Wait for more questions\" → its default, \"Longest time to gather questions\" → its default",
      "change how agents answer services' questions: \"Time an agent has to answer\" → 1 s, \"Wait for more questions\" → 5 s, \"Longest time to gather questions\" → 1 minute",
    ]);
  });

  it('refuses a bound below the quiet already in the file, as the file\'s own check does', async () => {
    await call('setInputRoundSettings', { inputRoundQuietMs: 3_000, inputRoundGatherMaxMs: 4_000 });
    await expect(call('setInputRoundSettings', { inputRoundGatherMaxMs: 1_000 })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('inputRoundGatherMaxMs would be 1000 ms, below inputRoundQuietMs (3000 ms)') as unknown,
    });
    expect(settingsInFile()).toEqual({ auditArguments: true, inputRoundWindowMs: 1_000, inputRoundQuietMs: 3_000, inputRoundGatherMaxMs: 4_000 });
  });

  it('counts a value left to its default: a bound below the default quiet, or a quiet above the default bound, would be saved and do nothing', async () => {
    await call('setInputRoundSettings', { inputRoundQuietMs: null, inputRoundGatherMaxMs: null });
    await expect(call('setInputRoundSettings', { inputRoundGatherMaxMs: 100 })).rejects.toMatchObject({ message: expect.stringContaining('100 ms, below inputRoundQuietMs (250 ms)') as unknown });
    await expect(call('setInputRoundSettings', { inputRoundQuietMs: 5_000 })).rejects.toMatchObject({ message: expect.stringContaining('2000 ms, below inputRoundQuietMs (5000 ms)') as unknown });
    expect(settingsInFile()).toEqual({ auditArguments: true, inputRoundWindowMs: 1_000 });
  });

  // The Settings screen of another window (or one open while mcp.json is edited) kept the old times.
  it('says settingsChanged when the settings change, through the App API or in the file, and not for a change of servers', async () => {
    let changes = 0;
    const off = core.api.on('settingsChanged', () => changes++);
    try {
      await call('setInputRoundSettings', { inputRoundWindowMs: 2_000 });
      expect(changes).toBe(1);
      const raw = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, unknown>; settings: Record<string, unknown> };
      writeFileSync(file, JSON.stringify({ ...raw, settings: { ...raw.settings, inputRoundWindowMs: 3_000 } }));
      await core.registry.reload();
      expect(changes).toBe(2);
      expect(await call('inputRoundSettings', {})).toMatchObject({ inputRoundWindowMs: 3_000 });
      writeFileSync(file, JSON.stringify({ ...raw, settings: { ...raw.settings, inputRoundWindowMs: 3_000 }, mcpServers: { echo: { command: process.execPath, args: ['--version'] } } }));
      await core.registry.reload();
      expect(core.registry.config().mcpServers).toHaveProperty('echo');
      expect(changes).toBe(2);
    } finally {
      off();
    }
  });
});
