export { ERROR_CODES, ErrorCodeSchema, WireErrorSchema } from './error-code';
export type { ErrorCode, WireError } from './error-code';
export { CodedError, errorMessage, isCodedError, toCodedError } from './coded-error';
export type { CodedErrorOptions } from './coded-error';
export { hintSentence } from './hint-sentence';
export { ERROR_REASONS, errorReason } from './error-reason';
export type { ErrorReason } from './error-reason';
export { APP_SIGN_IN, APP_SIGN_IN_CODE, APP_API_KEY, APP_REVIEW_TOOL, APP_INSTALL_AGAIN, appClientSecret } from './app-buttons';
export { FIX_IN_ENTRY, fixInEntry } from './fix-in-entry';
