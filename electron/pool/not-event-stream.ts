import { CodedError } from '../../shared/errors';

/** A server whose body, labelled an event stream, is not one: the SDK would wait on it to the call's timeout. */
export function notAnEventStream(server: string): CodedError {
  return new CodedError(
    'server_unavailable',
    `"${server}" answered with a body labelled text/event-stream that is not an event stream (it does not begin with \`data:\`, \`event:\`, \`id:\`, \`retry:\`, \`:\` or a blank line); it was not read`,
    { hint: `the server (or a proxy in front of it) sends another body, such as plain JSON, under the wrong Content-Type: fix it there, or check its URL`, data: { notEventStream: true } },
  );
}
