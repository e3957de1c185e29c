import { useEffect, useState } from 'react';
import type { LogLine } from '../../../shared/api';
import { describeError, type ShownError } from '../../lib';
import { useLive } from '../../state';

/** Lines the tab holds (the app keeps up to 3000 per server). */
export const MAX_SHOWN_LINES = 3000;
const FIRST_READ = 1000;

export interface ServerLog {
  lines: LogLine[];
  loaded: boolean;
  /** Lines the app dropped before this tab could read them. */
  missed: number;
  error: ShownError | null;
}

/**
 * A server's kept log, followed live: the last lines first, then each `serverLog` event. Events that
 * came while the first read was on the way are merged by their seq; a gap (events lost while the
 * stream reconnected) is read from the app from the last seq seen.
 */
export function useServerLog(server: string): ServerLog {
  const live = useLive();
  const [state, setState] = useState<ServerLog>({ lines: [], loaded: false, missed: 0, error: null });

  useEffect(() => {
    let current = true;
    /** The seq of the last line held; -1 until the first read answers. */
    let last = -1;
    let early: LogLine[] = [];
    let catching = false;
    setState({ lines: [], loaded: false, missed: 0, error: null });

    const keep = (fresh: LogLine[], missed = 0) => {
      const newer = fresh.filter((l) => l.seq > last);
      if (newer.length === 0 && missed === 0) return;
      last = newer.at(-1)?.seq ?? last;
      setState((s) => ({ ...s, lines: [...s.lines, ...newer].slice(-MAX_SHOWN_LINES), missed: s.missed + missed }));
    };
    const catchUp = async () => {
      if (catching) return;
      catching = true;
      try {
        const tail = await live.api.readLogs({ server, after: last, limit: 5000 });
        if (current) keep(tail.lines, tail.missed);
      } catch (failure) {
        if (current) setState((s) => ({ ...s, error: describeError(failure) }));
      } finally {
        catching = false;
      }
    };
    const append = (incoming: LogLine[]) => {
      const first = incoming.find((l) => l.seq > last);
      if (!first) return;
      if (first.seq > last + 1) void catchUp();
      else keep(incoming);
    };
    const off = live.api.on('serverLog', (event) => {
      if (event.server !== server) return;
      if (last < 0) early.push(...event.lines);
      else append(event.lines);
    });
    live.api.readLogs({ server, limit: FIRST_READ }).then(
      (tail) => {
        if (!current) return;
        last = tail.cursor;
        setState({ lines: tail.lines, loaded: true, missed: 0, error: null });
        append(early);
        early = [];
      },
      (failure: unknown) => current && setState((s) => ({ ...s, loaded: true, error: describeError(failure) })),
    );
    return () => {
      current = false;
      off();
    };
  }, [live, server]);

  return state;
}
