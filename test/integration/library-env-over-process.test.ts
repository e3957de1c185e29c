import { describe, expect, it } from 'vitest';
import { openConnectedServices } from '../../electron/library';
import { EVERYTHING } from '../fixtures/servers/config';
import { tempHome } from '../support/cli';

// `env: { CONNECTED_SERVICES_PASSPHRASE }`, as docs/library.md says to give it, replaced the whole
// environment: the servers started with no PATH (an `npx` server: "not found") and no HOME.
describe('a program giving env with only the passphrase', () => {
  it('keeps its own environment under it: its servers still get PATH and HOME', async () => {
    const home = tempHome('cs-library-env-');
    const cs = await openConnectedServices({ home, env: { CONNECTED_SERVICES_PASSPHRASE: 'library-env-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' }, servers: { e: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } });
    try {
      await cs.approveServer('e');
      const result = await cs.callTool('e', 'get-env', {});
      const text = JSON.stringify(result);
      expect(text).toContain('"PATH');
      expect(text).toContain('"HOME');
      expect(text).not.toContain('library-env-passphrase');
      // From plain JavaScript: a mistyped event or a listener that is no function is refused, not kept to never run.
      expect(() => cs.on('serverStat' as never, () => undefined)).toThrow('on(): there is no event "serverStat"');
      expect(() => cs.on('serverState', null as never)).toThrow('the listener is null, not a function');
    } finally {
      await cs.close();
    }
  }, 60_000);
});
