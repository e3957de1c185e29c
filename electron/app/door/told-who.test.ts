import { describe, expect, it } from 'vitest';
import { API_METHODS, type ApiInput, type ApiMethod, type AppApi, type Caller } from '../../../shared/api';
import { createApiDoor } from './api-door';

/** The person's API as a recorder of the second argument each method is given (who decided). */
function setup() {
  const told: Array<{ method: string; who: unknown }> = [];
  const methods: Record<string, unknown> = { on: () => () => undefined };
  for (const method of Object.keys(API_METHODS)) {
    methods[method] = (_input: unknown, who?: unknown) => {
      told.push({ method, who });
      return Promise.resolve(method === 'listAgents' || method === 'listApprovals' ? [] : { ok: true });
    };
  }
  const door = createApiDoor({ api: methods as unknown as AppApi, admin: { record: (entry) => ({ ...entry, id: 'e', time: 0 }) } });
  return { door, told };
}

/** Every method that records who decided (electron/app/decisions/decisions-api.ts `WithWho`), each power it can have. */
const DECIDING: Array<[ApiMethod, unknown]> = [
  ['decide', { kind: 'call', id: 'c1', answer: { decision: 'allow' } }],
  ['decide', { kind: 'call', id: 'c1', answer: { decision: 'deny' } }],
  ['decide', { kind: 'ask', id: 'k1', answer: { action: 'decline' } }],
  ['decide', { kind: 'toolChange', id: 't1', answer: { decision: 'accept' } }],
  ['decideApproval', { id: 'c1', decision: 'allow' }],
  ['decideApproval', { id: 'c1', decision: 'deny' }],
  ['decideConfirmation', { id: 'f1', decision: 'refuse' }],
  ['answerAsk', { id: 'k1', action: 'decline' }],
  ['reviewChanges', { name: 'gh', acceptAll: true }],
  ['reviewChanges', { name: 'gh', decisions: [{ kind: 'tool', name: 'x', decision: 'refuse' }] }],
];

describe('the door tells the deciding methods who decided', () => {
  // The decision record's `who` is this argument: a method not told it records `ipc` for every interface.
  it.each(['app', 'terminal'] as Caller[])('passes %s to each, whatever power its input gives it', async (caller) => {
    const { door, told } = setup();
    for (const [method, input] of DECIDING) await door.call({ caller }, method, input as ApiInput<typeof method>);
    const deciding = told.filter((t) => DECIDING.some(([m]) => m === t.method));
    expect(deciding).toEqual(DECIDING.map(([method]) => ({ method, who: caller })));
  });
});
