import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Keeps at most `cap` connections open on one of our 127.0.0.1 servers, so a local process cannot take
 * every file descriptor, nor keep honest clients out by filling the cap with connections that do
 * nothing. At the cap a new connection takes the place of one that is not being served: the oldest
 * that has not yet sent a whole request head (a silent or trickling one), else the one idle longest
 * between two requests (a kept-alive one), else the oldest whose answer is all written and waits only
 * for its client to read it (one that never reads a large file would hold it for ever: no timeout
 * covers a response). Only when the server is still at work on every connection is the new one
 * closed unanswered. Replaces `server.maxConnections`, which closes the new one whatever the others do.
 */
export function guardConnections(server: Server, cap: number): void {
  const open = new Set<Socket>();
  /** Connected, no request head yet: the first to go, oldest first. */
  const unheard = new Set<Socket>();
  /** Answered everything it asked, kept alive: next, longest idle first. */
  const idle = new Set<Socket>();
  /** Requests whose response has not closed, per connection (HTTP/1.1 pipelining may queue several). */
  const serving = new Map<Socket, number>();
  /** The response last begun on each connection being served. */
  const answering = new Map<Socket, ServerResponse>();

  const forget = (socket: Socket): void => {
    open.delete(socket);
    unheard.delete(socket);
    idle.delete(socket);
    serving.delete(socket);
    answering.delete(socket);
  };

  /** Closes the connection the new one replaces; false when every open connection is being served. */
  const evictOne = (): boolean => {
    const victim = first(unheard) ?? first(idle) ?? unread(serving, answering);
    if (victim === undefined) return false;
    forget(victim);
    victim.destroy();
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
    if (!open.has(socket)) return;
    unheard.delete(socket);
    idle.delete(socket);
    serving.set(socket, (serving.get(socket) ?? 0) + 1);
    answering.set(socket, response);
    response.once('close', () => {
      const left = (serving.get(socket) ?? 1) - 1;
      if (left > 0) return void serving.set(socket, left);
      serving.delete(socket);
      answering.delete(socket);
      if (open.has(socket) && !socket.destroyed) idle.add(socket);
    });
  });
}

/** The oldest of a set (a Set keeps insertion order). */
function first(set: Set<Socket>): Socket | undefined {
  for (const socket of set) return socket;
  return undefined;
}

/** The oldest connection with one request, whose answer the server has ended: it waits on its client only. */
function unread(serving: Map<Socket, number>, answering: Map<Socket, ServerResponse>): Socket | undefined {
  for (const [socket, count] of serving) if (count === 1 && answering.get(socket)?.writableEnded === true) return socket;
  return undefined;
}
