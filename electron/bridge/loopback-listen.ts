import type { Server as HttpServer } from 'node:http';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';

export const BRIDGE_HOST = '127.0.0.1';

/** What a port in use is told: the app's (serve's flag, mcp.json's setting) or a program's (its open option). */
export type PortOwner = 'app' | 'program';

function portInUse(port: number, owner: PortOwner): CodedError {
  if (owner === 'program') {
    return new CodedError('server_unavailable', `port ${port} is in use, so the program's bridge cannot listen there`, {
      hint: 'Pass another bridgePort to openConnectedServices, or none: its bridge then takes a free port',
      data: { port },
    });
  }
  return new CodedError('server_unavailable', `port ${port} is in use; is another Connected Services running? choose another with --bridge-port`, {
    hint: `stop the other process, or set "settings": { "bridgePort": … } in mcp.json`,
    data: { port },
  });
}

/** Listens on 127.0.0.1 only; resolves the bound port (the OS picks one for port 0). */
export function listenOnLoopback(server: HttpServer, port: number, owner: PortOwner = 'app'): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      if (error.code === 'EADDRINUSE') {
        reject(portInUse(port, owner));
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
