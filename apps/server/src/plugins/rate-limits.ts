// The front-line per-IP request limit (issue 20), before any work is done: @fastify/rate-limit with
// no global limit, each guarded route naming its family in `config.rateLimit` (perIpPerMinute).
// The counts live in Redis when REDIS_URL is set, so every instance counts the same requests; in
// the process otherwise. Behind this, the database throttle (modules/auth/throttle.ts) still keeps
// its per-account back-off and hourly limits: this one only stops floods from one address.
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config.ts';
import { rateLimited } from '../modules/auth/throttle.ts';

export type RateLimitFamily = 'signIn' | 'codes' | 'registrations' | 'uploads' | 'pharmacies' | 'addresses' | 'cardTokens';
type Limits = Record<RateLimitFamily, number>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests per IP address per minute, per route, of each family. */
    rateLimitsPerMinute: Limits;
  }
}

const MINUTE_MS = 60_000;

/**
 * A route's `config.rateLimit`: at most the family's limit per IP address per minute (each route
 * counted on its own). The number is read from the app's config, so one module serves every app.
 */
export function perIpPerMinute(family: RateLimitFamily): RateLimitOptions {
  return {
    max: (request: FastifyRequest) => request.server.rateLimitsPerMinute[family],
    timeWindow: MINUTE_MS,
  };
}

export const rateLimitsPlugin = fp(
  async (app: FastifyInstance, options: { config: AppConfig; redis?: { client: Redis; prefix: string } | undefined }) => {
    const { config } = options;
    app.decorate('rateLimitsPerMinute', {
      signIn: config.RATE_LIMIT_SIGN_IN_PER_MINUTE,
      codes: config.RATE_LIMIT_CODES_PER_MINUTE,
      registrations: config.RATE_LIMIT_REGISTRATIONS_PER_MINUTE,
      uploads: config.RATE_LIMIT_UPLOADS_PER_MINUTE,
      pharmacies: config.RATE_LIMIT_PHARMACIES_PER_MINUTE,
      addresses: config.RATE_LIMIT_ADDRESSES_PER_MINUTE,
      cardTokens: config.RATE_LIMIT_CARD_TOKENS_PER_MINUTE,
    } satisfies Limits);
    await app.register(rateLimit, {
      global: false,
      // The key is the client's address as Fastify sees it (TRUST_PROXY: the X-Forwarded-For one);
      // the plugin groups IPv6 addresses by /64.
      ...(options.redis ? { redis: options.redis.client, nameSpace: `${options.redis.prefix}rate-limit:` } : {}),
      // Redis away: the request goes ahead (the database throttle still guards sign-in) rather
      // than every guarded route failing.
      skipOnError: true,
      // The spec's message as problem+json, with Retry-After (plugins/errors.ts renders AppError).
      errorResponseBuilder: (_request, context) => rateLimited(context.ttl / 1000),
    });
  },
  { name: 'rate-limits' },
);
