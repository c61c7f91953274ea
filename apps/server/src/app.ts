// buildApp wires plugins and modules into a Fastify instance. It never listens (main.ts does), so
// integration tests drive it with app.inject against their own database.
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createMailAdapter } from './adapters/mail/mail.factory.ts';
import { createOutboxStore } from './adapters/outbox/outbox.store.ts';
import { createSmsAdapter } from './adapters/sms/sms.factory.ts';
import { loadOrCreateAuthSecret } from './lib/auth-secret.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createPaymentGateway } from './adapters/payments/payments.factory.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createJobQueue } from './modules/jobs/jobs.service.ts';
import { purchaseRoutes } from './modules/purchase/purchase.routes.ts';
import { createOrderDecisions, createPurchaseService } from './modules/purchase/purchase.service.ts';
import { accountRoutes } from './modules/auth/account.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { addressRoutes } from './modules/addresses/addresses.routes.ts';
import { createAddressService } from './modules/addresses/addresses.service.ts';
import { sessionRoutes } from './modules/auth/session.routes.ts';
import { createSessionService } from './modules/auth/sessions.service.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { createCheckoutService } from './modules/checkout/checkout.service.ts';
import { orderShippingRoutes } from './modules/order-shipping/order-shipping.routes.ts';
import { createOrderShippingService } from './modules/order-shipping/order-shipping.service.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { consentsRoutes } from './modules/consents/consents.routes.ts';
import { createConsentsService } from './modules/consents/consents.service.ts';
import { landingRoutes } from './modules/landing/landing.routes.ts';
import { createLandingService } from './modules/landing/landing.service.ts';
import { createPromotionsService } from './modules/promotions/promotions.service.ts';
import { shippingRoutes } from './modules/shipping/shipping.routes.ts';
import { createShippingService } from './modules/shipping/shipping.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { consultRoutes } from './modules/consults/consults.routes.ts';
import { createConsultService } from './modules/consults/consults.service.ts';
import { createMedicationService } from './modules/consults/medications.service.ts';
import { uploadRoutes } from './modules/uploads/uploads.routes.ts';
import { createUploadService } from './modules/uploads/uploads.service.ts';
import { createThrottle } from './modules/auth/throttle.ts';
import { createFileStorage } from './adapters/storage/storage.factory.ts';
import { doctorRoutes } from './modules/doctors/doctors.routes.ts';
import { createDoctorService } from './modules/doctors/doctors.service.ts';
import { createAppointmentMailer } from './modules/scheduling/appointment-mail.ts';
import { schedulingRoutes } from './modules/scheduling/scheduling.routes.ts';
import { createSchedulingService } from './modules/scheduling/scheduling.service.ts';
import { orderVisitRoutes } from './modules/scheduling/order-visits.routes.ts';
import { createOrderVisitService } from './modules/scheduling/order-visits.service.ts';
import { pharmacyRoutes } from './modules/pharmacies/pharmacies.routes.ts';
import { createPharmacyService } from './modules/pharmacies/pharmacies.service.ts';
import { devOutboxRoutes } from './modules/notifications/dev-outbox.routes.ts';
import { createNotificationService } from './modules/notifications/notifications.service.ts';
import { storefrontRoutes } from './modules/storefronts/storefronts.routes.ts';
import { createStorefrontService } from './modules/storefronts/storefronts.service.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { textInputPlugin } from './plugins/text-input.ts';
import { identityPlugin } from './plugins/identity.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { storefrontContextPlugin } from './plugins/storefront-context.ts';
import { webAppPlugin } from './plugins/web-app.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** The clock; tests move it to expire codes, sessions and orders. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

function createServices(options: BuildAppOptions, log?: FastifyBaseLogger) {
  const { db } = options.database;
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const storefronts = createStorefrontService({ db });
  // Work a request should not wait for (the confirmation mail and its receipt), on the database.
  const jobs = createJobQueue({ db, now, log, pollIntervalMs: config.JOB_POLL_INTERVAL_MS });
  const sessions = createSessionService({ db, config, now });
  // Pharmacy choice and saved addresses (issue 5).
  const pharmacies = createPharmacyService({ db, now });
  const addresses = createAddressService({ db, now });
  // The store (issue 3): catalog, shipping and tax, promo codes, landing capture, consents, cart.
  const catalog = createCatalogService({ db });
  const shipping = createShippingService({ db });
  const promotions = createPromotionsService({ db });
  const landing = createLandingService({ db, now });
  const consents = createConsentsService({ db });
  const cart = createCartService({
    db,
    now,
    catalog,
    shipping,
    promotions,
    landing,
    storefronts,
    reopenForEdit: (tx, orderId) => purchase.reopenForEdit(tx, orderId),
    // Address and method saved: the Shipping stage (and, with pharmacy choice off, the partner pharmacy).
    hooks: { onShippingSaved: (tx, input) => orderShipping.onShippingSaved(tx, input) },
  });
  // Accounts and sign-in (issue 4): audit log, mail/SMS (or the outbox), sign-in and profile.
  const audit = createAuditService({ db, now });
  // Payments (issue 7): the card processor PAYMENT_GATEWAY names, saved cards, pay/capture/void/refund.
  const paymentGateway = createPaymentGateway(config, { db, now });
  const payments = createPaymentsService({ db, gateway: paymentGateway.gateway, now, audit, log });
  const outbox = createOutboxStore(db, now);
  const notifications = createNotificationService({
    mail: createMailAdapter(config, outbox, log),
    sms: createSmsAdapter(config, outbox, log),
    outbox,
  });
  const auth = createAuthService({
    db,
    config,
    now,
    secret: config.AUTH_SECRET ?? loadOrCreateAuthSecret(config.dataDir),
    sessions,
    audit,
    notifications,
    products: catalog,
    cart: {
      // Everything a guest made before signing in follows them to their account: the cart, the
      // consults with their uploads, and a pharmacy they added themselves.
      adoptGuestOrder: async (input) => {
        const { orderId, guestHadItems } = await cart.adoptGuestCart(input);
        // Independent of each other (each moves its own rows from the guest to the patient).
        await Promise.all([
          consults.adoptGuest({ guestSessionId: input.guestSessionId, userId: input.userId }),
          pharmacies.adoptGuestPharmacies(input.guestSessionId, input.userId),
          scheduling.adoptGuest(input.guestSessionId, input.userId, orderId),
        ]);
        // The checkout the guest had under way, if any: sign-in carries on with it.
        return guestHadItems ? orderId : null;
      },
      addPrescribedProduct: async ({ userId, storefront, productId }) => ({
        redirectTo: (await cart.checkoutRedirect(storefront, { kind: 'user', userId }, { product: productId })).route,
      }),
    },
  });
  // The consult (issue 8): uploads in file storage, questionnaires and answers, medication search.
  const uploads = createUploadService({
    db,
    storage: createFileStorage(config),
    now,
    limits: { filesPerHour: config.UPLOADS_PER_HOUR, bytesPerHour: config.UPLOAD_BYTES_PER_HOUR },
    ipLimit: {
      filesPerHour: config.UPLOADS_PER_IP_PER_HOUR,
      throttle: createThrottle({ db, now, secret: config.AUTH_SECRET ?? loadOrCreateAuthSecret(config.dataDir) }),
    },
  });
  // The checkout engine acts on a frozen consult inside its transaction: completes the item's
  // Consult stage or disqualifies the order.
  const consults = createConsultService({
    db,
    now,
    uploads,
    hooks: { onFrozen: (tx, consult, outcome) => checkout.onConsultFrozen(tx, consult, outcome) },
  });
  const checkout = createCheckoutService({ db, cart, catalog, consults, audit });
  // Pay now (issue 7 wiring): checkout says what to charge, payments charges it once, then the
  // Payment stage, the promo redemption and the confirmation email; doctor-side capture and void.
  const purchase = createPurchaseService({ db, checkout, cart, payments, consents, notifications, storefronts, jobs, addresses, log, port: config.PORT });
  const orderDecisions = createOrderDecisions({ db, cart, checkout, payments });
  // The order's shipping address and pharmacy (issue 5).
  const orderShipping = createOrderShippingService({ cart, checkout, addresses, pharmacies });
  const medications = createMedicationService({ db });
  // Doctors and scheduling (issue 6): doctor lists and bios, slots, bookings, reschedule links.
  const doctors = createDoctorService({ db });
  const scheduling = createSchedulingService({
    db,
    doctors,
    now,
    audit,
    notify: createAppointmentMailer(notifications),
    log,
    // The "visit scheduled" mail job the pay step queues (issue 13 #12).
    jobs,
    storefronts,
  });
  // A visit bound to an order completes its Scheduling stage (issue 6 wiring); cancelling it reopens
  // the stage before payment, or after payment leads to a new time or the order's cancellation (void).
  const orderVisits = createOrderVisitService({ db, cart, checkout, doctors, scheduling, payments, audit });
  return { jobs, orderVisits, orderShipping, purchase, orderDecisions, checkout, payments, paymentGateway, uploads, consults, medications, pharmacies, addresses, storefronts, sessions, audit, notifications, auth, catalog, shipping, promotions, landing, consents, cart, doctors, scheduling };
}
export type AppServices = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(textInputPlugin);
  // Stripe Elements loads from js.stripe.com and talks to api.stripe.com (issue 7).
  const stripeElements = config.PAYMENT_GATEWAY === 'stripe';
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripeElements ? ['https://js.stripe.com'] : [])],
        frameSrc: ["'self'", ...(stripeElements ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [])],
        // MUI (emotion) injects style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...(stripeElements ? ['https://api.stripe.com'] : [])],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.NODE_ENV === 'production' ? [] : null,
      },
    },
  });
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
    credentials: true,
  });
  await app.register(cookie);
  await app.register(openapiPlugin);

  const services = createServices(options, app.log);
  app.decorate('services', services);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(storefrontContextPlugin, { storefronts: services.storefronts, port: config.PORT });
  await app.register(csrfPlugin, { allowedOrigins: config.CORS_ORIGINS });
  await app.register(identityPlugin, { sessions: services.sessions, alwaysSecureCookies: config.NODE_ENV === 'production' });

  await app.register(healthRoutes, { ping: options.database.ping });
  await app.register(storefrontRoutes, { storefronts: services.storefronts });
  await app.register(sessionRoutes, { sessions: services.sessions, config });
  await app.register(paymentsRoutes, {
    payments: services.payments,
    sandbox: services.paymentGateway.sandbox,
    client: services.paymentGateway.client,
    now: options.now ?? (() => new Date()),
  });
  await app.register(pharmacyRoutes, { pharmacies: services.pharmacies, config });
  await app.register(addressRoutes, { addresses: services.addresses });
  await app.register(catalogRoutes, { catalog: services.catalog });
  await app.register(shippingRoutes, { shipping: services.shipping });
  await app.register(consentsRoutes, { consents: services.consents });
  await app.register(landingRoutes, { landing: services.landing });
  await app.register(cartRoutes, { cart: services.cart, sessions: services.sessions, config });
  await app.register(authRoutes, { auth: services.auth });
  await app.register(accountRoutes, { auth: services.auth });
  if (config.NODE_ENV !== 'production') await app.register(devOutboxRoutes, { notifications: services.notifications });

  await app.register(doctorRoutes, { doctors: services.doctors });
  await app.register(schedulingRoutes, { scheduling: services.scheduling, now: options.now ?? (() => new Date()) });
  await app.register(uploadRoutes, { uploads: services.uploads });
  await app.register(consultRoutes, { consults: services.consults, medications: services.medications });
  await app.register(checkoutRoutes, { checkout: services.checkout, cart: services.cart });
  await app.register(purchaseRoutes, { purchase: services.purchase, audit: services.audit });
  await app.register(orderVisitRoutes, { orderVisits: services.orderVisits, scheduling: services.scheduling, audit: services.audit });
  await app.register(orderShippingRoutes, { orderShipping: services.orderShipping, audit: services.audit });

  await app.register(webAppPlugin, { distDir: config.WEB_DIST_DIR });
  // A process works the queue unless JOB_WORKER=false (worker processes do); a closing one
  // finishes the job in hand first.
  app.addHook('onReady', async () => {
    if (config.JOB_WORKER) services.jobs.start();
  });
  app.addHook('onClose', async () => services.jobs.stop());
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
