import type { PendingApproval } from '../../shared/api';

/** A tool's tier in the one word each screen says: Agents' policy, Activity's cards and log, an app's call. */
export const TIER_WORD: Record<PendingApproval['tier'], string> = { read: 'read-only', write: 'write', destructive: 'destructive' };
