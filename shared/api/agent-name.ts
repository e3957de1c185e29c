/** An agent's name as the App API accepts it: shown to the person, never used as an identifier elsewhere. */
export const AGENT_NAME = /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$/;

/** A new agent's name ending in a space, or holding two in a row, reads like another's in every list. */
export function spacedLikeAnother(name: string): boolean {
  return name.endsWith(' ') || name.includes('  ');
}
