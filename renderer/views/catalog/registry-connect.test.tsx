// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInput, RegistryInstallOptions, RegistryRow, ServerStatus } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const BASE = 'https://registry.example';
const ROW: RegistryRow = {
  registry: BASE,
  name: 'io.example/weather',
  title: 'Weather',
  description: 'Forecasts',
  version: '1.2.3',
  status: 'active',
  packages: [{ registryType: 'npm', identifier: '@example/weather' }],
  remotes: ['streamable-http'],
};
const LINE = "WEATHER_KEY='${secret:weather_WEATHER_KEY}' npx -y @example/weather@1.2.3 --units metric";
const PACKAGE_DIGEST = 'a'.repeat(64);
const REMOTE_DIGEST = 'b'.repeat(64);
const OPTIONS: RegistryInstallOptions = {
  name: ROW.name,
  version: ROW.version,
  options: [
    {
      choice: { package: 0 },
      label: 'npm @example/weather 1.2.3',
      digest: PACKAGE_DIGEST,
      inputs: [
        { key: 'WEATHER_KEY', isRequired: true, isSecret: true, description: 'Your API key' },
        { key: 'units', isRequired: false, isSecret: false, choices: ['metric', 'imperial'], default: 'metric' },
      ],
    },
    { choice: { remote: 0 }, label: 'remote https://weather.example/mcp', digest: REMOTE_DIGEST, inputs: [] },
  ],
};

/** A core that installs through the one transaction, and whose row is there once it is added. */
function registryApi(answer: (input: ApiInput<'installRegistryEntry'>) => ServerStatus | Error = (input) => serverStatus({ name: input.server, state: 'ready', toolCount: 2, approval: 'approved' }), options: typeof OPTIONS = OPTIONS) {
  const added: ServerStatus[] = [];
  const api = createFakeApi({
    registryCatalog: () => ({ registries: [{ base: BASE, entries: 1, syncedAt: Date.now(), fullSyncAt: Date.now(), skipped: { invalid: 0, hostile: 0 } }], entries: [ROW] }),
    registryInstallOptions: () => options,
    installRegistryEntry: (input) => {
      const shown = { name: input.server, secrets: ['weather_WEATHER_KEY'], commandLine: LINE, needsApproval: true };
      if (input.dryRun === true) return { ...shown, steps: [] };
      const status = answer(input);
      if (status instanceof Error) throw status;
      added.push(status);
      return { ...shown, steps: [], status };
    },
    status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'everything' }), ...added] }),
    connect: ({ name }) => serverStatus({ name, state: 'ready' }),
  });
  return api;
}

async function openSheet(api: ReturnType<typeof registryApi>) {
  renderApp(api);
  const install = await screen.findByRole('button', { name: 'Install Weather' });
  install.focus();
  fireEvent.click(install);
  const dialog = await screen.findByRole('dialog', { name: 'Install Weather' });
  const key = await within(dialog).findByLabelText<HTMLInputElement>(/^WEATHER_KEY/);
  expect(key.type).toBe('password');
  fireEvent.change(key, { target: { value: 'wk-secret-1' } });
  // As a browser does: the pressed button takes focus (and is gone once the sheet replaces the form).
  const review = within(dialog).getByRole('button', { name: 'Review and connect' });
  review.focus();
  fireEvent.click(review);
  const sheet = await screen.findByRole('dialog', { name: 'Connect weather' });
  // As a browser's modal does: focus is inside the sheet while it is open.
  within(sheet).getByRole('button', { name: /^Close/ }).focus();
  return { sheet, install };
}

describe('a registry entry connects in one step', () => {
  it('shows the exact line the core derived, then installs, approves and connects it in one call', async () => {
    const api = registryApi();
    const { sheet } = await openSheet(api);
    expect((await within(sheet).findByRole('group', { name: 'What you approve' })).textContent).toBe(LINE);
    expect(within(sheet).getByText(/goes into the vault, for weather only: WEATHER_KEY/)).toBeTruthy();
    // The dry run carried the form's inputs, the default included, and the version and package the
    // dialog showed with its digest (the core refuses the entry if the registry changed them); nothing was installed yet.
    expect(api.callsOf('installRegistryEntry')).toEqual([
      { registry: BASE, name: ROW.name, server: 'weather', version: '1.2.3', choice: { package: 0 }, label: 'npm @example/weather 1.2.3', digest: PACKAGE_DIGEST, inputs: { WEATHER_KEY: 'wk-secret-1', units: 'metric' }, dryRun: true },
    ]);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Approve and connect' }));
    await waitFor(() => expect(api.callsOf('installRegistryEntry')).toHaveLength(2));
    expect(api.callsOf('installRegistryEntry')[1]).toEqual({
      registry: BASE,
      name: ROW.name,
      server: 'weather',
      version: '1.2.3',
      choice: { package: 0 },
      label: 'npm @example/weather 1.2.3',
      digest: PACKAGE_DIGEST,
      inputs: { WEATHER_KEY: 'wk-secret-1', units: 'metric' },
      approve: { commandLine: LINE },
    });
    expect((await within(sheet).findByRole('status')).textContent).toContain('weather is connected with 2 tools');
    // No second approval anywhere: the older approve dialog never opens.
    expect(screen.queryByRole('dialog', { name: /^Approve/ })).toBeNull();
  });

  it('a remote is worded as where its secrets go', async () => {
    const api = registryApi();
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Install Weather' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install Weather' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /remote https:\/\/weather\.example\/mcp/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review and connect' }));
    const sheet = await screen.findByRole('dialog', { name: 'Connect weather' });
    expect(await within(sheet).findByRole('button', { name: 'Approve where it sends secrets and connect' })).toBeTruthy();
    expect(api.callsOf('installRegistryEntry')[0]).toMatchObject({ version: '1.2.3', choice: { remote: 0 }, label: 'remote https://weather.example/mcp', digest: REMOTE_DIGEST, dryRun: true });
  });

  it('a remote over http to another computer is said to be not encrypted; an https one is not', async () => {
    const cleartext = { choice: { remote: 1 }, label: 'remote http://10.0.0.5/mcp', url: 'http://10.0.0.5/mcp', digest: REMOTE_DIGEST, inputs: [] };
    const api = registryApi(undefined, { ...OPTIONS, options: [...OPTIONS.options.slice(0, 1), { ...OPTIONS.options[1]!, url: 'https://weather.example/mcp' }, cleartext] });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Install Weather' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install Weather' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /remote https:\/\/weather\.example\/mcp/ }));
    expect(within(dialog).queryByRole('note', { name: 'Not encrypted' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: /remote http:\/\/10\.0\.0\.5\/mcp/ }));
    expect(within(dialog).getByRole('note', { name: 'Not encrypted' }).textContent).toContain('http://10.0.0.5 is not encrypted (http)');
  });

  it('a refused bundle (fileSha256) is said in the sheet, and nothing can be approved', async () => {
    const api = registryApi();
    const refusing = Object.assign(api, {
      installRegistryEntry: () => Promise.reject(Object.assign(new Error('The bundle’s SHA-256 is not the one the registry gives; it was not installed.'), { code: 'invalid_input' })),
    });
    const { sheet } = await openSheet(refusing);
    expect((await within(sheet).findByRole('alert')).textContent).toContain('SHA-256');
    // What would run was never shown: there is nothing to approve.
    expect(within(sheet).getByRole<HTMLButtonElement>('button', { name: 'Connect' }).disabled).toBe(true);
    expect(within(sheet).queryByRole('group', { name: 'What you approve' })).toBeNull();
  });
});

describe('the sheet’s sign-in step', () => {
  it('"Start again" restarts the sign-in in the flow that was running', async () => {
    let finish: (status: ServerStatus) => void = () => undefined;
    const api = registryApi();
    Object.assign(api, {
      installRegistryEntry: (input: ApiInput<'installRegistryEntry'>) => {
        api.calls.push({ method: 'installRegistryEntry', input });
        if (input.dryRun === true) return Promise.resolve({ name: 'weather', secrets: [], commandLine: LINE, needsApproval: true, steps: [] });
        return new Promise((resolve) => (finish = (status) => resolve({ name: 'weather', secrets: [], commandLine: LINE, needsApproval: true, steps: [], status })));
      },
    });
    const { sheet } = await openSheet(api);
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Approve and connect' }));
    act(() => api.emit('signIn', { server: 'weather', flow: 'browser', state: 'waiting', startedAt: Date.now(), url: 'https://id.example/authorize?state=1', expiresAt: Date.now() + 300_000 }));
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Start again, the sign-in to weather' }));
    await waitFor(() => expect(api.callsOf('connect')).toEqual([{ name: 'weather', retry: true, flow: 'browser' }]));
    act(() => finish(serverStatus({ name: 'weather', state: 'ready', toolCount: 2 })));
    expect(await within(sheet).findByText(/weather is connected with 2 tools/)).toBeTruthy();
  });
});

describe('focus after the sheet closes', () => {
  it('to the new row’s next step once it is connected', async () => {
    const api = registryApi((input) => serverStatus({ name: input.server, state: 'idle', toolCount: 2, approval: 'approved', auth: { kind: 'oauth', connected: false } }));
    const { sheet } = await openSheet(api);
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Approve and connect' }));
    await within(sheet).findByText(/weather is connected/);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(document.activeElement?.closest('li')?.getAttribute('data-server') ?? null).toBe('weather'));
    expect(document.activeElement?.tagName).toBe('BUTTON');
  });

  it('back to the control that opened it when nothing was added', async () => {
    const api = registryApi();
    const { sheet, install } = await openSheet(api);
    await within(sheet).findByRole('group', { name: 'What you approve' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(install));
    expect(api.callsOf('installRegistryEntry')).toHaveLength(1);
  });

  it('back to the control that opened it when the core undid a failed step', async () => {
    const api = registryApi(() => Object.assign(new Error('"weather" did not start. Nothing was kept: its approval withdrawn, the entry "weather" removed.'), { code: 'server_unavailable' }));
    const { sheet, install } = await openSheet(api);
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Approve and connect' }));
    expect((await within(sheet).findByRole('alert')).textContent).toContain('Nothing was kept');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(install));
  });
});
