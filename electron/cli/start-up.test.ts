import { describe, expect, it } from 'vitest';
import { chooseUiPort } from './start-up';

describe('chooseUiPort', () => {
  it('without --port asks the OS for a free port (0): a new origin at each start, whatever holds an older one', async () => {
    const asked: number[] = [];
    const portFree = (port: number): Promise<boolean> => (asked.push(port), Promise.resolve(false));
    await expect(chooseUiPort(undefined, { portFree })).resolves.toBe(0);
    await expect(chooseUiPort(0, { portFree })).resolves.toBe(0);
    expect(asked).toEqual([]);
  });

  it('keeps a port given with --port, and refuses it (exit 7) when another program holds it', async () => {
    await expect(chooseUiPort(5123, { portFree: () => Promise.resolve(true) })).resolves.toBe(5123);
    await expect(chooseUiPort(5123, { portFree: () => Promise.resolve(false) })).rejects.toMatchObject({ code: 'server_unavailable', message: expect.stringContaining('Port 5123') as string });
  });
});
