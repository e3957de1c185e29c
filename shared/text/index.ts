export { HIDDEN_CHAR, escapeCodePoint, revealHidden } from './hidden-chars';
export { terminalSafe } from './terminal-safe';
export { foldLookAlikes, readingForm } from './look-alikes';
export { looksSecret } from './secret-looking';
export type { FieldWords } from './secret-looking';
