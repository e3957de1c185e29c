import { describe, expect, it } from 'vitest';
import { deepLinkFromArgv, parseDeepLink } from './deep-link';

describe('parseDeepLink', () => {
  it('opens a service screen or the approvals', () => {
    expect(parseDeepLink('connected-services://service/github')).toEqual({ screen: 'service', server: 'github' });
    expect(parseDeepLink('connected-services://service/my_server-2/')).toEqual({ screen: 'service', server: 'my_server-2' });
    expect(parseDeepLink('Connected-Services://service/github')).toEqual({ screen: 'service', server: 'github' });
    expect(parseDeepLink('connected-services://approvals')).toEqual({ screen: 'activity' });
    expect(parseDeepLink('connected-services://approvals/')).toEqual({ screen: 'activity' });
  });

  it('refuses other schemes', () => {
    for (const url of [
      'https://service/github',
      'file:///etc/passwd',
      'javascript:alert(1)//connected-services://service/x',
      'connected-service://service/github',
      'xconnected-services://service/github',
      'connected-services:service/github',
      'connected-services:/service/github',
    ]) {
      expect(parseDeepLink(url), url).toBeNull();
    }
  });

  it('refuses traversal and encoding tricks', () => {
    for (const url of [
      'connected-services://service/../approvals',
      'connected-services://service/..',
      'connected-services://service/%2e%2e',
      'connected-services://service/a%2Fb',
      'connected-services://service/a%2fb',
      'connected-services://service/a/b',
      'connected-services://service/a\\b',
      'connected-services://service//github',
      'connected-services://service/',
      'connected-services://service',
      'connected-services://service/-leading-dash',
      'connected-services://service/%67ithub',
      'connected-services://SERVICE/github',
      'connected-services://APPROVALS',
    ]) {
      expect(parseDeepLink(url), url).toBeNull();
    }
  });

  it('refuses queries, fragments, credentials, ports and extra hosts carrying commands', () => {
    for (const url of [
      'connected-services://service/github?cmd=rm%20-rf',
      'connected-services://service/github?command=calc.exe',
      'connected-services://approvals?allow=all',
      'connected-services://service/github#x',
      'connected-services://user:pw@service/github',
      'connected-services://service:443/github',
      'connected-services://run/calc',
      'connected-services://open/https://evil.example',
      'connected-services://service/github --remote-debugging-port=9222',
      'connected-services://service/github\n--inspect',
      'connected-services://service/github\u0000',
      'connected-services://service/gіthub',
    ]) {
      expect(parseDeepLink(url), url).toBeNull();
    }
  });

  it('refuses over-long input and non-strings', () => {
    expect(parseDeepLink(`connected-services://service/${'a'.repeat(48)}`)).toEqual({ screen: 'service', server: 'a'.repeat(48) });
    expect(parseDeepLink(`connected-services://service/${'a'.repeat(49)}`)).toBeNull();
    expect(parseDeepLink(`connected-services://service/${'a'.repeat(100_000)}`)).toBeNull();
    for (const value of [undefined, null, 42, {}, ['connected-services://approvals']]) expect(parseDeepLink(value)).toBeNull();
  });
});

describe('deepLinkFromArgv', () => {
  it('finds the link among the arguments and ignores everything else', () => {
    expect(deepLinkFromArgv(['/opt/app/connected-services', '--hidden', 'connected-services://service/github'])).toEqual({ screen: 'service', server: 'github' });
    expect(deepLinkFromArgv(['/opt/app/connected-services', '--flag=connected-services://service/github'])).toBeNull();
    expect(deepLinkFromArgv(['/opt/app/connected-services', 'connected-services://service/../x', 'connected-services://approvals'])).toBeNull();
    expect(deepLinkFromArgv([])).toBeNull();
  });
});
