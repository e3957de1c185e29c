import type { RequestId } from '@modelcontextprotocol/server';
import type { Cancellation } from '../pool';

/**
 * Why a wait for the person ends when the POST that would carry the call's answer closed first (a
 * 2025-11-25 session over HTTP: the bridge keeps no event store, so nothing could reach the agent after
 * that). Only waits before the server use it: a call already running at its server goes on, since
 * disconnection is not cancellation (MCP 2025-11-25 basic/transports §Streamable HTTP).
 */
export class StoppedWaiting extends Error {
  constructor() {
    super("the agent stopped waiting: its request's answer stream closed");
    this.name = 'StoppedWaiting';
  }
}

export function isStoppedWaiting(reason: unknown): boolean {
  return reason instanceof StoppedWaiting;
}

/** Where a request's answer stream can say it closed before the answer (http-transport.ts). */
export interface AnswerStreams {
  answerGone(id: RequestId): AbortSignal;
}

export function answerStreamsOf(transport: unknown): AnswerStreams | undefined {
  return typeof (transport as Partial<AnswerStreams> | undefined)?.answerGone === 'function' ? (transport as AnswerStreams) : undefined;
}

/**
 * What a wait before the server listens on: the agent's cancel, and where the request's transport can
 * tell, its answer stream closing (`stoppedWaiting`, made only when read: most calls never wait).
 */
export function waitSignal(cancel: Cancellation, extra: { stoppedWaiting?: (() => AbortSignal | undefined) | undefined } | undefined): AbortSignal {
  const gone = extra?.stoppedWaiting?.();
  return gone === undefined ? cancel.signal : AbortSignal.any([cancel.signal, gone]);
}
