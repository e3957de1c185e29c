import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { DIAGNOSIS_HINT } from '../pool';

/**
 * What the pins say of a resource URI a server lists (electron/pinning, `withheldResource`): `held` new
 * and waiting for the person's review, `refused` by the person, undefined when approved or not listed.
 */
export type WithheldResource = (server: string, uri: string) => Promise<'held' | 'refused' | undefined>;

/**
 * Refuses a URI that one of `servers` lists without the person's approval, whichever approved template
 * matches it: the template was approved for what it names, not for a resource held apart from it. The
 * error names the URI and the server only, never the held definition.
 */
export async function refuseWithheld(withheld: WithheldResource | undefined, servers: readonly string[], uri: string): Promise<void> {
  if (withheld === undefined) return;
  const found = await Promise.all(servers.map(async (server) => ({ server, why: await withheld(server, uri) })));
  const held = found.find((f) => f.why === 'held') ?? found.find((f) => f.why === 'refused');
  if (held === undefined) return;
  const { server } = held;
  if (held.why === 'held') {
    throw new CodedError('denied', redact(`resource ${uri} of "${server}" is new and waits for the person's review; it is not read until they accept it`), {
      hint: `review it: \`connected-services servers review ${server}\`, or Decisions in the app`,
    });
  }
  throw new CodedError('denied', redact(`the person refused resource ${uri} of "${server}"; it is not read`), {
    hint: `it stays out unless "${server}" lists it changed and the person accepts it (\`connected-services servers review ${server}\`)`,
    data: { ...DIAGNOSIS_HINT },
  });
}
