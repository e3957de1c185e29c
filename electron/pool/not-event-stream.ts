import { CodedError } from '../../shared/errors';

/** A server whose body, labelled an event stream, is not one: the SDK would wait on it to the call's timeout. */
export function notAnEventStream(server: string): CodedError {
  return new CodedError(
    'server_unavailable',
    `"${server}" answered with a body labelled text/event-stream that is not an event stream (it does not begin with \`data:\`, \`event:\`, \`id:\`, \`retry:\`, \`:\` or a blank line); it was not read`,
    { hint: `the server (or a proxy in front of it) sends another body, such as plain JSON, under the wrong Content-Type: fix it there, or check its URL`, data: { notEventStream: true } },
  );
}

/** A server whose answer stream (SSE) ended without the answer: the SDK would wait on it to the call's timeout. */
export function endedUnanswered(server: string): CodedError {
  return new CodedError('server_unavailable', `"${server}" ended its answer without a result`, {
    hint: `retry; if it keeps happening, check the server (its log, or \`connected-services doctor --live\`, which starts it)`,
    data: { endedUnanswered: true },
  });
}

/** Whether a call's error is an answer stream that ended unanswered: that answer's fault, not its session's. */
export function unansweredEnd(error: CodedError): boolean {
  return error.data?.['endedUnanswered'] === true;
}
