import { createContext, useContext } from 'react';
import type { ConnectionState } from '../api';
import { useStore } from './contexts';
import { Store } from './store';

export type { ConnectionState };

/** The link to the core as the banner shows it; the desktop app's preload is always live. */
export function createConnectionStore(initial: ConnectionState = 'live'): Store<ConnectionState> {
  return new Store<ConnectionState>(initial);
}

const ALWAYS_LIVE = createConnectionStore();

export const ConnectionContext = createContext<Store<ConnectionState>>(ALWAYS_LIVE);

export function useConnectionStore(): Store<ConnectionState> {
  return useContext(ConnectionContext);
}

/** Whether the core answers now; screens disable what needs it and show no state as current otherwise. */
export function useConnection(): ConnectionState {
  return useStore(useContext(ConnectionContext));
}

/** Why the controls that need the core are disabled: their tooltip, and the line a screen shows by them. */
export const GATE_REASON: Record<Exclude<ConnectionState, 'live'>, string> = {
  lost: 'Buttons work again once the app is back (the note at the top says how).',
  rejected: 'Sign in first: this tab is signed out (the note at the top says how).',
};
