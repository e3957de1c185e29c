import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli';
import { eventually, startServe, type Served } from '../support/serve';

/**
 * The sources held by the chunks of the bundle the process has loaded so far. `serve` runs the
 * bundle's CommonJS copy (electron/cli/code-cache), whose loader names each chunk with
 * NODE_DEBUG=cs-chunks ("loading …/dist/cli-cjs/NAME.cjs"); the copy of a chunk holds what the ES
 * module chunk of that name holds, whose source map lists its sources. NODE_DEBUG=esm names the ES
 * modules loaded ("Translating StandardModule URL"), the entry's among them.
 */
function loadedSources(stderr: string): string[] {
  const copies = [...stderr.matchAll(/loading (\S+[\\/]cli-cjs[\\/]([\w-]+)\.cjs) /g)].map((m) => {
    const name = m[2] ?? '';
    return join(m[1] ?? '', '..', '..', name === 'cli-main' ? 'cli-main.mjs' : join('cli-chunks', `${name}.mjs`));
  });
  const modules = [...stderr.matchAll(/Translating StandardModule (file:\S+)/g)].map((m) => fileURLToPath(m[1] ?? ''));
  if (copies.length === 0) throw new Error(`NODE_DEBUG=cs-chunks printed no chunk loads: ${stderr.slice(0, 500)}`);
  return [...copies, ...modules].flatMap((file) => {
    const map = `${file}.map`;
    return existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
  });
}

const COORDINATOR = /electron\/auth\/(coordinator|token-manager|flows)\.ts$/;
const MCP_REGISTRY = /electron\/mcp-registry\//;

// The metafile guard (test/build/cli-bundle.test.ts) sees static imports only; this one sees what runs.
describe('a plain serve start', () => {
  let served: Served;

  beforeAll(async () => {
    const home = tempHome();
    mkdirSync(home, { recursive: true, mode: 0o700 });
    // An OAuth server, disabled so that nothing connects it: only a status asks the coordinator about it.
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { mail: { type: 'http', url: 'https://mail.example/mcp', enabled: false, auth: { type: 'oauth' } } } }));
    served = await startServe(home, [], { NODE_DEBUG: 'esm,cs-chunks,module' });
  });
  afterAll(async () => {
    await served.stop();
  });

  it('resolves no name at start, so node:dns is not loaded before a look-up needs it', async () => {
    expect((await fetch(`${served.origin}/health`)).status).toBe(200);
    expect((await served.api('listTools')).status).toBe(200);
    // NODE_DEBUG=module names each require of a built-in ("Module._load REQUEST node:fs parent: …").
    expect(served.stderr()).toMatch(/Module\._load REQUEST node:fs\b/);
    expect(served.stderr()).not.toMatch(/Module\._load REQUEST (?:node:)?dns\b/);
  });

  it('answers health and lists tools without loading the auth coordinator, which loads when a status asks about a sign-in', async () => {
    const health = await fetch(`${served.origin}/health`);
    expect(health.status).toBe(200);
    expect((await served.api('listTools')).status).toBe(200);
    expect(loadedSources(served.stderr()).filter((source) => COORDINATOR.test(source))).toEqual([]);

    const status = await served.api('status');
    expect(status.status).toBe(200);
    const servers = (status.body.result as { servers: { name: string; auth?: { connected: boolean } }[] }).servers;
    expect(servers.map((s) => [s.name, s.auth?.connected])).toEqual([['mail', false]]);
    const loaded = await eventually(() => {
      const found = loadedSources(served.stderr()).filter((source) => COORDINATOR.test(source));
      return Promise.resolve(found.length > 0 ? found : undefined);
    });
    expect(loaded.length).toBeGreaterThan(0);
  });

  it('loads the MCP Registry code (its server.json schemas) with the first catalog read, not at start', async () => {
    expect((await fetch(`${served.origin}/health`)).status).toBe(200);
    expect(loadedSources(served.stderr()).filter((source) => MCP_REGISTRY.test(source))).toEqual([]);
    const catalog = await served.api('registryCatalog');
    expect(catalog.status).toBe(200);
    const result = catalog.body.result as { registries: unknown[]; entries: unknown[] };
    expect(result.registries.length).toBeGreaterThan(0);
    expect(result.entries).toEqual([]);
    expect(loadedSources(served.stderr()).filter((source) => MCP_REGISTRY.test(source)).length).toBeGreaterThan(0);
  });
});
