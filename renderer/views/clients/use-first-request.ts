import { useEffect, useState } from 'react';
import type { AuditEntry } from '../../../shared/api';
import { useLive } from '../../state';

const POLL_MS = 2000;
/** A client not restarted within this long is not waited for: the note says what to do. */
const WAIT_MS = 10 * 60_000;

export type FirstRequest = { state: 'waiting' } | { state: 'gave-up' } | { state: 'seen'; at: number; call?: AuditEntry };

/**
 * The agent's first request since `since`: its last use (the bridge marks each request) moves past
 * it, and its first call arrives as an `auditEntry` event.
 */
export function useFirstRequest(agent: string, since: number | null): FirstRequest {
  const live = useLive();
  const [seen, setSeen] = useState<FirstRequest>({ state: 'waiting' });
  useEffect(() => {
    if (since === null) return undefined;
    let current = true;
    setSeen({ state: 'waiting' });
    const off = live.api.on('auditEntry', (entry) => {
      if (!current || entry.agent !== agent || entry.time < since) return;
      setSeen((s) => (s.state === 'seen' && s.call !== undefined ? s : { state: 'seen', at: s.state === 'seen' ? s.at : entry.time, call: entry }));
    });
    const check = () => {
      live.api.listAgents({}).then(
        (agents) => {
          const used = agents.find((a) => a.name === agent)?.lastUsedAt;
          if (current && used !== undefined && used >= since) setSeen((s) => (s.state === 'seen' ? s : { state: 'seen', at: used }));
        },
        () => undefined,
      );
    };
    const poll = setInterval(check, POLL_MS);
    const giveUp = setTimeout(() => {
      clearInterval(poll);
      if (current) setSeen((s) => (s.state === 'seen' ? s : { state: 'gave-up' }));
    }, WAIT_MS);
    return () => {
      current = false;
      off();
      clearInterval(poll);
      clearTimeout(giveUp);
    };
  }, [live, agent, since]);
  return seen;
}
