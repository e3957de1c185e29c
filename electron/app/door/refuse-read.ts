import type { ApiInput, AppApi } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { redact } from '../../../shared/redact';

/**
 * A command-line read the person would confirm only to see it fail, refused now instead, as
 * refuseUnusableCall does for a tool: a URI its server's last inventory does not list, when it lists
 * no template either (a URI a template may match is asked about as it is, as is a server never listed).
 */
export async function refuseUnusableRead(api: AppApi, input: ApiInput<'readResource'>): Promise<void> {
  const { server, uri } = input;
  const listed = await api.listResources({ server }).catch(() => undefined);
  if (listed === undefined || listed.templates.length > 0 || listed.resources.length === 0) return;
  if (listed.resources.some((r) => r.uri === uri)) return;
  throw new CodedError('not_found', redact(`"${server}" lists no resource ${uri}; nothing was asked in the app`), {
    hint: `Run \`connected-services resources ${server}\` to see what it offers`,
  });
}
