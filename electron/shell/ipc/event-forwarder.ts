import type { AppApi } from '../../../shared/api';
import { EVENT_NAMES, type EventMessage } from './ipc-protocol';

/** Subscribes to every App API event and hands each to `send` as `{ event, payload }`; returns the unsubscribe. */
export function forwardApiEvents(api: Pick<AppApi, 'on'>, send: (message: EventMessage) => void): () => void {
  const offs = EVENT_NAMES.map((event) => api.on(event, (payload: unknown) => send({ event, payload })));
  return () => {
    for (const off of offs.splice(0)) off();
  };
}
