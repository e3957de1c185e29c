import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LOGGING_SERVER, ROOT } from '../fixtures/servers/config';
import { tsEntry } from '../support/ts-entry';

const run = promisify(execFile);
const OWN_LOCATION = join(ROOT, 'test', 'fixtures', 'bundles', 'own-location.ts');

describe('fixture bundles: the programs tests start run bundled, as their sources would', () => {
  it('runs a bundle, not tsx, for a fixture', () => {
    const args = tsEntry(LOGGING_SERVER);
    expect(args).toHaveLength(1);
    expect(args[0]).toMatch(/test\/fixtures\/servers\/logging-server\.mjs$/);
  });

  it('keeps each module’s own location and the entry’s path in argv[1]', async () => {
    const [bundle] = tsEntry(OWN_LOCATION);
    expect(bundle).toMatch(/\.mjs$/);
    const { stdout } = await run(process.execPath, tsEntry(OWN_LOCATION), { cwd: ROOT });
    expect(JSON.parse(stdout)).toEqual({
      url: pathToFileURL(OWN_LOCATION).href,
      dirname: join(ROOT, 'test', 'fixtures', 'bundles'),
      argv1: OWN_LOCATION,
      root: ROOT,
      here: true,
    });
  });

  it('starts a bundled server whose run-directly check reads argv[1], and calls it', async () => {
    const client = new Client({ name: 'fixture-bundles-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: tsEntry(LOGGING_SERVER), cwd: ROOT, stderr: 'ignore' }));
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });
});
