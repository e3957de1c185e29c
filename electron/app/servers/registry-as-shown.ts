import type { ApiInput } from '../../../shared/api';
import { APP_INSTALL_AGAIN, CodedError } from '../../../shared/errors';
import { cutText } from '../../../shared/text';
import { choiceLabel, shownDigest, type ServerDetail } from '../../mcp-registry';

/**
 * The entry about to be installed must be the one the Install dialog showed: its version, the
 * package or remote picked by the label shown for it, and that option's digest (shown-digest.ts).
 * A registry refreshed meanwhile (a new version, or the same version republished with another URL,
 * package, a secret input made plain, an environment variable, header or argument added) would
 * otherwise install what the person never saw, and a remote that sends no secret is added without an
 * approval to catch it.
 */
export function assertAsShown(server: ServerDetail, input: Pick<ApiInput<'installRegistryEntry'>, 'version' | 'label' | 'choice' | 'digest'>): void {
  const label = choiceLabel(server, input.choice);
  if (server.version === input.version && label === input.label && shownDigest(server, input.choice) === input.digest) return;
  const now =
    server.version !== input.version
      ? `version ${server.version}, not ${input.version}`
      : label === undefined
        ? 'no such package or remote'
        : label !== input.label
          ? `"${label}", not "${input.label}"`
          : `other inputs, environment variables, headers or arguments for "${label}"`;
  throw new CodedError('invalid_input', `The registry changed ${server.name} since it was shown: it now lists ${cutText(now, 400)}. Nothing was installed.`, {
    hint: `Close this, then ${APP_INSTALL_AGAIN} to see the entry as the registry lists it now.`,
  });
}
