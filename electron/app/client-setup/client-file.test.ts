import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readClientFile } from './client-file';

describe('readClientFile', () => {
  it('says the home folder does not exist, not that the file leads outside it', async () => {
    const home = path.join(mkdtempSync(path.join(tmpdir(), 'cs-nohome-')), 'nohome');
    const error = await readClientFile(path.join(home, '.cursor', 'mcp.json'), home).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'not_found', message: expect.stringContaining(`Your home folder ${home} does not exist`) as unknown });
    expect(String((error as Error).message)).not.toContain('outside');
  });

  it('reads nothing yet from a home folder that exists', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'cs-home-'));
    expect(await readClientFile(path.join(home, '.cursor', 'mcp.json'), home)).toEqual({ target: path.join(home, '.cursor', 'mcp.json'), text: undefined, mode: undefined });
  });
});
