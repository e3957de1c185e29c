import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { PASSPHRASE_PROVIDER_LABEL, WRONG_PASSPHRASE_HINT } from '../vault';
import { forProgram } from './program-errors';

const SEALED = 'The vault is sealed with a passphrase and none was given.';
const TERMINAL_HINT = 'Run it again with CONNECTED_SERVICES_PASSPHRASE set, or in a terminal so it can ask for the passphrase';

describe('forProgram', () => {
  it("says how a program gives the passphrase, also when a server's start was what needed it", () => {
    for (const message of [SEALED, `Server "e": ${SEALED}`]) {
      const error = forProgram(new CodedError('auth_required', message, { hint: TERMINAL_HINT, data: { provider: PASSPHRASE_PROVIDER_LABEL } }));
      expect(error).toMatchObject({ code: 'auth_required', message, hint: expect.stringContaining('openConnectedServices({ env })') as unknown });
      expect((error as CodedError).hint).not.toContain('terminal so it can ask');
    }
  });

  // A wrong passphrase given in openConnectedServices({ env }) said "(or the passphrase you typed)": a program types nothing.
  it('says where a program gave the passphrase that does not open the vault', () => {
    const wrong = new CodedError('denied', 'The passphrase does not open the vault /h/vault.enc.', { hint: WRONG_PASSPHRASE_HINT, data: { provider: PASSPHRASE_PROVIDER_LABEL } });
    const error = forProgram(wrong);
    expect(error).toMatchObject({ code: 'denied', message: wrong.message, data: { provider: PASSPHRASE_PROVIDER_LABEL } });
    expect((error as CodedError).hint).toBe("Check the passphrase given as CONNECTED_SERVICES_PASSPHRASE in openConnectedServices({ env }) or in the program's environment, and open it again");
  });

  it('leaves any other error as it was', () => {
    const other = new CodedError('auth_required', 'Sign in to "notes" first', { hint: 'sign in to "notes" in the app' });
    expect(forProgram(other)).toBe(other);
  });

  it('names the call a program makes where the hint names a command, keeping code, message and data', () => {
    const error = new CodedError('auth_required', 'Sign in to "notes" first', { hint: 'run `connected-services connect notes`', data: { x: 1 } });
    expect(forProgram(error)).toMatchObject({ code: 'auth_required', message: error.message, data: { x: 1 }, hint: 'run `cs.connect("notes")`' });
  });
});
