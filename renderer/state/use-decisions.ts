import { useMemo } from 'react';
import type { DecisionKind, DecisionOf } from '../../shared/api';
import { useLive, useStore } from './contexts';

/** What waits for the person of one kind (calls, confirmations, asks…), from the one decisions store. */
export function useDecisions<K extends DecisionKind>(kind: K): ReadonlyArray<DecisionOf<K>> {
  const all = useStore(useLive().decisions);
  return useMemo(() => all.filter((d): d is DecisionOf<K> => d.kind === kind), [all, kind]);
}
