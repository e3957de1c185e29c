let counter = 0;

/** An id for one tool call, so its `callProgress` events can be told apart from other calls'. */
export function newCallId(): string {
  counter += 1;
  const random = typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : Math.random().toString(36).slice(2);
  return `ui-${counter}-${random}`;
}
