// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { RegistryState } from '../../shared/api';
import { createFakeApi, renderApp } from '../../test/support/renderer';

afterEach(cleanup);

// The screens call what a person connects a service: counts of them say "services" too, never the protocol's "servers".

const REGISTRY = 'https://registry.modelcontextprotocol.io';
const state = (entries: number): RegistryState => ({ base: REGISTRY, entries, syncedAt: Date.now() - 60_000, fullSyncAt: Date.now() - 60_000, skipped: { invalid: 0, hostile: 0 } });

it('counts the services a registry holds as services ("0 services", "1 service")', async () => {
  renderApp(createFakeApi({ registryCatalog: () => ({ registries: [state(0), { ...state(1), base: 'https://registry.example' }], entries: [] }) }));
  const section = await screen.findByRole('region', { name: 'From the MCP Registry' });
  const lines = within(section).getAllByRole('listitem').map((li) => li.textContent ?? '');
  expect(lines.find((l) => l.includes(': 0 '))).toContain(': 0 services');
  expect(lines.find((l) => l.includes(': 1 '))).toContain(': 1 service,');
  expect(section.textContent).not.toMatch(/\bservers?\b/);
});

it('counts the services an import added as services', async () => {
  const added = { name: 'github', from: '/home/ana/.cursor/mcp.json' };
  const api = createFakeApi({ importConfig: ({ source }) => ({ source, files: ['/home/ana/.cursor/mcp.json'], added: [added, { ...added, name: 'notes' }], skipped: [], secrets: [] }) });
  renderApp(api, { hash: '#/settings' });
  const panel = await screen.findByRole('region', { name: 'Import from another app' });
  fireEvent.click(within(panel).getByRole('button', { name: 'Import from Cursor' }));
  const report = await within(panel).findByRole('status');
  expect(report.textContent).toContain('added 2 services, skipped 0');
  expect(report.textContent).not.toMatch(/\bservers?\b/);
});

it('warns before a secret is deleted that the services referring to it will fail to start', async () => {
  renderApp(createFakeApi({ listSecrets: () => [{ name: 'OLD' }] }), { hash: '#/settings' });
  fireEvent.click(await screen.findByRole('button', { name: 'Delete secret OLD' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog.textContent).toContain('Services that refer to it will fail to start until you store it again.');
  expect(dialog.textContent).not.toMatch(/\bservers?\b/i);
});
