import type { ServerNotification } from '@modelcontextprotocol/server';
import type { LazyAbort } from '../pool';
import type { Extra } from './call-gate';

/** What a held call runs with (HeldCall.extra): an object with its methods on the prototype, as a call is started on every first round. */
export class HeldExtra implements Extra {
  constructor(
    readonly cancellation: LazyAbort,
    readonly logLevel: Extra['logLevel'],
    private readonly held: { notifyRound(notification: ServerNotification): Promise<void> },
  ) {}
  get signal(): AbortSignal {
    return this.cancellation.signal;
  }
  sendNotification(notification: ServerNotification): Promise<void> {
    return this.held.notifyRound(notification);
  }
}
