import type { ReactNode } from 'react';
import { GATE_REASON, useConnection } from '../state';

/**
 * Disables every control inside while the core does not answer this tab (a disabled fieldset does); its
 * title is their tooltip, saying why. A screen whose own controls work without the core (a search that
 * filters what is already shown) gates only the rest. It is no group a screen reader should announce
 * (a screen holds dozens, none named): `role="none"` keeps the disabling and drops the group.
 */
export function ConnectionGate({ children }: { children: ReactNode }) {
  const linked = useConnection();
  return (
    <fieldset role="none" className="connection-gate" disabled={linked !== 'live'} {...(linked === 'live' ? {} : { title: GATE_REASON[linked] })}>
      {children}
    </fieldset>
  );
}
