import { useCallback, useEffect, useState } from 'react';
import type { AgentView, DisconnectOutcome, ServerStatus, StoreReferenceView, ToolInfo } from '../../../shared/api';
import { ErrorNote, LoadingSkeleton, OutcomeNote, PageHeader } from '../../components';
import { describeError, routeHref, type ShownError } from '../../lib';
import { useLive } from '../../state';
import { AccessMatrix } from './access-matrix';
import { credentialRows, type CredentialRow } from './access-model';
import { CredentialItem } from './credential-item';
import { StoreRefItem } from './store-ref-item';
import './access.css';

/** At most this many services are read for their references (each is one small call). */
const MAX_CONFIGS = 100;

interface Loaded {
  rows: CredentialRow[];
  /** Entries of the secret stores servers name: listed after the vault's secrets. */
  storeRefs: StoreReferenceView[];
  agents: AgentView[];
  servers: ServerStatus[];
  tools: ToolInfo[];
}

const isVaultSecret = (row: CredentialRow): boolean => row.kind === 'secret' || row.kind === 'client-secret';

/** Every credential in one list, and beside it who may use what. */
export function AccessView() {
  const live = useLive();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  // What the last disconnect did, said above the list: its credential's item may be gone after it.
  const [outcome, setOutcome] = useState<DisconnectOutcome | null>(null);
  const load = useCallback(async () => {
    const [secrets, status, agents, tools, storeRefs] = await Promise.all([
      live.api.listSecrets({}),
      live.api.status({}),
      live.api.listAgents({}),
      live.api.listTools({}).catch(() => []),
      live.api.listStoreReferences({}).catch(() => []),
    ]);
    // Only when each service was last called, not the entries themselves (with arguments recorded, megabytes).
    const { used: lastUse, since: lastUseSince } = await live.api
      .auditLastUse({ servers: status.servers.slice(0, MAX_CONFIGS).map((s) => s.name) })
      .catch(() => ({ used: [], since: undefined }));
    const configs: Record<string, unknown> = {};
    await Promise.all(
      status.servers.slice(0, MAX_CONFIGS).map(async (s) => {
        configs[s.name] = (await live.api.serverConfig({ name: s.name }).catch(() => ({ config: {} }))).config;
      }),
    );
    setLoaded({ rows: credentialRows({ secrets, servers: status.servers, configs, agents, lastUse, lastUseSince }), storeRefs, agents, servers: status.servers, tools });
  }, [live]);
  const reload = useCallback(() => {
    load().catch((failure: unknown) => setError(describeError(failure)));
  }, [load]);
  const changed = useCallback(
    (done?: DisconnectOutcome) => {
      setOutcome(done ?? null);
      reload();
    },
    [reload],
  );
  useEffect(() => {
    reload();
    const off = live.api.on('agentsChanged', reload);
    return off;
  }, [live, reload]);
  return (
    <section className="access-view" aria-labelledby="access-title" aria-busy={loaded === null && !error}>
      <PageHeader title="Access" titleId="access-title" lead="Every credential the app keeps, what uses it, and which agent may use which service." />
      {error && <ErrorNote error={error} onDismiss={() => setError(null)} />}
      {loaded === null && !error && (
        <div className="access-columns">
          <LoadingSkeleton label="Loading your credentials" shape="cards" />
          <LoadingSkeleton label="Loading who may use what" count={4} />
        </div>
      )}
      {loaded !== null && (
        // Past two services the matrix needs the page's width (a column of choices is about 11rem): it goes below.
        <div className={loaded.servers.length > 2 ? 'access-columns stacked' : 'access-columns'}>
          <section aria-labelledby="credentials-title">
            <h2 id="credentials-title">Credentials</h2>
            {outcome && <OutcomeNote text={outcome.message} warn={!outcome.complete} onDismiss={() => setOutcome(null)} />}
            {loaded.rows.length + loaded.storeRefs.length === 0 ? (
              <p className="muted">
                No credentials yet. Secrets you store (<a href={routeHref({ screen: 'settings' })}>Settings</a> → Secrets), sign-ins to your services and
                agents&apos; tokens (<a href={routeHref({ screen: 'agents' })}>Agents</a>) appear here.
              </p>
            ) : (
              <ul className="cards">
                {loaded.rows.filter(isVaultSecret).map((row) => (
                  <CredentialItem key={row.id} row={row} onChanged={changed} />
                ))}
                {loaded.storeRefs.map((entry) => (
                  <StoreRefItem key={`store:${entry.store}:${entry.path}`} entry={entry} onChanged={reload} />
                ))}
                {loaded.rows
                  .filter((row) => !isVaultSecret(row))
                  .map((row) => (
                    <CredentialItem key={row.id} row={row} onChanged={changed} />
                  ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="matrix-title">
            <h2 id="matrix-title">Who may use what</h2>
            <AccessMatrix agents={loaded.agents} servers={loaded.servers} tools={loaded.tools} onChanged={reload} />
          </section>
        </div>
      )}
    </section>
  );
}
