import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openConnectedServices, type ConnectedServices } from '../../electron/library';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'library-literal-secrets-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };
const V = 'sk-VERYSECRETVALUE0123456789abcdefABCDEF';

/** A program's addServer and updateServer go through the core's refusal: mcp.json never holds its secret. */
describe('the library writes no secret in clear into mcp.json', () => {
  let cs: ConnectedServices | undefined;
  afterEach(async () => {
    await cs?.close();
    cs = undefined;
  });

  it('refuses env, argument, header and URL secrets with the reference to write; takes the reference; a server declared in code may hold one', async () => {
    const home = await passphraseHome(ENV, 'cs-library-literal-');
    cs = await openConnectedServices({ home, env: { ...process.env, ...ENV }, servers: { mine: { command: 'echo', env: { API_KEY: V } } } });
    const open = cs;
    // Each is started when it is checked: one started early could be refused before anything awaits it.
    const refused = [
      () => open.addServer('sx', { command: 'echo', env: { API_KEY: V } }),
      () => open.addServer('sy', { command: 'echo', args: ['--token', V] }),
      () => open.addServer('sz', { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: `Bearer ${V}` } }),
      () => open.addServer('sw', { type: 'http', url: `https://example.com/mcp?token=${V}` }),
    ];
    for (const attempt of refused) {
      await expect(attempt()).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/holds a secret in clear; mcp\.json keeps only references/) as string, hint: expect.stringContaining('${secret:') as string });
    }
    await cs.addServer('sx', { command: 'echo', env: { API_KEY: '${secret:SX_API_KEY}' } });
    await expect(cs.updateServer('sx', { command: 'echo', env: { API_KEY: V } })).rejects.toMatchObject({ code: 'invalid_input', hint: expect.stringContaining('${secret:SX_API_KEY}') as string });
    const written = readFileSync(join(home, 'mcp.json'), 'utf8');
    expect(written).not.toContain(V);
    expect(written).toContain('${secret:SX_API_KEY}');
    expect((await cs.listServers()).map((s) => s.name)).toEqual(expect.arrayContaining(['mine', 'sx']));
  });
});
