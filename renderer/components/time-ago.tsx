import { timeAgo, timestamp } from '../lib';
import { useNowFor } from '../state';

/** "12 s ago", kept true as time passes; the exact time is in the tooltip and `dateTime`. */
export function TimeAgo({ at }: { at: number }) {
  const now = useNowFor(at);
  return (
    <time dateTime={new Date(at).toISOString()} title={timestamp(at)}>
      {timeAgo(at, now)}
    </time>
  );
}
