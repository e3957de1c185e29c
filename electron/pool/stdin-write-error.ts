import { CodedError } from '../../shared/errors';

/** A write to a stdio server's stdin failed: it closed its input, and is most likely exiting. */
export class StdinWriteError extends CodedError {}
