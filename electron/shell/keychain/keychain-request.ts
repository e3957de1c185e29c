import type { EntryOptions } from '@napi-rs/keyring';
import { z } from 'zod';
import { errorMessage } from '../../../shared/errors';

/** The same operations and answers as electron/vault's keychain helper (keychain-child.ts). */
export const KeychainRequestSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('get'), service: z.string().min(1).max(256), account: z.string().min(1).max(256) }),
  z.strictObject({ op: z.literal('set'), service: z.string().min(1).max(256), account: z.string().min(1).max(256), value: z.string().max(8192) }),
  z.strictObject({ op: z.literal('delete'), service: z.string().min(1).max(256), account: z.string().min(1).max(256) }),
]);
export type KeychainRequest = z.infer<typeof KeychainRequestSchema>;

export const KeychainReplySchema = z.union([
  z.strictObject({ ok: z.literal(true), value: z.string().nullable() }),
  z.strictObject({ ok: z.literal(false), message: z.string() }),
]);
export type KeychainReply = z.infer<typeof KeychainReplySchema>;

/** The part of @napi-rs/keyring's AsyncEntry the helper uses. */
export interface KeychainEntry {
  getPassword(): Promise<string | null>;
  setPassword(password: string): Promise<void>;
  deleteCredential(): Promise<boolean>;
}
export type KeychainEntryConstructor = new (service: string, account: string, options?: EntryOptions) => KeychainEntry;

/**
 * Runs one keychain operation. On Linux the entry is pinned to the Secret Service, as the vault's
 * own helper does: the binding would otherwise fall back to the kernel keyring, lost at reboot.
 */
export async function performKeychainRequest(message: unknown, Entry: KeychainEntryConstructor, platform: NodeJS.Platform): Promise<KeychainReply> {
  const parsed = KeychainRequestSchema.safeParse(message);
  if (!parsed.success) return { ok: false, message: 'unknown operation' };
  const request = parsed.data;
  try {
    const entry = new Entry(request.service, request.account, platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined);
    if (request.op === 'get') return { ok: true, value: await entry.getPassword() };
    if (request.op === 'set') {
      await entry.setPassword(request.value);
      return { ok: true, value: null };
    }
    return { ok: true, value: String(await entry.deleteCredential()) };
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
}
