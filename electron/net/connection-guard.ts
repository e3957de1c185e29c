import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * At most this many requests of one connection wait for their responses at once. HTTP/1.1 lets a
 * client send requests without reading the answers (pipelining, RFC 9112 §9.3.2), and node parses
 * every request a read brings (thousands in 64 KB); each would start its work and queue its answer.
 * Past this the connection is closed, as §9.3.2 allows (a client retries unanswered requests), and
 * the rest are not served. No client of ours pipelines: browsers and fetch send one at a time.
 */
export const MAX_PIPELINED = 8;

/** What the server tells the guard of a connection while serving its requests. */
export interface ConnectionGuard {
  /** The connection carried a request the server accepted (an agent's token): it gives way only after every one that carried none. */
  trust: (socket: Socket) => void;
}

/**
 * Keeps at most `cap` connections open on one of our 127.0.0.1 servers, so a local process cannot take
 * every file descriptor, nor keep honest clients out by filling the cap with connections that do
 * nothing, and serves each request with `handle` unless its connection already has MAX_PIPELINED
 * waiting. At the cap a new connection takes the place of one that is not being served: the oldest that
 * has not yet sent a whole request head (a silent or trickling one), else the one whose request body
 * has been arriving longest (a trickling one: a body is not served until it has arrived, and an honest
 * client sends it at once), else the one idle longest between two requests (a kept-alive one), else the
 * oldest whose first answer is all written and waits only for its client to read it, however many
 * requests it queued behind that one (one that never reads a large file would hold it for ever: no
 * timeout covers a response). Among the bodies still arriving, the idle and the unread, a connection
 * that carried a request the server `trust`ed (an agent's, its token accepted) goes only after every
 * one that carried none: a process without a token that fills the cap with refused requests closes its
 * own connections, not agents' kept-alive ones. Only when the server is still at work on every
 * connection is the new one closed unanswered. Replaces `server.maxConnections`, which closes the new
 * one whatever the others do.
 */
export function guardConnections(server: Server, cap: number, handle: RequestListener): ConnectionGuard {
  const open = new Set<Socket>();
  /** Connected, no request head yet: the first to go, oldest first. */
  const unheard = new Set<Socket>();
  /** Answered everything it asked, kept alive, never trusted: next, longest idle first. */
  const idle = new Set<Socket>();
  /** The same, having carried a trusted request: after every untrusted one. */
  const idleTrusted = new Set<Socket>();
  /** Connections that carried a trusted request. */
  const trusted = new Set<Socket>();
  /** Responses not yet closed per connection, oldest first: node writes them in this order. */
  const serving = new Map<Socket, ServerResponse[]>();
  /** Each connection's latest request, in the order their heads arrived; one whose body has all arrived is dropped when met. */
  const receiving = new Map<Socket, IncomingMessage>();

  const forget = (socket: Socket): void => {
    open.delete(socket);
    unheard.delete(socket);
    idle.delete(socket);
    idleTrusted.delete(socket);
    trusted.delete(socket);
    serving.delete(socket);
    receiving.delete(socket);
  };
  const close = (socket: Socket): void => {
    forget(socket);
    socket.destroy();
  };

  /** Closes the connection the new one replaces; false when every open connection is being served. */
  const evictOne = (): boolean => {
    const untrusted = (socket: Socket): boolean => !trusted.has(socket);
    const victim =
      first(unheard) ?? arriving(receiving, untrusted) ?? first(idle) ?? unread(serving, untrusted) ?? arriving(receiving, () => true) ?? first(idleTrusted) ?? unread(serving, () => true);
    if (victim === undefined) return false;
    close(victim);
    return true;
  };

  server.on('connection', (socket: Socket) => {
    if (open.size >= cap && !evictOne()) {
      socket.destroy();
      return;
    }
    open.add(socket);
    unheard.add(socket);
    socket.once('close', () => forget(socket));
  });

  server.on('request', (request, response) => {
    const socket = request.socket;
    // Evicted or closed for queuing too many: nobody is left to read an answer.
    if (socket.destroyed || !open.has(socket)) return;
    const queue = serving.get(socket) ?? [];
    if (queue.length >= MAX_PIPELINED) return close(socket);
    unheard.delete(socket);
    idle.delete(socket);
    idleTrusted.delete(socket);
    queue.push(response);
    serving.set(socket, queue);
    receiving.delete(socket);
    receiving.set(socket, request);
    response.once('close', () => {
      const at = queue.indexOf(response);
      if (at >= 0) queue.splice(at, 1);
      if (queue.length > 0 || serving.get(socket) !== queue) return;
      serving.delete(socket);
      if (open.has(socket) && !socket.destroyed) (trusted.has(socket) ? idleTrusted : idle).add(socket);
    });
    handle(request, response);
  });

  return {
    trust: (socket) => {
      if (open.has(socket)) trusted.add(socket);
    },
  };
}

/** The oldest of a set (a Set keeps insertion order). */
function first(set: Set<Socket>): Socket | undefined {
  for (const socket of set) return socket;
  return undefined;
}

/** The oldest connection of `which` whose first answer the server has ended: it waits on its client only. */
function unread(serving: Map<Socket, ServerResponse[]>, which: (socket: Socket) => boolean): Socket | undefined {
  for (const [socket, queue] of serving) if (queue[0]?.writableEnded === true && which(socket)) return socket;
  return undefined;
}

/**
 * The connection of `which` whose request body has been arriving longest. `complete` is set by the
 * parser once the last byte arrived, read by the handler or not; requests found whole are forgotten.
 */
function arriving(receiving: Map<Socket, IncomingMessage>, which: (socket: Socket) => boolean): Socket | undefined {
  for (const [socket, request] of receiving) {
    if (request.complete) receiving.delete(socket);
    else if (which(socket)) return socket;
  }
  return undefined;
}
