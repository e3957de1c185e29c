import { AUTH_REALM, MCP_PATH } from '../../bridge';

/** How long a bridge on this machine has to answer; a program that does not is not ours. */
const PROBE_MS = 1000;

/**
 * Whether what listens on `port` is another Connected Services' bridge: its `/mcp` refuses a
 * request without a token with our realm (RFC 6750 §3, `WWW-Authenticate: Bearer realm=…`).
 */
export async function isConnectedServicesBridge(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${MCP_PATH}`, { method: 'GET', signal: AbortSignal.timeout(PROBE_MS) });
    await res.body?.cancel();
    return res.status === 401 && (res.headers.get('www-authenticate') ?? '').includes(`realm="${AUTH_REALM}"`);
  } catch {
    return false;
  }
}
