import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../app';
import { commandLineApi } from './command-line-api';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the command line’s own App API', () => {
  it('parses each input by the contract before its core sees it, as the app’s transports do', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cs-cli-api-'));
    const reached: unknown[] = [];
    const core = {
      api: { on: () => () => undefined },
      door: { call: (_from: unknown, method: string, input: unknown) => Promise.resolve(reached.push([method, input])) },
    } as unknown as Core;
    const api = await commandLineApi(core, dir);

    const refused: unknown = await api.removeServer({ name: 42 } as unknown as { name: string }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'invalid_input' });
    expect(String((refused as Error).message)).toMatch(/^Invalid input for removeServer: name: /);
    expect(reached).toEqual([]);

    await api.removeServer({ name: 'notes' });
    expect(reached).toEqual([['removeServer', { name: 'notes' }]]);
  });
});
