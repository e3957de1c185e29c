import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, openWith } from '../../electron/auth';
import { PUBLIC_CLIENT } from '../fixtures/oauth/constants';
import { openTestVault, startStack } from '../support/oauth-harness';
import { waitFor } from '../support/server-harness';
import { tsEntry } from '../support/ts-entry';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const root = fileURLToPath(new URL('../..', import.meta.url));
const script = join(root, 'test/fixtures/oauth/open-with-browser.ts');
const auth = { type: 'oauth', clientId: PUBLIC_CLIENT.clientId };

function readLog(file: string): { argv: string[]; outcome?: unknown; error?: string }[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { argv: string[]; outcome?: unknown; error?: string });
}

describe('auth: --open-with runs a real command with the URL as one argument', () => {
  it('a scripted browser process completes the browser sign-in', async () => {
    const stack = await startStack();
    cleanups.push(() => stack.close());
    const { vault, dataDir } = await openTestVault();
    cleanups.push(() => vault.close());
    const log = join(mkdtempSync(join(tmpdir(), 'cs-open-with-')), 'log.jsonl');
    const urls: string[] = [];
    // The opener's environment is an allowlist, so a variable for the command is given the way a person
    // would: through env(1) in the command itself.
    const opener = openWith(`/usr/bin/env "OPEN_WITH_LOG=${log}" "${process.execPath}" --import tsx "${script}"`);
    const coordinator = createAuthCoordinator({ vault, dataDir, opener: (url) => (urls.push(url), opener(url)) });
    cleanups.push(() => coordinator.close());

    const status = await coordinator.connect('remote', { url: stack.mcp.url, auth });
    expect(status.connected).toBe(true);
    const [entry] = await waitFor('the opener log', () => (readLog(log).length > 0 ? readLog(log) : undefined));
    // The whole URL (with & ; and percent signs) arrived as the last, single argument.
    expect(entry?.argv.at(-1)).toBe(urls[0]);
    expect(entry?.argv).toHaveLength(1);
    expect(entry?.outcome).toEqual({ callback: 200 });
    expect(stack.as.counts.token['authorization_code']).toBe(1);
  }, 30_000);
});

describe('auth: the opener process gets no secrets from the environment', () => {
  it('a real --open-with command sees the desktop session but not the vault passphrase or tokens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cs-open-with-env-'));
    const dumper = join(dir, 'dump-env.mjs');
    const out = join(dir, 'env.json');
    writeFileSync(dumper, "import { writeFileSync } from 'node:fs';\nwriteFileSync(process.argv[2], JSON.stringify({ argv: process.argv.slice(3), env: process.env }));\n");
    const env = { ...process.env, CONNECTED_SERVICES_PASSPHRASE: 'vault-master-passphrase-SENTINEL', GITHUB_TOKEN: 'ghp_SENTINEL', DISPLAY: ':77' };
    const url = 'https://as.example.com/authorize?client_id=x&state=abc';
    await openWith(`"${process.execPath}" "${dumper}" "${out}"`, { env })(url);
    const seen = await waitFor('the opener to write its environment', () => {
      try {
        return JSON.parse(readFileSync(out, 'utf8')) as { argv: string[]; env: Record<string, string> };
      } catch {
        return undefined; // not there yet, or half written
      }
    });
    expect(seen.argv).toEqual([url]);
    expect(seen.env['DISPLAY']).toBe(':77');
    expect(seen.env['PATH']).toBe(process.env['PATH']);
    expect(seen.env).not.toHaveProperty('CONNECTED_SERVICES_PASSPHRASE');
    expect(seen.env).not.toHaveProperty('GITHUB_TOKEN');
    expect(JSON.stringify(seen.env)).not.toContain('SENTINEL');
  }, 30_000);
});

describe('the fixtures can be started as a process (for CLI end-to-end tests)', () => {
  it('serve.ts prints its URLs and serves until stdin closes', async () => {
    const child = spawn(process.execPath, [...tsEntry('test/fixtures/oauth/serve.ts'), '{"as":{"issuerPath":"/t"}}'], { cwd: root, stdio: ['pipe', 'pipe', 'ignore'] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill();
      await exited;
    });
    const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
    const info = JSON.parse(line) as { issuer: string; mcpUrl: string };
    expect(info.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/t$/);
    const challenge = await fetch(info.mcpUrl, { method: 'POST', body: '{}' });
    expect(challenge.status).toBe(401);
    child.stdin.end();
    expect(await exited).toBe(0);
  }, 30_000);
});
