import { z } from 'zod';

/** The longest `description` a server entry may hold: a note, shown in lists and to agents. */
export const MAX_DESCRIPTION_CHARS = 500;

/**
 * C0 controls but tab and line breaks, DEL and C1: an escape would recolour or rewrite a terminal.
 * Tab and line breaks are kept: a hand-written entry may hold them, and refusing would leave its
 * server out; lists show a description on one line.
 */
function controlCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\t' || char === '\n' || char === '\r') continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** A server's `description`: plain text, at most 500 characters. */
export const DescriptionSchema = z
  .string()
  .max(MAX_DESCRIPTION_CHARS, `a description is at most ${MAX_DESCRIPTION_CHARS} characters`)
  .refine((text) => !controlCharacter(text), { error: 'a description may not hold a control character (a terminal escape, a NUL); write it as plain text' });
