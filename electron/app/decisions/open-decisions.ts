import type { AppApi } from '../../../shared/api';
import type { CoreEnv } from '../../../shared/core-env';
import type { Bridge } from '../../bridge';
import type { ToolPins } from '../../pinning';
import type { AdminMethods } from '../admin/admin-api';
import type { Confirmations } from '../door/confirmations';
import type { WaitingAsks } from '../asks/waiting-asks';
import type { AppCalls } from '../apps/app-calls';
import { appCallDecisions } from './app-call-decisions';
import { askDecisions } from './ask-decisions';
import { callDecisions } from './call-decisions';
import { confirmationDecisions } from './confirmation-decisions';
import { DecisionLog } from './decision-log';
import { DecisionQueue } from './decision-queue';
import { toolChangeDecisions } from './tool-change-decisions';

export interface DecisionParts {
  core: CoreEnv;
  bridge: Bridge | undefined;
  confirmations: Confirmations | undefined;
  waitingAsks: WaitingAsks;
  bridgeApi: Pick<AppApi, 'decideApproval'>;
  adminApi: Pick<AdminMethods, 'decideConfirmation'>;
  asksApi: Pick<AppApi, 'answerAsk'>;
  /** Calls opened MCP Apps ask for that wait for the person. */
  appCalls?: AppCalls;
  /** Tools pinned at approval, with the configured servers whose held changes are listed at the start. */
  pins?: { pins: ToolPins; servers: () => string[]; pinsApi: Pick<AppApi, 'reviewChanges'> };
}

export interface OpenDecisions {
  queue: DecisionQueue;
  /** Stops listening, then writes what the log holds. */
  close(): Promise<void>;
}

/**
 * The queue with every kind this process has (calls only with a bridge, confirmations only where the
 * person confirms, tool changes where pins are kept), its records to audit/decisions.jsonl.
 */
export function openDecisions(parts: DecisionParts): OpenDecisions {
  const { core } = parts;
  const records = new DecisionLog(core);
  const queue = new DecisionQueue({ record: (record) => records.append(record), log: core.log });
  if (parts.bridge) queue.register(callDecisions(parts.bridge, parts.bridgeApi));
  if (parts.confirmations) queue.register(confirmationDecisions(parts.confirmations, parts.adminApi));
  queue.register(askDecisions(parts.waitingAsks, parts.asksApi));
  if (parts.appCalls) queue.register(appCallDecisions(parts.appCalls));
  if (parts.pins) queue.register(toolChangeDecisions({ ...parts.pins, log: core.log }));
  return {
    queue,
    close: async () => {
      queue.close();
      await records.close();
    },
  };
}
