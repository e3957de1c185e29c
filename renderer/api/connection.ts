/**
 * How the web UI's link to the core is doing: `live` while it answers, `lost` while nothing answers
 * (the app stopped or is restarting), `rejected` when it answers 401 to this tab's secret (the app
 * was started again with a new one).
 */
export type ConnectionState = 'live' | 'lost' | 'rejected';

export type OnConnection = (state: ConnectionState) => void;

/** What a response says about the link: a refused secret, or a core that answers. */
export function connectionOf(status: number): ConnectionState {
  return status === 401 ? 'rejected' : 'live';
}
