import { withSuggestion } from '../../../shared/text';
import { CodedError, isCodedError } from '../../../shared/errors';
import { vaultKey, type Vault, type VaultHealth, type VaultKey } from '../../../shared/vault';
import { AgentNameSchema, type AgentStore } from '../../bridge';
import { openVault, PASSPHRASE_ENV, PASSPHRASE_PROVIDER_LABEL, type ProviderChoice } from '../../vault';

/**
 * An agent's token kept in our vault for the clients we connect, so their configuration names a
 * helper (`bridge --stdio --agent NAME`, `bridge headers --agent NAME`) instead of holding the token.
 * Its own namespace: server names cannot start with `_`, and a `tokens:` kind is never listed as a
 * `${secret:NAME}`.
 */
export const AGENT_TOKENS_NAMESPACE = '_agents';

export function keptTokenKey(agent: string): VaultKey {
  if (!AgentNameSchema.safeParse(agent).success) {
    throw new CodedError('invalid_input', `"${agent.slice(0, 80)}" is not an agent name`, { hint: 'See `connected-services agents list`' });
  }
  return vaultKey(AGENT_TOKENS_NAMESPACE, `tokens:${agent}`);
}

/** Why the vault cannot hand a token to a helper the client starts, or undefined when it can. */
export function helperBlocker(health: VaultHealth, env: Record<string, string | undefined>): string | undefined {
  if (!health.persistent || health.state !== 'ready') return `the vault is ${health.persistent ? health.state : 'kept in memory only'} (${health.message})`;
  // A passphrase vault opens in the client's process only with the passphrase in its environment.
  if (health.provider === 'passphrase' && (env[PASSPHRASE_ENV] ?? '') === '') return `the vault opens with a passphrase typed in, which a client starting the helper cannot do`;
  return undefined;
}

/** The token the vault keeps for this agent, if the agent store still takes it as the agent's. */
export async function keptToken(vault: Vault, agents: AgentStore, agent: string): Promise<string | undefined> {
  const token = await vault.get(keptTokenKey(agent)).catch(() => undefined);
  return token !== undefined && agents.authenticate(token)?.name === agent ? token : undefined;
}

/**
 * Keeps `token` for the agent and returns what puts the vault's copy back as it was (the one before,
 * or none): a connect that fails after keeping it must not leave a token the store never took.
 */
export async function keepToken(vault: Vault, agent: string, token: string): Promise<() => Promise<void>> {
  const key = keptTokenKey(agent);
  // One that cannot be read is of no use to a helper either: putting back "none" loses nothing.
  const before = await vault.get(key).catch(() => undefined);
  if (before === token) return () => Promise.resolve();
  await vault.set(key, token);
  return async () => {
    if (before === undefined) await vault.delete(key);
    else await vault.set(key, before);
  };
}

/** After a rotation: the kept copy follows, so the clients connected through the helper keep working. */
export async function replaceKeptToken(vault: Vault, agent: string, token: string): Promise<void> {
  const key = keptTokenKey(agent);
  if ((await vault.get(key).catch(() => undefined)) !== undefined) await vault.set(key, token);
}

export async function forgetKeptToken(vault: Vault, agent: string): Promise<void> {
  await vault.delete(keptTokenKey(agent)).catch(() => false);
}

export interface HelperTokenOptions {
  dataDir: string;
  env: Record<string, string | undefined>;
  provider?: ProviderChoice;
  agents: AgentStore;
}

/**
 * A sealed vault's error as the helper's reader needs it: the helper never asks (standard input is
 * the client's), so "run it in a terminal" would not help; the passphrase goes where the client starts.
 */
function forHelper(error: unknown, agent: string): unknown {
  if (!isCodedError(error) || error.code !== 'auth_required' || error.data?.['provider'] !== PASSPHRASE_PROVIDER_LABEL) return error;
  return new CodedError('auth_required', `${error.message} The helper cannot ask: the client starts it without a terminal.`, {
    hint: `Set ${PASSPHRASE_ENV} where the client starts (a client opened from the desktop does not see a variable set in a shell), or connect it again where it is not set, and the token is written into the client's file: connected-services agents connect "${agent}" --client CLIENT`,
    data: error.data,
    cause: error,
  });
}

/**
 * What the helper a client starts does: open the vault without asking anyone (standard input is the
 * client's), read the agent's kept token, check the agent store takes it, close.
 */
export async function readHelperToken(agent: string, options: HelperTokenOptions): Promise<string> {
  const key = keptTokenKey(agent);
  if (options.agents.get(agent) === undefined) {
    const hint = 'It may have been removed: see `connected-services agents list`, then connect the client again';
    throw new CodedError('not_found', `No agent named "${agent}"`, { hint: withSuggestion(agent, options.agents.list().map((a) => a.name), hint) });
  }
  const vault = await openVault({ dataDir: options.dataDir, env: options.env, ...(options.provider ? { provider: options.provider } : {}) }).catch((error: unknown) => {
    throw forHelper(error, agent);
  });
  try {
    const token = await vault.get(key).catch((error: unknown) => {
      throw forHelper(error, agent);
    });
    if (token === undefined) {
      throw new CodedError('not_found', `The vault keeps no token for agent "${agent}"`, {
        hint: `Connect the client again: connected-services agents connect "${agent}" --client CLIENT`,
      });
    }
    if (options.agents.authenticate(token)?.name !== agent) {
      throw new CodedError('denied', `The token kept for agent "${agent}" is no longer its token`, {
        hint: `Connect the client again: connected-services agents connect "${agent}" --client CLIENT`,
      });
    }
    return token;
  } finally {
    await vault.close();
  }
}
