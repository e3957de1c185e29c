import { CONNECT_CLIENTS, type ApiInput, type AppApi, type ClientInfo, type ClientPlan, type ConnectClient } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import type { Vault } from '../../../shared/vault';
import { KeyedQueue } from '../../fs-safe';
import { clientEntry, keepsTokenItself, type AgentStore, type StdioCommand, type TokenSource } from '../../bridge';
import { scrubClientBackups } from './client-backups';
import { entryNames } from './client-edit';
import { locateClientFile, readClientFile } from './client-file';
import { withClientFileLock } from './client-lock';
import { clientContext, type ClientContext } from './client-home';
import { clientLocation } from './client-locations';
import { detectClient } from './detect-clients';
import { withAgentConnectLock } from './agent-connect-lock';
import { refuseTwinsEntry } from './entry-owner';
import { namesFitNote } from './names-fit-note';
import { heldToken } from './held-token';
import { forgetKeptToken, helperBlocker, keepToken, keptToken } from './kept-token';
import { applyChange, entryName, inputId, planChange, undoChange, type AppliedChange, type PlannedChange } from './client-writer';

export interface ClientApiOptions {
  agents: AgentStore;
  /** The bridge an agent calls (a program's serves only its own agents: the app's, for the others). */
  bridgeUrl: (agent: string) => string;
  /** How a stdio client starts `bridge --stdio` (Claude Desktop); the helpers are made from it. */
  stdioCommand?: () => StdioCommand;
  /** Where agents' tokens are kept for the helpers the entries name; without it, the token goes into the file. */
  vault?: Vault;
  /** The home folder and environment; default this process's (HOME respected). */
  context?: () => ClientContext;
  now?: () => number;
  /** The data folder: connects of one agent in other processes take turns with ours by a lock file there. */
  dataDir?: string;
}

type ClientMethods = Pick<AppApi, 'listClients' | 'planClientConnection' | 'connectClient' | 'disconnectClient'>;
type TokenPlace = ClientPlan['tokenPlace'];

/** Stands for the token in a plan: the token does not exist yet (connecting gives a new one), and is never shown. */
const PLANNED_TOKEN = 'connected-services-planned-token';

const RELOAD = 'Restart the client, or reload its MCP servers, to pick up the change.';

/**
 * The agent's new token could not be made its own after the file naming it was written (agents.json not
 * writable, its lock taken, the agent removed meanwhile): the file is put back as it was, or, where it
 * cannot be (the client rewrote it meanwhile), the error says it names a token that does not work.
 */
async function rotateFailed(change: PlannedChange, applied: AppliedChange, agent: string, cause: unknown): Promise<CodedError> {
  const undone = await undoChange(change, applied).catch(() => false);
  const why = cause instanceof Error ? cause.message : String(cause);
  const code = cause instanceof CodedError ? cause.code : 'internal';
  const again = `connected-services agents connect ${agent} --client ${change.plan.client}`;
  return undone
    ? new CodedError(code, `${change.plan.file} was put back as it was: agent "${agent}"'s new token could not be saved (${why})`, { hint: `Fix that, then run \`${again}\` again`, cause })
    : new CodedError(code, `${change.plan.file} was written, but names a token that does not work: agent "${agent}"'s new token could not be saved (${why})`, {
        hint: `Fix that, then run \`${again}\` again: it gives the agent a working token and writes it${applied.backup !== undefined ? ` (the file before is in ${applied.backup}, agent tokens taken out)` : ''}`,
        cause,
      });
}

/** The helper the entry names, as the command line writes it (`agents config`'s notes word it the same). */
function helperWords(label: string, entry: Record<string, unknown>, agent: string): string {
  return typeof entry['headersHelper'] === 'string'
    ? `${label}'s headersHelper runs \`connected-services bridge headers --agent "${agent}"\``
    : `${label} starts \`connected-services bridge --stdio --agent "${agent}"\``;
}

/**
 * What the person should know beyond the diff, in the plan's mood (`done` false: said before anything
 * is written, so what would happen) or after the write. A new token is `rotates`, worded by each reader.
 */
function notesFor(label: string, place: TokenPlace, agent: string, entry: Record<string, unknown>, blocker: string | undefined, done: boolean, passphrase: boolean): string[] {
  const notes: string[] = [];
  if (place === 'vault') {
    // Beside "gets a new token": it is the file that holds none, not the agent that gets none.
    notes.push(
      `${done ? `The token is not written into ${label}'s file: it stays` : `The token would not be written into ${label}'s file: it would stay`} in the vault, and ${helperWords(label, entry, agent)}, which reads it each time the client starts it. The file can be synced, backed up or shared without giving the token away; any program running as you can still run that command, as it could read the file before.`,
    );
    // The helper opens a passphrase vault only with the passphrase in the environment the client starts it with.
    if (passphrase) notes.push(`The vault is sealed with a passphrase: ${label} must have CONNECTED_SERVICES_PASSPHRASE set where it starts (a client opened from the desktop does not see a variable set in a shell), or the helper cannot read the token.`);
  } else if (place === 'client-secret-storage') {
    notes.push('VS Code asks for the token the first time it starts this server and keeps it in its secret storage; copy it from here when it asks.');
  } else {
    notes.push(
      `${done ? 'The token itself is written into this file, which is made' : 'The token itself would be written into this file, which would be made'} yours alone (read and written by your account only; never a project file): ${blocker ?? 'the vault cannot hand it to a helper'}. With the vault in the OS keychain, or CONNECTED_SERVICES_PASSPHRASE set, the entry ${done ? 'names' : 'would name'} a helper instead.`,
    );
  }
  notes.push(RELOAD);
  return notes;
}

/** The App API's client setup: detect clients, show the diff, write or remove an agent's entry. */
export function createClientApi(options: ClientApiOptions): ClientMethods {
  const ctx = () => options.context?.() ?? clientContext();
  const now = () => options.now?.() ?? Date.now();
  const existing = (name: string) => {
    const agent = options.agents.get(name);
    if (!agent) throw new CodedError('not_found', `No agent named "${name}"`, { hint: 'See `connected-services agents list`' });
    return agent;
  };
  const blocker = (): string | undefined => (options.vault ? helperBlocker(options.vault.health(), ctx().env) : 'no vault is open here');
  const placeFor = (client: ConnectClient): TokenPlace => (keepsTokenItself(client) ? 'client-secret-storage' : blocker() === undefined ? 'vault' : 'file');
  const entryFor = (client: ConnectClient, agent: string, token: string) => {
    const place = placeFor(client);
    const source: TokenSource = place === 'vault' ? { helper: { agent } } : place === 'client-secret-storage' ? { reference: true } : { token };
    return clientEntry(client, source, {
      bridgeUrl: options.bridgeUrl(agent),
      inputId: inputId(agent),
      agent,
      ...(options.stdioCommand ? { stdioCommand: options.stdioCommand() } : {}),
      platform: ctx().platform,
    });
  };
  const checkedToken = (agent: string, token: string | undefined): string | undefined => {
    if (token === undefined) return undefined;
    if (options.agents.authenticate(token)?.name !== agent) {
      throw new CodedError('invalid_input', `that token does not belong to agent "${agent}"`, { hint: 'Leave the token out: connecting then gives the agent a new one' });
    }
    return token;
  };
  /** The agent's token as the vault or another client's file holds it, so connecting one more client takes it from no one. */
  const held = async (agent: string, client: ConnectClient, context: ClientContext): Promise<string | undefined> =>
    (options.vault ? await keptToken(options.vault, options.agents, agent) : undefined) ?? (await heldToken(agent, client, options.agents, context));
  const namedAnywhere = async (agent: string, context: ClientContext): Promise<boolean> => {
    for (const other of CONNECT_CLIENTS) {
      if (keepsTokenItself(other)) continue;
      const where = clientLocation(other, context);
      try {
        if (entryNames((await readClientFile(where.file, context.home, context.uid)).text, 'mcpServers', where.jsonc, where.file).includes(entryName(agent))) return true;
      } catch {
        // A file we cannot read may still name it: keep the copy.
        return true;
      }
    }
    return false;
  };
  /**
   * Connects of one agent take turns: two to different files at once could each find no working token,
   * keep their own in the vault and rotate, leaving the vault with the one the store no longer takes.
   * In this process by this queue, across processes (the CLI beside `serve`) by the agent's lock file
   * in the data folder (agent-connect-lock.ts): the client file locks are per file.
   */
  const byAgent = new KeyedQueue();
  /**
   * Runs `fn` holding the client file's lock (see client-lock.ts); `fn` plans on the file as it is
   * once the lock is held. A link re-pointed meanwhile is refused by `lockedFor`.
   */
  const locked = async <T>(client: ConnectClient, context: ClientContext, creates: boolean, fn: (lockedFor: (change: PlannedChange) => PlannedChange) => Promise<T>): Promise<T> => {
    const { target } = await locateClientFile(clientLocation(client, context).file, context.home, context.uid);
    return withClientFileLock(target, creates, () =>
      fn((change) => {
        if (change.target !== target) throw new CodedError('invalid_input', `${change.plan.file} changed since its diff was shown`, { hint: 'Look at the new diff, then try again' });
        return change;
      }),
    );
  };
  /** In a call of its own: the file's texts (100 MB for a busy `~/.claude.json`) are let go before every client's file is read again. */
  const removeEntry = (client: ConnectClient, agent: string, base: string | undefined, context: ClientContext): Promise<{ plan: ClientPlan; backup?: string }> =>
    locked(client, context, false, async (lockedFor) => {
      await refuseTwinsEntry(client, agent, options.agents, context);
      const change = lockedFor(await planChange(client, agent, { remove: true }, context));
      const { backup } = await applyChange(change, base, now());
      return { plan: fullPlan(change, false, true), ...(backup !== undefined ? { backup } : {}) };
    });
  const fullPlan = (change: PlannedChange, rotates: boolean, removing: boolean, entry: Record<string, unknown> = {}, done = false): ClientPlan => {
    const client = change.plan.client;
    const place = placeFor(client);
    if (removing) return { ...change.plan, rotates, tokenPlace: place, notes: [RELOAD] };
    const { agent } = change.plan;
    const fit = namesFitNote(agent, options.agents.get(agent)?.client, client);
    const notes = notesFor(clientLocation(client, ctx()).label, place, agent, entry, blocker(), done, options.vault?.health().provider === 'passphrase');
    return { ...change.plan, rotates, tokenPlace: place, notes: fit === undefined ? notes : [fit, ...notes] };
  };

  return {
    listClients: async () => {
      const context = ctx();
      const agents = options.agents.list().map((a) => a.name);
      const out: ClientInfo[] = [];
      for (const client of CONNECT_CLIENTS) {
        const where = clientLocation(client, context);
        const found = await detectClient(client, context);
        let holding: string[] = [];
        try {
          const read = await readClientFile(where.file, context.home, context.uid);
          const names = entryNames(read.text, client === 'vscode' ? 'servers' : 'mcpServers', where.jsonc, where.file);
          holding = agents.filter((a) => names.includes(entryName(a)));
        } catch {
          // An unreadable or broken file holds no entry we can see; connecting says why.
        }
        out.push({ client, label: where.label, detected: found.detected, ...(found.evidence !== undefined ? { evidence: found.evidence } : {}), file: where.file, agents: holding, tokenPlace: placeFor(client) });
      }
      return out;
    },
    planClientConnection: async ({ agent, client, remove }: ApiInput<'planClientConnection'>) => {
      // Removing needs no agent: an entry left behind by a removed agent is removed the same way.
      if (remove === true) {
        await refuseTwinsEntry(client, agent, options.agents, ctx());
        return fullPlan(await planChange(client, agent, { remove: true }, ctx()), false, true);
      }
      existing(agent);
      const context = ctx();
      await refuseTwinsEntry(client, agent, options.agents, context);
      const known = await held(agent, client, context);
      const planned = entryFor(client, agent, PLANNED_TOKEN);
      return fullPlan(await planChange(client, agent, { connect: planned, secrets: [PLANNED_TOKEN] }, context), known === undefined, false, planned.entry);
    },
    connectClient: async ({ agent, client, token, base }: ApiInput<'connectClient'>) => {
      existing(agent);
      const given = checkedToken(agent, token);
      const context = ctx();
      // Under the file's lock from the check to the rename: a connect waiting behind another sees its
      // entry, and is refused (by `base`) before its token changes, never written over it.
      return byAgent.run(agent, () => withAgentConnectLock(options.dataDir, agent, () => locked(client, context, true, async (lockedFor) => {
        // Checked before the token changes: a file that cannot be written must not cost the agent its token.
        // Only its plan is kept: the texts of a file of 100 MB are not held twice while the real change is made.
        await refuseTwinsEntry(client, agent, options.agents, context);
        const { plan: trial } = lockedFor(await planChange(client, agent, { connect: entryFor(client, agent, PLANNED_TOKEN), secrets: [PLANNED_TOKEN] }, context));
        if (base !== undefined && base !== trial.base) {
          throw new CodedError('invalid_input', `${trial.file} changed since its diff was shown`, { hint: 'Look at the new diff, then try again' });
        }
        const reused = given ?? (await held(agent, client, context));
        // A new token takes effect only once the file naming it is in place: a write refused (the client
        // rewrote its file meanwhile) leaves the agent's token, and every client holding it, as they were.
        const secret = reused ?? options.agents.tokenFor(agent);
        const written = entryFor(client, agent, secret);
        // Kept before the file names the helper: a client starting at once finds the token there (a new one
        // works from the rotation below; the vault held no working token of the agent's before it).
        const putBack = placeFor(client) === 'vault' && options.vault ? await keepToken(options.vault, agent, secret) : undefined;
        try {
          const change = lockedFor(await planChange(client, agent, { connect: written, secrets: [secret] }, context));
          const applied = await applyChange(change, trial.base, now());
          const { backup } = applied;
          if (reused === undefined) {
            // Still under the file's lock: an undo cannot overwrite a connect of ours that came after.
            await options.agents.rotate(agent, secret).catch(async (error: unknown) => {
              throw await rotateFailed(change, applied, agent, error);
            });
          }
          return { plan: fullPlan(change, reused === undefined, false, written.entry, true), ...(backup !== undefined ? { backup } : {}), ...(keepsTokenItself(client) ? { token: secret } : {}) };
        } catch (error) {
          // A connect that failed leaves the vault as it was: a new token kept there was never the agent's.
          await putBack?.().catch(() => undefined);
          throw error;
        }
      })));
    },
    disconnectClient: ({ agent, client, base }: ApiInput<'disconnectClient'>) =>
      // In turn with the agent's connects: one elsewhere keeps the token before its file names the helper,
      // which this must not find named nowhere and forget.
      byAgent.run(agent, () =>
        withAgentConnectLock(options.dataDir, agent, async () => {
          const context = ctx();
          const { plan, backup } = await removeEntry(client, agent, base, context);
          // The token still works after a disconnect: no backup made before may keep it.
          await scrubClientBackups(context);
          // The vault's copy is there for the helpers: once no client names one, it goes.
          if (options.vault && !(await namedAnywhere(agent, context))) await forgetKeptToken(options.vault, agent);
          return { plan, ...(backup !== undefined ? { backup } : {}) };
        }),
      ),
  };
}
