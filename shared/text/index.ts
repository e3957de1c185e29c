export { HIDDEN_CHAR, escapeCodePoint, revealHidden } from './hidden-chars';
export { terminalSafe } from './terminal-safe';
