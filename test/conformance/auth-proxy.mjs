// The conformance suite's server leg has no way to send an Authorization header: its scenarios
// reach the server through the SDK's StreamableHTTPClientTransport built with no options, plain
// fetch, undici's request and node:http, none of which take headers from the command line or the
// environment (checked in @modelcontextprotocol/conformance 0.2.0-alpha.12's dist/index.js). The
// bridge refuses a request without an agent's token (401), so the suite talks to this proxy on
// 127.0.0.1 instead, which adds `Authorization: Bearer <token>` and forwards everything else as it
// came: method, path, body and headers, streamed both ways (SSE included), a closed client
// connection closing the upstream one.
//
// Host and Origin: the suite builds them from the URL it was given, which names this proxy. A Host
// (or an Origin `http://<host>`) that names exactly this proxy is rewritten to name the bridge, as
// any reverse proxy does for its upstream; every other value (the DNS-rebinding scenario's
// `evil.example.com`) is forwarded untouched, so the bridge's own Host and Origin checks are what
// the suite measures.
import http from 'node:http';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/**
 * @param {{ target: string, token: string }} options target: the bridge's URL (http://127.0.0.1:PORT/mcp)
 * @returns {Promise<{ url: string, close: () => Promise<void> }>} url: the same path on the proxy
 */
export async function startAuthProxy({ target, token }) {
  const upstream = new URL(target);
  let ownHost = '';
  const server = http.createServer((req, res) => {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (HOP_BY_HOP.has(name) || value === undefined) continue;
      headers[name] = value;
    }
    if (headers.host === ownHost) headers.host = upstream.host;
    if (headers.origin === `http://${ownHost}`) headers.origin = `http://${upstream.host}`;
    headers.authorization = `Bearer ${token}`;
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        const back = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) back[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, back);
        res.flushHeaders();
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    out.on('error', (error) => {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`auth proxy: ${error.message}`);
      } else res.destroy();
    });
    res.on('close', () => {
      if (!res.writableFinished) out.destroy();
    });
    req.pipe(out);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  ownHost = `127.0.0.1:${port}`;
  return {
    url: `http://${ownHost}${upstream.pathname}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
