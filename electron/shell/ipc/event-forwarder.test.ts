import { describe, expect, it } from 'vitest';
import { API_EVENTS } from '../../../shared/api';
import { createFakeApi } from '../../../test/support/fake-app-api';
import { forwardApiEvents } from './event-forwarder';
import type { EventMessage } from './ipc-protocol';

describe('forwardApiEvents', () => {
  it('forwards every contract event and stops when unsubscribed', () => {
    const api = createFakeApi();
    const sent: EventMessage[] = [];
    const off = forwardApiEvents(api, (message) => sent.push(message));
    expect(api.listenerCount()).toBe(Object.keys(API_EVENTS).length);
    api.emit('approvalDecided', { id: 'a1', decision: 'allow' });
    api.emit('agentsChanged', {});
    expect(sent).toEqual([
      { event: 'approvalDecided', payload: { id: 'a1', decision: 'allow' } },
      { event: 'agentsChanged', payload: {} },
    ]);
    off();
    off();
    expect(api.listenerCount()).toBe(0);
    api.emit('agentsChanged', {});
    expect(sent).toHaveLength(2);
  });
});
