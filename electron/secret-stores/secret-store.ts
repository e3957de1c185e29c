import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { cutText, revealHidden } from '../../shared/text';
import type { SecretStoreType } from '../../shared/config';

/** What a store can do besides `get`: our vault does everything, a command store only reads. */
export interface StoreAbilities {
  list: boolean;
  set: boolean;
  delete: boolean;
}

/** A store's state for `doctor` and `secrets stores`: ready, or why not and what to do. */
export interface StoreHealth {
  ok: boolean;
  detail: string;
  /** What the person does to make it ready (absent when ok). */
  fix?: string;
}

/**
 * One store of secrets (docs/vault.md, "Secret stores"): our vault, pass, KeePassXC, the OS Secret
 * Service, or a password manager's command. `get` resolves undefined when the store holds nothing at
 * that path, and throws CodedError auth_required (with the store's name and what to do) when the
 * store cannot answer: locked, missing, not installed, not approved. Errors never hold a value.
 */
export interface SecretStore {
  readonly name: string;
  readonly type: SecretStoreType | 'vault';
  readonly abilities: StoreAbilities;
  get(path: string): Promise<string | undefined>;
  /** Every path; only where `abilities.list`. */
  list?(): Promise<string[]>;
  set?(path: string, value: string): Promise<void>;
  /** Resolves whether the path existed. */
  delete?(path: string): Promise<boolean>;
  /** `paths`: those in use (references), for a store whose answer depends on where they are. */
  health(paths?: readonly string[]): Promise<StoreHealth>;
}

export const READ_ONLY: StoreAbilities = { list: false, set: false, delete: false };

/**
 * A store that cannot answer: the server that needs it waits in needs_auth with this message. An
 * `agentMessage` is what agents are told instead (the bridge's agentError), when the message holds
 * what only the person should read.
 */
export function storeUnavailable(store: string, what: string, hint: string, agentMessage?: string): CodedError {
  return new CodedError('auth_required', `The secret store "${store}" ${what}.`, { hint, data: { store, ...(agentMessage !== undefined ? { agentMessage } : {}) } });
}

/** How many code points of a program's complaint an error keeps: enough to say why, never a page. */
export const MAX_COMPLAINT = 300;
/** How much of the line is read at all: redaction scans what it is given. */
const MAX_LINE_READ = 4096;

/**
 * The first line of a program's complaint as an error may hold it: errors reach agents, the admin
 * log and review.json, and a password manager's complaint may hold a token (`session expired: …`)
 * or escapes for a terminal. So token shapes and known secrets are redacted, hidden characters shown
 * as escapes, and the program's own path (a home folder's layout) reduced to its file name.
 */
export function firstLine(text: string, program?: string, keep: readonly string[] = []): string {
  let line = (
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? ''
  ).slice(0, MAX_LINE_READ);
  if (program === undefined) return cutText(revealHidden(redactAround(line, keep)), MAX_COMPLAINT);
  if (program.includes('/')) line = line.split(program).join(programName(program));
  // `get-password: why`: redaction would read a program named for a credential as a header and hide the why.
  const own = `${programName(program)}: `;
  const why = line.startsWith(own) ? line.slice(own.length) : line;
  return cutText(revealHidden((why === line ? '' : own) + redactAround(why, keep)), MAX_COMPLAINT);
}

/**
 * Redacted around the words a store names itself by (pass's `~/.password-store`): read as a header
 * (`…password-store: why`), they would hide the why; they are the person's settings, never a secret.
 */
function redactAround(line: string, keep: readonly string[]): string {
  const [word, ...rest] = keep.filter((k) => k !== '');
  if (word === undefined) return redact(line);
  return line
    .split(word)
    .map((part) => redactAround(part, rest))
    .join(word);
}

/** A program's file name, for what an agent may read: its folder says where a person keeps things. */
export function programName(program: string): string {
  return program.slice(program.lastIndexOf('/') + 1) || program;
}

/** A store's health from a probe that throws the store's own errors. */
export async function healthOf(probe: () => Promise<string>): Promise<StoreHealth> {
  try {
    return { ok: true, detail: await probe() };
  } catch (error) {
    if (error instanceof CodedError) return { ok: false, detail: error.message, ...(error.hint !== undefined ? { fix: error.hint } : {}) };
    throw error;
  }
}
