import { describe, expect, it } from 'vitest';
import { redact } from '../../shared/redact';
import { secretServiceUnreachable } from './secret-service-store';

describe('secretServiceUnreachable', () => {
  it('keeps secret-tool’s diagnosis through redaction, without its own prefix', () => {
    const error = secretServiceUnreachable('keyring', 'secret-tool: Cannot autolaunch D-Bus without X11 $DISPLAY');
    expect(redact(error.message)).toBe('The secret store "keyring" cannot reach the Secret Service (Cannot autolaunch D-Bus without X11 $DISPLAY).');
    expect(error.hint).toMatch(/Start your keyring/);
  });

  it('leaves a complaint without the prefix as it is', () => {
    expect(secretServiceUnreachable('keyring', 'secret-tool exited with code 1').message).toBe('The secret store "keyring" cannot reach the Secret Service (secret-tool exited with code 1).');
  });
});
