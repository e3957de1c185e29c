import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFifo, rejection, settlesWithin } from '../../test/support';
import { openExisting } from './vault-file';

describe('openExisting (the vault file)', () => {
  it('opens a regular file, and says null when there is none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cs-vault-file-'));
    writeFileSync(join(dir, 'vault.json'), '{}', { mode: 0o600 });
    const opened = await openExisting(join(dir, 'vault.json'));
    expect(opened?.info.size).toBe(2n);
    await opened?.handle.close();
    expect(await openExisting(join(dir, 'missing.json'))).toBeNull();
  });

  it.runIf(process.platform !== 'win32')('refuses a FIFO at the vault path with a clear error, instead of waiting on it', async () => {
    const fifo = makeFifo(join(mkdtempSync(join(tmpdir(), 'cs-vault-fifo-')), 'vault.json'));
    const error = await settlesWithin(rejection(openExisting(fifo)), fifo);
    expect(error).toMatchObject({ code: 'invalid_config', message: expect.stringContaining('not a regular file') as unknown });
  });
});
