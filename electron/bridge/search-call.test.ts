import { afterEach, describe, expect, it, vi } from 'vitest';
import { redactor } from '../../shared/redact';
import { AGENT, fake as gateWorld } from '../../test/support/fake-gate';
import type { Agent } from './agent-schema';
import { ERROR_META_KEY } from './agent-errors';
import { callSearchTool } from './search-call';
import { StoppedWaiting } from './stopped-waiting';

/** The gate's world, its one service `mail` configured: search_tools takes only a `server` that is. */
function fake(options?: Parameters<typeof gateWorld>[0]): ReturnType<typeof gateWorld> {
  const world = gateWorld(options);
  (world.ctx.pool as unknown as { statuses: () => Array<{ name: string }> }).statuses = () => [{ name: 'mail' }];
  return world;
}

const VALUE = 'ghp_search-query-hold-test-5309';
const WRONG = 'ghp_search-query-hold-test-5308';
const WARNING = 'its arguments hold the value of GITHUB_TOKEN of github from the vault';
const SEARCHER: Agent = { ...AGENT, toolMode: 'search' };

afterEach(() => redactor.removeSecret(VALUE));

const noCall = (): never => {
  throw new Error('no call tool is called here');
};
const signal = (): AbortSignal => new AbortController().signal;

describe("search_tools' query holding a value from the vault", () => {
  it('is held for the person, answered once allowed as a wrong guess is at once; audited with the warning, never the value', async () => {
    redactor.addSecret(VALUE, { from: 'vault', name: 'GITHUB_TOKEN of github' });
    const f = fake({ auditArguments: true });
    const search = (guess: string) => callSearchTool(f.ctx, SEARCHER, 'search_tools', { query: `send_email ${guess}` }, noCall, false, signal);
    const wrong = await search(WRONG);
    expect(wrong.isError).not.toBe(true);
    expect(wrong.content).toEqual([{ type: 'text', text: expect.stringMatching(/^\{"tools":/) as unknown }]);
    expect(f.pending).toEqual([]);
    expect(f.audit).toEqual([]);

    let answered = false;
    const held = search(VALUE).then((result) => ((answered = true), result));
    await vi.waitFor(() => expect(f.pending).toHaveLength(1));
    expect(f.pending[0]).toMatchObject({ agent: 'claude', server: '', kind: 'tool', tool: 'search_tools', tier: 'read', warning: WARNING, arguments: { query: 'send_email [secret GITHUB_TOKEN of github]' } });
    expect(answered).toBe(false);
    // Not a service's tool: no rule could name it.
    await expect(f.approvals.allow(f.pending[0]?.id ?? '', { remember: true })).rejects.toMatchObject({ code: 'invalid_input' });
    await f.approvals.allow(f.pending[0]?.id ?? '');
    expect(await held).toEqual(wrong);
    expect(f.audit).toHaveLength(1);
    expect(f.audit[0]).toMatchObject({ agent: 'claude', server: '', kind: 'tool', tool: 'search_tools', outcome: 'ok', approval: 'person', warning: WARNING });
    expect(JSON.stringify(f.audit)).not.toContain(VALUE);
  });

  it('is refused, once denied, as any call the person did not approve; nothing searched', async () => {
    redactor.addSecret(VALUE, { from: 'vault', name: 'GITHUB_TOKEN of github' });
    const f = fake();
    const held = callSearchTool(f.ctx, SEARCHER, 'search_tools', { query: VALUE, server: 'mail' }, noCall, false, signal);
    await vi.waitFor(() => expect(f.pending).toHaveLength(1));
    f.approvals.deny(f.pending[0]?.id ?? '');
    const refused = await held;
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused)).toContain('the person denied the call');
    // Our own tool is of no server: its refusal names none, not an empty one.
    expect(refused._meta?.[ERROR_META_KEY]).not.toHaveProperty('server');
    expect(JSON.stringify(refused)).not.toContain(VALUE);
    expect(JSON.stringify(refused)).not.toContain('nothingFits');
    expect(f.audit.map((e) => [e.tool, e.outcome, e.errorCode, e.approval, e.warning])).toEqual([['search_tools', 'denied', 'denied', 'person', WARNING]]);
  });

  it('answers a service it may not search first, as for a wrong guess: a value in `server` is never held', async () => {
    redactor.addSecret(VALUE, { from: 'vault', name: 'GITHUB_TOKEN of github' });
    const f = fake();
    const only: Agent = { ...SEARCHER, servers: ['mail'] };
    const [wrong, right] = [
      await callSearchTool(f.ctx, only, 'search_tools', { query: 'send', server: WRONG }, noCall, false, signal),
      await callSearchTool(f.ctx, only, 'search_tools', { query: 'send', server: VALUE }, noCall, false, signal),
    ];
    expect(right).toEqual(wrong);
    expect(f.pending).toEqual([]);
    expect(f.audit.map((e) => [e.outcome, e.warning])).toEqual([['denied', 'the service name it asks for holds the value of GITHUB_TOKEN of github from the vault']]);
  });

  it('is withdrawn when the stream that would carry its answer closed: audited as the agent stopping, nothing searched', async () => {
    redactor.addSecret(VALUE, { from: 'vault', name: 'GITHUB_TOKEN of github' });
    const f = fake();
    const gone = (): AbortSignal => AbortSignal.abort(new StoppedWaiting());
    const refused = await callSearchTool(f.ctx, SEARCHER, 'search_tools', { query: VALUE }, noCall, false, gone);
    expect(refused.isError).toBe(true);
    expect(f.approvals.list()).toEqual([]);
    expect(f.audit[0]).toMatchObject({ tool: 'search_tools', outcome: 'cancelled', approval: 'gone', warning: WARNING });
    expect(f.audit[0]?.errorCode).toBeUndefined();
  });
});
