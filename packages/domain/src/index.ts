// Public surface of the domain package: pure rules shared by server and web.
export * from './storefront/config.ts';
export * from './checkout/routes.ts';
export * from './checkout/stages.ts';
export * from './checkout/routing.ts';
export * from './messages.ts';
export * from './validation/account.ts';
export * from './validation/common-passwords.ts';
export * from './validation/fields.ts';
export * from './validation/upload.ts';
export * from './validation/address.ts';
export * from './validation/errors.ts';
export * from './pricing/pricing.ts';
export * from './orders/status.ts';
export * from './shipping/us-address.ts';
export * from './pharmacy/npi.ts';
export * from './pharmacy/distance.ts';
export * from './pharmacy/pharmacy.ts';
