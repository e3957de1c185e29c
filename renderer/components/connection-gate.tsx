import type { ReactNode } from 'react';
import { GATE_REASON, useConnection } from '../state';

/**
 * Disables every control inside while the core does not answer this tab (a disabled fieldset does); its
 * title is their tooltip, saying why. A screen whose own controls work without the core (a search that
 * filters what is already shown) gates only the rest.
 */
export function ConnectionGate({ children }: { children: ReactNode }) {
  const linked = useConnection();
  return (
    <fieldset className="connection-gate" disabled={linked !== 'live'} {...(linked === 'live' ? {} : { title: GATE_REASON[linked] })}>
      {children}
    </fieldset>
  );
}
