import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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

  it('refuses a file nesting deeper than any client config, by saying so (its parser would overflow the stack)', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'cs-home-'));
    mkdirSync(path.join(home, '.cursor'));
    const file = path.join(home, '.cursor', 'mcp.json');
    writeFileSync(file, `{"mcpServers": {}, "x": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`);
    await expect(readClientFile(file, home)).rejects.toMatchObject({ code: 'invalid_config', message: `${file} nests deeper than 64 levels, more than any client's configuration does; it is not read or written` });
  });

  it('counts no bracket inside a string or a comment', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'cs-home-'));
    mkdirSync(path.join(home, '.cursor'));
    const file = path.join(home, '.cursor', 'mcp.json');
    const text = `// ${'['.repeat(100)}\n{"mcpServers": {"a": {"command": "${'{'.repeat(100)}"}}}`;
    writeFileSync(file, text);
    expect((await readClientFile(file, home)).text).toBe(text);
  });
});
