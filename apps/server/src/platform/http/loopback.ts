import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * A request made on this machine: judged by the socket's own address, never by `X-Forwarded-For` (anyone
 * can send that). A request that carries forwarding headers came through a proxy, so even a loopback socket
 * does not prove that a person at this machine sent it.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '');
}
