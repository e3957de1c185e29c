import { z } from 'zod';
import { CorruptVaultError, type ProviderInfo, type Sealer } from './sealer';

export const INSECURE_PROVIDER_ID = 'insecure-plaintext-file';
export const INSECURE_FILE_NAME = 'vault.insecure-plaintext.json';

const FORMAT = 'connected-services-vault-insecure-plaintext';
const FileSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  entries: z.record(z.string(), z.string()),
});

/** Only when the person explicitly chose it: secrets as plain JSON, still 0600, atomic and locked. */
export function createPlaintextSealer(): Sealer {
  const info: ProviderInfo = {
    id: INSECURE_PROVIDER_ID,
    label: 'insecure plaintext file (no encryption)',
    persistent: true,
    safety: 'insecure-plaintext',
  };
  return {
    open(bytes: Buffer) {
      let json: unknown;
      try {
        json = JSON.parse(bytes.toString('utf8'));
      } catch {
        return Promise.reject(new CorruptVaultError('it is not JSON'));
      }
      const parsed = FileSchema.safeParse(json);
      if (!parsed.success) return Promise.reject(new CorruptVaultError('it is not a plaintext vault'));
      return Promise.resolve(new Map(Object.entries(parsed.data.entries)));
    },
    seal(entries) {
      const file = {
        format: FORMAT,
        version: 1,
        warning: 'UNENCRYPTED: anyone who can read this file has these secrets. Chosen with provider insecure-plaintext-file.',
        entries: Object.fromEntries(entries),
      };
      return Promise.resolve(Buffer.from(`${JSON.stringify(file, null, 2)}\n`, 'utf8'));
    },
    describe: () => info,
  };
}
