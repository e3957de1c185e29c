import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { runClientCredentials, type FlowContext } from '../../electron/auth/flows';
import { guardedFetch } from '../../electron/auth/http';
import { oauthConfiguration } from '../../electron/auth/oauth-client';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A token endpoint whose answer promises 200 bytes; the connection closes after 43. */
async function cuttingTokenEndpoint(): Promise<string> {
  server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '200' });
    // Closed cleanly after the headers and a part of the body: no timing decides where the answer stops.
    res.write('{"access_token":"abc","token_type":"bearer"', () => res.socket?.end());
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
}

describe('auth: a token answer the connection cuts short', () => {
  it('is a network failure, not an invalid answer of a misbehaving server, and says the answer began', async () => {
    const issuer = await cuttingTokenEndpoint();
    const as = { issuer, token_endpoint: `${issuer}/token` };
    const fetch = guardedFetch((url, init) => globalThis.fetch(url, init), undefined, { reach: 'loopback' });
    const config = await oauthConfiguration(as, { clientId: 'machine', authMethod: 'client_secret_post', secret: 's3cret' }, fetch);
    const ctx: FlowContext = {
      server: 'machine',
      discovery: { resource: '', issuer, as },
      reach: 'loopback',
      checkBrowserUrl: () => Promise.reject(new Error('no browser')),
      config,
      scopes: undefined,
      emit: () => undefined,
      now: Date.now,
    };
    const error = await runClientCredentials(ctx).then(
      () => expect.unreachable(),
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(CodedError);
    expect(error).toMatchObject({ code: 'server_unavailable', hint: 'Check the network and try again.', data: { server: 'machine', network: 'UND_ERR_SOCKET' } });
    expect((error as CodedError).message).toBe(
      'While getting a client-credentials token, the authorization server\'s token response was cut off before it ended (UND_ERR_SOCKET: the connection was cut).',
    );
  });
});
