import type { Server } from 'node:http';

/**
 * Node answers `Expect: 100-continue` with 100 on its own, inviting a body the bridge would only
 * drop. A declared Content-Length over the bound gets no 100: the request is handled without one, so
 * its 413 (or an earlier refusal) is the final answer, and Node closes the connection after it
 * (RFC 9110 §10.1.1). Any other request gets its 100 and is handled as Node would.
 */
export function continueWithinBound(server: Server, maxBodyBytes: number): void {
  server.on('checkContinue', (req, res) => {
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (!(Number.isFinite(declared) && declared > maxBodyBytes)) res.writeContinue();
    server.emit('request', req, res);
  });
}
