import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runDoctor } from '../../electron/app/doctor';
import { createEndpointFetch } from '../../electron/auth/endpoint-fetch';
import { systemResolver } from '../../electron/net';
import { rejection } from '../support/rejection';

// .invalid never resolves (RFC 6761 §6.4): the system's own resolver fails at once, no network needed.
const URL_NOWHERE = 'https://notes.invalid/mcp';

describe('a service whose host name does not resolve', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'cs-unresolved-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('doctor says the name does not resolve and points at the host name, not at a server that is down', async () => {
    const checks = await runDoctor({ dataDir: root, configFile: path.join(root, 'mcp.json'), configIssues: [], servers: { notes: { type: 'http', url: URL_NOWHERE } }, approval: () => 'approved', env: { PATH: '' }, ports: { ui: 0, bridge: 0 } });
    const check = checks.find((c) => c.id === 'server:notes');
    expect(check).toMatchObject({
      status: 'fail',
      detail: `${URL_NOWHERE} is not reachable (ENOTFOUND): its host name does not resolve`,
      fix: 'Check the host name in the URL in the config, and the network',
    });
  });

  it('a request to it says the same, without getaddrinfo\'s own text', async () => {
    const endpoint = createEndpointFetch({ fetch, resolver: systemResolver, policy: 'endpoint' });
    try {
      const error = await rejection(endpoint.fetch(URL_NOWHERE));
      expect(error).toMatchObject({
        code: 'server_unavailable',
        message: `Could not resolve notes.invalid for ${URL_NOWHERE} (ENOTFOUND): its host name does not resolve.`,
        hint: 'Check the host name in the URL, and the network, then try again.',
      });
    } finally {
      await endpoint.close();
    }
  });
});
