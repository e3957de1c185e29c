import { SERVER_NAME, SECRET_STORE_NAME } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import { SECRET_NAME_PATTERN, validStorePath, MAX_STORE_PATH } from '../../../shared/vault';

/** What a `secrets` command was given, checked before the vault or a store is opened. */
export interface SecretInput {
  name?: string;
  server?: string;
  store?: string;
  fromFile?: string;
  deleteOriginal?: boolean;
}

function shown(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/**
 * Everything a person typed, checked first: a typo is theirs to fix before anything about the vault
 * or the keychain (which may need another program, an unlock or a passphrase) is said.
 */
export function checkSecretInput(input: SecretInput): void {
  const { name, server, store } = input;
  if (store !== undefined && server !== undefined) throw new CodedError('invalid_input', '--server and --store cannot be given together', { hint: 'A path in another store is shared by every server that names it.' });
  if (input.deleteOriginal === true && input.fromFile === undefined) {
    throw new CodedError('invalid_input', '--delete-original needs --from-file', { hint: 'Add --from-file PATH, or leave --delete-original out.' });
  }
  if (store !== undefined && !SECRET_STORE_NAME.test(store)) {
    throw new CodedError('invalid_input', `"${shown(store)}" cannot be a secret store's name: use 1-48 letters, digits, "_" or "-", starting with a letter`, {
      hint: 'See `connected-services secrets stores` for the stores there are',
    });
  }
  if (server !== undefined && !SERVER_NAME.test(server)) {
    throw new CodedError('invalid_input', `"${shown(server)}" cannot be a server's name: use 1-48 letters, digits, "_" or "-", starting with a letter or digit`, {
      hint: 'See `connected-services servers list` for the servers there are',
    });
  }
  if (name === undefined) return;
  if (store !== undefined && !validStorePath(name)) {
    throw new CodedError('invalid_input', `"${shown(name)}" cannot be a path in a secret store: use 1-${MAX_STORE_PATH} printable characters, not starting with "-", without "." or ".." segments`, {
      hint: 'For example: work/github-token',
    });
  }
  if (store === undefined && !SECRET_NAME_PATTERN.test(name)) {
    // A path's dots and slashes (`../x`) are not part of a name to suggest: `x`, not `.._x`.
    const fixed = name.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^[._-]+|[._-]+$/g, '').slice(0, 128);
    throw new CodedError('invalid_input', `"${shown(name)}" cannot be a secret's name: use 1-128 letters, digits, "_", "." or "-"`, {
      hint: `For example: ${SECRET_NAME_PATTERN.test(fixed) && /[A-Za-z0-9]/.test(fixed) ? fixed : 'GITHUB_TOKEN'}`,
    });
  }
}
