import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { forbidden } from '../errors';

/** The names this machine answers to itself: a page can rebind its own name to these, never be them. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '::1'];

/** The host name a request was sent to (lower case, no port, IPv6 without brackets), or null when absent. */
export function requestHostname(request: Pick<FastifyRequest, 'headers'>): string | null {
  const host = request.headers.host?.trim().toLowerCase();
  if (!host) return null;
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d+)?$/.exec(host);
  if (bracketed) return bracketed[1]!;
  const named = /^([a-z0-9.-]+)(?::\d+)?$/.exec(host);
  return named ? named[1]!.replace(/\.$/, '') : null;
}

/** Whether the request names this machine by a loopback name (what the dev mailbox also requires). */
export function sentToLoopbackName(request: Pick<FastifyRequest, 'headers'>): boolean {
  const name = requestHostname(request);
  return name !== null && LOOPBACK_HOSTS.includes(name);
}

/** Every host name the server answers outside production: loopback, `PUBLIC_URL`'s and `ALLOWED_HOSTS`. */
export function allowedHostnames(config: Pick<Config, 'publicUrl' | 'allowedHosts'>): Set<string> {
  const publicHost = new URL(config.publicUrl).hostname.replace(/^\[|\]$/g, '');
  return new Set([...LOOPBACK_HOSTS, publicHost, ...config.allowedHosts]);
}

/**
 * Outside production, answers only requests sent to a name this server is known by. A web page whose own name
 * its attacker rebinds to 127.0.0.1 (DNS rebinding) reaches a developer's server with that name in `Host`:
 * refused here, it cannot read the dev mailbox, the API or anything else with the visitor's network position.
 * In production the proxy in front decides which names reach the server.
 */
export function installHostGuard(app: FastifyInstance, config: Config): void {
  if (config.isProduction) return;
  const allowed = allowedHostnames(config);
  app.addHook('onRequest', async (request) => {
    const name = requestHostname(request);
    if (name === null || !allowed.has(name)) throw forbidden('errors.host_not_allowed');
  });
}
