import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../lifecycle/core';

let core: Core;
let dataDir: string;
beforeEach(async () => {
  dataDir = join(mkdtempSync(join(tmpdir(), 'cs-import-path-')), 'home');
  core = await createCore({ dataDir, env: { ...process.env, CONNECTED_SERVICES_PASSPHRASE: 'import path passphrase' }, vaultProvider: 'passphrase' });
});
afterEach(async () => {
  await core?.close();
});

describe('importConfig takes an absolute path only: a relative one would be read from the core’s folder', () => {
  it('refuses a relative path with invalid_input and imports nothing', async () => {
    const before = Object.keys(core.registry.config().mcpServers);
    for (const path of ['claude.json', './claude.json', '../x/claude.json', '~other/claude.json']) {
      const error: unknown = await core.api.importConfig({ source: 'claude-desktop', path }).catch((refused: unknown) => refused);
      expect(error).toMatchObject({ code: 'invalid_input' });
      expect(String((error as Error).message)).toContain('is relative');
    }
    expect(Object.keys(core.registry.config().mcpServers)).toEqual(before);
  });

  it('imports from an absolute path', async () => {
    const source = join(dataDir, '..', 'claude.json');
    writeFileSync(source, JSON.stringify({ mcpServers: { plain: { command: 'node', args: ['server.js'] } } }));
    const report = await core.api.importConfig({ source: 'claude-desktop', path: source });
    expect(report.added.map((a) => a.name)).toEqual(['plain']);
  });
});
