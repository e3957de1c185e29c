import { hintSentence, type CodedError } from '../../shared/errors';
import type { CorruptFile, VaultState } from '../../shared/vault';
import { NEWER_FORMAT } from './encrypted-sealer';
import { UNSAFE_PERMISSIONS } from './permissions';
import type { ProviderInfo } from './sealer';

export const PROVIDER_MISMATCH = 'provider-mismatch';

const LOCKED_CODES = new Set(['server_unavailable', 'not_found', 'auth_required', 'denied', 'timeout']);

/** What state a failure leaves the vault in. */
export function stateOf(error: CodedError | undefined): VaultState {
  if (!error) return 'ready';
  const reason = error.data?.['reason'];
  if (reason === UNSAFE_PERMISSIONS || reason === NEWER_FORMAT || reason === PROVIDER_MISMATCH) return 'refused';
  return LOCKED_CODES.has(error.code) ? 'locked' : 'error';
}

export interface HealthMessageInput {
  info: ProviderInfo;
  file: string | undefined;
  error: CodedError | undefined;
  corruptFiles: readonly CorruptFile[];
  /** Why the vault is memory-only, when it is. */
  note: string | undefined;
}

/** One paragraph for people: where secrets are, how safe, and what to do if something is wrong. */
export function healthMessage({ info, file, error, corruptFiles, note }: HealthMessageInput): string {
  const parts: string[] = [];
  if (error) {
    parts.push(error.hint ? `${error.message} ${hintSentence(error.hint)}` : error.message);
  } else if (info.safety === 'memory-only') {
    parts.push(
      `${note ? `${note} ` : ''}Secrets are kept in memory for this session only and are lost when it ends; nothing is written in clear. Unlock or install an OS keychain, or set CONNECTED_SERVICES_PASSPHRASE, to keep them.`,
    );
  } else if (info.safety === 'insecure-plaintext') {
    parts.push(`Secrets are stored UNENCRYPTED in ${file ?? 'a file'} (provider insecure-plaintext-file was chosen explicitly).`);
  } else {
    parts.push(`Secrets are encrypted (AES-256-GCM) in ${file ?? 'the vault file'} with a key from the ${info.label}.`);
  }
  for (const corrupt of corruptFiles) {
    const moved = `An unreadable vault file was moved aside to ${corrupt.path} on ${new Date(corrupt.movedAt).toISOString()}`;
    parts.push(
      corrupt.restored === undefined
        ? `${moved}; its secrets are not in the current vault. Delete it once you have re-entered them.`
        : `${moved}; the ${corrupt.restored} entries this process held of it were written back to a new vault file (a change another process made since this one last read it is not among them). Delete it once you have checked them.`,
    );
  }
  return parts.join(' ');
}

/** The files set aside as listed now, each keeping what this process knows it restored of it. */
export function withRestored(listed: readonly CorruptFile[], known: readonly CorruptFile[]): CorruptFile[] {
  return listed.map((file) => {
    const restored = known.find((k) => k.path === file.path)?.restored;
    return restored === undefined ? { ...file } : { ...file, restored };
  });
}
