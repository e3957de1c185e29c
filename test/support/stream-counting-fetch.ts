import type { FetchLike } from '../../electron/net';

/** A fetch that counts the GET streams answered 200: when the pool's session has its stream open (the session check and renewal read the same answer). */
export function streamCountingFetch(): { fetch: FetchLike; streams: () => number } {
  let streams = 0;
  const counting: FetchLike = async (url, init) => {
    const response = await fetch(url, init);
    if (init?.method === 'GET' && response.ok) streams++;
    return response;
  };
  return { fetch: counting, streams: () => streams };
}
