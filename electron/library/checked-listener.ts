import { API_EVENTS, type ApiEvent, type ApiEventPayload } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { closestWord } from '../../shared/text';

/**
 * `cs.on(event, listener)` as a program in plain JavaScript may call it: an event the core never
 * sends, or a listener that is no function, is refused saying which, not kept to never run. A listener
 * that throws is the program's error: thrown again outside the core, where the program sees it
 * (as an EventEmitter's would), not lost inside it.
 */
export function checkedListener<E extends ApiEvent>(event: E, listener: (payload: ApiEventPayload<E>) => void, thrown: (error: unknown) => void = throwOutside): (payload: ApiEventPayload<E>) => void {
  const events = Object.keys(API_EVENTS);
  if (typeof event !== 'string' || !events.includes(event)) {
    const meant = typeof event === 'string' ? closestWord(event, events) : undefined;
    throw new CodedError('invalid_input', `on(): there is no event ${JSON.stringify(String(event)).slice(0, 80)}`, {
      hint: meant !== undefined ? `Did you mean "${meant}"?` : `The events are ${events.join(', ')}`,
    });
  }
  if (typeof listener !== 'function') {
    throw new CodedError('invalid_input', `on("${event}"): the listener is ${listener === null ? 'null' : typeof listener}, not a function`, { hint: 'Give a function that takes the event' });
  }
  return (payload) => {
    try {
      listener(payload);
    } catch (error) {
      thrown(error);
    }
  };
}

function throwOutside(error: unknown): void {
  setImmediate(() => {
    throw error;
  });
}
