// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi } from '../../test/support/renderer';
import { App } from './app';

afterEach(cleanup);

describe('the desktop window told it missed events', () => {
  it('loads everything again, and stops listening once gone', async () => {
    let statusCalls = 0;
    const api = createFakeApi({
      status: async () => {
        statusCalls++;
        return createFakeApi().status({});
      },
    });
    const listeners = new Set<() => void>();
    const eventsMissed = (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    };
    window.location.hash = '#/';
    const view = render(<App api={api} eventsMissed={eventsMissed} />);
    await waitFor(() => expect(statusCalls).toBeGreaterThan(0));
    const before = statusCalls;
    expect(listeners.size).toBe(1);
    act(() => {
      for (const listener of listeners) listener();
    });
    await waitFor(() => expect(statusCalls).toBeGreaterThan(before));
    view.unmount();
    expect(listeners.size).toBe(0);
  });
});
