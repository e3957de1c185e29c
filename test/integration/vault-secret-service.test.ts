import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VaultHealthSchema } from '../../shared/vault';
import { isCodedError, WireErrorSchema } from '../../shared/errors';
import { openVault, secretKey } from '../../electron/vault';
import { runInSecretService, startBareSessionBus, type StepResult } from '../support/secret-service';

const SCRIPT = 'test/fixtures/vault/keychain-session.ts';
const SECRET = 'ghp_secret-service-sentinel-7f3a9c';

const StepSchema = z.object({
  hashBefore: z.string().nullable(),
  hashAfter: z.string().nullable(),
  value: z.string().nullable().optional(),
  error: WireErrorSchema.optional(),
  setError: WireErrorSchema.optional(),
  health: VaultHealthSchema.optional(),
});

function parse(step: StepResult | undefined): z.infer<typeof StepSchema> {
  if (!step || step.code !== 0) throw new Error(`step failed (${String(step?.code)}): ${step?.stderr ?? 'no step'}`);
  return StepSchema.parse(JSON.parse(step.stdout));
}

describe('vault with the OS keychain (gnome-keyring Secret Service)', () => {
  it('keeps the key in the keychain: a restarted process reads the secret back, the file holds no plaintext', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cs-vault-ss-')), 'data');
    const run = await runInSecretService([
      { script: SCRIPT, args: ['set', dataDir, SECRET] },
      { script: SCRIPT, args: ['get', dataDir] },
      { script: SCRIPT, args: ['tamper', dataDir] },
      { script: SCRIPT, args: ['get-then-set', dataDir] },
    ]);
    const [set, get, tamper, afterTamper] = run.steps.map(parse);

    // Auto picked the keychain because the Secret Service answered; the value round-trips across processes.
    expect(set?.error).toBeUndefined();
    expect(set?.health).toMatchObject({ provider: 'keychain', persistent: true, safety: 'encrypted', state: 'ready' });
    expect(get?.error).toBeUndefined();
    expect(get?.value).toBe(SECRET);
    expect(get?.hashBefore).toBe(set?.hashAfter);

    const bytes = readFileSync(join(dataDir, 'vault.enc'));
    expect(bytes.includes(Buffer.from(SECRET))).toBe(false);
    expect(bytes.includes(Buffer.from(SECRET.slice(4, 20)))).toBe(false);

    // The keychain entry now holds garbage: a clear error, the file untouched, nothing written in clear.
    expect(tamper?.hashAfter).toBe(get?.hashAfter);
    expect(afterTamper?.error?.code).toBe('internal');
    expect(afterTamper?.error?.message).toMatch(/not base64/);
    expect(afterTamper?.setError?.message).toMatch(/not base64/);
    expect(afterTamper?.health?.state).toBe('error');
    expect(afterTamper?.hashAfter).toBe(set?.hashAfter);
    expect(JSON.stringify(afterTamper)).not.toContain(SECRET);
  }, 40_000);

  it('a session bus without a Secret Service is not a keychain: no silent kernel-keyring fallback', async () => {
    const bus = await startBareSessionBus();
    try {
      const env = { DBUS_SESSION_BUS_ADDRESS: bus.address };
      const auto = await openVault({ dataDir: join(mkdtempSync(join(tmpdir(), 'cs-vault-bare-')), 'data'), env });
      expect(auto.health()).toMatchObject({ provider: 'memory', persistent: false, safety: 'memory-only' });
      expect(auto.health().message).toMatch(/org\.freedesktop\.secrets/);
      await auto.close();

      const dataDir = join(mkdtempSync(join(tmpdir(), 'cs-vault-bare-')), 'data');
      const explicit = await openVault({ dataDir, env, provider: 'keychain' });
      const error: unknown = await explicit.set(secretKey('BARE'), SECRET).catch((e: unknown) => e);
      expect(isCodedError(error) && error.code).toBe('server_unavailable');
      expect(explicit.health().state).toBe('locked');
      await explicit.close();
    } finally {
      await bus.close();
    }
  });
});
