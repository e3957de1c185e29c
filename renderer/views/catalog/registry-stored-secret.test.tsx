// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegistryInstallOptions, RegistryRow } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const BASE = 'https://registry.example';
const ROW: RegistryRow = { registry: BASE, name: 'io.example/weather', title: 'Weather', description: 'Forecasts', version: '1.2.3', status: 'active', packages: [{ registryType: 'npm', identifier: '@example/weather' }], remotes: [] };
const OPTIONS: RegistryInstallOptions = {
  name: ROW.name,
  version: ROW.version,
  options: [{ choice: { package: 0 }, label: 'npm @example/weather 1.2.3', digest: 'a'.repeat(64), inputs: [{ key: 'WEATHER_KEY', isRequired: true, isSecret: true }, { key: 'units', isRequired: false, isSecret: false }] }],
};
const LINE = "WEATHER_KEY='${secret:SHARED_WEATHER}' npx -y @example/weather@1.2.3";

// A screens review: the catalog's Add could use a secret already in the vault, a registry install could not.
describe('installing a registry entry with a secret already in the vault', () => {
  it('offers the secrets for every service beside each secret input, and installs referring to the one chosen, storing nothing', async () => {
    const api = createFakeApi({
      registryCatalog: () => ({ registries: [{ base: BASE, entries: 1, syncedAt: Date.now(), fullSyncAt: Date.now(), skipped: { invalid: 0, hostile: 0 } }], entries: [ROW] }),
      registryInstallOptions: () => OPTIONS,
      listSecrets: () => [{ name: 'SHARED_WEATHER' }, { name: 'KEPT_FOR_OTHER', server: 'elsewhere' }],
      installRegistryEntry: (input) => ({ name: input.server, secrets: [], commandLine: LINE, needsApproval: true, steps: [], ...(input.dryRun === true ? {} : { status: serverStatus({ name: input.server, state: 'ready' }) }) }),
    });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Install Weather' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install Weather' });
    const choice = await within(dialog).findByLabelText<HTMLSelectElement>(/^Or a secret already in the vault/);
    expect([...choice.options].map((o) => o.textContent)).toEqual(['none: use the value above', 'SHARED_WEATHER']);
    // Neither given: said at the field.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review and connect' }));
    expect(await within(dialog).findByText('Fill in WEATHER_KEY, or choose a secret already in the vault below.')).toBeTruthy();
    fireEvent.change(choice, { target: { value: choice.options[1]?.value } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review and connect' }));
    const sheet = await screen.findByRole('dialog', { name: 'Connect weather' });
    expect(within(sheet).queryByText(/goes into the vault/)).toBeNull();
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Approve and connect' }));
    await waitFor(() => expect(api.callsOf('installRegistryEntry')).toHaveLength(2));
    expect(api.callsOf('installRegistryEntry')[1]).toMatchObject({ inputs: {}, stored: { WEATHER_KEY: 'SHARED_WEATHER' }, approve: { commandLine: LINE } });
  });
});
