import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openConnectedServices } from '../../electron/library';
import { runCli, tempHome } from '../support/cli';

const PASSPHRASE = 'library-corrupt-vault-test';

function flipByte(file: string): void {
  const bytes = readFileSync(file);
  bytes[bytes.length - 20] = (bytes[bytes.length - 20] ?? 0) ^ 0x01;
  writeFileSync(file, bytes);
}

describe('a vault file corrupted under a running process', () => {
  // A write that found the file corrupt moved it aside and started an empty vault, and said nothing.
  it('is moved aside, and what the process held is written back with the new secret and said', async () => {
    const home = tempHome('cs-library-corrupt-');
    const env = { ...process.env, CONNECTED_SERVICES_PASSPHRASE: PASSPHRASE, CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };
    const cs = await openConnectedServices({ home, env });
    try {
      for (let i = 0; i < 5; i += 1) await cs.setSecret(`HELD_${i}`, `held-value-${i}-0123456789`);
      expect(await cs.listSecrets()).toHaveLength(5);
      flipByte(join(home, 'vault.enc'));

      const answer = await cs.setSecret('AFTER', 'after-corrupt-value-123456');
      const aside = readdirSync(home).filter((name) => name.startsWith('vault.enc.corrupt-'));
      expect(aside).toHaveLength(1);
      expect(answer.warning).toContain(`moved aside to ${join(home, aside[0] ?? '')}`);
      expect(answer.warning).toContain('the 5 entries this process held of it were written back');
      expect((await cs.listSecrets()).map((s) => s.name).sort()).toEqual(['AFTER', 'HELD_0', 'HELD_1', 'HELD_2', 'HELD_3', 'HELD_4']);
    } finally {
      await cs.close();
    }

    // Another process reads the rewritten vault, and is still told the old file is there.
    const list = await runCli(home, ['secrets', 'list', '--json'], { env: { CONNECTED_SERVICES_PASSPHRASE: PASSPHRASE } });
    expect((JSON.parse(list.stdout) as { name: string }[]).map((s) => s.name).sort()).toEqual(['AFTER', 'HELD_0', 'HELD_1', 'HELD_2', 'HELD_3', 'HELD_4']);
    expect(list.code).toBe(1);
  });

  it('warns of a secret kept for a server that is not configured, in the library and the CLI', async () => {
    const home = tempHome('cs-library-unconfigured-');
    const env = { ...process.env, CONNECTED_SERVICES_PASSPHRASE: PASSPHRASE, CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };
    const cs = await openConnectedServices({ home, env });
    try {
      expect((await cs.setSecret('X', 'x-value-0123456789', 'nosuch')).warning).toContain('No server named "nosuch" is configured (yet)');
      expect(await cs.listSecrets()).toEqual([{ name: 'X', server: 'nosuch' }]);
    } finally {
      await cs.close();
    }
    const set = await runCli(home, ['secrets', 'set', 'Y', '--server', 'nosuch'], { env: { CONNECTED_SERVICES_PASSPHRASE: PASSPHRASE }, input: 'y-value-0123456789\n' });
    expect(set.code).toBe(0);
    expect(set.stderr).toContain('warning: No server named "nosuch" is configured (yet)');
  });
});
