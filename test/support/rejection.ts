import { expect } from 'vitest';
import { isCodedError, type CodedError } from '../../shared/errors';

/** The CodedError a promise rejects with; anything else (a success, another error) fails the test. */
export async function rejection(promise: Promise<unknown> | undefined): Promise<CodedError> {
  try {
    await promise;
  } catch (error) {
    if (isCodedError(error)) return error;
    throw error;
  }
  throw new Error('expected a CodedError, but the call succeeded');
}

/** `rejection` of an error the person is to act on: it must say what to do (a hint). */
export async function hintedRejection(promise: Promise<unknown> | undefined): Promise<CodedError> {
  const error = await rejection(promise);
  expect(error.hint).toBeTruthy();
  return error;
}
