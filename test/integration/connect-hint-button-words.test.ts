import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPinsApi } from '../../electron/app/servers/pins-api';
import { ToolPins } from '../../electron/pinning';
import { createPool } from '../../electron/pool';
import { credentialFailureInResult } from '../../electron/pool/credential-failure';
import { requireServer, type Registry } from '../../electron/registry';
import { connectWith } from '../../renderer/lib/connect-words';
import { describeError } from '../../renderer/lib/describe-error';
import type { CodedError } from '../../shared/errors';
import { tempDir } from '../support/server-harness';

// The core's hints name `connected-services connect NAME` and the command line's ways; the screens
// name the button that does it where they show one: a service's step on its row or page header.

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/** A row's action error as it shows it: the core's hint through describeError, then the step's button. */
const onRow = (error: unknown, button: string): string | undefined => {
  const hint = describeError(error).hint;
  return hint === undefined ? undefined : connectWith(hint, `“${button}”`);
};

describe('a sign-in hint on a catalog row names the row\'s button', () => {
  it('for a service that refused the credentials (HTTP 401)', async () => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(401, { 'Content-Type': 'text/plain' }).end('no'));
    });
    open.push({ close: () => new Promise<void>((done) => server.close(() => done())) });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    const pool = createPool({ cacheDir: tempDir('connect-hint-'), log: () => undefined });
    open.push(pool);
    await pool.apply({ mcpServers: { mail: { type: 'http', url } } });
    const error: unknown = await pool.start('mail').then(() => undefined, (reason: unknown) => reason);
    expect(describeError(error).hint).toBe('run `connected-services connect mail`');
    expect(onRow(error, 'Sign in')).toBe('use “Sign in”');
  }, 60_000);

  it('for a program whose credentials the app keeps, or the program itself, or an API key', () => {
    const result = { isError: true, content: [{ type: 'text', text: 'HTTP 401 Unauthorized' }] };
    const managed = credentialFailureInResult('mail', { command: 'mail', auth: { type: 'oauth', issuer: 'https://a.example', clientId: 'c' } }, result);
    expect(onRow(managed, 'Sign in again')).toBe('sign in again with “Sign in again”');
    const own = credentialFailureInResult('mail', { command: 'mail' }, result);
    expect(onRow(own, 'Connect')).toBe('renew the credentials "mail" uses (its token in env or its token file); to let Connected Services keep and renew them, give "mail" an "auth" block, then use “Connect”');
    for (const auth of [{ type: 'api_key' as const, key: '${secret:NOTES_KEY}' }, { type: 'api_key' as const }]) {
      expect(onRow(credentialFailureInResult('notes', { command: 'notes', auth }, result), 'Enter API key')).toBe('enter the right key with “Enter API key”');
    }
  });
});

describe('a refusal accepted while the service could not list its tools, under its page\'s tool reviews', () => {
  it('names the step button at the top of its page for starting it, not the command', async () => {
    const config = { mcpServers: { notes: { command: 'notes' } } };
    const pins = new ToolPins({ dir: join(mkdtempSync(join(tmpdir(), 'cs-connect-hint-')), 'pins'), acceptNew: () => false, now: () => 1 });
    const registry = { config: () => config, require: (name: string) => requireServer(config, name) } as unknown as Registry;
    // The listing failed with no advice of its own (a plain error): the hint is the pins' own.
    const relist = () => Promise.reject(new Error('it did not start'));
    const api = createPinsApi({ pins, registry, settled: () => Promise.resolve(), relist, reviewListing: () => Promise.resolve() });
    const tool = { server: 'notes', name: 'search', description: 'Search.', inputSchema: { type: 'object' as const } };
    await pins.review('notes', { tools: [], prompts: [] });
    await pins.review('notes', { tools: [tool], prompts: [] });
    await api.reviewChanges({ name: 'notes', decisions: [{ kind: 'tool', name: 'search', decision: 'refuse' }] });
    const [refused] = await api.listRefused({ server: 'notes' });
    const decision = { kind: 'tool' as const, name: 'search', decision: 'accept' as const, ...(refused?.digest !== undefined ? { digest: refused.digest } : {}) };
    const error: unknown = await api.reviewChanges({ name: 'notes', decisions: [decision] }).then(() => undefined, (reason: unknown) => reason);
    expect((error as CodedError).hint).toBe('Start "notes" (`connected-services connect notes`), then decide again.');
    expect(describeError(error).hint).toBe('Start "notes" with its Start, Connect or Restart button at the top of its page, then decide again.');
    await pins.flush();
  });
});
