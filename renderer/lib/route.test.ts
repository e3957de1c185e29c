import { describe, expect, it } from 'vitest';
import { parseRoute, routeHref, type Route } from './route';

describe('hash routes', () => {
  it('parses every screen', () => {
    expect(parseRoute('')).toEqual({ screen: 'catalog' });
    expect(parseRoute('#/')).toEqual({ screen: 'catalog' });
    expect(parseRoute('#/agents')).toEqual({ screen: 'agents' });
    expect(parseRoute('#/activity/')).toEqual({ screen: 'activity' });
    expect(parseRoute('#/settings')).toEqual({ screen: 'settings' });
    expect(parseRoute('#/login/git%20hub')).toEqual({ screen: 'login', server: 'git hub' });
    expect(parseRoute('#/services/everything')).toEqual({ screen: 'service', server: 'everything', tab: 'overview' });
    expect(parseRoute('#/services/everything/tools/get%2Fenv')).toEqual({ screen: 'service', server: 'everything', tab: 'tools', tool: 'get/env' });
  });

  it('sends unknown or malformed addresses to the missing screen', () => {
    expect(parseRoute('#/nope').screen).toBe('missing');
    expect(parseRoute('#/services/x/bogus').screen).toBe('missing');
    expect(parseRoute('#/services/x/prompts/y').screen).toBe('missing');
    expect(parseRoute('#/login/%E0%A4%A').screen).toBe('missing');
  });

  it('round-trips through routeHref', () => {
    const routes: Route[] = [
      { screen: 'catalog' },
      { screen: 'agents' },
      { screen: 'login', server: 'a/b' },
      { screen: 'service', server: 'x', tab: 'resources' },
      { screen: 'service', server: 'x', tab: 'tools', tool: 'echo' },
    ];
    for (const route of routes) expect(parseRoute(routeHref(route))).toEqual(route);
  });
});
