import { describe, expect, it } from 'vitest';
import type { SignInProgress } from '../../../shared/api';
import { connectSteps, noteBesideFailedStep, type StepInput } from './connect-steps';

const plan = { name: 'notes', secretNames: ['API_KEY'] };
/** After a failed run: the core undid every step, so the server's row is gone. */
const failedRun = (extra: Partial<StepInput>): StepInput => ({ plan, needsApproval: true, started: true, outcome: 'failed', status: undefined, signIn: undefined, ...extra });
const states = (input: StepInput) => connectSteps(input).map((s) => `${s.id}:${s.state}`);

describe('connectSteps after a failure', () => {
  it('marks the step that failed, with its own message and hint (saying service for server), the ones before it undone (the core took them back)', () => {
    const failure = { step: 'connect' as const, message: 'Could not reach "notes" at https://notes.invalid/mcp (ENOTFOUND).', hint: 'Is the server running at https://notes.invalid/mcp?' };
    const steps = connectSteps(failedRun({ failure }));
    expect(steps.map((s) => `${s.id}:${s.state}`)).toEqual(['secrets:undone', 'add:undone', 'approve:undone', 'sign-in:not_needed', 'start:failed']);
    expect(steps.find((s) => s.id === 'start')?.detail).toBe(`${failure.message} Is the service running at https://notes.invalid/mcp?`);
  });

  it('a sign-in that did not end signed in is the step that failed, the start after it waiting', () => {
    const signIn: SignInProgress = { server: 'notes', state: 'cancelled', flow: 'browser', startedAt: 1 };
    expect(states(failedRun({ signIn, failure: { step: 'connect', message: 'Sign-in to "notes" was cancelled.' } }))).toEqual(['secrets:undone', 'add:undone', 'approve:undone', 'sign-in:failed', 'start:waiting']);
    const refused = connectSteps(failedRun({ failure: { step: 'connect', message: '"notes" refused the credentials.', code: 'auth_required' } }));
    expect(refused.map((s) => `${s.id}:${s.state}`)).toEqual(['secrets:undone', 'add:undone', 'approve:undone', 'sign-in:failed', 'start:waiting']);
    expect(refused.find((s) => s.id === 'sign-in')?.label).toBe('Sign in');
  });

  it('a failure in an earlier step leaves the later ones waiting', () => {
    expect(states(failedRun({ failure: { step: 'approve', message: 'approvals.json could not be written.' } }))).toEqual(['secrets:undone', 'add:undone', 'approve:failed', 'sign-in:not_needed', 'start:waiting']);
    expect(states(failedRun({ failure: { step: 'secrets', message: 'The vault is locked.' } }))).toEqual(['secrets:failed', 'add:waiting', 'approve:waiting', 'sign-in:not_needed', 'start:waiting']);
  });

  it('while running, and when the core says nothing of the step (a refusal before anything was written), as before', () => {
    expect(states({ ...failedRun({}), outcome: 'running' })).toEqual(['secrets:active', 'add:active', 'approve:waiting', 'sign-in:not_needed', 'start:waiting']);
    expect(states(failedRun({}))).toEqual(['secrets:done', 'add:failed', 'approve:waiting', 'sign-in:not_needed', 'start:waiting']);
  });
});

describe('noteBesideFailedStep: the note under the steps', () => {
  const failed = { message: '"notes" did not start: could not reach it.' };
  it('keeps only what the core said beyond the failed step, with its advice', () => {
    expect(noteBesideFailedStep({ code: 'server_unavailable', message: `${failed.message} Nothing was kept: the entry "notes" removed.`, hint: 'Fix it, then add it again.' }, failed)).toEqual({
      code: 'server_unavailable',
      message: 'Nothing was kept: the entry "notes" removed.',
      hint: 'Fix it, then add it again.',
    });
  });

  it('keeps the whole message when it does not begin with the step\'s, or says nothing more', () => {
    const other = { message: 'Something else went wrong.' };
    expect(noteBesideFailedStep(other, failed)).toBe(other);
    const same = { message: failed.message };
    expect(noteBesideFailedStep(same, failed)).toBe(same);
  });
});

// The catalog lists a service's sign-in ("API key", "none"); the steps before Connect said "Sign in" for both.
describe('connectSteps before anything runs: what the entry says of its sign-in and approval', () => {
  const before = (extra: Partial<StepInput['plan']>, needsApproval = true): Map<string, string> =>
    new Map(connectSteps({ plan: { ...plan, ...extra }, needsApproval, started: false, outcome: 'running', status: undefined, signIn: undefined }).map((s) => [s.id, `${s.label} (${s.state})`]));

  it('a key given now is no sign-in; a program with none needs none; an address may still ask', () => {
    expect(before({ signIn: 'key', remote: true }).get('sign-in')).toBe('No sign-in: the API key you gave is sent with each request (not_needed)');
    expect(before({ signIn: 'none' }).get('sign-in')).toBe('No sign-in needed (not_needed)');
    expect(before({ remote: true }).get('sign-in')).toBe('Sign in (waiting)');
    expect(before({ signIn: 'sign-in' }).get('sign-in')).toBe('Sign in (waiting)');
  });

  it('a remote approves where it sends secrets, a program what runs; nothing to approve is said plainly', () => {
    expect(before({ remote: true }).get('approve')).toBe('Approve where it sends secrets, as shown (waiting)');
    expect(before({}).get('approve')).toBe('Approve what runs, as shown (waiting)');
    expect(before({ remote: true }, false).get('approve')).toBe('Nothing to approve (not_needed)');
  });
});
