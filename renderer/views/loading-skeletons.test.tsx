// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus, type FakeHandlers } from '../../test/support/renderer';

afterEach(cleanup);

/** An answer held back until `release` is called. */
function held<T>(value: () => T | Promise<T>): { answer: () => Promise<T>; release: () => void } {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { answer: async () => (await gate, value()), release };
}

/** The nearest section around an element: the one marked busy while its first answer is pending. */
const sectionOf = (element: HTMLElement): HTMLElement | null => element.closest('section');

// Issue 34, item 4: each screen shows the shape of its content, busy, until its first answer comes.
const SCREENS: { hash: string; method: keyof FakeHandlers; labels: string[] }[] = [
  { hash: '#/agents', method: 'listAgents', labels: ['Loading your agents'] },
  { hash: '#/access', method: 'listSecrets', labels: ['Loading your credentials', 'Loading who may use what'] },
  { hash: '#/activity', method: 'readAudit', labels: ['Loading agent calls'] },
  { hash: '#/activity', method: 'readAdminLog', labels: ['Loading the changes'] },
  { hash: '#/settings', method: 'listSecretStores', labels: ['Loading secret stores'] },
  { hash: '#/settings', method: 'bridgeInfo', labels: ["Loading the bridge's address"] },
];

describe('loading skeletons', () => {
  for (const { hash, method, labels } of SCREENS) {
    it(`${hash} shows ${labels.join(' and ')} while ${method} is pending, then the content`, async () => {
      const defaults = createFakeApi();
      const original = defaults[method] as (input: object) => unknown;
      const gate = held(() => original({}));
      renderApp(createFakeApi({ [method]: gate.answer }), { hash });
      for (const label of labels) {
        const skeleton = await screen.findByRole('status', { name: label });
        expect(skeleton.getAttribute('aria-busy')).toBe('true');
        expect(sectionOf(skeleton)?.getAttribute('aria-busy')).toBe('true');
        expect(skeleton.querySelectorAll('.skeleton-bar').length).toBeGreaterThan(0);
      }
      expect(screen.queryByText('Loading…')).toBeNull();
      gate.release();
      for (const label of labels) await waitFor(() => expect(screen.queryByRole('status', { name: label })).toBeNull());
    });
  }

  // A service's page and its tabs: the service is known, the tab's own listing is held back.
  const TABS: { tab: string; method: keyof FakeHandlers; label: string }[] = [
    { tab: 'tools', method: 'listTools', label: 'Loading tools' },
    { tab: 'resources', method: 'listResources', label: 'Loading resources' },
    { tab: 'prompts', method: 'listPrompts', label: 'Loading prompts' },
    { tab: 'logs', method: 'readLogs', label: 'Loading the log' },
  ];
  const withService = async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'everything', toolCount: 1 })] });
  for (const { tab, method, label } of TABS) {
    it(`a service's ${tab} tab shows ${label} while ${method} is pending`, async () => {
      const defaults = createFakeApi();
      const original = defaults[method] as (input: object) => unknown;
      const gate = held(() => original({ server: 'everything' }));
      renderApp(createFakeApi({ status: withService, [method]: gate.answer }), { hash: `#/services/everything/${tab}` });
      const skeleton = await screen.findByRole('status', { name: label });
      expect(skeleton.getAttribute('aria-busy')).toBe('true');
      gate.release();
      await waitFor(() => expect(screen.queryByRole('status', { name: label })).toBeNull());
    });
  }

  it('a service page is busy until the app knows its services', async () => {
    const gate = held(withService);
    renderApp(createFakeApi({ status: gate.answer }), { hash: '#/services/everything' });
    const skeleton = await screen.findByRole('status', { name: 'Loading everything' });
    expect(sectionOf(skeleton)?.getAttribute('aria-busy')).toBe('true');
    gate.release();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading everything' })).toBeNull());
    expect(screen.getByRole('region', { name: 'everything' }).getAttribute('aria-busy')).toBeNull();
  });

  it('the Services toolbar shows a busy bar, not a bare "Loading…", where its count goes', async () => {
    const gate = held(withService);
    renderApp(createFakeApi({ status: gate.answer }), { hash: '#/services' });
    const toolbar = await screen.findByRole('search');
    const skeleton = await within(toolbar).findByRole('status', { name: 'Counting your services' });
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.querySelectorAll('.skeleton-bar')).toHaveLength(1);
    expect(screen.queryByText('Loading…')).toBeNull();
    gate.release();
    await waitFor(() => expect(within(toolbar).queryByRole('status', { name: 'Counting your services' })).toBeNull());
    expect(within(toolbar).getByRole('status').textContent).not.toBe('');
  });

  it('the edit dialog shows the shape of its form, busy, until the entry and the secrets come', async () => {
    const gate = held(() => ({ name: 'everything', config: { command: 'node', args: ['server.js'] } }));
    renderApp(createFakeApi({ status: withService, serverConfig: gate.answer }), { hash: '#/services/everything' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit everything' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit everything' });
    const skeleton = await within(dialog).findByRole('status', { name: 'Loading the settings of everything' });
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.querySelectorAll('.skeleton-bar').length).toBeGreaterThan(1);
    expect(within(dialog).queryByText('Loading…')).toBeNull();
    gate.release();
    await within(dialog).findByRole('group', { name: 'Settings of everything' });
    expect(within(dialog).queryByRole('status', { name: 'Loading the settings of everything' })).toBeNull();
  });

  it('Settings marks its data panel busy until the app’s status comes', async () => {
    const defaults = createFakeApi();
    const gate = held(() => defaults.status({}));
    renderApp(createFakeApi({ status: gate.answer }), { hash: '#/settings' });
    const skeleton = await screen.findByRole('status', { name: 'Loading the data folder' });
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('region', { name: 'Settings' }).getAttribute('aria-busy')).toBe('true');
    gate.release();
    await screen.findByText('Data directory');
    expect(screen.queryByRole('status', { name: 'Loading the data folder' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Settings' }).getAttribute('aria-busy')).toBe('false');
  });
});
