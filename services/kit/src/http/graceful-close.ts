import type { Server, ServerResponse } from 'node:http';
import type { ServerType } from '@hono/node-server';

export interface Drainable {
  /**
   * Stops the server the way a rolling restart needs (docs/deploy.md): no new connections, idle
   * keep-alive connections closed, every request already inside answered, each of their
   * connections closed after the answer. Resolves when the last one has closed, or after
   * `timeoutMs`, when whatever is left is cut.
   */
  close(timeoutMs?: number): Promise<void>;
}

/** Call when the server starts: it follows the requests in hand so that `close` can drain them. */
export function drainable(server: ServerType): Drainable {
  const http = server as Server;
  const inHand = new Set<ServerResponse>();
  let closing = false;
  const endAfterAnswer = (response: ServerResponse) => {
    // Not yet answered: the answer says Connection: close. Already on its way: end it after.
    if (!response.headersSent) response.shouldKeepAlive = false;
    else response.once('finish', () => response.socket?.end());
  };
  http.on('request', (_request, response: ServerResponse) => {
    inHand.add(response);
    response.once('close', () => inHand.delete(response));
    if (closing) endAfterAnswer(response);
  });
  return {
    close(timeoutMs = 10_000) {
      closing = true;
      return new Promise((resolve) => {
        const cut = setTimeout(() => http.closeAllConnections(), timeoutMs);
        cut.unref();
        http.close(() => {
          clearTimeout(cut);
          resolve();
        });
        http.closeIdleConnections();
        for (const response of inHand) endAfterAnswer(response);
      });
    },
  };
}
