import { blockedPortWarning } from './blocked-port';
import { clearTextWarning } from './clear-text-url';

export interface AddressWarning {
  kind: 'clear-text' | 'blocked-port';
  text: string;
}

/** What to say about a service's address before it is used: sent in clear, or never reachable. */
export function addressWarnings(raw: string): AddressWarning[] {
  const url = raw.trim();
  const warnings: AddressWarning[] = [];
  const clearText = clearTextWarning(url);
  if (clearText !== undefined) warnings.push({ kind: 'clear-text', text: clearText });
  const blocked = blockedPortWarning(url);
  if (blocked !== undefined) warnings.push({ kind: 'blocked-port', text: blocked });
  return warnings;
}
