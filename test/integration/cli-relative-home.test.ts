import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, runNode } from '../support/cli';

// A relative data folder is the working directory's (docs/cli.md): a bridge an agent starts
// elsewhere would use another one, so every command says which folder it used.
describe('a relative CONNECTED_SERVICES_HOME', () => {
  it('is the working directory\'s, and said so with the absolute path to give instead', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'cs-relative-home-'));
    const result = await runNode([CLI, 'servers', 'list'], { cwd, env: { ...process.env, CONNECTED_SERVICES_HOME: 'relative-dir', CONNECTED_SERVICES_PASSPHRASE: 'relative home passphrase' } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`note: CONNECTED_SERVICES_HOME is a relative path (relative-dir): using ${join(cwd, 'relative-dir')}, the working directory's. Give an absolute path so every client uses this one folder.`);
    expect(existsSync(join(cwd, 'relative-dir', 'mcp.json'))).toBe(true);
  }, 60_000);
});
