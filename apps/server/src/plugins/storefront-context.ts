// Every API request knows its storefront (resolved from the Host header, cached), so modules can
// scope their rows by `request.storefront.id` without trusting an id sent by the client; and the
// one origin that links in mail may use (`request.linkOrigin()`), so a forged Host header never
// reaches a patient's mail.
import type { StorefrontConfig } from '@store/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { StorefrontService } from '../modules/storefronts/storefronts.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    storefront: StorefrontConfig;
    /**
     * The absolute origin (`https://store.example`) for links in mail: the request's own host only
     * when it is registered for the request's storefront, else the storefront's registered address.
     */
    linkOrigin(): Promise<string>;
  }
}

/** A plain `host[:port]` (no user info, path or other punctuation a URL would read differently). */
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;
const isLocal = (host: string) => host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1';

/**
 * The link origin for `hostHeader` on a storefront with the registered `hosts`. The protocol is the
 * request's (https behind a proxy only with TRUST_PROXY); a fallback to a public host is https.
 */
export function linkOriginFor(input: { hostHeader: string | undefined; protocol: string; hosts: string[]; port: number }): string {
  const header = (input.hostHeader ?? '').trim().toLowerCase();
  const name = header.startsWith('[') ? header.slice(0, header.indexOf(']') + 1) : (header.split(':')[0] ?? '');
  if (PLAIN_HOST.test(header) && input.hosts.includes(name)) {
    return `${input.protocol === 'https' ? 'https' : 'http'}://${header}`;
  }
  // The storefront's public address when it has one, else its first local one (development).
  const fallback = input.hosts.find((h) => !isLocal(h)) ?? input.hosts[0] ?? 'localhost';
  return isLocal(fallback) ? `http://${fallback}:${input.port}` : `https://${fallback}`;
}

export const storefrontContextPlugin = fp(
  async (app: FastifyInstance, { storefronts, port }: { storefronts: StorefrontService; port: number }) => {
    app.decorateRequest('storefront', null as unknown as StorefrontConfig);
    app.decorateRequest('linkOrigin', async function linkOrigin(this: FastifyRequest) {
      const storefront = this.storefront ?? (await storefronts.resolve(this.headers.host));
      return linkOriginFor({
        hostHeader: this.headers.host,
        protocol: this.protocol,
        hosts: await storefronts.hostsOf(storefront.id),
        port,
      });
    });
    app.addHook('onRequest', async (request) => {
      // The probes answer for the instance, not a storefront, and must not depend on one (issue 20).
      if (!request.url.startsWith('/api/') || request.url.startsWith('/api/health') || request.url.startsWith('/api/ready')) return;
      if (request.url.startsWith('/api/docs') || request.url === '/api/openapi.json') return;
      request.storefront = await storefronts.resolve(request.headers.host);
    });
  },
);
