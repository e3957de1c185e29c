import { z } from 'zod';

/** `create`: no vault file yet, the passphrase seals a new one (asked twice); `unlock`: opens the existing one. */
export type PassphraseMode = 'unlock' | 'create';

export const MIN_NEW_PASSPHRASE_LENGTH = 8;
export const MAX_PASSPHRASE_LENGTH = 1024;

export const PassphraseMessageSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('submit'), passphrase: z.string().max(MAX_PASSPHRASE_LENGTH), confirm: z.string().max(MAX_PASSPHRASE_LENGTH).optional() }),
  z.strictObject({ action: z.literal('cancel') }),
]);

export type PassphraseReply = { ok: true } | { ok: false; message: string };

export type PassphraseOutcome = { type: 'submit'; passphrase: string } | { type: 'cancel' } | null;

export function passphraseMode(vaultFileExists: boolean): PassphraseMode {
  return vaultFileExists ? 'unlock' : 'create';
}

/**
 * What a message from the dialog means: the passphrase to hand to the vault, a cancel, or a reply
 * asking the person to fix what they typed (the dialog stays open).
 */
export function judgePassphraseMessage(message: unknown, mode: PassphraseMode): { reply: PassphraseReply; outcome: PassphraseOutcome } {
  const parsed = PassphraseMessageSchema.safeParse(message);
  if (!parsed.success) return { reply: { ok: false, message: 'The dialog sent something unexpected; close it and try again.' }, outcome: null };
  if (parsed.data.action === 'cancel') return { reply: { ok: true }, outcome: { type: 'cancel' } };
  const { passphrase, confirm } = parsed.data;
  const refuse = (text: string) => ({ reply: { ok: false as const, message: text }, outcome: null });
  if (passphrase.length === 0) return refuse('Enter the vault passphrase.');
  if (mode === 'create') {
    if (passphrase.length < MIN_NEW_PASSPHRASE_LENGTH) return refuse(`Use at least ${MIN_NEW_PASSPHRASE_LENGTH} characters.`);
    if (confirm !== passphrase) return refuse('The two passphrases differ.');
  }
  return { reply: { ok: true }, outcome: { type: 'submit', passphrase } };
}
