import type { Server as HttpServer } from 'node:http';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';

export const BRIDGE_HOST = '127.0.0.1';

/** Listens on 127.0.0.1 only; resolves the bound port (the OS picks one for port 0). */
export function listenOnLoopback(server: HttpServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new CodedError('server_unavailable', `port ${port} is in use; is another Connected Services running? choose another with --bridge-port`, {
            hint: `stop the other process, or set "settings": { "bridgePort": … } in mcp.json`,
            data: { port },
          }),
        );
      } else {
        reject(new CodedError('internal', redact(`the bridge could not listen on ${BRIDGE_HOST}:${port}: ${error.message}`), { cause: error }));
      }
    };
    server.once('error', onError);
    server.listen(port, BRIDGE_HOST, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
