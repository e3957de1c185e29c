import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import { networkOf, tableResolver } from '../support/auth-network';
import { startStack, type Stack } from '../support/oauth-harness';

// Through the real core: a service configured by a public host name cannot aim its sign-in at this
// computer. The name is answered by the core's injected resolver (a documentation address) and carried
// by the test network to its fixture on 127.0.0.1, whose 401 names an authorization server on 127.0.0.1.

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'public name reach passphrase' };
const ORIGIN = 'https://mcp.example.test';

let core: Core | undefined;
let stack: Stack | undefined;
afterEach(async () => {
  await core?.close();
  await stack?.close();
});

describe('core: a service named by a public host name, its fixture on 127.0.0.1', () => {
  it('its 401 may not send the sign-in to an authorization server on 127.0.0.1: refused with the reason, nothing kept', async () => {
    let mcpPort = 0;
    stack = await startStack({}, { origin: (port) => ((mcpPort = port), ORIGIN) });
    const network = networkOf(ORIGIN, () => mcpPort);
    const resolver = tableResolver({ 'mcp.example.test': [['203.0.113.7']] });
    const opened: string[] = [];
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cs-public-name-')), 'home');
    core = await createCore({
      dataDir,
      env: { ...process.env, ...PASSPHRASE },
      vaultProvider: 'passphrase',
      opener: (url) => Promise.resolve(void opened.push(url)),
      network: { resolver, fetch: network },
    });
    const config = { type: 'http' as const, url: `${ORIGIN}/mcp`, auth: { type: 'oauth' as const } };
    const { commandLine } = await core.api.addService({ name: 'remote', config, dryRun: true });
    const error = await core.api.addService({ name: 'remote', config, approve: { commandLine: commandLine ?? '' } }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toContain(`Refused the authorization server "${stack.as.issuer}": it points at this computer, and the MCP server is not on this computer.`);
    // The 401 and the metadata were read through the service's name; nothing reached the authorization server, no page opened.
    expect(network.sent).toContain(`${ORIGIN}/.well-known/oauth-protected-resource/mcp`);
    expect(network.sent.some((url) => url.startsWith(stack?.as.issuer ?? '-'))).toBe(false);
    expect(resolver.calls.every((host) => host === 'mcp.example.test')).toBe(true);
    expect(opened).toEqual([]);
    expect((await core.api.status({})).servers.some((s) => s.name === 'remote')).toBe(false);
  }, 60_000);
});
