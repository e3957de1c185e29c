import { ErrorCodeSchema, type ErrorCode } from '../../shared/errors';

export interface ShownError {
  code?: ErrorCode | undefined;
  message: string;
  hint?: string | undefined;
}

/** Anything an App API call threw, as a person reads it (the core already redacted secrets). */
export function describeError(error: unknown): ShownError {
  if (typeof error === 'object' && error !== null) {
    const record = error as { code?: unknown; message?: unknown; hint?: unknown };
    const code = ErrorCodeSchema.safeParse(record.code);
    const shown: ShownError = { message: typeof record.message === 'string' && record.message !== '' ? record.message : 'Something went wrong' };
    if (code.success) shown.code = code.data;
    if (typeof record.hint === 'string' && record.hint !== '') shown.hint = record.hint;
    return shown;
  }
  return { message: typeof error === 'string' && error !== '' ? error : 'Something went wrong' };
}
