export { HIDDEN_CHAR, escapeCodePoint, revealHidden } from './hidden-chars';
