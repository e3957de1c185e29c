import { describe, expect, it } from 'vitest';
import { createSecretServiceStore, secretServiceUnreachable } from './secret-service-store';

describe('secretServiceUnreachable', () => {
  it('keeps secret-tool’s diagnosis through redaction, without its own prefix', () => {
    const error = secretServiceUnreachable('keyring', 'secret-tool: Cannot autolaunch D-Bus without X11 $DISPLAY\n');
    expect(error.message).toBe('The secret store "keyring" cannot reach the Secret Service (Cannot autolaunch D-Bus without X11 $DISPLAY).');
    expect(error.hint).toMatch(/Start your keyring/);
  });

  it('says the fallback when secret-tool said nothing', () => {
    expect(secretServiceUnreachable('keyring', '\n', 'secret-tool exited with code 1').message).toBe('The secret store "keyring" cannot reach the Secret Service (secret-tool exited with code 1).');
  });
});

describe('the Secret Service store with no session bus at all', () => {
  it('says what secret-tool said, not a redacted line (the real secret-tool, no D-Bus, no display)', async () => {
    const store = createSecretServiceStore({ name: 'keyring', config: { type: 'secret-service' }, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
    const health = await store.health();
    expect(health.ok).toBe(false);
    expect(health.detail).toContain('cannot reach the Secret Service (Cannot autolaunch D-Bus');
    expect(health.detail).not.toContain('[redacted]');
  });
});
