import { switchName } from './switch-name';

/**
 * Chromium switches that send what the window's frames request somewhere the switch names: a host
 * map (`--host-rules` rewrites any host and port, an address too; `--host-resolver-rules` any name)
 * and a proxy (`--proxy-server`, `--proxy-pac-url`, `--proxy-auto-detect`, which takes the proxy from
 * a PAC script whoever answers the name `wpad` on the network serves; `--proxy-bypass-list` may take
 * loopback out of the never-proxied addresses). Whatever runs there, another program on this computer, reads and
 * answers a service's app's plain-HTTP requests (an app of a local server talks to 127.0.0.1) and
 * learns every host the apps reach. Alike, a file the switch names: `--log-net-log` (every request,
 * headers and with `--net-log-capture-mode` bodies too) and `--ssl-key-log-file` (TLS session keys).
 * `--no-proxy-server` only takes a proxy away; the system's proxy settings (on Linux outside GNOME and
 * KDE, `https_proxy`, `all_proxy` and `auto_proxy` in the environment) are the person's and still apply
 * (SECURITY.md).
 */
const REDIRECTING = new Set([
  'host-rules',
  'host-resolver-rules',
  'proxy-server',
  'proxy-pac-url',
  'proxy-auto-detect',
  'proxy-bypass-list',
  'log-net-log',
  'net-log-capture-mode',
  'ssl-key-log-file',
]);

/** What in this start's arguments sends the window's requests elsewhere (`--proxy-server`), or undefined. */
export function trafficRedirected(argv: readonly string[], platform: NodeJS.Platform): string | undefined {
  for (const arg of argv.slice(1)) {
    const name = switchName(arg, platform);
    if (name !== undefined && REDIRECTING.has(name)) return arg.split('=', 1)[0];
  }
  return undefined;
}

/** Why this start is refused, or undefined to go on; no variable lets these through, a development build's neither. */
export function refuseRedirectedTraffic(argv: readonly string[], platform: NodeJS.Platform): string | undefined {
  const asked = trafficRedirected(argv, platform);
  if (asked === undefined) return undefined;
  // Not only a program here: any host of the network that answers the name `wpad`.
  const who = switchName(asked, platform) === 'proxy-auto-detect' ? 'a program on this computer or any host of the network that answers as wpad' : 'another program on this computer';
  return (
    `Connected Services does not start with ${asked}: it would let ${who} read what the window sends and answer it in a service's place, so see and change what a service's app sends and shows.\n\n` +
    'Start it without that option.'
  );
}
