import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/app';
import { coreWithRegistry } from '../fixtures/registry/core-with-registry';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

// A remote whose address no MCP client can reach is refused where its options are listed, not at the install's last step.
describe('App API: a registry remote that is not http(s)', () => {
  let core: Core;
  let registry: FixtureRegistry;
  const remote = (name: string, url: string) => ({ name: `io.example/${name}`, description: 'Remote', version: '1.0.0', remotes: [{ type: 'streamable-http', url }] });

  beforeAll(async () => {
    registry = await startFixtureRegistry(0);
    registry.add(remote('file', 'file:///etc/passwd'));
    registry.add(remote('script', 'javascript:alert(1)'));
    registry.add(remote('plain', 'https://mcp.example.com/mcp'));
    registry.add(remote('clear', 'http://mcp.example.com/mcp'));
    ({ core } = await coreWithRegistry('cs-registry-remote-scheme-', registry.url));
  }, 30_000);
  afterAll(async () => {
    await core?.close();
    await registry?.close();
  });

  it.each(['file', 'script'])('lists the %s remote with its problem and refuses its dry run', async (name) => {
    const listed = await core.api.registryInstallOptions({ registry: registry.url, name: `io.example/${name}` });
    expect(listed.options[0]?.problem).toMatch(/remote address is a "(file|javascript):" one, not http:\/\/ or https:\/\//);
    const first = listed.options[0];
    const install = core.api.installRegistryEntry({ registry: registry.url, name: `io.example/${name}`, version: listed.version, label: first?.label ?? '', digest: first?.digest ?? '', server: name, choice: { remote: 0 }, inputs: {}, dryRun: true });
    await expect(install).rejects.toThrow(/not http:\/\/ or https:\/\//);
  });

  it('lists an https remote without a problem', async () => {
    const listed = await core.api.registryInstallOptions({ registry: registry.url, name: 'io.example/plain' });
    expect(listed.options[0]?.problem).toBeUndefined();
    // Its address as listed, which the install form checks for clear text.
    expect(listed.options[0]?.url).toBe('https://mcp.example.com/mcp');
  });

  it('says in the dry run that a plain-http remote to another computer travels in clear; not for https', async () => {
    const dryRun = async (name: string) => {
      const listed = await core.api.registryInstallOptions({ registry: registry.url, name: `io.example/${name}` });
      const first = listed.options[0];
      return core.api.installRegistryEntry({ registry: registry.url, name: `io.example/${name}`, version: listed.version, label: first?.label ?? '', digest: first?.digest ?? '', server: name, choice: { remote: 0 }, inputs: {}, dryRun: true });
    };
    expect((await dryRun('clear')).clearTextWarning).toMatch(/^http:\/\/mcp\.example\.com is not encrypted \(http\): the tokens and secrets sent to it would travel in clear/);
    expect((await dryRun('plain')).clearTextWarning).toBeUndefined();
  });
});
