/**
 * Sent by the web UI on a call that follows a person's key or pointer press. Only such calls keep a
 * tab's session from ending idle: the page's own timers and event-driven reloads send none.
 */
export const PERSON_USE_HEADER = 'x-connected-services-use';
