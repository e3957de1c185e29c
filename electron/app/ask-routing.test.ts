import { describe, expect, it } from 'vitest';
import { routeElicitation, routeSampling, type AgentFacts } from './ask-routing';

const capable: AgentFacts = { agent: 'a', settings: { elicitation: 'allow', sampling: 'ask' }, canElicit: { form: true, url: true }, canSample: true };
const plain: AgentFacts = { ...capable, canElicit: { form: false, url: false }, canSample: false };

describe('routing a server\'s request', () => {
  it('elicitation: the agent when allowed and able, else the person; outside an agent\'s call the person', () => {
    expect(routeElicitation('form', capable)).toEqual({ to: 'agent' });
    expect(routeElicitation('url', { ...capable, canElicit: { form: true, url: false } })).toEqual({ to: 'person' });
    expect(routeElicitation('form', plain)).toEqual({ to: 'person' });
    expect(routeElicitation('form', { ...capable, settings: { elicitation: 'deny', sampling: 'ask' } })).toEqual({ to: 'person' });
    expect(routeElicitation('form', undefined)).toEqual({ to: 'person' });
  });

  it('sampling: the person approves, then the agent; refused with a reason otherwise', () => {
    expect(routeSampling(capable)).toEqual({ to: 'person-then-agent' });
    const reason = (route: ReturnType<typeof routeSampling>): string => (route.to === 'refuse' ? route.reason : `not refused: ${route.to}`);
    expect(reason(routeSampling(plain))).toBe('the client of agent "a" does not support sampling');
    expect(reason(routeSampling({ ...capable, settings: { elicitation: 'allow', sampling: 'deny' } }))).toBe('the settings of agent "a" refuse sampling requests');
    expect(reason(routeSampling(undefined))).toContain('not part of an agent');
  });
});
