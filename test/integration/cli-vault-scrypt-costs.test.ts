import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'scrypt-costs-test', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };
const FIXED = 8 + 1 + 4; // magic, version, header length (electron/vault/vault-format.ts)

/** Rewrites the header's scrypt costs and its checksum, as any process of the same user could. */
function rewriteCosts(file: string, costs: { N: number; r: number; p: number }): void {
  const bytes = readFileSync(file);
  const headerEnd = FIXED + bytes.readUInt32BE(9);
  const header = JSON.parse(bytes.subarray(FIXED, headerEnd).toString('utf8')) as { params: Record<string, unknown> };
  header.params = { ...header.params, ...costs };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const head = Buffer.concat([bytes.subarray(0, 9), Buffer.alloc(4), json]);
  head.writeUInt32BE(json.length, 9);
  const hash = createHash('sha256').update(head).digest();
  writeFileSync(file, Buffer.concat([head, hash, bytes.subarray(headerEnd + 32)]), { mode: 0o600 });
}

describe('CLI: a vault header asking for unusual scrypt costs', () => {
  it('is refused at once as invalid_config, the file left in place', async () => {
    const home = tempHome('cs-scrypt-');
    const set = await runCli(home, ['secrets', 'set', 'NOTES_KEY'], { env: ENV, input: 'value-1\n' });
    expect(set.code, set.stderr).toBe(0);
    rewriteCosts(join(home, 'vault.enc'), { N: 2 ** 20, r: 8, p: 16 });

    const started = Date.now();
    const list = await runCli(home, ['secrets', 'list'], { env: ENV, timeoutMs: 20_000 });
    expect(list.code).toBe(2);
    expect(list.stderr).toContain('error [invalid_config]: The vault header asks for unusual scrypt costs (N=1048576, r=8, p=16); the vault was not opened.');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(readdirSync(home).filter((name) => name.startsWith('vault.enc'))).toEqual(['vault.enc']);
  }, 60_000);
});
