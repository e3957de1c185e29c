import type { CoreEnvOptions } from '../../../shared/core-env';
import path from 'node:path';
import type { DelayClock } from '../../../shared/collections';
import { DecisionRecordSchema, type DecisionRecord } from '../../../shared/api';
import { AuditWindows } from '../../bridge';
import { JsonlLog } from '../../fs-safe';

export const DECISION_LOG_BASE = 'decisions';
/** Asks one agent may withdraw unanswered in a window before the rest are counted into one record. */
export const WITHDRAWN_PER_WINDOW = 20;

/**
 * Every settled decision, one shape for every kind: `<dataDir>/audit/decisions.jsonl`, rotated like the other logs.
 * An agent cancelling its asks at once would fill it and rotate the person's own decisions out: what an
 * agent withdrew (`who: agent`) is counted per agent and minute past WITHDRAWN_PER_WINDOW, as refusals are.
 */
export class DecisionLog extends JsonlLog<DecisionRecord> {
  readonly #withdrawn: AuditWindows<DecisionRecord>;

  constructor(options: CoreEnvOptions & { clock?: DelayClock }) {
    super({ dir: path.join(options.dataDir, 'audit'), base: DECISION_LOG_BASE, schema: DecisionRecordSchema, ...(options.log ? { log: options.log } : {}) });
    this.#withdrawn = new AuditWindows<DecisionRecord>({
      limit: WITHDRAWN_PER_WINDOW,
      write: (record) => super.append(record),
      summary: (first, counted) => ({ ...first, repeated: counted }),
      ...(options.clock !== undefined ? { clock: options.clock } : {}),
    });
  }

  override append(record: DecisionRecord): void {
    if (record.who === 'agent') this.#withdrawn.add(record.agent ?? '', record.kind, record);
    else super.append(record);
  }

  override async close(): Promise<void> {
    this.#withdrawn.endAll();
    await super.close();
  }
}
