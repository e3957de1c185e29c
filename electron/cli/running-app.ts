import { API_METHODS, type ApiInput, type ApiMethod, type ApiOutput } from '../../shared/api';
import { MAX_TIMEOUT_MS } from '../../shared/config';
import { CodedError, WireErrorSchema } from '../../shared/errors';
import { readRuntimeFile, shownRuntime, type RuntimeInfo } from '../app';

export interface RunningApp {
  readonly info: RuntimeInfo;
  call<M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<ApiOutput<M>>;
}

/**
 * The App API of the app already running on this data directory (serve or the desktop app), with
 * the command line's credential from runtime.json: widenings asked this way wait for the person.
 */
/**
 * How long an answer may take: a sign-in waits for the person (a device code lives up to 15 minutes),
 * a call for its own timeout, a registry refresh for its whole catalog; everything else answers from the app's state or starts one server.
 * A call without one has the app's (per tool, per server or settings.defaultTimeoutMs, up to an
 * hour), which only the app knows: it is waited for as long as the longest, since the app ends it.
 */
export function answerTimeoutMs<M extends ApiMethod>(method: M, input: ApiInput<M>): number {
  if (method === 'connect') return 16 * 60_000;
  if (method === 'callTool') return ((input as ApiInput<'callTool'>).timeoutMs ?? MAX_TIMEOUT_MS) + 10_000;
  // A registry's sync pages through its whole catalog (thousands of entries, each page up to 30 s on a slow link).
  if (method === 'refreshRegistries') return 30 * 60_000;
  return 2 * 60_000;
}

/**
 * runtime.json is any local program's to write: the command line's credential, and what a command
 * sends (a secret's value among them), go only to the App API at an address as the app writes it.
 */
export function appOrigin(info: RuntimeInfo): string {
  const origin = shownRuntime(info).origin;
  if (origin !== undefined) return origin;
  throw new CodedError('denied', "runtime.json names an App API address that is not the app's (http://127.0.0.1:PORT): nothing is sent there", {
    hint: 'If the app runs, restart it (it writes the file anew); if it does not, remove runtime.json from the data folder',
  });
}

export async function connectRunningApp(dataDir: string, known?: RuntimeInfo): Promise<RunningApp> {
  const info = known ?? (await readRuntimeFile(dataDir));
  if (!info) {
    throw new CodedError('server_unavailable', `Connected Services is not running for ${dataDir}`, {
      hint: 'Start it with `connected-services serve` (or the desktop app), then try again',
    });
  }
  const origin = appOrigin(info);
  return {
    info,
    call: async <M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<ApiOutput<M>> => {
      let body: string;
      try {
        body = JSON.stringify(input);
      } catch {
        // What could not be written is ours to say, not a silent app's (a RangeError of a deep value).
        throw new CodedError('invalid_input', `The input of ${method} cannot be sent to the running app as JSON: it is nested too deeply`, {
          hint: 'Send plain JSON values: no deep nesting',
        });
      }
      let response: Response;
      try {
        response = await fetch(`${origin}/api/${method}`, {
          method: 'POST',
          // The pid is shown on the confirmation card and keeps programs' code-declared names apart; it is
          // what the caller says, so it separates programs that play fair, not a hostile one.
          headers: { 'content-type': 'application/json', authorization: `Bearer ${info.secret}`, 'x-connected-services-pid': String(process.pid) },
          body,
          signal: AbortSignal.timeout(answerTimeoutMs(method, input)),
        });
      } catch (error) {
        throw new CodedError('server_unavailable', `The running app at ${origin} did not answer`, { cause: error, hint: 'Is it still running?' });
      }
      const answer = (await response.json().catch(() => ({}))) as { result?: unknown; error?: unknown };
      if (answer.error !== undefined) {
        const wire = WireErrorSchema.safeParse(answer.error);
        throw wire.success ? CodedError.fromWire(wire.data) : new CodedError('internal', `The running app answered HTTP ${response.status}`);
      }
      const result = API_METHODS[method].output.safeParse(answer.result);
      if (!result.success) {
        throw new CodedError('internal', `The running app answered ${method} with something this version does not understand`, {
          hint: 'Is the running app another version of Connected Services? Restart it from this installation',
        });
      }
      return result.data as ApiOutput<M>;
    },
  };
}
