import { LoadingSkeleton, PageHeader, PathText } from '../../components';
import { useLive, useStore } from '../../state';
import { BridgePanel } from './bridge-panel';
import { DoctorPanel } from './doctor-panel';
import { ImportPanel } from './import-panel';
import { InputRoundsPanel } from './input-rounds-panel';
import { SecretsPanel } from './secrets-panel';
import { SessionSettingsPanel } from './session-settings-panel';
import { StoresPanel } from './stores-panel';
import { VaultPanel } from './vault-panel';
import { WebUiSettingsPanel } from './web-ui-settings-panel';
import './settings.css';

export function SettingsView() {
  const live = useLive();
  const { info } = useStore(live.servers);
  return (
    <section className="settings" aria-labelledby="settings-title" aria-busy={!info}>
      <PageHeader title={<span id="settings-title">Settings</span>} lead={info ? `Connected Services ${info.version}` : undefined} />
      <div className="panels">
        <section aria-labelledby="data-title" className="panel" aria-busy={!info}>
          <h2 id="data-title">Data</h2>
          {info ? (
            <dl className="facts">
              <dt>Data directory</dt>
              <dd>
                <PathText path={info.dataDir} />
              </dd>
              <dt>Config file</dt>
              <dd>
                <PathText path={info.configFile} />
              </dd>
            </dl>
          ) : (
            <LoadingSkeleton label="Loading the data folder" shape="lines" count={2} />
          )}
        </section>
        {info && <VaultPanel vault={info.vault} />}
        <BridgePanel />
        <InputRoundsPanel />
        <SessionSettingsPanel />
        <WebUiSettingsPanel />
        <DoctorPanel />
        <SecretsPanel />
        <StoresPanel />
        <ImportPanel />
      </div>
    </section>
  );
}
