import type { FakeApi } from '../fake-app-api';
import { createFakeApi as createFake, serverStatus } from '../fake-app-api';

/**
 * A core whose catalog connect of `everything` runs `line`, fails to start it and keeps its entry:
 * the dry run asks for approval, the real one throws server_unavailable, and from then on the
 * status lists the kept service in the error state.
 */
export function failedConnectApi(line: string): FakeApi {
  let added = false;
  const plain = createFake({}, { decisionEvents: true });
  return createFake(
    {
      addService: ({ dryRun }) => {
        if (dryRun === true) return { commandLine: line, needsApproval: true, steps: [] };
        added = true;
        throw Object.assign(new Error('"everything" could not start'), { code: 'server_unavailable' });
      },
      status: async () => ({ ...(await plain.status({})), servers: added ? [serverStatus({ name: 'everything', state: 'error', commandLine: line })] : [] }),
    },
    { decisionEvents: true },
  );
}
