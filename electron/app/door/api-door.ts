import {
  API_METHODS,
  PERSON_CALLERS,
  type AdminEntry,
  type ApiInput,
  type ApiMethod,
  type ApiOutput,
  type AppApi,
  type Caller,
  type Confirmation,
} from '../../../shared/api';
import { CodedError, ERROR_REASONS, toCodedError } from '../../../shared/errors';
import { redact } from '../../../shared/redact';
import { changesNothing, consentInput, shownInput, summarize, type SummaryContext } from '../admin/admin-summary';
import { failureInResult } from '../admin/failure-in-result';
import { readForCaller } from './read-for-caller';
import { notOpen } from '../apps/apps-api';
import { ChangeRate, DEFAULT_CHANGE_RATE } from './change-rate';
import type { CodeOwners } from './code-owners';
import type { Confirmations } from './confirmations';
import { nothingToForget, ownNamesOnly, refuseDeclaredElsewhere } from './declared-elsewhere';
import { powerOf } from './method-powers';
import { OPENER_BOUND } from './opener-bound';
import { refuseUnusableCall } from './refuse-call';
import { refuseUnusablePrompt } from './refuse-prompt';
import { refuseUnusableRead } from './refuse-read';
import { refuseNow, type RefuseNowChecks } from './refuse-now';

/** Where the door writes what changed (the AdminLog; a fake in tests). */
export interface AdminRecorder {
  record(entry: Omit<AdminEntry, 'id' | 'time'>): AdminEntry;
  /** Writes a change `pending` before it is made, on disk when it resolves (AdminLog; fakes may leave it out). */
  recordAhead?(entry: Omit<AdminEntry, 'id' | 'time' | 'outcome'>): Promise<AdminEntry>;
  /** How a change written ahead ended. */
  recordOutcome?(ahead: AdminEntry, outcome: Pick<AdminEntry, 'outcome' | 'error'>): AdminEntry;
}

/** Who is calling, as the transport knows it. */
export interface CallerInfo {
  caller: Caller;
  /** The process id a command line says it has (shown, not trusted). */
  pid?: number;
}

export interface ApiDoorOptions {
  /** The App API as the person: what runs once a call is let through. */
  api: AppApi;
  admin: AdminRecorder;
  /** Present where the person can confirm (the app: serve, desktop); absent in CLI commands. */
  confirmations?: Confirmations;
  /** The command line's changes are paced (DEFAULT_CHANGE_RATE); `now` for tests. */
  changeRate?: { burst: number; perSecond: number; now?: () => number };
  /** Who opened an MCP App (undefined: nobody, or the person in process): `callAppTool` for another's app is refused before the person is asked. */
  appOpener?: (appId: string) => string | undefined;
  /** What a widening would be refused for that the App API's lists cannot tell (an import past mcp.json's total): refused before the person is asked. */
  refuseNow?: RefuseNowChecks;
  /** Who declared each name in code: a program forgets only its own, and declares none another running program holds. */
  owners?: CodeOwners;
}

export interface ApiDoor {
  /** Calls a method as this caller: reads and narrowing run, widening from the command line waits for the person. */
  call<M extends ApiMethod>(from: CallerInfo, method: M, input: ApiInput<M>): Promise<ApiOutput<M>>;
  /** The App API for one caller (in-process callers: the desktop tray, the CLI's own commands). */
  as(from: CallerInfo): AppApi;
  /** Another place the person confirms at (serve's terminal), named in the waiting hint until the returned function runs. */
  confirmAlsoAt(place: string): () => void;
}

/**
 * The error a widening from the command line answers with: coded `denied`, the request's id in `data`,
 * and its `claim`, which `confirmationAnswer` wants: this caller alone learns how it ended.
 */
export function waitingForConfirmation(confirmation: Confirmation, claim: string, alsoAt: readonly string[] = []): CodedError {
  const where = ['in Connected Services (Activity → Waiting for you)', ...alsoAt].join(' or ');
  return new CodedError('denied', `Waiting for confirmation in the app: ${confirmation.summary}`, {
    hint: `Confirm it ${where} within ${timeLeft(confirmation.expiresAt - confirmation.requestedAt)}; nothing changed yet. Request ${confirmation.id}.`,
    data: { reason: ERROR_REASONS.awaitingConfirmation, confirmation: confirmation.id, claim, expiresAt: confirmation.expiresAt },
  });
}

/** Whole minutes from two on; seconds below, where a minute's rounding would promise time there is not. */
function timeLeft(ms: number): string {
  const seconds = Math.max(1, Math.floor(ms / 1000));
  return seconds < 120 ? `${seconds} s` : `${Math.floor(seconds / 60)} minutes`;
}

/**
 * Methods that record who decided (electron/app/decisions) and can run as `read`, `narrowing` or
 * `widening`: `invoke` tells them the caller. The `person` methods (answerAsk, decideConfirmation)
 * are told it where `call` runs them, so they need no place here (told-who.test.ts checks both).
 */
const TOLD_WHO: ReadonlySet<ApiMethod> = new Set<ApiMethod>(['decide', 'decideApproval', 'reviewChanges']);

/** The person's own methods that show a secret: each reveal is written to the admin log (its summary names what, never the value). */
const REVEALS: ReadonlySet<ApiMethod> = new Set<ApiMethod>(['revealSecret', 'revealStoreReference']);

function invoke<M extends ApiMethod>(api: AppApi, method: M, input: unknown, who?: Caller): Promise<ApiOutput<M>> {
  if (who !== undefined && (TOLD_WHO.has(method) || OPENER_BOUND.has(method))) return (api[method] as unknown as (input: unknown, who: Caller) => Promise<ApiOutput<M>>)(input, who);
  return (api[method] as (input: unknown) => Promise<ApiOutput<M>>)(input);
}

/**
 * The one place that knows who may do what (SECURITY.md): the person's interfaces (`app`,
 * `ipc`, `terminal`) act; the command line acts directly only for reads and narrowing changes, and
 * while an app runs its widening changes become confirmations. Every change is written to the admin log.
 */
export function createApiDoor(options: ApiDoorOptions): ApiDoor {
  const { api, admin, confirmations } = options;
  const rate = options.changeRate ?? DEFAULT_CHANGE_RATE;
  // One credential, one pace: every process holding the command line's credential shares it.
  const cliChanges = new ChangeRate({ burst: rate.burst, perSecond: rate.perSecond, now: options.changeRate?.now ?? Date.now });
  const alsoAt = new Set<string>();

  /** Best effort: a summary without its context still says what is asked. */
  const context = (method: ApiMethod, input: unknown): Promise<SummaryContext> => contextOf(method, input).catch(() => ({}));
  const contextOf = async (method: ApiMethod, input: unknown): Promise<SummaryContext> => {
    if (method === 'decideApproval' || (method === 'decide' && (input as ApiInput<'decide'>).kind === 'call')) {
      const { id } = input as { id: string };
      const approval = (await api.listApprovals({}).catch(() => [])).find((a) => a.id === id);
      return approval ? { approval } : {};
    }
    if (method === 'approveServer') {
      const { name } = input as ApiInput<'approveServer'>;
      const row = (await api.status({}).catch(() => undefined))?.servers.find((s) => s.name === name);
      return row?.commandLine !== undefined ? { commandLine: row.commandLine, ...(row.transport === 'http' ? { sendsSecrets: true } : {}) } : {};
    }
    if (method === 'approveSecretStore') {
      const { name } = input as ApiInput<'approveSecretStore'>;
      const row = (await api.listSecretStores({}).catch(() => [])).find((s) => s.name === name);
      return row?.commandLine !== undefined ? { commandLine: row.commandLine } : {};
    }
    if (method === 'updateAgent') {
      const { name } = input as ApiInput<'updateAgent'>;
      const agent = (await api.listAgents({}).catch(() => [])).find((a) => a.name === name);
      return agent ? { agent } : {};
    }
    if (method === 'updateServer') {
      const { name } = input as ApiInput<'updateServer'>;
      const found = await api.serverConfig({ name }).catch(() => undefined);
      return found?.config !== undefined ? { server: found.config } : {};
    }
    return {};
  };

  const entryBase = async (from: CallerInfo, method: ApiMethod, input: unknown, known?: SummaryContext): Promise<Omit<AdminEntry, 'id' | 'time' | 'outcome'>> => ({
    who: from.caller,
    ...(from.pid !== undefined ? { pid: from.pid } : {}),
    method,
    summary: summarize(method, input, known ?? (await context(method, input))),
    input: shownInput(method, input),
  });

  /**
   * What the person confirms is what runs: an approval asked without the command line it approves
   * gets the one shown now, so a config changed before the confirmation is refused, not approved.
   */
  const pinnedInput = async (method: ApiMethod, input: unknown): Promise<unknown> => {
    if (method !== 'approveServer' && method !== 'approveSecretStore') return input;
    if ((input as { commandLine?: string }).commandLine !== undefined) return input;
    const { commandLine } = await context(method, input);
    return commandLine === undefined ? input : { ...(input as object), commandLine };
  };

  // Agent updates one after another, each compared with the agent as the one before left it: read
  // before an earlier update lands, a change undoing that one would pass as "nothing" and go unlogged.
  let agentUpdates: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(method: ApiMethod, step: () => Promise<T>): Promise<T> => {
    if (method !== 'updateAgent') return step();
    const turn = agentUpdates.then(step);
    agentUpdates = turn.catch(() => undefined);
    return turn;
  };

  /** Runs as the person and records the outcome. */
  const run = <M extends ApiMethod>(from: CallerInfo, method: M, input: unknown, extra: Partial<AdminEntry>): Promise<ApiOutput<M>> => inTurn(method, () => runNow(from, method, input, extra));
  const runNow = async <M extends ApiMethod>(from: CallerInfo, method: M, input: unknown, extra: Partial<AdminEntry>): Promise<ApiOutput<M>> => {
    const known = await context(method, input);
    // An edit saved as it was is no change: the admin log would only hold "nothing".
    if (changesNothing(method, input, known)) return invoke(api, method, input, from.caller);
    const base = await entryBase(from, method, input, known);
    try {
      const result = await invoke(api, method, input, from.caller);
      const failure = failureInResult(method, result);
      admin.record({ ...base, ...extra, ...(failure === undefined ? { outcome: extra.outcome ?? 'ok' } : { outcome: 'failed', error: failure }) });
      return result;
    } catch (error) {
      admin.record({ ...base, ...extra, outcome: 'failed', error: redact(toCodedError(error).message) });
      throw error;
    }
  };

  /**
   * A widening with no app to confirm it: written ahead (admin line and review record on disk), then
   * made, then its outcome, so a command killed in between still leaves it listed for the person.
   */
  const runAhead = async <M extends ApiMethod>(from: CallerInfo, method: M, input: unknown): Promise<ApiOutput<M>> => {
    if (!admin.recordAhead || !admin.recordOutcome) return run(from, method, input, { review: true });
    const ahead = await admin.recordAhead({ ...(await entryBase(from, method, input)), review: true });
    try {
      const result = await invoke(api, method, input, from.caller);
      const failure = failureInResult(method, result);
      admin.recordOutcome(ahead, failure === undefined ? { outcome: 'ok' } : { outcome: 'failed', error: failure });
      return result;
    } catch (error) {
      admin.recordOutcome(ahead, { outcome: 'failed', error: redact(toCodedError(error).message) });
      throw error;
    }
  };

  const call = async <M extends ApiMethod>(from: CallerInfo, method: M, given: ApiInput<M>): Promise<ApiOutput<M>> => {
    const input = (PERSON_CALLERS.has(from.caller) ? given : ownNamesOnly(options.owners, method, given, from.pid)) as ApiInput<M>;
    // A program whose declaration was never confirmed owns no name: forgetting none is no change for Activity.
    if (nothingToForget(method, input)) return { ok: true } as ApiOutput<M>;
    const power = await powerOf(method, input, { agent: async (name) => (await api.listAgents({})).find((a) => a.name === name), sessionSettings: () => api.sessionSettings({}) });
    const person = PERSON_CALLERS.has(from.caller);
    if (power === 'read') return person ? invoke(api, method, input) : readForCaller(method, await invoke(api, method, input));
    // Each change from the command line's credential is written to the admin log: paced, so none is buried.
    if (from.caller === 'cli' && power !== 'person') cliChanges.take();
    if (power === 'person') {
      if (!person) {
        throw new CodedError('denied', `${method} is the person's own: it is done in the app, not from the command line`, {
          hint: 'Open Connected Services (Activity → Waiting for you)',
        });
      }
      if (REVEALS.has(method)) return run(from, method, input, {});
      // These record themselves, with who decided (decideConfirmation, acknowledgeChanges).
      return (api[method] as unknown as (input: unknown, who: Caller) => Promise<ApiOutput<M>>)(input, from.caller);
    }
    if (power === 'narrowing' || person) return run(from, method, input, {});
    if (from.caller === 'cli-offline') return runAhead(from, method, input);
    // A widening from the command line while an app runs: the person decides.
    if (!confirmations) {
      throw new CodedError('denied', `While Connected Services runs, ${method} from the command line is confirmed in the app`, {
        hint: 'Run the command again: it asks the running app, where you confirm it',
      });
    }
    if (method === 'callTool') await refuseUnusableCall(api, input as ApiInput<'callTool'>);
    if (method === 'getPrompt') await refuseUnusablePrompt(api, input as ApiInput<'getPrompt'>);
    if (method === 'readResource') await refuseUnusableRead(api, input as ApiInput<'readResource'>);
    // Answered as the method would once confirmed (apps-api.ts), without asking the person first.
    if (method === 'callAppTool' && options.appOpener && options.appOpener((input as ApiInput<'callAppTool'>).appId) !== from.caller) throw notOpen();
    await refuseNow(api, method, input, options.refuseNow);
    await refuseDeclaredElsewhere(api, options.owners, method, input, from.pid);
    const pinned = await pinnedInput(method, input);
    const base = await entryBase(from, method, pinned);
    // Allowing a held call: the call stops waiting at its own expiry, and its confirmation with it.
    const held = (await context(method, pinned)).approval;
    const { confirmation, claim } = confirmations.request({
      ...(held !== undefined ? { notAfter: held.expiresAt } : {}),
      method,
      input: pinned,
      // What the person confirms is what runs, as sent (only values we hold named); the log keeps its redacted form.
      shown: consentInput(method, pinned),
      summary: base.summary,
      from: from.caller,
      ...(from.pid !== undefined ? { pid: from.pid } : {}),
    });
    admin.record({ ...base, outcome: 'waiting', confirmation: confirmation.id });
    throw waitingForConfirmation(confirmation, claim, [...alsoAt]);
  };

  return {
    call,
    as: (from) => {
      const out: Record<string, unknown> = { on: api.on.bind(api) };
      for (const method of Object.keys(API_METHODS) as ApiMethod[]) {
        out[method] = (input: unknown) => call(from, method, input as ApiInput<typeof method>);
      }
      return out as unknown as AppApi;
    },
    confirmAlsoAt: (place) => {
      alsoAt.add(place);
      return () => alsoAt.delete(place);
    },
  };
}
