import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Vault } from '../../shared/vault';
import { openVault } from '../vault';
import { resolveClient } from './client-identity';
import type { Discovery } from './discovery';
import type { FetchLike } from '../net';
import { Redactor } from '../../shared/redact';
import { leavesProcessRedactorAsFound } from '../../test/support/process-redactor';

// What these vaults hold becomes known to this file's own redactor: the process's is shared by the worker's other test files.
const testRedactor = new Redactor();
leavesProcessRedactorAsFound(['secret-1', 'secret-2']);

const vaults: Vault[] = [];
afterEach(async () => {
  await Promise.all(vaults.splice(0).map((v) => v.close()));
});

const ISSUER = 'https://as.test';

function discovery(registrationEndpoint: string, via?: string): Discovery {
  const as = { issuer: ISSUER, authorization_endpoint: `${ISSUER}/authorize`, token_endpoint: `${ISSUER}/token`, registration_endpoint: registrationEndpoint };
  return { resource: 'https://mcp.test/mcp', issuer: ISSUER, as, ...(via === undefined ? {} : { via }) };
}

describe('resolveClient: dynamic registrations', () => {
  it('reuses a registration only through the metadata it was registered through', async () => {
    const vault = await openVault({ dataDir: join(mkdtempSync(join(tmpdir(), 'cs-reg-')), 'data'), provider: 'memory', redactor: testRedactor });
    vaults.push(vault);
    const registeredAt: string[] = [];
    const fetch: FetchLike = (url) => {
      registeredAt.push(String(url));
      const body = { client_id: `client-${registeredAt.length}`, client_secret: `secret-${registeredAt.length}` };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 201, headers: { 'content-type': 'application/json' } }));
    };
    const resolve = (d: Discovery) =>
      resolveClient({ server: 's', auth: { type: 'oauth' }, discovery: d, vault, fetch, resolveSecret: (v) => Promise.resolve(v), clientName: 'test', now: () => 0 });

    const own = await resolve(discovery(`${ISSUER}/reg`));
    expect(await resolve(discovery(`${ISSUER}/reg`))).toMatchObject({ clientId: own.clientId, secret: own.secret });
    // Metadata elsewhere on the issuer's origin, configured by URL, names the same issuer: a client of its own.
    const via = await resolve(discovery(`${ISSUER}/other-reg`, `${ISSUER}/as-meta`));
    expect(via.clientId).not.toBe(own.clientId);
    expect(await resolve(discovery(`${ISSUER}/other-reg`, `${ISSUER}/as-meta`))).toMatchObject({ clientId: via.clientId });
    expect(await resolve(discovery(`${ISSUER}/reg`))).toMatchObject({ clientId: own.clientId });
    expect(registeredAt).toEqual([`${ISSUER}/reg`, `${ISSUER}/other-reg`]);
  });
});
