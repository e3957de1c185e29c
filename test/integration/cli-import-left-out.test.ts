import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportReport } from '../../shared/api';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startServe, type Served } from '../support/serve';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'import-left-out', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };
const SAID = 'env["PW"]: The reference ${env:KP_PASSWORD} names the variable a KeePassXC store reads its database password from';

async function homeWith(mcpServers: Record<string, unknown>, source: Record<string, unknown>): Promise<{ home: string; source: string }> {
  const home = await passphraseHome(ENV, 'cs-import-left-out-');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const settings = { secretStores: { kp: { type: 'keepassxc', database: join(home, 'p.kdbx'), passwordEnv: 'KP_PASSWORD' } } };
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers, settings }));
  writeFileSync(join(home, 'cursor.json'), JSON.stringify({ mcpServers: source }));
  return { home, source: join(home, 'cursor.json') };
}

const configured = (home: string): string[] => Object.keys((JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: object }).mcpServers);

/** The id of the confirmation a command beside the app waits for (it answered exit 4 at once). */
function requestOf(run: { code: number | null; stderr: string }): string {
  const id = /Request (c-[0-9a-f]+)/.exec(run.stderr)?.[1];
  if (run.code !== 4 || id === undefined) throw new Error(`expected exit 4 with a request id, got ${run.code}: ${run.stderr}`);
  return id;
}

/** The person confirms it in the app: the import runs there, and its report is the answer. */
async function confirmed(served: Served, id: string): Promise<ImportReport> {
  const decided = (await served.api('decideConfirmation', { id, decision: 'confirm' })).body.result as { outcome: string; error?: string; result?: ImportReport };
  if (decided.outcome !== 'confirmed' || decided.result === undefined) throw new Error(`the import was not done: ${JSON.stringify(decided)}`);
  return decided.result;
}

const LEAKY = { command: 'node', args: ['l.js'], env: { PW: '${env:KP_PASSWORD}' } };

describe("import of an entry naming a KeePassXC store's password variable, through the built CLI", () => {
  it('leaves that entry out with why and what to do, and imports the rest', async () => {
    const { home, source } = await homeWith({}, { leaky: LEAKY, notes: { command: 'node', args: ['n.js'] } });
    const run = await runCli(home, ['import', 'cursor', '--path', source], { env: ENV, timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('added   notes');
    expect(run.stdout).toContain(`skipped leaky: ${SAID}`);
    expect(run.stdout).toContain('connected-services secrets set NAME');
    expect(configured(home)).toEqual(['notes']);
  }, 90_000);

  it('does the same through the App API of an app running beside it, once the person confirms', async () => {
    const { home, source } = await homeWith({}, { leaky: LEAKY, notes: { command: 'node', args: ['n.js'] } });
    const served = await startServe(home, [], ENV);
    try {
      const id = requestOf(await runCli(home, ['import', 'cursor', '--path', source], { env: ENV, timeoutMs: 60_000 }));
      const report = await confirmed(served, id);
      expect(report.added.map((a) => a.name)).toEqual(['notes']);
      expect(report.skipped).toEqual([expect.objectContaining({ name: 'leaky', reason: expect.stringContaining(SAID) as string })]);
      expect(configured(home)).toEqual(['notes']);
    } finally {
      await served.stop();
    }
  }, 90_000);

  // The check before the person is asked refused an import the import itself would take: it counted the app's own bridge.
  it("beside an app, counts as the import does: an entry calling the app's own bridge is not one of the servers it adds", async () => {
    const servers = Object.fromEntries(Array.from({ length: 999 }, (_, i) => [`s${i}`, { command: 'node', args: [`s${i}.js`] }]));
    const { home, source } = await homeWith(servers, { notes: { command: 'node', args: ['n.js'] } });
    const served = await startServe(home, [], ENV);
    try {
      if (served.bridge === null) throw new Error('serve runs no bridge');
      writeFileSync(source, JSON.stringify({ mcpServers: { bridge: { url: served.bridge }, notes: { command: 'node', args: ['n.js'] } } }));
      const id = requestOf(await runCli(home, ['import', 'cursor', '--path', source], { env: ENV, timeoutMs: 60_000 }));
      const report = await confirmed(served, id);
      expect(report.added.map((a) => a.name)).toEqual(['notes']);
      expect(report.skipped.map((s) => s.name)).toEqual(['bridge']);
    } finally {
      await served.stop();
    }
  }, 120_000);
});
