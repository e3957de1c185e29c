/** The bytes JSON text (RFC 8259 §2, §7) and SSE lines are told apart by, read byte by byte as they arrive. */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const OPEN_OBJECT = 0x7b;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_OBJECT = 0x7d;
export const CLOSE_ARRAY = 0x5d;
export const LF = 0x0a;
export const CR = 0x0d;
