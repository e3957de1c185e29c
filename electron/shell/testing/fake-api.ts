import { vi, type Mock } from 'vitest';
import { API_METHODS, type ApiEvent, type AppApi } from '../../../shared/api';

export type FakeApi = AppApi & {
  calls: Record<string, Mock>;
  emit(event: ApiEvent, payload: unknown): void;
  listenerCount(): number;
};

/** An AppApi whose every method is a spy answering `{ ok: true }`, with events the test can emit. */
export function fakeApi(): FakeApi {
  const calls: Record<string, Mock> = {};
  for (const method of Object.keys(API_METHODS)) calls[method] = vi.fn(() => Promise.resolve({ ok: true }));
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const api = {
    ...calls,
    calls,
    on(event: string, listener: (payload: unknown) => void) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    emit(event: string, payload: unknown) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    listenerCount: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
  };
  return api as unknown as FakeApi;
}
