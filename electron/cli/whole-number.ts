/**
 * A number a person typed as decimal digits (spaces around allowed), or undefined: `Number()` alone
 * would also take `1e3`, `0x200`, `0b1`, `1.0` and `+5`, which no one means for a count or a time.
 */
export function wholeNumber(text: string): number | undefined {
  const digits = text.trim();
  if (!/^\d{1,16}$/.test(digits)) return undefined;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : undefined;
}
