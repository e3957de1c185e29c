import { useEffect, useState } from 'react';
import type { ClientInfo, ConnectClient } from '../../../shared/api';
import { shownLine } from '../../lib';
import { useLive } from '../../state';

/**
 * In the dialog that removes an agent: the clients whose configuration holds its entry, each offered
 * for removal too (checked: an entry whose token no longer works only fails in the client).
 */
export function RemoveClientEntries({ agent, onChange }: { agent: string; onChange: (clients: ConnectClient[]) => void }) {
  const live = useLive();
  const [holding, setHolding] = useState<ClientInfo[]>([]);
  const [chosen, setChosen] = useState<ReadonlySet<ConnectClient>>(new Set());
  useEffect(() => {
    let current = true;
    live.api.listClients({}).then(
      (list) => {
        if (!current) return;
        const found = list.filter((c) => c.agents.includes(agent));
        setHolding(found);
        const all = new Set(found.map((c) => c.client));
        setChosen(all);
        onChange([...all]);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
    // onChange is the parent's setter; asking once per agent is enough.
  }, [live, agent]);
  if (holding.length === 0) return null;
  const toggle = (client: ConnectClient, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(client);
    else next.delete(client);
    setChosen(next);
    onChange([...next]);
  };
  return (
    <fieldset className="remove-entries">
      <legend>Its entries in your clients</legend>
      {holding.map((c) => (
        <label key={c.client} className="check">
          <input type="checkbox" checked={chosen.has(c.client)} onChange={(e) => toggle(c.client, e.target.checked)} />
          <span>
            Also remove it from {c.label} (<code>{shownLine(c.file)}</code>; a copy is kept)
          </span>
        </label>
      ))}
    </fieldset>
  );
}
