import { describe, expect, it } from 'vitest';
import { normalizedRedirectUri, sameRedirectUri, slashedRedirectUri } from './redirect-uri';

const ours = 'http://127.0.0.1/callback';

describe('sameRedirectUri', () => {
  it.each([
    'http://127.0.0.1/callback',
    'HTTP://127.0.0.1/callback',
    'http://127.0.0.1:80/callback',
    'http://127.0.0.1:/callback',
    'Http://127.0.0.1:80/callback',
  ])('takes %s for ours', (registered) => {
    expect(sameRedirectUri(registered, ours)).toBe(true);
  });

  it.each([
    'http://127.0.0.1/callback/',
    'http://127.0.0.1/Callback',
    'http://localhost/callback',
    'http://2130706433/callback',
    'http://127.0.0.1./callback',
    'http://127.0.0.1:8080/callback',
    'https://127.0.0.1/callback',
    'http://127.0.0.1/x/../callback',
    'http://127.0.0.1/%63allback',
    'http://127.0.0.1/callback?x=1',
    'http://127.0.0.1/callback#x',
    'http://user@127.0.0.1/callback',
    'http:\\\\127.0.0.1\\callback',
    ' http://127.0.0.1/callback',
    'http://127.0.0.1/call\tback',
    'not a uri',
  ])('refuses %s', (registered) => {
    expect(sameRedirectUri(registered, ours)).toBe(false);
  });

  it('takes the host case and an empty path for "/", and a fixed port only as itself', () => {
    expect(normalizedRedirectUri('https://AS.Example.COM')).toBe('https://as.example.com/');
    expect(sameRedirectUri('https://as.example.com:443/', 'https://AS.example.com')).toBe(true);
    expect(sameRedirectUri('http://127.0.0.1:8765/callback', 'http://127.0.0.1:8765/callback')).toBe(true);
    expect(sameRedirectUri('HTTP://127.0.0.1:8765/callback', 'http://127.0.0.1:8765/callback')).toBe(true);
    expect(sameRedirectUri('http://127.0.0.1:8766/callback', 'http://127.0.0.1:8765/callback')).toBe(false);
    expect(sameRedirectUri('http://[::1]:80/callback', 'http://[::1]/callback')).toBe(true);
    expect(sameRedirectUri('http://[0:0::1]/callback', 'http://[::1]/callback')).toBe(false);
  });
});

describe('slashedRedirectUri', () => {
  it.each(['http://127.0.0.1/callback/', 'HTTP://127.0.0.1:80/callback/'])('tells %s for ours with a slash added', (registered) => {
    expect(slashedRedirectUri(registered, ours)).toBe(true);
  });

  it.each(['http://127.0.0.1/callback', 'http://127.0.0.1/callback//', 'http://localhost/callback/', 'http://127.0.0.1/callback/?x=1', 'http://127.0.0.1/other/'])('does not for %s', (registered) => {
    expect(slashedRedirectUri(registered, ours)).toBe(false);
  });

  it('does not for a URI that ends in a slash already', () => {
    expect(slashedRedirectUri('https://as.example//', 'https://as.example/')).toBe(false);
  });
});
