import { redact } from '../../../shared/redact';
import type { LeftoverReport } from '../../pool';
import type { AdminLog } from '../admin/admin-log';

/** Reports kept until the admin log is open: a start stops leftovers before it exists. */
const MAX_WAITING = 100;

function summaryOf(report: LeftoverReport): string {
  const stopped = `stopped ${report.stopped.length} process${report.stopped.length === 1 ? '' : 'es'} it left running when the app ended without stopping it`;
  const left = report.leftRunning.length === 0 ? '' : `; left running ${report.leftRunning.length} that carry its run mark without proof`;
  return redact(`${report.kind === 'store' ? `store ${report.server}` : report.server}: ${stopped}${left}`);
}

/**
 * What the pool's start stopped of a crashed app process's servers and stores' programs (pool/leftover-runs.ts), into the
 * admin audit log as the app's own doing (`core`): `report` for the pool, `to` once the log is open.
 */
export function leftoverAudit(): { report: (found: LeftoverReport) => void; to: (admin: Pick<AdminLog, 'record'>) => () => void } {
  const waiting: LeftoverReport[] = [];
  let sink: ((found: LeftoverReport) => void) | undefined;
  return {
    report: (found) => {
      if (sink) sink(found);
      else if (waiting.length < MAX_WAITING) waiting.push(found);
    },
    to: (admin) => {
      sink = (found) => {
        admin.record({ who: 'core', method: 'stopLeftoverProcesses', summary: summaryOf(found), input: { server: found.server, kind: found.kind, stopped: found.stopped, leftRunning: found.leftRunning }, outcome: 'ok' });
      };
      for (const found of waiting.splice(0)) sink(found);
      return () => {
        sink = undefined;
      };
    },
  };
}
