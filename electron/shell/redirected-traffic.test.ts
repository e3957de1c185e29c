import { describe, expect, it } from 'vitest';
import { refuseRedirectedTraffic, trafficRedirected } from './redirected-traffic';

const APP = '/opt/Connected Services/connected-services-desktop';
const asked = (argv: string[], platform: NodeJS.Platform = 'linux') => trafficRedirected([APP, ...argv], platform);

describe('trafficRedirected', () => {
  it.each([
    [['--host-rules=MAP * 127.0.0.1:9999'], '--host-rules'],
    [['--host-resolver-rules=MAP api.example.com 127.0.0.1'], '--host-resolver-rules'],
    [['--proxy-server=127.0.0.1:8080'], '--proxy-server'],
    [['--proxy-server', 'socks5://127.0.0.1:1080'], '--proxy-server'],
    [['--proxy-pac-url=http://127.0.0.1:8000/proxy.pac'], '--proxy-pac-url'],
    [['--proxy-auto-detect'], '--proxy-auto-detect'],
    [['--proxy-bypass-list=<-loopback>'], '--proxy-bypass-list'],
    [['--log-net-log=/tmp/net.json'], '--log-net-log'],
    [['--net-log-capture-mode=Everything'], '--net-log-capture-mode'],
    [['--ssl-key-log-file=/tmp/keys'], '--ssl-key-log-file'],
    // Chromium reads one dash as two; Windows ignores case and takes a slash.
    [['-host-rules=MAP * 127.0.0.1'], '-host-rules'],
    [['--hidden', '--Proxy-Server=127.0.0.1:8080'], '--Proxy-Server'],
  ])('%j sends the window’s requests elsewhere', (argv, what) => {
    expect(asked(argv)).toBe(what);
  });

  it('takes a slash for a switch on Windows only', () => {
    expect(asked(['/proxy-server=127.0.0.1:8080'], 'win32')).toBe('/proxy-server');
    expect(asked(['/proxy-server=127.0.0.1:8080'])).toBeUndefined();
  });

  it('leaves a start without them, one that takes a proxy away, and a deep link that spells one', () => {
    expect(asked([])).toBeUndefined();
    expect(asked(['--hidden', '--no-sandbox'])).toBeUndefined();
    expect(asked(['--no-proxy-server'])).toBeUndefined();
    expect(asked(['connected-services://service/--proxy-server=x'])).toBeUndefined();
    // argv[0] is the binary, whatever its name.
    expect(trafficRedirected(['--host-rules=MAP * x'], 'linux')).toBeUndefined();
  });
});

describe('refuseRedirectedTraffic', () => {
  it('refuses in the words the other refusals use, naming the switch and why, with no way around it', () => {
    expect(refuseRedirectedTraffic([APP, '--hidden'], 'linux')).toBeUndefined();
    const refused = refuseRedirectedTraffic([APP, '--host-rules=MAP * 127.0.0.1:9999'], 'linux');
    expect(refused).toMatch(/^Connected Services does not start with --host-rules: it would let another program on this computer /);
    expect(refused).toContain("a service's app");
    expect(refused).toMatch(/\n\nStart it without that option\.$/);
    expect(refused).not.toContain('CONNECTED_SERVICES_DEV');
  });

  it('names the network for proxy auto-detection, whose PAC script a host answering as wpad serves', () => {
    expect(refuseRedirectedTraffic([APP, '--proxy-auto-detect'], 'linux')).toMatch(/^Connected Services does not start with --proxy-auto-detect: it would let a program on this computer or any host of the network that answers as wpad read what the window sends/);
  });
});
