import { describe, expect, it } from 'vitest';
import { revokeOutcome, revokePlan } from './revoke-words';

describe('revoke words', () => {
  it('a grant of its own is revoked', () => {
    expect(revokePlan('mail', 'https://as.example')).toBe('The sign-in of mail is revoked at https://as.example, then deleted here.');
    expect(revokeOutcome('mail', { revoked: true })).toBe('Disconnected mail and revoked its tokens.');
  });

  it('a shared grant is deleted here only, naming the services that keep it', () => {
    expect(revokePlan('mail', undefined, ['notes', 'tasks'])).toBe(
      'The sign-in of mail is deleted here but not revoked at its issuer: notes and tasks are signed in with the same client at the same issuer (one grant at many servers), and revoking would sign them out too: notes and tasks keep working. To end the grant, disconnect notes and tasks with revoke as well.',
    );
    expect(revokeOutcome('mail', { revoked: false, grantSharedWith: ['notes'] })).toBe(
      'Disconnected mail: the tokens were deleted here but not revoked. notes is signed in with the same client at the same issuer (one grant at many servers), and revoking would sign it out too: notes keeps working. To end the grant, disconnect notes with revoke as well.',
    );
  });

  it('a failure or a missing endpoint says why, the tokens deleted anyway', () => {
    expect(revokeOutcome('mail', { revoked: false, revokeError: 'its authorization server offers no revocation endpoint; the grant may still be live at https://as.example' })).toBe(
      'Disconnected mail: the tokens were deleted here but not revoked: its authorization server offers no revocation endpoint; the grant may still be live at https://as.example.',
    );
    expect(revokeOutcome('mail', {})).toBe('Disconnected mail (it holds no tokens to revoke).');
  });
});
