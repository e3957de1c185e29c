/**
 * An integer with its thousands grouped by commas (32000 → "32,000"), as `toLocaleString('en-US')`
 * writes it, without Intl: the first Intl number format loads ICU's locale data, about 7.5 MB of
 * resident memory that `serve` keeps for its whole life.
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n));
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) grouped = `${digits.slice(Math.max(0, end - 3), end)}${grouped === '' ? '' : ','}${grouped}`;
  return n < 0 ? `-${grouped}` : grouped;
}
