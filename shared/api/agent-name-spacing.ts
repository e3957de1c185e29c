/** A new agent's name ending in a space, or holding two in a row, reads like another's in every list. */
export function spacedLikeAnother(name: string): boolean {
  return name.endsWith(' ') || name.includes('  ');
}
