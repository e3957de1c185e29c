import type { Vault } from '../../../shared/vault';
import type { AuthCoordinator } from '../../auth';
import type { AuditLog, Bridge } from '../../bridge';
import type { ToolPins } from '../../pinning';
import type { Pool } from '../../pool';
import type { Registry } from '../../registry';
import type { AdminLog } from '../admin/admin-log';
import type { Confirmations } from '../door/confirmations';
import type { ApplyChain } from './apply-chain';
import type { OpenDecisions } from '../decisions';
import type { SecretFiles } from '../secrets/secret-files';
import type { SignIns } from '../sign-in/sign-in';
import type { WaitingAsks } from '../asks/waiting-asks';
import { storeRunsEnded } from '../../secret-stores';

export interface OpenParts {
  unsubscribe: (() => void)[];
  signIns: SignIns;
  waitingAsks: WaitingAsks;
  applying: ApplyChain;
  bridge: Bridge | undefined;
  audit: AuditLog;
  admin: AdminLog;
  confirmations: Confirmations | undefined;
  decisions: OpenDecisions;
  pool: Pool;
  pins: ToolPins;
  secretFiles: SecretFiles;
  auth: AuthCoordinator;
  registry: Registry;
  vault: Vault;
}

/** Stops listening and waiting, then closes from the top down: agents first, so no call reaches a pool that is closing. */
export async function closeCore(parts: OpenParts): Promise<void> {
  // While the admin log still listens: a request left waiting is logged as expired, not waiting for ever.
  parts.confirmations?.expireAll();
  for (const off of parts.unsubscribe) off();
  parts.signIns.cancelAll();
  // From now on a server's request is declined unseen, and still audited: the audit closes after the pool.
  parts.waitingAsks.closeAll();
  await parts.applying.settled().catch(() => undefined);
  await parts.bridge?.close();
  // No agent reaches us now: the minute's counts go to disk before the pool's slow stop, which a second signal may cut short.
  parts.audit.endWindows();
  await parts.audit.flush();
  await parts.admin.close();
  // After the bridge: the calls its closing denied are recorded too.
  await parts.decisions.close();
  await parts.pool.close();
  // After the pool: its close ends servers' requests (and meets a stopping server's last ones), each audited.
  await parts.audit.close();
  await parts.pins.flush();
  await parts.secretFiles.close();
  await parts.auth.close();
  await parts.registry.close();
  await parts.vault.close();
  // A store's program stopped at its time limit is ended before the process may exit (a one-shot command).
  await storeRunsEnded();
}
