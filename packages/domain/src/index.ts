// Public surface of the domain package: pure rules shared by server and web.
export * from './storefront/config.ts';
export * from './checkout/routes.ts';
export * from './messages.ts';
