// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { VaultHealth } from '../../../shared/vault';
import { VaultPanel } from './vault-panel';

afterEach(cleanup);

const vault: VaultHealth = {
  fileExists: true,
  file: '/home/ana/.connected-services/vault\u200b.json',
  provider: 'plaintext',
  providerLabel: 'clear-text file\u202e',
  persistent: true,
  safety: 'insecure-plaintext',
  state: 'ready',
  message: 'Run `connected-services vault migrate` to encrypt it.\u202egnp.exe',
  entryCount: 1,
  corruptFiles: [{ path: '/home/ana/vault.json\u200b.bad', movedAt: Date.UTC(2026, 10, 30, 10) }],
};

describe('Settings → Credential vault', () => {
  it('sets the command in its message as code and shows hidden characters in the message, label and paths as escapes', () => {
    render(<VaultPanel vault={vault} />);
    const panel = screen.getByRole('region', { name: 'Credential vault' });
    expect(within(panel).getByText('connected-services vault migrate').tagName).toBe('CODE');
    const text = panel.textContent ?? '';
    expect(text).toContain('Run connected-services vault migrate to encrypt it.\\u202egnp.exe');
    expect(text).toContain('clear-text file\\u202e');
    expect(text).toContain('vault\\u200b.json');
    expect(text).toContain('vault.json\\u200b.bad');
    expect(text).not.toMatch(/[\u200b\u202e`]/);
  });
});
