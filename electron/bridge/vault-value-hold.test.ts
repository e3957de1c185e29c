import { afterEach, describe, expect, it, vi } from 'vitest';
import { redactor } from '../../shared/redact';
import { cancellationOf, type Cancellation } from '../pool';
import { asked, fake, type Fake } from '../../test/support/fake-gate';
import { passGate, type GateCall } from './call-gate';

const VALUE = 'ghp_vault-value-hold-test-5309';
const WARNING = 'its arguments hold the value of GITHUB_TOKEN of github from the vault';

const OTHERS = ['env-held-value-0123', 'at-held-sign-in-0123', 'at-held-sign-in-0124', 'pass-held-value-0123'];

afterEach(() => {
  redactor.removeSecret(VALUE);
  for (const value of OTHERS) redactor.removeSecret(value);
  vi.useRealTimers();
});

const cancel = (): Cancellation => cancellationOf(new AbortController().signal);

/** A call the agent's policy allows outright: only a value from the vault in it brings the person in. */
function allowed(f: Fake, args: Record<string, unknown>): GateCall<string> {
  return { ...asked(f, args), find: () => Promise.resolve({ target: { server: 'mail', name: 'send_email', tier: 'read', decision: 'allow' } }) };
}

describe('a call whose arguments hold a value from the vault', () => {
  it('runs at once with a wrong guess, and is held for the person with the right one though the policy allows it', async () => {
    redactor.addSecret(VALUE, { from: 'vault', name: 'GITHUB_TOKEN of github' });
    const f = fake({ auditArguments: true });
    expect(await passGate(f.ctx, allowed(f, { text: 'ghp_vault-value-hold-test-5308' }), cancel())).toEqual({ ok: true, value: 'sent' });
    expect(f.pending).toEqual([]);
    expect(f.audit[0]?.warning).toBeUndefined();

    const held = passGate(f.ctx, allowed(f, { list: [{ text: `try ${VALUE}` }] }), cancel());
    await vi.waitFor(() => expect(f.pending).toHaveLength(1));
    expect(f.pending[0]).toMatchObject({ tier: 'read', warning: WARNING, arguments: { list: [{ text: 'try [secret GITHUB_TOKEN of github]' }] } });
    // Only the wrong guess ran so far.
    expect(f.pool).toHaveLength(1);
    // The person may have pasted the token to the agent: allowed, it runs.
    await f.approvals.allow(f.pending[0]?.id ?? '');
    expect(await held).toEqual({ ok: true, value: 'sent' });
    expect(f.pool).toHaveLength(2);
    expect(f.audit[1]).toMatchObject({ outcome: 'ok', approval: 'person', warning: WARNING });
    expect(JSON.stringify(f.audit)).not.toContain(VALUE);
  });

  it('is held when the value is split across adjacent strings a tool may join, or text items an agent reads as one; the card and audit show neither piece', async () => {
    redactor.addSecret(VALUE, { from: 'vault', name: 'GITHUB_TOKEN of github' });
    const f = fake({ auditArguments: true });
    const [head, tail] = [VALUE.slice(0, 11), VALUE.slice(11)];
    const split = [{ parts: [head, tail] }, { content: [{ type: 'text', text: head }, { type: 'text', text: tail }] }];
    const named = '[secret GITHUB_TOKEN of github]';
    const shown = [{ parts: [named, named] }, { content: [{ type: 'text', text: named }, { type: 'text', text: named }] }];
    for (const [i, args] of split.entries()) {
      const held = passGate(f.ctx, allowed(f, args), cancel());
      await vi.waitFor(() => expect(f.pending).toHaveLength(i + 1));
      expect(f.pending[i]?.warning).toMatch(new RegExp(`^${WARNING}`));
      expect(f.pending[i]?.arguments).toEqual(shown[i]);
      f.approvals.deny(f.pending[i]?.id ?? '');
      expect(await held).toMatchObject({ ok: false, step: 'approval' });
    }
    expect(f.pool).toHaveLength(0);
    expect(f.audit.map((entry) => entry.arguments)).toEqual([{ parts: ['[redacted]', '[redacted]'] }, { content: [{ type: 'text', text: '[redacted]' }, { type: 'text', text: '[redacted]' }] }]);
    for (const piece of [head, tail]) expect(JSON.stringify([f.pending, f.audit])).not.toContain(piece);
  });

  it('is refused, once denied or timed out, as any call the person did not approve is', async () => {
    redactor.addSecret(VALUE, { from: 'vault', name: 'GITHUB_TOKEN of github' });
    const f = fake();
    const ordinary = passGate(f.ctx, asked(f), cancel());
    const held = passGate(f.ctx, allowed(f, { text: VALUE }), cancel());
    await vi.waitFor(() => expect(f.pending).toHaveLength(2));
    for (const p of f.pending) f.approvals.deny(p.id);
    const [plain, warned] = [await ordinary, await held];
    expect(warned).toEqual(plain);
    expect(JSON.stringify(warned)).not.toContain(VALUE);
    expect(JSON.stringify(warned)).not.toContain('GITHUB_TOKEN');
    expect(f.audit.map((e) => [e.outcome, e.approval, e.warning])).toEqual([
      ['denied', 'person', undefined],
      ['denied', 'person', WARNING],
    ]);

    vi.useFakeTimers();
    const late = passGate(f.ctx, allowed(f, { text: VALUE }), cancel());
    await vi.waitFor(() => expect(f.pending).toHaveLength(3));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(await late).toMatchObject({ ok: false, step: 'approval', error: { code: 'denied' } });
    expect(f.audit[2]).toMatchObject({ outcome: 'denied', approval: 'timeout', warning: `${WARNING} (the 2nd such call of claude since Connected Services started)` });
    expect(f.pool).toHaveLength(0);
  });

  it('is not released by an "always allow" given to another call of that tool', async () => {
    redactor.addSecret(VALUE, { from: 'vault', name: 'GITHUB_TOKEN of github' });
    const f = fake();
    const ordinary = passGate(f.ctx, asked(f), cancel());
    const held = passGate(f.ctx, asked(f, { text: VALUE }), cancel());
    await vi.waitFor(() => expect(f.pending).toHaveLength(2));
    await f.approvals.allow(f.pending[0]?.id ?? '', { remember: true });
    expect(await ordinary).toMatchObject({ ok: true });
    expect(f.approvals.list().map((p) => p.warning)).toEqual([WARNING]);
    f.approvals.deny(f.pending[1]?.id ?? '');
    expect(await held).toMatchObject({ ok: false, step: 'approval' });
  });

  it('refuses a name or URI holding the value before the lookup, as a name naming nothing; the person sees it past the refusal bound', async () => {
    redactor.addSecret(VALUE, { from: 'vault', name: 'GITHUB_TOKEN of github' });
    const f = fake();
    let looked = 0;
    const unknown = { code: 'not_found' as const, message: 'unknown tool (a name of 30 characters)' };
    const named = (asked: string, kind: GateCall<string>['kind']): GateCall<string> => {
      const call: GateCall<string> = { ...allowed(f, {}), kind, asked, unknown: () => unknown, find: () => ((looked += 1), Promise.resolve({ error: unknown })) };
      delete call.args;
      return call;
    };
    for (const kind of ['tool', 'prompt', 'resource'] as const) {
      expect(await passGate(f.ctx, named(kind === 'resource' ? `memo://${VALUE}` : VALUE, kind), cancel())).toEqual({ ok: false, step: 'lookup', error: unknown });
    }
    expect(looked).toBe(0);
    expect(await passGate(f.ctx, named('ghp_vault-value-hold-test-5308', 'tool'), cancel())).toEqual({ ok: false, step: 'lookup', error: unknown });
    expect(looked).toBe(1);
    expect(f.pending).toEqual([]);
    // The three held names are written as the person's to see, not among the refusals the agent caused alone.
    // Each says what held the value, and from the second on how many of the agent's calls held one.
    const from = 'the value of GITHUB_TOKEN of github from the vault';
    expect(f.audit.map((e) => [e.outcome, e.warning])).toEqual([
      ['denied', `its name holds ${from}`],
      ['denied', `its name holds ${from} (the 2nd such call of claude since Connected Services started)`],
      ['denied', `the resource address holds ${from} (the 3rd such call of claude since Connected Services started)`],
      ['error', undefined],
    ]);
    expect(f.alone).toEqual([f.audit[3]]);
    expect(JSON.stringify(f.audit)).not.toContain(VALUE);
  });

  it('holds a read whose URI a template matches for the person, as arguments are; one naming nothing is answered as a wrong guess is, the person told', async () => {
    redactor.addSecret(VALUE, { from: 'vault', name: 'GITHUB_TOKEN of github' });
    const f = fake();
    const unknown = { code: 'not_found' as const, message: 'no resource among the services you may use has that URI (a URI of 40 characters)' };
    // A template `memo://{id}` of `mail` matches every memo:// URI; nothing else is found.
    const read = (uri: string): GateCall<string> => {
      const call: GateCall<string> = {
        ...allowed(f, {}),
        kind: 'resource',
        asked: uri,
        sendsAsked: true,
        unknown: () => unknown,
        find: () => Promise.resolve(uri.startsWith('memo://') ? { target: { server: 'mail', name: uri, tier: 'read', decision: 'allow' } } : { error: unknown }),
        run: () => Promise.resolve('read'),
      };
      delete call.args;
      return call;
    };
    const address = 'the resource address holds the value of GITHUB_TOKEN of github from the vault';
    expect(await passGate(f.ctx, read('memo://ghp_vault-value-hold-test-5308'), cancel())).toEqual({ ok: true, value: 'read' });
    const held = passGate(f.ctx, read(`memo://${VALUE}`), cancel());
    await vi.waitFor(() => expect(f.pending).toHaveLength(1));
    expect(f.pending[0]).toMatchObject({ kind: 'resource', warning: address });
    f.approvals.deny(f.pending[0]?.id ?? '');
    expect(await held).toMatchObject({ ok: false, step: 'approval', error: { code: 'denied' } });

    const [wrong, right] = [await passGate(f.ctx, read('none://ghp_vault-value-hold-test-5308'), cancel()), await passGate(f.ctx, read(`none://${VALUE}`), cancel())];
    expect(right).toEqual(wrong);
    expect(f.audit.map((e) => [e.outcome, e.warning])).toEqual([
      ['ok', undefined],
      ['denied', address],
      ['error', undefined],
      ['denied', `${address} (the 2nd such call of claude since Connected Services started)`],
    ]);
    // The wrong guess is among the refusals the agent caused alone; the right one is the person's to see.
    expect(f.alone).toEqual([f.audit[2]]);
  });

  it('never holds a call the policy refuses', async () => {
    redactor.addSecret(VALUE, { from: 'vault', name: 'GITHUB_TOKEN of github' });
    const f = fake();
    const blocked = { ...allowed(f, { text: VALUE }), find: () => Promise.resolve({ target: { server: 'mail', name: 'send_email', tier: 'read' as const, decision: 'deny' as const } }) };
    expect(await passGate(f.ctx, blocked, cancel())).toMatchObject({ ok: false, step: 'policy' });
    expect(f.pending).toHaveLength(0);
  });

  it('names a secret nobody labelled as one we hold, without its value', async () => {
    redactor.addSecret(VALUE);
    const f = fake();
    const held = passGate(f.ctx, allowed(f, { text: VALUE }), cancel());
    await vi.waitFor(() => expect(f.pending).toHaveLength(1));
    expect(f.pending[0]?.warning).toBe('its arguments hold the value of a secret Connected Services holds');
    f.approvals.deny(f.pending[0]?.id ?? '');
    await held;
  });

  it('says where the value came from, and when it is a former value of that secret', async () => {
    redactor.addSecret('env-held-value-0123', { from: 'env', name: 'HOME_TOKEN' });
    redactor.addSecret('at-held-sign-in-0123', { from: 'sign-in', server: 'linear' });
    redactor.addSecret('at-held-sign-in-0124', { from: 'sign-in', server: 'linear' });
    redactor.addSecret('pass-held-value-0123', { from: 'store', store: 'pass', name: 'work/mail' });
    const reasons: [string, string][] = [
      ['env-held-value-0123', 'its arguments hold the value of the environment variable HOME_TOKEN'],
      ['at-held-sign-in-0124', 'its arguments hold the sign-in token of linear'],
      ['at-held-sign-in-0123', 'its arguments hold a former sign-in token of linear'],
      ['pass-held-value-0123', 'its arguments hold the value of the pass entry work/mail'],
    ];
    for (const [value, reason] of reasons) {
      // A bridge of its own for each: the count of an agent's held calls is per bridge.
      const f = fake();
      const held = passGate(f.ctx, allowed(f, { text: value }), cancel());
      await vi.waitFor(() => expect(f.pending).toHaveLength(1));
      expect(f.pending[0]?.warning).toBe(reason);
      f.approvals.deny(f.pending[0]?.id ?? '');
      await held;
      expect(f.audit[0]?.warning).toBe(reason);
    }
  });
});
