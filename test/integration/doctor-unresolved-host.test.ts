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

  it('doctor says a port fetch never connects to as such, with another port as the fix', async () => {
    const url = 'http://127.0.0.1:1/mcp';
    const checks = await runDoctor({ dataDir: root, configFile: path.join(root, 'mcp.json'), configIssues: [], servers: { notes: { type: 'http', url } }, approval: () => 'approved', env: { PATH: '' }, ports: { ui: 0, bridge: 0 } });
    expect(checks.find((c) => c.id === 'server:notes')).toMatchObject({
      status: 'fail',
      detail: `${url} is not reachable (bad port): fetch never connects to this port, one the Fetch Standard blocks`,
      fix: 'Serve it on another port and change the URL in the config',
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
