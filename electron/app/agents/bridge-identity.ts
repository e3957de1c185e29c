import { request } from 'node:http';
import { AUTH_REALM, MCP_PATH } from '../../bridge';

/** How long a bridge on this machine has to answer; a program that does not is not ours. */
const PROBE_MS = 1000;

/**
 * Whether what listens on `port` is another Connected Services' bridge: its `/mcp` refuses a
 * request without a token with our realm (RFC 6750 §3, `WWW-Authenticate: Bearer realm=…`).
 * Its own connection, closed whatever happens: a program that never answers is not held open.
 */
export function isConnectedServicesBridge(port: number, withinMs = PROBE_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: MCP_PATH, method: 'GET', agent: false }, (res) => {
      const challenge = res.headers['www-authenticate'] ?? '';
      settle(res.statusCode === 401 && challenge.includes(`realm="${AUTH_REALM}"`));
    });
    // A whole bound, not the socket's idle one: a program trickling its headers a byte at a time resets an idle timer for hours.
    const bound = setTimeout(() => settle(false), withinMs);
    function settle(ours: boolean): void {
      clearTimeout(bound);
      resolve(ours);
      req.destroy();
    }
    req.on('error', () => settle(false));
    req.on('close', () => settle(false));
    req.end();
  });
}
