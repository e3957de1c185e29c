import { CodedError, errorMessage } from '../../shared/errors';
import { boundedCall } from './bounded-call';
import { PROVIDER_MISMATCH } from './health-message';
import type { KeyProvider, ProbeResult } from './key-provider';
import { KEYCHAIN_PROVIDER_ID } from './keychain-provider';
import { PASSPHRASE_ENV, PASSPHRASE_PROVIDER_ID } from './passphrase-provider';

export interface BuiltInProviders {
  keychain: KeyProvider;
  passphrase: KeyProvider;
}

export type Chosen = { provider: KeyProvider } | { provider: undefined; note: string };

type Choice = 'auto' | 'keychain' | 'passphrase' | KeyProvider;

/** The provider a new vault file is sealed with; none (memory only) when auto finds nothing safe. */
export async function chooseNewProvider(
  choice: Choice,
  providers: BuiltInProviders,
  context: { env: Record<string, string | undefined>; timeoutMs: number; hasPrompt: boolean },
): Promise<Chosen> {
  if (typeof choice === 'object') return { provider: choice };
  if (choice === 'keychain') return { provider: providers.keychain };
  if (choice === 'passphrase') return { provider: providers.passphrase };
  if (context.env[PASSPHRASE_ENV]) return { provider: providers.passphrase };
  const { keychain } = providers;
  const check = keychain.probe?.bind(keychain);
  let probe: ProbeResult;
  try {
    probe = check ? await boundedCall(keychain.label, context.timeoutMs, check) : { available: true };
  } catch (error) {
    probe = { available: false, reason: errorMessage(error) };
  }
  if (probe.available) return { provider: keychain };
  if (context.hasPrompt) return { provider: providers.passphrase };
  return {
    provider: undefined,
    // The reason is a sentence of its own, often with brackets inside: after a colon, not in brackets.
    note: `No usable OS keychain: ${probe.reason.replace(/^Vault locked or unavailable: /, '').replace(/\.\s*$/, '')}. ${PASSPHRASE_ENV} is not set either.`,
  };
}

/** The provider for a file sealed by `id`, or a refusal when it is not the one asked for. */
export function providerResolver(choice: Choice, providers: BuiltInProviders, file: string): (id: string) => KeyProvider {
  return (id) => {
    if (typeof choice === 'object') {
      if (id === choice.id) return choice;
    } else if (choice === 'auto') {
      if (id === KEYCHAIN_PROVIDER_ID) return providers.keychain;
      if (id === PASSPHRASE_PROVIDER_ID) return providers.passphrase;
    } else if (id === choice) {
      return providers[choice];
    }
    const asked = typeof choice === 'object' ? choice.id : choice;
    throw new CodedError('invalid_config', `The vault ${file} is sealed by the "${id}" key provider, but "${asked}" was asked for.`, {
      hint:
        asked === 'auto'
          ? 'This version does not know that provider: update connected-services.'
          : 'Use the default provider (auto), which follows the file, or move the file aside to start a new vault.',
      data: { file, reason: PROVIDER_MISMATCH },
    });
  };
}
