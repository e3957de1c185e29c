import { CodedError, toCodedError, type WireError } from '../../../shared/errors';
import { redact, redactor } from '../../../shared/redact';
import { dispatch, type ApiDoor } from '../../app';
import { CallRequestSchema, type CallReply } from './ipc-protocol';
import { isTrustedSender, type SenderFrame } from './trusted-sender';

export interface CallSender {
  frame: SenderFrame;
  /** The sending webContents' id. */
  contentsId: number;
}

export interface CallHandlerOptions {
  /** The core's door: calls from the window are the person's (`ipc`). */
  door: ApiDoor;
  /** Only the main window's webContents may call; another window is refused even on our origin. */
  isOurContents: (contentsId: number) => boolean;
  /** Refusals and internal failures, redacted. */
  log?: (line: string) => void;
}

function toWire(error: unknown): WireError {
  const wire = toCodedError(error).toWire();
  wire.message = redact(wire.message);
  if (wire.hint !== undefined) wire.hint = redact(wire.hint);
  if (wire.data !== undefined) wire.data = redactor.redactValue(wire.data);
  return wire;
}

/**
 * The `cs:call` handler without Electron: checks who sent it, then hands the method name and input
 * to `dispatch()`, which refuses unknown methods and parses the input with the contract's schema.
 * Never throws: the answer carries the result or a coded error.
 */
export function createCallHandler(options: CallHandlerOptions): (sender: CallSender, request: unknown) => Promise<CallReply> {
  return async (sender, request) => {
    if (!isTrustedSender(sender.frame) || !options.isOurContents(sender.contentsId)) {
      options.log?.(redact(`refused an App API call from ${sender.frame.isMainFrame ? 'a frame' : 'a sub-frame'} at ${JSON.stringify(String(sender.frame.url ?? '').slice(0, 200))}`));
      return { ok: false, error: toWire(new CodedError('denied', 'App API calls are accepted from the app window only')) };
    }
    const parsed = CallRequestSchema.safeParse(request);
    if (!parsed.success) {
      return { ok: false, error: toWire(new CodedError('invalid_input', 'An App API call is { method, input }')) };
    }
    try {
      return { ok: true, result: await dispatch(options.door, parsed.data.method, parsed.data.input, { caller: 'ipc' }) };
    } catch (error) {
      const wire = toWire(error);
      if (wire.code === 'internal') options.log?.(`${parsed.data.method} failed: ${wire.message}`);
      return { ok: false, error: wire };
    }
  };
}
