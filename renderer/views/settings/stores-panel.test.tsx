// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SecretStoreView } from '../../../shared/api';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

const abilities = { list: true, set: true, delete: true };
const pass = (used: boolean): SecretStoreView => ({
  name: 'pass',
  type: 'pass',
  abilities,
  ok: false,
  detail: 'The secret store "pass" has no password store at /home/ana/.password-store.',
  fix: 'Run `pass init YOUR-GPG-KEY`.',
  used,
});

describe('Settings → Secret stores', () => {
  it('shows a store nothing uses and that is not there as not set up, with how to set it up, not as an error', async () => {
    renderApp(createFakeApi({ listSecretStores: () => [pass(false), { name: 'vault', type: 'vault', abilities, ok: true, detail: 'the app’s own vault', used: true }] }), { hash: '#/settings' });
    const item = await screen.findByRole('listitem', { name: 'store pass' });
    expect(item.textContent).toContain('not set up');
    expect(item.textContent).toContain('has no password store at /home/ana/.password-store.');
    expect(item.textContent).toContain('Nothing uses it yet, so nothing needs fixing. To use it: Run pass init YOUR-GPG-KEY.');
    expect(within(item).getByText('pass init YOUR-GPG-KEY').tagName).toBe('CODE');
    expect(item.textContent).not.toMatch(/not ready|not working/);
    expect(within(item).getByText('not set up').className).not.toMatch(/error/);
    expect(screen.getByRole('listitem', { name: 'store vault' }).textContent).toContain('ready');
    // Each store's kind in words: a built-in store is named after its kind, which read "vault vault".
    expect(screen.getByRole('listitem', { name: 'store vault' }).textContent).toMatch(/^vault this app's own vault/);
    expect(item.textContent).toMatch(/^pass the standard Unix password manager/);
  });

  it('never shows the app’s own vault as not set up: one keeping secrets only in memory needs attention, with what to do', async () => {
    const vault: SecretStoreView = {
      name: 'vault',
      type: 'vault',
      abilities,
      ok: false,
      detail: 'The secret store "vault" keeps secrets only in memory, until the app quits.',
      fix: 'Set CONNECTED_SERVICES_PASSPHRASE to a passphrase of your own, or unlock or install an OS keychain, then start the app again.',
      used: false,
    };
    renderApp(createFakeApi({ listSecretStores: () => [vault] }), { hash: '#/settings' });
    const item = await screen.findByRole('listitem', { name: 'store vault' });
    expect(within(item).getByText('needs attention').className).toMatch(/warn/);
    expect(item.textContent).toContain('keeps secrets only in memory, until the app quits.');
    expect(item.textContent).toContain('Set CONNECTED_SERVICES_PASSPHRASE to a passphrase of your own');
    expect(item.textContent).not.toMatch(/not set up|Nothing uses it yet/);
  });

  it('shows a store a server reads from that does not answer as not working, with the fix', async () => {
    renderApp(createFakeApi({ listSecretStores: () => [pass(true)] }), { hash: '#/settings' });
    const item = await screen.findByRole('listitem', { name: 'store pass' });
    expect(within(item).getByText('not working').className).toMatch(/error/);
    expect(item.textContent).toContain('Run pass init YOUR-GPG-KEY.');
    expect(within(item).getByText('pass init YOUR-GPG-KEY').tagName).toBe('CODE');
    expect(item.textContent).not.toContain('not set up');
  });

  it('shows why approving failed with what it quotes in backticks as code, hidden characters as escapes, and the hint', async () => {
    const waiting: SecretStoreView = { name: 'op', type: 'command', abilities, ok: false, detail: 'waiting for approval', used: true, approval: 'pending', argv: ['op', 'read', '{path}'], commandLine: 'op read {path}' };
    const api = createFakeApi({
      listSecretStores: () => [waiting],
      approveSecretStore: () => {
        throw Object.assign(new Error('The command of `op` changed\u200b since it was shown.\u202etxt.exe'), { code: 'invalid_input', hint: 'Look at it again, then run `connected-services stores approve op`.' });
      },
    });
    renderApp(api, { hash: '#/settings' });
    const panel = await screen.findByRole('region', { name: 'Secret stores' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Approve the command of op' }));
    const alert = await within(panel).findByRole('alert');
    expect(within(alert).getByText('op').tagName).toBe('CODE');
    expect(within(alert).getByText('connected-services stores approve op').tagName).toBe('CODE');
    expect(alert.textContent).toContain('The command of op changed\\u200b since it was shown.\\u202etxt.exe');
    expect(alert.textContent).toContain('Look at it again, then run connected-services stores approve op.');
    expect(alert.textContent).not.toMatch(/[\u200b\u202e`]/);
  });
});
