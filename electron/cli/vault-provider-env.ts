import { z } from 'zod';
import { CodedError } from '../../shared/errors';
import type { ProviderChoice } from '../vault';

export const VAULT_PROVIDER_ENV = 'CONNECTED_SERVICES_VAULT_PROVIDER';
const ProviderChoiceSchema = z.enum(['auto', 'keychain', 'passphrase', 'memory', 'insecure-plaintext-file']);

/** The person's explicit choice of vault key provider, if any; a typo is an error, not a silent default. */
export function vaultProviderFromEnv(env: Record<string, string | undefined>): ProviderChoice | undefined {
  const value = env[VAULT_PROVIDER_ENV];
  if (value === undefined || value === '') return undefined;
  const parsed = ProviderChoiceSchema.safeParse(value);
  if (!parsed.success) {
    throw new CodedError('invalid_input', `${VAULT_PROVIDER_ENV}="${value}" is not a vault provider`, {
      hint: `Use one of: ${ProviderChoiceSchema.options.join(', ')}`,
    });
  }
  return parsed.data;
}
