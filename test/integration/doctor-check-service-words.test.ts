import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DoctorCheck } from '../../shared/api';
import type { ServerConfig } from '../../shared/config';
import { runDoctor } from '../../electron/app/doctor';
import { bundleFolderChecks } from '../../electron/app/doctor/bundle-folder-checks';
import { createPool } from '../../electron/pool';
import { openRegistry } from '../../electron/registry';
import { screenHint } from '../../renderer/lib/describe-error';
import { checkWords } from '../../renderer/views/settings/check-words';

// The core's checks say "server", as the command line's doctor does; Settings → Checks shows the same
// checks saying "service", as the screens do everywhere else. A name, a command or a path stays as written.

/** A port on 127.0.0.1 that nothing listens on: taken, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe("Settings → Checks' words", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'cs-server-words-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });
  /** The core's doctor over `servers` declared in this folder's mcp.json, all approved, with `more` for the rest. */
  const doctorOf = (servers: Record<string, ServerConfig>, more: Omit<Parameters<typeof runDoctor>[0], 'dataDir' | 'configFile' | 'configIssues' | 'servers' | 'approval'>) =>
    runDoctor({ dataDir: root, configFile: path.join(root, 'mcp.json'), configIssues: [], servers, approval: () => 'approved', ...more });

  it('say "service" where the core\'s doctor says "server"', async () => {
    const port = await closedPort();
    const servers: Record<string, ServerConfig> = {
      server: { type: 'http', url: `http://127.0.0.1:${port}/mcp` },
      Files: { command: 'server-files', env: { KEY: '${secrt:server}' } },
      files: { command: 'server-files' },
      'tools__x': { command: 'server-files' },
    };
    const checks = await doctorOf(servers, {
      approvalsIgnored: { file: path.join(root, 'approvals.json'), reason: 'not JSON' },
      env: { PATH: '' },
      ports: { ui: 0, bridge: port },
      hasSecret: () => Promise.resolve(true),
      nodeVersion: 'v22.0.0',
    });
    const shown = (id: string): DoctorCheck => {
      const check = checks.find((c) => c.id === id);
      if (check === undefined) throw new Error(`no check ${id} in ${checks.map((c) => c.id).join(', ')}`);
      expect(JSON.stringify(check)).toMatch(/\bservers?\b/i);
      return checkWords(check);
    };
    expect(shown('path:uvx')).toMatchObject({ title: 'uvx on PATH', detail: 'not found (only needed by services that use it)' });
    expect(shown('server:server')).toMatchObject({ title: 'Service server', fix: 'Is the service running? Check the URL in the config' });
    expect(shown('server:server').detail).toContain(`http://127.0.0.1:${port}/mcp is not reachable`);
    expect(shown('approvals').fix).toBe(`Fix ${path.join(root, 'approvals.json')}, or approve each service again (\`connected-services servers approve NAME\`): the first approval moves the broken file aside`);
    const twins = shown('name-case:files');
    expect(twins.title).toBe('Services Files and files differ only in case');
    expect(twins.detail).toMatch(/^files are named after each service \(pins\//);
    expect(twins.fix).toContain('connected-services servers remove files, then servers add');
    const separator = shown('name-separator:tools__x');
    expect(separator.title).toBe(`Service tools__x's name holds "__" or ends in "_"`);
    expect(separator.detail).toBe(`"__" separates a service's name from its tools' names on the bridge: such names can no longer be given to new services`);
    expect(separator.fix).toContain('connected-services servers remove tools__x');
    expect(shown('references:Files').detail).toBe('${secrt:server} is not a reference, so it reaches the service as this text: did you mean ${secret:server}? (field env["KEY"])');
  });

  it('say "service" for bundle folders no entry names', async () => {
    await mkdir(path.join(root, 'bundles', `server-files-${'a'.repeat(64)}`), { recursive: true });
    await writeFile(path.join(root, 'mcp.json'), JSON.stringify({ mcpServers: {} }));
    const registry = await openRegistry({ dataDir: root });
    try {
      const [check] = await bundleFolderChecks(registry);
      expect(check?.detail).toMatch(/belong to no server any more$/);
      expect(check && checkWords(check)).toMatchObject({ detail: expect.stringMatching(/^1 folder\(s\) under .*bundles \(0\.0 MiB\) belong to no service any more$/) as string });
    } finally {
      await registry.close();
    }
  });

  it('say "service" in a live check\'s fix that is the pool\'s own hint, the address as written', async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}/mcp`;
    const servers: Record<string, ServerConfig> = { 'server-web': { type: 'http', url } };
    const pool = createPool({ cacheDir: path.join(root, 'cache') });
    try {
      await pool.apply({ mcpServers: servers });
      const checks = await doctorOf(servers, {
        env: { PATH: '' },
        ports: { ui: 0, bridge: 0 },
        portFree: () => Promise.resolve(true),
        nodeVersion: 'v22.0.0',
        // As Settings → Checks' "Check services now" asks (core-doctor.ts): connect, then the listings.
        live: async (name) => {
          await pool.start(name);
          return (await pool.tools(name)).length;
        },
      });
      const live = checks.find((c) => c.id === 'live:server-web');
      expect(live).toMatchObject({ status: 'fail', fix: `Is the server running at ${url}?` });
      const shown = live && checkWords(live);
      expect(shown?.title).toBe('Live server-web');
      // As Settings → Checks shows a fix (doctor-panel.tsx): the pool's hint is reworded as on a service's Last error.
      expect(shown?.fix !== undefined && screenHint(shown.fix)).toBe(`Is the service running at ${url}?`);
    } finally {
      await pool.close();
    }
  });

  it('leave a check of another kind as the core wrote it, though its name says "Server"', () => {
    const check: DoctorCheck = { id: 'forgotten-removals:Server', title: 'Server forgot removed tools', status: 'warn', detail: 'since then', fix: 'connected-services servers review Server --reset-forgotten' };
    expect(checkWords(check)).toEqual(check);
  });
});
