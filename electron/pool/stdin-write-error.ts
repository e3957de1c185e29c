import { CodedError } from '../../shared/errors';

/** A write to a stdio server's stdin failed, or found it gone: it closed its input, and is most likely exiting or has exited. */
export class StdinWriteError extends CodedError {}
