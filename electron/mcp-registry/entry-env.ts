import { CODE_LOADING_ENV } from '../../shared/config';
import { CodedError } from '../../shared/errors';

// Variables npx, uvx and docker read to choose where a package comes from or which daemon runs it
// (`npm_config_registry`, `UV_INDEX_URL`, `PIP_INDEX_URL`, `DOCKER_HOST`): the pinned version would be fetched elsewhere.
const RUNNER_PREFIXES = ['NPM_CONFIG_', 'UV_', 'PIP_', 'DOCKER_'];
// A proxy, or a certificate authority the entry picks, lets someone else answer for the package registry.
const TRANSPORT_ENV = new Set(['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'NODE_TLS_REJECT_UNAUTHORIZED', 'NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'REQUESTS_CA_BUNDLE', 'CURL_CA_BUNDLE']);

/**
 * A variable a registry entry sets for its command must not decide what code runs or where the
 * package comes from; names are compared in capitals, as Windows reads them. The person may still
 * set one themselves (`servers edit NAME --env`), which is their own choice and approved as such.
 */
export function checkEntryVariable(name: string): void {
  const upper = name.toUpperCase();
  const refused = CODE_LOADING_ENV.has(upper) || TRANSPORT_ENV.has(upper) || RUNNER_PREFIXES.some((prefix) => upper.startsWith(prefix));
  if (!refused) return;
  throw new CodedError('invalid_input', `The registry entry sets the variable ${JSON.stringify(name.slice(0, 80))}, which is not accepted from a registry: it decides what code runs, or where npx, uvx or docker fetch the pinned package from.`, {
    hint: 'If you want it, set it yourself after adding the entry: connected-services servers edit NAME --env VARIABLE=VALUE',
  });
}
