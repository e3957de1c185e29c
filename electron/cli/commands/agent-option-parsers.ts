import { POLICY_DECISIONS, type TierPolicy } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { closestWord } from '../../../shared/text';

// The words `agents add/set` and `agents connect` take: a choice, a tier policy, a per-tool rule.

/** One of the given (lower-case) words in any case (`Search` is search), else invalid_input naming the option. */
export function parseChoice<T extends string>(value: string, choices: readonly T[], option: string): T {
  const found = choices.find((c) => c === value.trim().toLowerCase());
  if (found === undefined) {
    const meant = closestWord(value, choices);
    throw new CodedError('invalid_input', `${option} takes ${choices.join(' or ')}, not "${value}"`, {
      hint: meant !== undefined ? `Did you mean ${option} ${meant}?` : `Give ${option} one of: ${choices.join(', ')}`,
    });
  }
  return found;
}

/** `read=allow,write=ask,destructive=deny` → the tiers given. */
export function parsePolicy(text: string): Partial<TierPolicy> {
  const out: Partial<TierPolicy> = {};
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  // An empty --policy (an unset shell variable) would change nothing and say nothing.
  if (parts.length === 0) {
    throw new CodedError('invalid_input', `--policy takes TIER=DECISION pairs like read=allow,write=ask,destructive=deny, not "${text}"`, {
      hint: 'For example: --policy read=allow,write=ask,destructive=deny; or leave --policy out',
    });
  }
  for (const part of parts) {
    const pieces = part.split('=').map((p) => p.trim());
    const [tier, decision] = pieces;
    if (pieces.length !== 2 || (tier !== 'read' && tier !== 'write' && tier !== 'destructive') || !(POLICY_DECISIONS as readonly (string | undefined)[]).includes(decision)) {
      const meantTier = closestWord(tier ?? '', ['read', 'write', 'destructive']) ?? tier;
      const meantDecision = closestWord(decision ?? '', POLICY_DECISIONS) ?? decision;
      const fixed = `${meantTier ?? ''}=${meantDecision ?? ''}`;
      throw new CodedError('invalid_input', `--policy takes TIER=DECISION pairs like read=allow,write=ask,destructive=deny, not "${part}"`, {
        hint: fixed !== part && /^(read|write|destructive)=(allow|ask|deny)$/.test(fixed) ? `Did you mean ${fixed}?` : 'Tiers are read, write and destructive; decisions allow, ask and deny',
      });
    }
    // Twice the same tier (read=allow,read=deny): which one was meant is not for us to guess.
    if (out[tier] !== undefined) {
      throw new CodedError('invalid_input', `--policy names the tier ${tier} twice`, { hint: `Give ${tier} one decision: allow, ask or deny` });
    }
    out[tier] = decision as TierPolicy['read'];
  }
  return out;
}

export interface ToolRule {
  server: string;
  tool: string;
  /** null: remove the rule, the tier policy applies again. */
  decision: TierPolicy['read'] | null;
}

/** What a mistyped rule likely meant: the decision one letter off, or the server left out. */
function toolRuleHint(slash: number, equals: number, server: string, tool: string, decision: string): string {
  const meant = closestWord(decision, [...POLICY_DECISIONS, 'default']);
  if (slash > 0 && equals > slash + 1 && server !== '' && tool !== '' && meant !== undefined) return `Did you mean ${server}/${tool}=${meant}?`;
  if (slash < 0 && equals > 0) return 'Name its server before the tool, e.g. everything/echo=allow: `connected-services tools` lists which server has it';
  return 'Decisions are allow, ask and deny; default removes the rule';
}

/** `SERVER/TOOL=DECISION` (the tool's own name on that server); `default` removes the rule. */
export function parseToolRule(text: string, previous: ToolRule[] = []): ToolRule[] {
  const slash = text.indexOf('/');
  const equals = text.lastIndexOf('=');
  const server = text.slice(0, slash).trim();
  const tool = text.slice(slash + 1, equals).trim();
  const decision = text.slice(equals + 1).trim();
  const known = decision === 'default' || (POLICY_DECISIONS as readonly string[]).includes(decision);
  if (slash <= 0 || equals <= slash + 1 || server === '' || tool === '' || !known) {
    throw new CodedError('invalid_input', `--tool takes SERVER/TOOL=DECISION like github/delete_repo=deny (allow, ask, deny, or default to remove the rule), not "${text}"`, {
      hint: toolRuleHint(slash, equals, server, tool, decision),
    });
  }
  return [...previous, { server, tool, decision: decision === 'default' ? null : (decision as TierPolicy['read']) }];
}
