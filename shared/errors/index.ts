export { ERROR_CODES, ErrorCodeSchema, WireErrorSchema } from './error-code';
export type { ErrorCode, WireError } from './error-code';
export { CodedError, errorMessage, isCodedError, toCodedError } from './coded-error';
export type { CodedErrorOptions } from './coded-error';
