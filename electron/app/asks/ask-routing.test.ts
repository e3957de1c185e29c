import { describe, expect, it } from 'vitest';
import { routeElicitation, routeRoots, routeSampling, type AgentFacts } from './ask-routing';

const capable: AgentFacts = { agent: 'a', settings: { elicitation: 'allow', sampling: 'ask', roots: 'allow' }, canElicit: { form: true, url: true }, canSample: true, canListRoots: true };
const plain: AgentFacts = { ...capable, canElicit: { form: false, url: false }, canSample: false, canListRoots: false };

describe('routing a server\'s request', () => {
  it('elicitation: the agent when allowed and able, else the person; outside an agent\'s call the person', () => {
    expect(routeElicitation('form', capable)).toEqual({ to: 'agent' });
    expect(routeElicitation('url', { ...capable, canElicit: { form: true, url: false } })).toEqual({ to: 'person' });
    expect(routeElicitation('form', plain)).toEqual({ to: 'person' });
    expect(routeElicitation('form', { ...capable, settings: { elicitation: 'deny', sampling: 'ask', roots: 'allow' } })).toEqual({ to: 'person' });
    expect(routeElicitation('form', undefined)).toEqual({ to: 'person' });
  });

  it('sampling: the person approves, then the agent; refused with a reason otherwise', () => {
    expect(routeSampling(capable)).toEqual({ to: 'person-then-agent' });
    const reason = (route: ReturnType<typeof routeSampling>): string => (route.to === 'refuse' ? route.reason : `not refused: ${route.to}`);
    expect(reason(routeSampling(plain))).toBe('the client of agent "a" does not support sampling');
    expect(reason(routeSampling({ ...capable, settings: { elicitation: 'allow', sampling: 'deny', roots: 'allow' } }))).toBe('the settings of agent "a" refuse sampling requests');
    expect(reason(routeSampling(undefined))).toContain('not part of an agent');
  });

  it('roots of a server whose entry names none: the agent\'s client when it declared roots and its settings allow; else none', () => {
    expect(routeRoots(capable)).toEqual({ to: 'agent' });
    expect(routeRoots(plain).to).toBe('refuse');
    expect(routeRoots({ ...capable, settings: { ...capable.settings, roots: 'deny' } }).to).toBe('refuse');
    expect(routeRoots(undefined).to).toBe('refuse');
  });
});
