import type * as ClientModule from '@modelcontextprotocol/sdk/client/index.js';
import type * as HttpModule from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type * as AuthModule from '@modelcontextprotocol/sdk/client/auth.js';

/** The SDK's client modules, loaded on the first connection: importing them costs ~100 ms of start-up. */
export interface ClientSdk {
  Client: typeof ClientModule.Client;
  StreamableHTTPClientTransport: typeof HttpModule.StreamableHTTPClientTransport;
  StreamableHTTPError: typeof HttpModule.StreamableHTTPError;
  UnauthorizedError: typeof AuthModule.UnauthorizedError;
}

let loading: Promise<ClientSdk> | undefined;
let loaded: ClientSdk | undefined;

export function loadClientSdk(): Promise<ClientSdk> {
  loading ??= Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/client/auth.js'),
  ]).then(([client, http, auth]) => {
    loaded = {
      Client: client.Client,
      StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
      StreamableHTTPError: http.StreamableHTTPError,
      UnauthorizedError: auth.UnauthorizedError,
    };
    return loaded;
  });
  return loading;
}

/** The modules if a connection loaded them; before that no error of theirs can exist. */
export function clientSdkIfLoaded(): ClientSdk | undefined {
  return loaded;
}
