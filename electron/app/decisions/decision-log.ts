import type { CoreEnvOptions } from '../../../shared/core-env';
import path from 'node:path';
import { DecisionRecordSchema, type DecisionRecord } from '../../../shared/api';
import { JsonlLog } from '../../fs-safe';

export const DECISION_LOG_BASE = 'decisions';

/** Every settled decision, one shape for every kind: `<dataDir>/audit/decisions.jsonl`, rotated like the other logs. */
export class DecisionLog extends JsonlLog<DecisionRecord> {
  constructor(options: CoreEnvOptions) {
    super({ dir: path.join(options.dataDir, 'audit'), base: DECISION_LOG_BASE, schema: DecisionRecordSchema, ...(options.log ? { log: options.log } : {}) });
  }
}
