export { launchBrowser, CHROMIUM, CHROMIUM_ARGS } from './browser';
export type { Browser } from './browser';
export { startUiSession, SCREENS_DIR } from './ui-session';
export type { UiSession, UiSessionOptions } from './ui-session';
export { serverRow, catalogRow, stateOf, dialog, waitForState, deviceLoginScreen } from './screens';
export { checkAccessibleNames, contrastReport, focusRingOf } from './a11y';
export type { ContrastPair, FocusRing } from './a11y';
export { contrastRatio, relativeLuminance, parseColor } from './contrast';
