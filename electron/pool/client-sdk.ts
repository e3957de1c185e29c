import type * as ClientModule from '@modelcontextprotocol/sdk/client/index.js';
import type * as HttpModule from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type * as AuthModule from '@modelcontextprotocol/sdk/client/auth.js';
import type * as TypesModule from '@modelcontextprotocol/sdk/types.js';

/** The SDK's types module: its schemas and McpError (the client modules import it anyway). */
export type SdkTypes = typeof TypesModule;

/** The SDK's client modules, loaded on the first connection: importing them costs ~100 ms of start-up. */
export interface ClientSdk {
  Client: typeof ClientModule.Client;
  StreamableHTTPClientTransport: typeof HttpModule.StreamableHTTPClientTransport;
  StreamableHTTPError: typeof HttpModule.StreamableHTTPError;
  UnauthorizedError: typeof AuthModule.UnauthorizedError;
  types: SdkTypes;
}

let loading: Promise<ClientSdk> | undefined;
let loaded: ClientSdk | undefined;

let loadingTypes: Promise<SdkTypes> | undefined;

/** The SDK's types.js on first use (a transport's first start, a session's first server), once. */
export function loadSdkTypes(): Promise<SdkTypes> {
  loadingTypes ??= import('@modelcontextprotocol/sdk/types.js');
  return loadingTypes;
}

export function loadClientSdk(): Promise<ClientSdk> {
  loading ??= Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/client/auth.js'),
    loadSdkTypes(),
  ]).then(([client, http, auth, types]) => {
    loaded = {
      Client: client.Client,
      StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
      StreamableHTTPError: http.StreamableHTTPError,
      UnauthorizedError: auth.UnauthorizedError,
      types,
    };
    return loaded;
  });
  return loading;
}

/** The modules if a connection loaded them; before that no error of theirs can exist. */
export function clientSdkIfLoaded(): ClientSdk | undefined {
  return loaded;
}
