import type { ProcessEnv } from '../../shared/core-env';
import { findTokenPlaceholders, replaceTokenPlaceholders, type StdioServerConfig } from '../../shared/config';
import { CodedError, toCodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { formatCredential } from './credential-format';
import type { CredentialFiles } from './credential-files';
import type { SetTimer } from './idle-timer';
import type { PoolCredential } from './types';

/** A renewal is never scheduled sooner than this (a token already due is renewed by the next start). */
export const MIN_RENEW_DELAY_MS = 2000;
/** After a failed rewrite of a credential file (not a lost sign-in), try again this much later. */
const REWRITE_RETRY_MS = 30_000;

/** The core's clock and log (shared/core-env), with the credential seam, the files and the timers. */
export interface DeliveryOptions extends Pick<ProcessEnv, 'now' | 'log'> {
  credential: ((server: string, options: { withRefresh: boolean }) => Promise<PoolCredential>) | undefined;
  files: CredentialFiles;
  setTimer: SetTimer;
}

/** One spawn's credentials: the config to spawn with and what to undo when the program ends. */
export interface PreparedSpawn {
  /** `${token…}` replaced, the credential file's variable set. */
  config: StdioServerConfig;
  /** When the program must be restarted to receive a renewed `${token}`; undefined: never. */
  restartAt: number | undefined;
  /** Stops rewriting the credential file and deletes it. Idempotent. */
  release(): Promise<void>;
}

function delayUntil(at: number, now: number): number {
  return Math.max(MIN_RENEW_DELAY_MS, at - now);
}

/**
 * Resolves `${token}` / `${token:SERVER}` in env and args to current access tokens and writes the
 * `credentialFile`, rewritten atomically before its token expires and deleted by `release`.
 */
export async function prepareSpawn(options: DeliveryOptions, server: string, config: StdioServerConfig): Promise<PreparedSpawn> {
  const values = [...(config.args ?? []), ...Object.values(config.env ?? {})];
  const wanted = new Set(values.flatMap((value) => findTokenPlaceholders(value).map((p) => p.server ?? server)));
  const file = config.credentialFile;
  if (wanted.size === 0 && !file) return { config, restartAt: undefined, release: () => Promise.resolve() };
  const source = options.credential;
  if (!source) throw new CodedError('internal', `"${server}" needs a credential, but this process has no sign-in machinery.`);
  const withRefresh = file?.format === 'google_authorized_user';
  const credentials = new Map<string, PoolCredential>();
  for (const name of wanted) credentials.set(name, await source(name, { withRefresh: withRefresh && name === server }));
  if (file && !credentials.has(server)) credentials.set(server, await source(server, { withRefresh }));

  const tokenOf = (name: string | undefined): string => credentials.get(name ?? server)?.accessToken ?? '';
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(config.env ?? {})) env[key] = replaceTokenPlaceholders(value, tokenOf);
  const args = config.args?.map((arg) => replaceTokenPlaceholders(arg, tokenOf));
  const renewals = [...wanted].map((name) => credentials.get(name)?.renewAt).filter((at): at is number => at !== undefined);
  const restartAt = renewals.length > 0 ? Math.min(...renewals) : undefined;
  const resolved: StdioServerConfig = { ...config, env, ...(args ? { args } : {}) };
  if (!file) return { config: resolved, restartAt, release: () => Promise.resolve() };

  const own = credentials.get(server) as PoolCredential;
  const path = await options.files.create(server, formatCredential(file.format, own));
  env[file.env] = path;
  const writer = new FileRenewal(options, server, path, (credential) => formatCredential(file.format, credential));
  // An authorized_user file holds the refresh token: the program renews by itself, nothing to rewrite.
  if (!withRefresh) writer.schedule(own.renewAt);
  return { config: resolved, restartAt, release: () => writer.release() };
}

/** Rewrites one credential file before its token expires, until released. */
class FileRenewal {
  #cancel: (() => void) | undefined;
  #running: Promise<void> | undefined;
  #released = false;

  constructor(
    private readonly options: DeliveryOptions,
    private readonly server: string,
    private readonly path: string,
    private readonly format: (credential: PoolCredential) => string,
  ) {}

  schedule(at: number | undefined): void {
    if (at === undefined || this.#released) return;
    this.#cancel = this.options.setTimer(() => {
      this.#cancel = undefined;
      this.#running = this.#rewrite().finally(() => (this.#running = undefined));
    }, delayUntil(at, this.options.now()));
  }

  async #rewrite(): Promise<void> {
    try {
      const credential = await (this.options.credential as NonNullable<DeliveryOptions['credential']>)(this.server, { withRefresh: false });
      if (this.#released) return;
      await this.options.files.rewrite(this.path, this.format(credential));
      this.schedule(credential.renewAt);
    } catch (error) {
      const coded = toCodedError(error);
      this.options.log(redact(`[${this.server}] could not renew its credential file: ${coded.message}`));
      // A lost sign-in is not retried: the program's next call reports it (auth_required).
      if (coded.code !== 'auth_required' && coded.code !== 'invalid_config') this.schedule(this.options.now() + REWRITE_RETRY_MS);
    }
  }

  async release(): Promise<void> {
    this.#released = true;
    this.#cancel?.();
    this.#cancel = undefined;
    await this.#running;
    await this.options.files.remove(this.path).catch((error: unknown) => this.options.log(redact(`[${this.server}] could not delete its credential file: ${String(error)}`)));
  }
}
