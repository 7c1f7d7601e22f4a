import type { AppContext } from '@portal/service-kit';

/**
 * The caller's network address for per-address limits: the socket's peer when the node server
 * provides it, else the first X-Forwarded-For hop (requests made in-process, as in tests).
 */
export function clientAddress(c: AppContext): string {
  const socketAddress = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  return (socketAddress || forwarded || 'unknown').slice(0, 64);
}
