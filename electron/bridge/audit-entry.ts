import type { AuditOutcome } from '../../shared/api';

// The entry's shape is part of the App API (the Activity screen reads it), so it lives in shared/api.
export { AUDIT_OUTCOMES, AuditEntrySchema, AuditOutcomeSchema } from '../../shared/api';
export type { AuditEntry, AuditOutcome } from '../../shared/api';

export interface AuditQuery {
  agent?: string;
  server?: string;
  outcome?: AuditOutcome;
  /** Newest first; default 100, at most 10,000. */
  limit?: number;
  /** An entry's `at`: only entries written before it. */
  before?: string;
}
