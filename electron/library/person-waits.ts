import { API_METHODS, outcomeWords, type ApiInput, type ApiMethod, type AppApi } from '../../shared/api';
import { CodedError } from '../../shared/errors';

/** The app lets a request wait 10 minutes (electron/app/door/confirmations.ts); no longer by default. */
export const DEFAULT_CONFIRM_TIMEOUT_MS = 10 * 60_000;
const POLL_MS = 250;

export interface PersonWaitsOptions {
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

function confirmationOf(error: CodedError): string | undefined {
  const id = error.data?.['confirmation'];
  return typeof id === 'string' ? id : undefined;
}

/** The request a widening asked of a running app waits as, if that is what this (`denied`) error says. */
function askedToWait(error: unknown): string | undefined {
  return error instanceof CodedError && error.code === 'denied' ? confirmationOf(error) : undefined;
}

/**
 * The request a widening waited as in the running app: refused (`denied`) or not answered in time
 * (`timeout`, then withdrawn). Either stays in Activity's log, under that id as entries' `confirmation`.
 */
export function waitingRequest(error: unknown): string | undefined {
  return error instanceof CodedError && (error.code === 'denied' || error.code === 'timeout') ? confirmationOf(error) : undefined;
}

/** The claim that proves the asker of a waiting request (`confirmationAnswer` wants it). */
function claimOf(error: CodedError): string | undefined {
  const claim = error.data?.['claim'];
  return typeof claim === 'string' ? claim : undefined;
}

/**
 * The running app's App API, where a widening waits for the person instead of failing at once (the
 * command line exits 4 and leaves it to the person): the method's answer once confirmed, the app's
 * error once refused, failed or expired, `timeout` when the person did not decide in time.
 */
export function personWaits(api: AppApi, options: PersonWaitsOptions = {}): AppApi & { withdrawAll(): Promise<void> } {
  /** Requests this program still waits on, each with its claim: withdrawn when it stops waiting. */
  const open = new Map<string, string>();
  const withdraw = (id: string, claim: string): Promise<void> => {
    open.delete(id);
    return api.withdrawConfirmation({ id, claim }).then(
      () => undefined,
      () => undefined,
    );
  };
  const timeoutMs = options.timeoutMs ?? DEFAULT_CONFIRM_TIMEOUT_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;

  const waitFor = async <M extends ApiMethod>(method: M, id: string, asked: CodedError): Promise<unknown> => {
    const claim = claimOf(asked);
    // An app that gives no claim answers to nobody: waiting would only end in a timeout.
    if (claim === undefined) throw asked;
    const deadline = now() + timeoutMs;
    open.set(id, claim);
    try {
      return await poll(method, id, asked, claim, deadline);
    } finally {
      // Told `timeout` (or failed asking), this program no longer waits: nobody may confirm it for it later.
      if (open.has(id)) await withdraw(id, claim);
    }
  };

  const poll = async <M extends ApiMethod>(method: M, id: string, asked: CodedError, claim: string, deadline: number): Promise<unknown> => {
    for (;;) {
      const answer = await api.confirmationAnswer({ id, claim });
      if (answer.outcome !== 'waiting') open.delete(id);
      // A new agent's token is the person's: confirmed, with no answer for the asker.
      if (answer.outcome === 'confirmed') return answer.result === undefined ? undefined : API_METHODS[method].output.parse(answer.result);
      if (answer.outcome !== 'waiting') {
        // A withdrawal's error is why (the same change asked again, the call it would allow ended), not a failure to show as the fix.
        const why = answer.outcome === 'withdrawn' && answer.error !== undefined ? `withdrawn in the app: ${answer.error}` : `${outcomeWords(answer.outcome)} in the app`;
        throw new CodedError('denied', `${asked.message.replace(/^Waiting for confirmation in the app: /, '')}: ${why}`, {
          hint: (answer.outcome === 'withdrawn' ? undefined : answer.error) ?? 'Ask again; the person decides in Connected Services (Activity → Waiting for you)',
          data: { confirmation: id, outcome: answer.outcome },
        });
      }
      if (now() >= deadline) {
        throw new CodedError('timeout', `Nobody confirmed in the app in time: ${asked.message}`, {
          hint: 'Confirm it in Connected Services (Activity → Waiting for you), or give openConnectedServices a longer confirmTimeoutMs',
          data: { confirmation: id },
        });
      }
      await sleep(POLL_MS);
    }
  };

  const out: Record<string, unknown> = {
    on: api.on.bind(api),
    /** Closing: every request still waiting is withdrawn. */
    withdrawAll: async () => {
      await Promise.all([...open].map(([id, claim]) => withdraw(id, claim)));
    },
  };
  for (const method of Object.keys(API_METHODS) as ApiMethod[]) {
    out[method] = async (input: ApiInput<typeof method>) => {
      try {
        return await (api[method] as (input: unknown) => Promise<unknown>)(input);
      } catch (error) {
        const id = askedToWait(error);
        if (id === undefined) throw error;
        return waitFor(method, id, error as CodedError);
      }
    };
  }
  return out as unknown as AppApi & { withdrawAll(): Promise<void> };
}
