// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegistryRow, RegistryState } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { createFakeApi, renderApp } from '../../../test/support/renderer';
import { installCommand } from './registry-entry-row';

afterEach(cleanup);

const BASE = 'https://registry.modelcontextprotocol.io';
const entry = (i: number, extra: Partial<RegistryRow> = {}): RegistryRow => ({
  registry: BASE,
  name: `io.example/server-${i}`,
  title: `Server ${i}`,
  description: i % 2 === 0 ? 'Reads the weather' : 'Writes notes',
  version: '1.0.0',
  status: 'active',
  packages: [{ registryType: 'npm', identifier: `@example/server-${i}` }],
  remotes: [],
  ...extra,
});
const ENTRIES = [...Array.from({ length: 400 }, (_, i) => entry(i)), entry(400, { status: 'deprecated', statusMessage: 'Use io.example/server-401', title: 'Old forecasts' })];
const STATE: RegistryState = { base: BASE, entries: ENTRIES.length, syncedAt: Date.now() - 60_000, fullSyncAt: Date.now() - 60_000, skipped: { invalid: 2, hostile: 3 } };

describe('the registry in the catalog', () => {
  it('lists registry entries after our own, marked, searched at each keystroke over all of them', async () => {
    const api = createFakeApi({ registryCatalog: () => ({ registries: [STATE], entries: ENTRIES }) });
    renderApp(api);
    const section = await screen.findByRole('region', { name: 'From the MCP Registry' });
    const ours = screen.getByRole('region', { name: 'Catalog' });
    // Our curated catalog comes first in the page.
    expect(ours.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(section).getByText('15 of 401 registry entries shown; type to narrow.')).toBeTruthy();
    expect(within(section).getByText(/5 entries skipped \(2 not valid, 3 with hidden characters/)).toBeTruthy();
    expect(within(section).getAllByText('registry')).toHaveLength(15);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'forecasts' } });
    await waitFor(() => expect(within(section).getByText('1 registry entry')).toBeTruthy());
    const old = within(section).getByRole('listitem', { name: 'Old forecasts' });
    expect(within(old).getByText('deprecated')).toBeTruthy();
    expect(within(old).getByText('Deprecated: Use io.example/server-401')).toBeTruthy();
    // Named for the entry, labelled short: a title of one long word made the button as wide as the row.
    const copy = within(old).getByRole('button', { name: 'Copy command that adds Old forecasts' });
    expect(copy.textContent).toBe('Copy command');
    expect(copy.getAttribute('title')).toBe('Copy command that adds Old forecasts');
    expect(installCommand(ENTRIES[400] as RegistryRow)).toBe('connected-services servers add server-400 --from-registry io.example/server-400@1.0.0 --connect');
    expect(installCommand(entry(1, { version: '1.0;rm -rf ~' }))).toBe('connected-services servers add server-1 --from-registry io.example/server-1 --connect');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '@example/server-399' } });
    await waitFor(() => expect(within(section).getByRole('listitem', { name: 'Server 399' })).toBeTruthy());
  });

  it('counts the registries\' matches in the search bar\'s summary, beside our own rows, and not when they are not shown', async () => {
    renderApp(createFakeApi({ registryCatalog: () => ({ registries: [STATE], entries: ENTRIES }) }));
    const toolbar = await screen.findByRole('search');
    await waitFor(() => expect(within(toolbar).getByRole('status').textContent).toMatch(/catalog entries, 401 registry entries$/));
    // Nothing of ours matches; the registries' one match is counted where the search is typed.
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'forecasts' } });
    await waitFor(() => expect(within(toolbar).getByRole('status').textContent).toMatch(/^0 of \d+ services shown, 0 catalog entries, 1 registry entry$/));
    // Ready services only: the registries' section is not shown, nor counted.
    fireEvent.change(within(toolbar).getByRole('combobox'), { target: { value: 'ready' } });
    await waitFor(() => expect(within(toolbar).getByRole('status').textContent).not.toContain('registry'));
    expect(screen.queryByRole('region', { name: 'From the MCP Registry' })).toBeNull();
  });

  it('counts no registry entries in the summary while a registry has none (never reached)', async () => {
    const unreached: RegistryState = { base: BASE, entries: 0, skipped: { invalid: 0, hostile: 0 }, lastFailure: { at: Date.now(), message: 'fetch failed' } };
    renderApp(createFakeApi({ registryCatalog: () => ({ registries: [unreached], entries: [] }) }));
    await screen.findByText(/the registry could not be reached/);
    const summary = within(screen.getByRole('search')).getByRole('status');
    expect(summary.textContent).toMatch(/catalog entries$/);
  });

  it('says in the install dialog when the registry marked several versions latest, and which one it shows', async () => {
    const multi = entry(7, { title: 'Many latest', version: '10.0.0', latestMarked: 3 });
    const api = createFakeApi({ registryCatalog: () => ({ registries: [STATE], entries: [multi, entry(8)] }) });
    renderApp(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Install Many latest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install Many latest' });
    expect(within(dialog).getByText(/version 10\.0\.0, installed at exactly this version\. 3 versions were marked latest; showing the highest\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /^Close|^Cancel/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Install Server 8' }));
    const plain = await screen.findByRole('dialog', { name: 'Install Server 8' });
    expect(plain.textContent).not.toContain('marked latest');
  });

  it('says the last listed is shown when none of the versions marked latest is a semantic version', async () => {
    const unordered = entry(7, { title: 'No semver', version: 'nightly', latestMarked: 2, latestLastListed: true });
    renderApp(createFakeApi({ registryCatalog: () => ({ registries: [STATE], entries: [unordered] }) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Install No semver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install No semver' });
    expect(within(dialog).getByText(/2 versions were marked latest; showing the last listed\./)).toBeTruthy();
    expect(dialog.textContent).not.toContain('showing the highest');
  });

  it('says a count of versions marked latest that reached the sync\'s bound is a floor', async () => {
    const capped = entry(9, { title: 'Capped latest', latestMarked: 100, latestMarkedAtLeast: true });
    renderApp(createFakeApi({ registryCatalog: () => ({ registries: [STATE], entries: [capped] }) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Install Capped latest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install Capped latest' });
    expect(within(dialog).getByText(/100 or more versions were marked latest; showing the highest\./)).toBeTruthy();
  });

  it('names two registries on one host apart, by their paths', async () => {
    const one: RegistryState = { ...STATE, base: 'http://127.0.0.1:8080/one' };
    const two: RegistryState = { ...STATE, base: 'http://127.0.0.1:8080/two' };
    renderApp(createFakeApi({ registryCatalog: () => ({ registries: [one, two], entries: [entry(1, { registry: one.base }), entry(2, { registry: two.base })] }) }));
    const section = await screen.findByRole('region', { name: 'From the MCP Registry' });
    const states = within(section).getAllByRole('listitem').filter((item) => item.closest('.registry-states') !== null);
    expect(states.map((item) => item.querySelector('strong')?.textContent)).toEqual(['127.0.0.1:8080/one', '127.0.0.1:8080/two']);
  });

  it('shows no entry read before once the catalog cannot be read, and says why', async () => {
    let broken = false;
    const api = createFakeApi({
      registryCatalog: () => {
        if (broken) throw new CodedError('invalid_config', 'No registry is read until mcp.json loads: mcp.json line 3 is not valid JSON');
        return { registries: [STATE], entries: [entry(1)] };
      },
      refreshRegistries: () => ({ registries: [STATE] }),
    });
    renderApp(api);
    const section = await screen.findByRole('region', { name: 'From the MCP Registry' });
    await within(section).findByRole('listitem', { name: 'Server 1' });
    broken = true;
    fireEvent.click(within(section).getByRole('button', { name: 'Refresh' }));
    const note = await screen.findByText(/^No registry entry is shown: /);
    expect(note.textContent).toContain('mcp.json line 3 is not valid JSON');
    expect(screen.queryByRole('listitem', { name: 'Server 1' })).toBeNull();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('listitem', { name: 'Server 1' });
    expect(screen.queryByText(/^No registry entry is shown: /)).toBeNull();
  });

  it('shows the first rows of a search, more on demand, and the first rows again for a new query', async () => {
    const api = createFakeApi({ registryCatalog: () => ({ registries: [STATE], entries: ENTRIES }) });
    renderApp(api);
    const section = await screen.findByRole('region', { name: 'From the MCP Registry' });
    const names = (): string[] => within(section).getAllByRole('listitem').flatMap((li) => (li.classList.contains('registry-entry') ? [li.getAttribute('aria-labelledby') ?? ''] : []));
    expect(names()).toHaveLength(15);
    fireEvent.click(within(section).getByRole('button', { name: 'Show 50 more' }));
    expect(within(section).getByText('65 of 401 registry entries shown; type to narrow.')).toBeTruthy();
    // The first 15 stay where they were; the next 50 follow in the registry's order.
    expect(names()).toHaveLength(65);
    expect(names()[15]).toBe(`registry-${BASE}-io.example/server-15`);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'weather' } });
    await waitFor(() => expect(within(section).getByText('15 of 201 registry entries shown; type to narrow.')).toBeTruthy());
    expect(names()).toHaveLength(15);
    // The last page offers only what is left.
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'server-2' } });
    await waitFor(() => expect(within(section).getByText('15 of 111 registry entries shown; type to narrow.')).toBeTruthy());
    fireEvent.click(within(section).getByRole('button', { name: 'Show 50 more' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Show 46 more' }));
    expect(within(section).getByText('111 registry entries')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: /^Show \d+ more$/ })).toBeNull();
  });

  it('shows a refresh in progress and a failed one, and refreshes on demand', async () => {
    let refreshed = 0;
    const api = createFakeApi({
      registryCatalog: () => ({ registries: [STATE], entries: ENTRIES.slice(0, 3) }),
      refreshRegistries: () => {
        refreshed += 1;
        return { registries: [STATE] };
      },
    });
    renderApp(api);
    const section = await screen.findByRole('region', { name: 'From the MCP Registry' });
    act(() => api.emit('registryState', { registries: [{ ...STATE, syncing: { kind: 'incremental', pages: 2, received: 150 } }] }));
    expect(within(section).getByText(/refreshing \(changes\): 150 entries so far/)).toBeTruthy();
    expect(within(section).getByRole<HTMLButtonElement>('button', { name: 'Refreshing…' }).disabled).toBe(true);
    act(() => api.emit('registryState', { registries: [{ ...STATE, lastFailure: { at: Date.now(), message: 'The registry answered HTTP 503.' } }] }));
    expect(within(section).getByText(/the last refresh failed: The registry answered HTTP 503\. Showing the snapshot it had\./)).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(refreshed).toBe(1));
  });

  it('a first refresh that failed says so in sentences and what to do, not that a snapshot is shown', async () => {
    const offline: RegistryState = { base: BASE, entries: 0, skipped: { invalid: 0, hostile: 0 }, lastFailure: { at: Date.now(), message: `Could not reach the registry at ${BASE}: fetch failed` } };
    const api = createFakeApi({ registryCatalog: () => ({ registries: [offline], entries: [] }) });
    renderApp(api);
    const section = await screen.findByRole('region', { name: 'From the MCP Registry' });
    const line = within(section).getByText(/the last refresh failed/);
    expect(line.textContent).toContain(`${BASE}: fetch failed. Press Refresh once this computer can reach it; the catalog above works without it.`);
    expect(line.textContent).not.toContain('Showing the snapshot');
    expect(within(section).getByText('No registry entries yet: the registry could not be reached.')).toBeTruthy();
  });
});
