import { CodedError, ERROR_REASONS, isCodedError } from '../../shared/errors';
import type { VaultHealth } from '../../shared/vault';
import { OUTPUT_BELOW } from '../pool';
import { PASSPHRASE_ENV, PASSPHRASE_PROVIDER_LABEL, WRONG_PASSPHRASE_HINT } from '../vault';
import { programHint } from './program-hints';

const SEALED = 'The vault is sealed with a passphrase and none was given';

/** The core's hint for a passphrase that does not open the vault, without its full stop, as a message may hold it. */
const WRONG_WORDS = WRONG_PASSPHRASE_HINT.replace(/\.$/, '');
/** The same in a program's words: a program types no passphrase, it gives one in its env option or its environment. */
const PROGRAM_WRONG_WORDS = `Check the passphrase given as ${PASSPHRASE_ENV} in openConnectedServices({ env }) or in the program's environment, and open it again`;

/** `text` (a vault's health message, a store's detail) with the wrong-passphrase hint in a program's words. */
export function passphraseWords(text: string): string {
  return text.split(WRONG_WORDS).join(PROGRAM_WRONG_WORDS);
}

/**
 * An error as a program should read it: where the core's hint speaks of a terminal the program does
 * not have (the vault's passphrase, asked there of a person running a command; a server's output
 * printed below; a command to run), it says how a program gives it, where it is or what to call.
 * Any other error as it was.
 */
export function forProgram(error: unknown): unknown {
  if (isCodedError(error) && error.code === 'auth_required' && error.data?.['provider'] === PASSPHRASE_PROVIDER_LABEL && error.message.includes(SEALED)) {
    return new CodedError('auth_required', error.message, {
      hint: `Give ${PASSPHRASE_ENV} in openConnectedServices({ env }) or in the program's environment: a program is never asked for it at its terminal`,
      data: error.data,
      cause: error,
    });
  }
  if (isCodedError(error) && error.hint === WRONG_PASSPHRASE_HINT) {
    return new CodedError(error.code, error.message, {
      hint: PROGRAM_WRONG_WORDS,
      ...(error.data !== undefined ? { data: error.data } : {}),
      cause: error,
    });
  }
  if (isCodedError(error) && error.hint?.startsWith(OUTPUT_BELOW) === true && typeof error.data?.['stderr'] === 'string') {
    // Nothing is printed below for a program: the output is in the error it holds.
    return new CodedError(error.code, error.message, { hint: programHint(`check the server's output, in this error's data.stderr${error.hint.slice(OUTPUT_BELOW.length)}`), data: error.data, cause: error });
  }
  if (!isCodedError(error) || error.hint === undefined) return error;
  const hint = programHint(error.hint);
  if (hint === error.hint) return error;
  return new CodedError(error.code, error.message, { hint, ...(error.data !== undefined ? { data: error.data } : {}), cause: error });
}

/**
 * Why a secret given to setSecret would not outlive the program, or undefined: a vault that keeps
 * secrets in memory only (no keychain, no passphrase), which the command line refuses to store in as well.
 */
export function memoryOnlyRefusal(vault: VaultHealth): CodedError | undefined {
  if (vault.persistent) return undefined;
  return new CodedError('denied', `The vault cannot keep secrets beyond this program (nothing was stored): ${vault.message}`, {
    hint: `Give ${PASSPHRASE_ENV} (a passphrase of your own) in openConnectedServices({ env }) or in the program's environment, or unlock or install an OS keychain`,
    data: { reason: ERROR_REASONS.vaultMemoryOnly },
  });
}
