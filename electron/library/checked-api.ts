import { API_METHODS, parseApiInput, type ApiMethod, type AppApi } from '../../shared/api';
import type { ProgramApi } from './types';
import { CodedError } from '../../shared/errors';
import { forProgram } from './program-errors';
import { inputHint } from './input-hint';
import { forCodeServer } from './code-hints';
import { forProgramAnswer } from './program-fixes';

/** What a call on a closed handle answers: the caller's to fix, never a stale row or an internal error. */
export function closedError(): CodedError {
  return new CodedError('server_unavailable', 'This connection to Connected Services was closed', { hint: 'Open it again with openConnectedServices' });
}

/** What a call in flight answers when the program's close() ended it: the close, not the server stopped under it. */
function closedUnder(cause: unknown): CodedError {
  return new CodedError('server_unavailable', 'This connection to Connected Services was closed while the call ran', { hint: 'Call before close(), or open it again with openConnectedServices', cause });
}

/** The server a method's input names (`server`, or `name` for connect, approveServer…), if any. */
function serverNamed(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const { server, name } = input as { server?: unknown; name?: unknown };
  return typeof server === 'string' ? server : typeof name === 'string' ? name : undefined;
}

/**
 * The App API with every input parsed by its schema first, as the app's transports do (electron/app/
 * api/dispatch.ts): a program's values reach the core only checked, in this process as through an app.
 * Its errors are worded for a program (program-errors.ts), a server declared in code's by its entry in
 * code (code-hints.ts), and so are the fixes it answers (program-fixes.ts); an input with no required
 * field may be left out.
 */
export function checkedApi(api: AppApi, closed: () => boolean = () => false, declared: ReadonlySet<string> = new Set()): ProgramApi {
  const out: Record<string, unknown> = { on: api.on.bind(api) };
  for (const method of Object.keys(API_METHODS) as ApiMethod[]) {
    // A method called without an input is given `{}`: one with required fields is then refused naming them.
    out[method] = async (input: unknown = {}) => {
      if (closed()) throw closedError();
      let parsed: unknown;
      try {
        parsed = parseApiInput(method, input);
      } catch (error) {
        // The core's words name the field; the hint says what the method takes.
        if (error instanceof CodedError && error.hint === undefined) throw new CodedError(error.code, error.message, { hint: inputHint(method, input), cause: error });
        throw error;
      }
      try {
        return forProgramAnswer(method, await (api[method] as (input: unknown) => Promise<unknown>)(parsed));
      } catch (error) {
        // A call the program's own close() ended (a server stopped while starting or answering) says so.
        if (closed()) throw closedUnder(error);
        throw forProgram(forCodeServer(error, serverNamed(parsed), declared));
      }
    };
  }
  return out as unknown as ProgramApi;
}
