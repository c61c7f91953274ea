// issue 13 #5: one check for the origin of every link in mail (receipt, reset, invite, visit).
import { describe, expect, it } from 'vitest';
import { linkOriginFor } from './storefront-context.ts';

const evergreen = ['127.0.0.1', 'evergreen.localhost', 'localhost'];
const live = ['localhost', 'shop.evergreen.example'];

describe('linkOriginFor', () => {
  it.each([
    ['a registered host with its port', 'localhost:3000', 'http', evergreen, 'http://localhost:3000'],
    ['a registered host, upper case', 'Evergreen.LOCALHOST:3000', 'http', evergreen, 'http://evergreen.localhost:3000'],
    ['https when the request came over https (or a trusted proxy said so)', 'shop.evergreen.example', 'https', live, 'https://shop.evergreen.example'],
    ['user info smuggled into the header', 'localhost:@evil.example', 'http', evergreen, 'http://127.0.0.1:3000'],
    ['a path smuggled into the header', 'localhost/evil.example', 'http', evergreen, 'http://127.0.0.1:3000'],
    ['an unregistered host', 'evil.example', 'http', evergreen, 'http://127.0.0.1:3000'],
    ['another storefront host', 'lumen.localhost:3000', 'http', evergreen, 'http://127.0.0.1:3000'],
    ['no Host header', undefined, 'http', evergreen, 'http://127.0.0.1:3000'],
    ['the public address before a local one', 'evil.example', 'http', live, 'https://shop.evergreen.example'],
    ['a storefront with no host at all', 'evil.example', 'http', [], 'http://localhost:3000'],
  ])('%s', (_what, hostHeader, protocol, hosts, expected) => {
    expect(linkOriginFor({ hostHeader, protocol, hosts, port: 3000 })).toBe(expected);
  });
});
