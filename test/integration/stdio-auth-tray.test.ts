import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/ports';
import { runShellDriver } from '../support/shell-driver';

interface Answer {
  result?: { isError?: boolean; content?: { text?: string }[] };
  error?: { code: string; message: string; hint?: string };
}

/** Runs stdio-auth-tray-driver.ts against the bundled main with a stand-in `electron`; returns what it printed. */
async function drive(): Promise<Record<string, unknown>> {
  const home = path.join(mkdtempSync(path.join(tmpdir(), 'cs-stdio-tray-')), 'home');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const { printed, stderr } = await runShellDriver('test/integration/stdio-auth-tray-driver.ts', home, {
    CONNECTED_SERVICES_PASSPHRASE: 'stdio-tray-test-passphrase',
    BRIDGE_PORT: String(await freePort()),
  });
  return { ...printed, stderr };
}

describe('the tray of the desktop app, for a program on this computer that signs in', () => {
  it('offers Sign in before the first sign-in and again after the grant was revoked; each starts the sign-in', async () => {
    const seen = await drive();
    const before = seen['beforeConnect'] as Answer;
    expect(before.error?.code).toBe('auth_required');
    expect(before.error?.hint).toContain('connected-services connect mail');
    const trayBefore = seen['trayBeforeConnect'] as string[];
    expect(trayBefore).toContain('Sign in to mail');
    expect(trayBefore.some((l) => l === 'mail — needs sign-in' || l === 'mail — not signed in')).toBe(true);
    expect(trayBefore.some((l) => l.startsWith('Sign in again') || l.startsWith('Re-authorize'))).toBe(false);

    // Connect opened the sign-in at the issuer the entry names, and showed the service's screen.
    expect(new URL(String(seen['connectUrl'])).searchParams.get('client_id')).toBe('pre-public');
    expect((seen['navigated'] as string[]).some((u) => u.includes('mail'))).toBe(true);
    expect(seen['trayConnected']).toEqual(expect.arrayContaining(['mail — ready']));
    expect((seen['afterConnect'] as Answer).result?.content?.[0]?.text).toContain('"status":200');

    expect(seen['revoked']).toBe(true);
    const trayRevoked = seen['trayRevoked'] as string[];
    expect(trayRevoked).toContain('mail — needs sign-in');
    expect(trayRevoked.some((l) => l === 'Sign in again to mail' || l === 'Sign in to mail')).toBe(true);
    expect(trayRevoked.some((l) => l.startsWith('Re-authorize') || l.startsWith('Connect'))).toBe(false);
    expect((seen['afterRevoke'] as Answer).error?.code).toBe('auth_required');

    expect(seen['trayReauthorized']).toEqual(expect.arrayContaining(['mail — ready']));
    expect((seen['afterReauthorize'] as Answer).result?.content?.[0]?.text).toContain('"status":200');
    expect(seen['visits']).toEqual([{ status: 200 }, { status: 200 }]);
    expect(seen['opened']).toBe(2);
    expect(seen['exitCode']).toBe(0);

    // No token in the tray, in what the window was told, or in the app's log.
    const tokens = seen['tokens'] as string[];
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    const shown = JSON.stringify([seen['trayBeforeConnect'], seen['trayConnected'], seen['trayRevoked'], seen['trayReauthorized'], seen['tooltip'], seen['afterRevoke'], seen['beforeConnect'], seen['stderr']]);
    for (const token of tokens) expect(shown).not.toContain(token);
  }, 120_000);
});
