import { describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { createNotificationPolicy, notificationText, worthShowing } from './notification-policy';
import { routeFor } from './screen-routes';

function status(name: string, state: ServerStatus['state'], enabled = true): ServerStatus {
  return { name, transport: 'http', enabled, state, since: 0, approval: 'not_needed', toolCount: 0, resourceCount: 0, promptCount: 0, crashes: 0, history: [] };
}

describe('notification policy', () => {
  it('notifies once when a server comes to need a sign-in', () => {
    const policy = createNotificationPolicy();
    expect(policy.serverState(status('github', 'starting'))).toBeNull();
    expect(policy.serverState(status('github', 'needs_auth'))).toEqual({ kind: 'needs-sign-in', server: 'github' });
    expect(policy.serverState(status('github', 'needs_auth'))).toBeNull();
    expect(policy.serverState(status('github', 'ready'))).toBeNull();
    expect(policy.serverState(status('github', 'needs_auth'))).toEqual({ kind: 'needs-sign-in', server: 'github' });
    expect(policy.serverState(status('off', 'needs_auth', false))).toBeNull();
  });

  it('notifies for each pending approval and finished device logins, not cancelled or pending ones', () => {
    const policy = createNotificationPolicy();
    expect(policy.approvalPending({ id: 'a1', agent: 'claude', server: 'fs', kind: 'tool', tool: 'delete_file', tier: 'destructive', requestedAt: 0, expiresAt: 1 })).toEqual({
      kind: 'approval-waiting',
      id: 'a1',
      agent: 'claude',
      server: 'fs',
      tool: 'delete_file',
    });
    const mail = policy.approvalPending({
      id: 'a2', agent: 'claude', server: 'mail', kind: 'tool', tool: 'send_email', tier: 'write', requestedAt: 0, expiresAt: 1,
      arguments: { to: 'bob@example.test', body: `Hello\u202e ${'x'.repeat(200)}` },
    });
    expect(mail).toMatchObject({ kind: 'approval-waiting', arguments: expect.stringMatching(/^to: "bob@example.test", body: "Hello +x+…$/) as string });
    const { body } = notificationText(mail);
    expect(body).toMatch(/^On mail, with to: "bob@example.test", body: "Hello +x+…\. Click to allow or deny it before it expires\.$/);
    expect(body.includes('\u202e')).toBe(false);
    expect(policy.deviceLogin({ server: 'linear', state: 'pending' })).toBeNull();
    expect(policy.deviceLogin({ server: 'linear', state: 'slow_down' })).toBeNull();
    expect(policy.deviceLogin({ server: 'linear', state: 'cancelled' })).toBeNull();
    for (const state of ['approved', 'denied', 'expired', 'failed'] as const) {
      expect(policy.deviceLogin({ server: 'linear', state })).toEqual({ kind: 'device-login-finished', server: 'linear', state });
    }
  });

  it("says why a call was held whatever the policy (the secret's name and where it came from, never its value), in place of its arguments", () => {
    const policy = createNotificationPolicy();
    const note = policy.approvalPending({
      id: 'a3', agent: 'claude', server: 'mail', kind: 'tool', tool: 'send_email', tier: 'read', requestedAt: 0, expiresAt: 1,
      arguments: { body: '[secret sign-in token of github]' },
      warning: 'its arguments hold the sign-in token of github',
    });
    expect(note).toMatchObject({ kind: 'approval-waiting', warning: 'its arguments hold the sign-in token of github' });
    expect(notificationText(note).body).toBe('On mail, held because its arguments hold the sign-in token of github. Click to allow or deny it before it expires.');
    // A read held for its address says so, not "its arguments".
    const read = policy.approvalPending({
      id: 'a5', agent: 'claude', server: 'logs', kind: 'resource', tool: 'logs://log/[secret GITHUB_TOKEN]', tier: 'read', requestedAt: 0, expiresAt: 1,
      warning: 'the resource address holds the value of GITHUB_TOKEN from the vault',
    });
    expect(notificationText(read).body).toBe('On logs, held because the resource address holds the value of GITHUB_TOKEN from the vault. Click to allow or deny it before it expires.');
    const long = notificationText({ kind: 'approval-waiting', id: 'a4', agent: 'claude', server: 'mail', tool: 'send_email', warning: `its arguments hold the value of the pass entry \u202e${'x'.repeat(500)}` }).body;
    expect(long.length).toBeLessThan(220);
    expect(long).not.toContain('\u202e');
  });

  it('writes short plain texts, even for hostile tool names', () => {
    expect(notificationText({ kind: 'needs-sign-in', server: 'github' }).title).toBe('github needs you to sign in');
    const text = notificationText({ kind: 'approval-waiting', id: 'a', agent: 'claude', server: 'fs', tool: `rm\u0000\u202e -rf ${'x'.repeat(200)}` });
    expect(text.title.includes('\u0000') || text.title.includes('\u202e')).toBe(false);
    expect(text.title.length).toBeLessThan(110);
    expect(notificationText({ kind: 'device-login-finished', server: 'linear', state: 'approved' }).title).toBe('Signed in to linear');
  });

  it('shows approvals always and the rest only when the window is not in front', () => {
    expect(worthShowing({ kind: 'approval-waiting', id: 'a', agent: 'c', server: 's', tool: 't' }, true)).toBe(true);
    expect(worthShowing({ kind: 'needs-sign-in', server: 's' }, true)).toBe(false);
    expect(worthShowing({ kind: 'needs-sign-in', server: 's' }, false)).toBe(true);
    expect(worthShowing({ kind: 'device-login-finished', server: 's', state: 'approved' }, false)).toBe(true);
  });
  it('notifies always for a change the command line asks to confirm, saying what and from which process, opening Activity', () => {
    const policy = createNotificationPolicy();
    const note = policy.confirmationPending({ id: 'c-1', method: 'addAgent', summary: 'add the agent "x\u202Eyz" with every server', input: {}, from: 'cli', pid: 42, requestedAt: 0, expiresAt: 1 });
    expect(note).toEqual({ kind: 'confirmation-waiting', id: 'c-1', summary: 'add the agent "x\u202Eyz" with every server', pid: 42 });
    const text = notificationText(note);
    expect(text.title).toContain('process 42');
    expect(text.body).toContain('add the agent');
    expect(text.body).not.toContain('\u202E');
    expect(worthShowing(note, true)).toBe(true);
    expect(routeFor(note)).toEqual({ screen: 'activity' });
  });

  it("notifies always for a service's request waiting for the person, in plain text, opening Activity", () => {
    const note = createNotificationPolicy().askPending({ id: 'ask_1', kind: 'url', server: 'shop\u001b[2J', asker: 'agent "claude"', message: 'pay', requestedAt: 0, expiresAt: 1 });
    expect(worthShowing(note, true)).toBe(true);
    const text = notificationText(note);
    expect(text.title).toBe('shop [2J asks you to open a page');
    expect(text.body).toContain('during a call by agent "claude"');
    expect(routeFor(note)).toEqual({ screen: 'activity' });
  });
});
