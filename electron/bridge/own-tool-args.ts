import type { CallToolResult } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { joinedList } from '../../shared/text';
import { agentError, errorResult } from './agent-errors';
import { recordable } from './audit-log';
import { record, type AuditDraft, type CallContext } from './call-context';
import { consentView } from './consent-view';
import { notApproved } from './refusals';
import { countedWarning } from './vault-value-count';
import { unknownName } from './unknown-names';
import { vaultValueWarning } from './vault-value-warning';

/** One issue in words that never repeat what the agent sent: a key it made up is counted, not named. */
function issueWords(issue: z.core.$ZodIssue): string {
  const where = issue.path.map(String).join('.') || 'arguments';
  if (issue.code === 'unrecognized_keys') return `${where}: ${issue.keys.length} argument${issue.keys.length === 1 ? '' : 's'} this tool does not take`;
  return `${where}: ${issue.message}`;
}

/** The argument names a tool's schema takes, its required ones marked: named in the hint, never the agent's. */
function takes(schema: z.ZodType): string {
  const shape = (schema as { shape?: unknown }).shape;
  if (typeof shape !== 'object' || shape === null) return '';
  const names = Object.entries(shape as Record<string, z.ZodType>).map(([key, field]) => (field.safeParse(undefined).success ? key : `${key} (required)`));
  return names.length === 0 ? '' : `; it takes ${names.join(', ')}`;
}

/** The parsed arguments, or the result that refuses them. */
export type OwnArgs<T> = { ok: true; args: T } | { ok: false; result: CallToolResult };

/**
 * The bridge's own tools' arguments (search mode's, the resource tools): ones that do not fit are a
 * tool execution error the model reads and corrects (MCP 2025-11-25 and 2026-07-28 server/tools
 * §Error Handling: input validation errors are results with `isError`, unknown tools protocol
 * errors). A real server's tool's are answered as the server does (tool-call.ts). The error names no
 * key of the agent's: redacted, a key holding a vault value would come back "[redacted]" and a wrong
 * guess verbatim.
 */
export function ownToolArgs<T>(schema: z.ZodType<T>, args: Record<string, unknown>, tool: string): OwnArgs<T> {
  const parsed = schema.safeParse(args);
  if (parsed.success) return { ok: true, args: parsed.data };
  const why = parsed.error.issues.map(issueWords).join('; ');
  // Only the first key of a path, one of the schema's own: never a key the agent made up.
  const fields = [...new Set(parsed.error.issues.filter((i) => i.code !== 'unrecognized_keys').map((i) => (i.path.length === 0 ? 'arguments' : String(i.path[0]))))];
  const fixes = fields.length === 0 ? [] : [`fix ${joinedList(fields)}`];
  if (parsed.error.issues.some((i) => i.code === 'unrecognized_keys')) fixes.push(`leave out the arguments ${tool} does not take`);
  const hint = `${fixes.join(' and ')}, then call ${tool} again${takes(schema)}`;
  return { ok: false, result: errorResult(agentError(new CodedError('invalid_input', redact(`invalid arguments for ${tool}: ${why}`), { hint }))) };
}

/**
 * A `server` no allowed service has, answered as one naming nothing (unknown-names.ts). One holding a
 * vault value gets that same answer, and its refusal is audited with the warning, so the person sees
 * it in Activity as an asked name's (call-gate.ts).
 */
export function unknownService(ctx: CallContext, agent: string, tool: string, server: string, hint: string): CallToolResult {
  const warning = vaultValueWarning(server, 'service');
  if (warning !== undefined) {
    record(ctx, ctx.now(), { agent, server: '', kind: 'tool', tool, outcome: 'denied', errorCode: 'denied', warning: countedWarning(ctx, agent, warning) });
  }
  return errorResult(unknownName('service', server, hint));
}

/**
 * A bridge tool's arguments holding a value we hold (search_tools' `query`): held for the person
 * first whatever the tier, as a service's tool's arguments are (call-gate.ts), then `run` once
 * allowed. A search reaches no server, but an agent never needs such a value, and refusing it
 * unsearched would answer "nothing fits" where a wrong guess finds tools. Audited with the warning,
 * on the bridge's side (no service); none without a value, as the search itself is not audited.
 */
export async function heldOwnTool(ctx: CallContext, agent: string, tool: string, args: Record<string, unknown>, signal: () => AbortSignal, run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  const found = vaultValueWarning(args, 'arguments');
  if (found === undefined) return run();
  const started = ctx.now();
  const warning = countedWarning(ctx, agent, found);
  const draft: AuditDraft = { agent, server: '', kind: 'tool', tool, outcome: 'ok', tier: 'read', warning };
  if (ctx.auditArguments()) draft.arguments = recordable(args);
  const approval = await ctx.approvals.request({ agent, server: '', kind: 'tool', tool, tier: 'read', arguments: consentView(args), warning }, signal());
  draft.waitMs = Math.max(0, ctx.now() - started);
  if (approval.outcome !== 'allowed') {
    const cancelled = approval.reason === 'cancelled' || approval.reason === 'gone';
    // Withdrawn, not timed out: the outcome and `approval` say it (as call-gate.ts audits it).
    draft.outcome = cancelled ? 'cancelled' : 'denied';
    if (!cancelled) draft.errorCode = 'denied';
    record(ctx, started, draft, approval);
    return errorResult(notApproved(approval, ''));
  }
  const ran = ctx.now();
  const result = await run();
  draft.callMs = Math.max(0, ctx.now() - ran);
  if (ctx.auditArguments()) draft.result = recordable(result);
  record(ctx, started, draft, approval);
  return result;
}
