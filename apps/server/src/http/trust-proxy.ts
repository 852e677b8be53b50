import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config.js';

/**
 * Fastify's `trustProxy` for the TRUST_PROXY setting. Fastify dropped plain hop counts (a direct client could
 * forge the headers), so hops become a function: the socket peer and the next `hops - 1` forwarded
 * addresses are proxies, the address before them is the client. Hops are only safe when the shop cannot be
 * reached except through those proxies; a list of proxy addresses is safe everywhere.
 */
export function fastifyTrustProxy(setting: TrustProxy | undefined): FastifyServerOptions['trustProxy'] {
  if (!setting) return false;
  if ('addresses' in setting) return setting.addresses;
  const { hops } = setting;
  return (_address: string, hop: number) => hop < hops;
}
