export { HIDDEN_CHAR, escapeCodePoint, revealHidden } from './hidden-chars';
export { terminalSafe } from './terminal-safe';
export { foldLookAlikes, readingForm } from './look-alikes';
export { mixedScripts, revealMixedScript } from './mixed-script';
export { skeleton } from './skeleton';
export { looksSecret } from './secret-looking';
export { headerNameWords, plainKeyNamed, secretHeaderNamed } from './secret-header';
export type { FieldWords } from './secret-looking';
export { MAX_TITLE, cutText, cutTitle } from './cut-text';
