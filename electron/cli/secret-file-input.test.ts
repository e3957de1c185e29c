import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSecretFile } from './secret-file-input';

describe('readSecretFile', () => {
  it('reads a regular text file byte for byte', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cs-secret-file-')), 'key.json');
    writeFileSync(file, '{"private_key":"-----BEGIN…"}\n');
    expect(await readSecretFile(file)).toBe('{"private_key":"-----BEGIN…"}\n');
  });

  // Opened before the check, a FIFO blocked `secrets set --from-file` until a writer came.
  it.skipIf(process.platform === 'win32')('refuses a FIFO at once, never waiting for a writer', async () => {
    const fifo = join(mkdtempSync(join(tmpdir(), 'cs-secret-file-')), 'pipe');
    execFileSync('mkfifo', [fifo]);
    await expect(readSecretFile(fifo)).rejects.toMatchObject({ code: 'invalid_input', message: `${fifo} is not a regular file.` });
  });
});
