import type { NameAdvice } from '../../shared/api';

/** A refused name's advice under its field, where the name is in view: the rule, then one that would do. */
export function nameAdviceLine(advice: NameAdvice): string {
  return `${advice.rule.charAt(0).toUpperCase()}${advice.rule.slice(1)}. ${advice.hint}`;
}
