/**
 * Sent by the web UI on a call that follows a person's key or pointer press. Only such calls keep a
 * tab's session from ending idle: the page's own timers and event-driven reloads send none.
 */
export const PERSON_USE_HEADER = 'x-connected-services-use';

/**
 * The `<meta name>` the web server writes into the page it serves: `settings.uiSessionIdleMs` when
 * the page was asked for, so the signed-out page (which has no secret to ask with) names the limit.
 */
export const IDLE_LIMIT_META = 'connected-services-ui-session-idle-ms';
