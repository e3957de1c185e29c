import { describe, expect, it } from 'vitest';
import { isAppOnly, isVisibleToApps, resourceApp, toolApp } from './ui-meta';

describe('toolApp', () => {
  it('reads the current form and the first form of the app address', () => {
    expect(toolApp({ ui: { resourceUri: 'ui://weather/view.html' } })).toEqual({ resourceUri: 'ui://weather/view.html', visibility: ['model', 'app'] });
    expect(toolApp({ 'ui/resourceUri': 'ui://weather/old.html' })).toEqual({ resourceUri: 'ui://weather/old.html', visibility: ['model', 'app'] });
    expect(toolApp({ ui: { resourceUri: 'ui://a/new.html' }, 'ui/resourceUri': 'ui://a/old.html' })?.resourceUri).toBe('ui://a/new.html');
  });

  it('counts no app for tools without one, and for addresses that are not ui://', () => {
    expect(toolApp(undefined)).toBeUndefined();
    expect(toolApp({ other: 1 })).toBeUndefined();
    expect(toolApp({ ui: { resourceUri: 'https://evil.example/x.html' } })).toBeUndefined();
    expect(toolApp({ 'ui/resourceUri': 'file:///etc/passwd' })).toBeUndefined();
    expect(toolApp({ ui: { resourceUri: `ui://${'a'.repeat(3000)}` } })).toBeUndefined();
  });

  it('tells app-only tools from the rest', () => {
    expect(isAppOnly({ ui: { visibility: ['app'] } })).toBe(true);
    expect(isAppOnly({ ui: { resourceUri: 'ui://a/b', visibility: ['model'] } })).toBe(false);
    expect(isAppOnly({ ui: { resourceUri: 'ui://a/b' } })).toBe(false);
    expect(isAppOnly({})).toBe(false);
    expect(isVisibleToApps({ ui: { visibility: ['model'] } })).toBe(false);
    expect(isVisibleToApps({})).toBe(true);
    // A malformed visibility is no declaration at all: visible to both, as by default.
    expect(isAppOnly({ ui: { visibility: ['robots'] } })).toBe(false);
  });
});

describe('resourceApp', () => {
  it('keeps the declared policy and drops malformed metadata whole', () => {
    expect(resourceApp({ ui: { csp: { connectDomains: ['https://api.example.com'] }, permissions: { camera: {} } } })).toEqual({
      csp: { connectDomains: ['https://api.example.com'] },
      permissions: { camera: {} },
    });
    expect(resourceApp({ ui: { csp: { connectDomains: 'https://api.example.com' } } })).toEqual({});
    expect(resourceApp({ ui: { csp: { connectDomains: Array.from({ length: 100 }, () => 'https://a.example') } } })).toEqual({});
    expect(resourceApp(null)).toEqual({});
  });
});
