// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegistryRow } from '../../../shared/api';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

const BASE = 'https://registry.example';
const row = (name: string, title: string, extra: Partial<RegistryRow> = {}): RegistryRow => ({
  registry: BASE,
  name,
  title,
  description: 'Repositories',
  version: '1.0.0',
  status: 'active',
  packages: [],
  remotes: ['streamable-http'],
  ...extra,
});
// As registry-catalog.ts marks them: the look-alike, and the entry it reads as.
const COPY = row('io.example/gh-copy', 'Gіthub', { mixedScripts: ['Cyrillic', 'Latin'], readsAs: ['io.example/github'] });
const REAL = row('io.example/github', 'GitHub', { readsAs: ['io.example/gh-copy'] });

describe('a registry entry that may pass for another', () => {
  it('shows the mixed-in letter as an escape and says whose title it reads as, in its row and where it is installed', async () => {
    const api = createFakeApi({
      registryCatalog: () => ({ registries: [{ base: BASE, entries: 2, syncedAt: Date.now(), fullSyncAt: Date.now(), skipped: { invalid: 0, hostile: 0 } }], entries: [REAL, COPY] }),
      registryInstallOptions: () => ({ name: COPY.name, version: COPY.version, options: [{ choice: { remote: 0 }, label: 'remote https://copy.example/mcp', digest: 'a'.repeat(64), inputs: [] }] }),
    });
    renderApp(api);
    const section = await screen.findByRole('region', { name: 'From the MCP Registry' });
    const copy = await within(section).findByRole('listitem', { name: 'G\\u0456thub' });
    expect(within(copy).getByText('look-alike').getAttribute('title')).toBe('Its id or title mixes Cyrillic and Latin letters within a word (shown as escapes): it may be made to read as another service\'s. Its title reads the same as that of io.example/github: check that io.example/gh-copy is the service you mean.');
    expect(within(copy).getByText('Mixes Cyrillic and Latin letters')).toBeTruthy();
    expect(within(copy).getByText('Reads as io.example/github')).toBeTruthy();
    expect(copy.textContent).not.toContain('Gіthub');
    const real = within(section).getByRole('listitem', { name: 'GitHub' });
    expect(within(real).getByText('Reads as io.example/gh-copy')).toBeTruthy();
    expect(within(real).queryByText(/mixes/)).toBeNull();

    fireEvent.click(within(copy).getByRole('button', { name: 'Install G\\u0456thub' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install G\\u0456thub' });
    const note = within(dialog).getByRole('note', { name: 'Look-alike entry' });
    expect(note.textContent).toContain('mixes Cyrillic and Latin letters');
    expect(note.textContent).toContain('reads the same as that of io.example/github');
  });

  it('adds nothing to an entry nothing marks', async () => {
    const api = createFakeApi({
      registryCatalog: () => ({ registries: [{ base: BASE, entries: 1, syncedAt: Date.now(), fullSyncAt: Date.now(), skipped: { invalid: 0, hostile: 0 } }], entries: [row('io.example/notes', 'Notes')] }),
    });
    renderApp(api);
    const notes = await screen.findByRole('listitem', { name: 'Notes' });
    expect(within(notes).queryByText('look-alike')).toBeNull();
    expect(notes.querySelector('.registry-look-alike')).toBeNull();
  });

  it('says calmly that another publisher has an entry of the same title, naming both ids, with no look-alike mark', async () => {
    const ALICE = row('io.github.alice/notes', 'Notes', { sameTitleAs: ['io.github.bob/notes'] });
    const BOB = row('io.github.bob/notes', 'Notes', { sameTitleAs: ['io.github.alice/notes'] });
    const api = createFakeApi({
      registryCatalog: () => ({ registries: [{ base: BASE, entries: 2, syncedAt: Date.now(), fullSyncAt: Date.now(), skipped: { invalid: 0, hostile: 0 } }], entries: [ALICE, BOB] }),
      registryInstallOptions: () => ({ name: BOB.name, version: BOB.version, options: [{ choice: { remote: 0 }, label: 'remote https://bob.example/mcp', digest: 'a'.repeat(64), inputs: [] }] }),
    });
    renderApp(api);
    const section = await screen.findByRole('region', { name: 'From the MCP Registry' });
    const bob = within(section).getAllByRole('listitem', { name: 'Notes' })[1]!;
    expect(within(bob).getByText('Same title as io.github.alice/notes')).toBeTruthy();
    expect(within(bob).queryByText('look-alike')).toBeNull();
    expect(bob.querySelector('.registry-look-alike')).toBeNull();

    fireEvent.click(within(bob).getByRole('button', { name: 'Install Notes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install Notes' });
    expect(within(dialog).queryByRole('note', { name: 'Look-alike entry' })).toBeNull();
    const note = within(dialog).getByRole('note', { name: 'Same title' });
    expect(note.className).toBe('note');
    expect(note.textContent).toBe('Other entries have this title too: io.github.alice/notes. The id says whose each is; this one is io.github.bob/notes.');
  });
});
