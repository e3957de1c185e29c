/**
 * Names that come from servers or agents (tool names, agent names) shown by the desktop (menus,
 * notifications, tooltips): control and format characters (bidi overrides, NUL) become spaces, and
 * the text is bounded.
 */
export function plainText(text: string, max = 80): string {
  const clean = text.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}
