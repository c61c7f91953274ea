// buildApp wires plugins and modules into a Fastify instance. It never listens (main.ts does), so
// integration tests drive it with app.inject against their own database.
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import websocket from '@fastify/websocket';
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
import { addressRoutes } from './modules/addresses/addresses.routes.ts';
import { createAddressService } from './modules/addresses/addresses.service.ts';
import { accountRoutes } from './modules/auth/account.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { sessionRoutes } from './modules/auth/session.routes.ts';
import { createSessionService } from './modules/auth/sessions.service.ts';
import { createThrottle } from './modules/auth/throttle.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { createCheckoutService } from './modules/checkout/checkout.service.ts';
import { consentsRoutes } from './modules/consents/consents.routes.ts';
import { createConsentsService } from './modules/consents/consents.service.ts';
import { consultRoutes } from './modules/consults/consults.routes.ts';
import { createConsultService } from './modules/consults/consults.service.ts';
import { createMedicationService } from './modules/consults/medications.service.ts';
import { doctorRoutes } from './modules/doctors/doctors.routes.ts';
import { fulfilmentRoutes } from './modules/fulfilment/fulfilment.routes.ts';
import { createFulfilmentService } from './modules/fulfilment/fulfilment.service.ts';
import { createDoctorService } from './modules/doctors/doctors.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
// issue 20 (operations): readiness, Prometheus metrics, graceful shutdown.
import { createReadiness, type Readiness } from './modules/health/readiness.ts';
import { createMetrics, type Metrics } from './lib/metrics.ts';
import { SIGNAL_CLOSE } from '@store/domain';
import { metricsPlugin } from './plugins/metrics.ts';
import { createJobQueue } from './modules/jobs/jobs.service.ts';
import { landingRoutes } from './modules/landing/landing.routes.ts';
import { createLandingService } from './modules/landing/landing.service.ts';
import { devOutboxRoutes } from './modules/notifications/dev-outbox.routes.ts';
import { createNotificationService } from './modules/notifications/notifications.service.ts';
import { orderShippingRoutes } from './modules/orders/order-shipping.routes.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { payRoutes } from './modules/orders/pay.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { devSandboxRoutes } from './modules/payments/dev-sandbox.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { pharmacyRoutes } from './modules/pharmacies/pharmacies.routes.ts';
import { reviewRoutes } from './modules/reviews/reviews.routes.ts';
import { infoRequestRoutes } from './modules/reviews/info-requests.routes.ts';
import { createAccessLogService } from './modules/access-log/access-log.service.ts';
import { createReviewService } from './modules/reviews/reviews.service.ts';
import { createPharmacyService } from './modules/pharmacies/pharmacies.service.ts';
import { createPromotionsService } from './modules/promotions/promotions.service.ts';
import { createAppointmentMailer } from './modules/scheduling/appointment-mail.ts';
import { orderVisitRoutes } from './modules/scheduling/order-visits.routes.ts';
import { schedulingRoutes } from './modules/scheduling/scheduling.routes.ts';
import { createSchedulingService } from './modules/scheduling/scheduling.service.ts';
import { shippingRoutes } from './modules/shipping/shipping.routes.ts';
import { createShippingService } from './modules/shipping/shipping.service.ts';
import { storefrontRoutes } from './modules/storefronts/storefronts.routes.ts';
import { createStorefrontService } from './modules/storefronts/storefronts.service.ts';
import { imageRoutes } from './modules/images/images.routes.ts';
import { uploadRoutes } from './modules/uploads/uploads.routes.ts';
import { createUploadService } from './modules/uploads/uploads.service.ts';
import { iceConfigFrom } from './modules/visits/ice-servers.ts';
import { createInMemorySignalBus } from './modules/visits/signal-bus.ts';
import { createPeerToPeerVideo } from './modules/visits/video-provider.ts';
import { visitRoutes } from './modules/visits/visits.routes.ts';
import { createVisitsService } from './modules/visits/visits.service.ts';
import { createFileStorage } from './adapters/storage/storage.factory.ts';
import { createFaxTransport, createOutboxFaxAdapter } from './adapters/prescriptions/fax.adapter.ts';
import { createPrescriptionService } from './modules/prescriptions/prescriptions.service.ts';
import { loggerOptions } from './lib/logging.ts';
import { devFaxOutboxRoutes } from './modules/prescriptions/dev-fax-outbox.routes.ts';
import { prescriptionRoutes } from './modules/prescriptions/prescriptions.routes.ts';
import { createPrescriptionReceipt } from './workflows/prescription-receipt.ts';
import { createConsultFrozenWorkflow } from './workflows/consult-frozen.ts';
import { createEditOrderWorkflow } from './workflows/edit-order.ts';
import { createFulfilWorkflow } from './workflows/fulfil.ts';
import { createRefillPrescriptions } from './workflows/refill-prescription.ts';
import { createOrderDecisions } from './workflows/order-decisions.ts';
import { createOrderReview } from './workflows/order-review.ts';
import { createHoldExpiry } from './workflows/hold-expiry.ts';
import { createMissedVisits, MISSED_VISIT_REBOOK_MS } from './workflows/missed-visit.ts';
import { createVisitCompletion } from './workflows/visit-completion.ts';
import { createVisitReminderJob } from './workflows/visit-reminders.ts';
import { createVisitOutcomes } from './modules/visits/visit-outcomes.ts';
import { createVisitReminders } from './modules/visits/visit-reminders.service.ts';
import { ratingRoutes } from './modules/ratings/ratings.routes.ts';
import { createRatingsService } from './modules/ratings/ratings.service.ts';
import { createRateDoctor } from './workflows/rate-doctor.ts';
import { createRenewalConsult } from './workflows/renewal-consult.ts';
import { renewalRoutes } from './modules/prescriptions/renewal.routes.ts';
import { createOrderNotices } from './workflows/order-notices.ts';
import { createOrderVisitService } from './workflows/order-visits.ts';
import { recordsRoutes } from './modules/records/records.routes.ts';
import { createRecordsService } from './modules/records/records.service.ts';
import { createHealthRecords } from './workflows/health-records.ts';
import { createLabOrdersWorkflow } from './workflows/lab-orders.ts';
import { createPayWorkflow } from './workflows/pay.ts';
// issue 17: auto-refills that follow the prescription, the renewal job, reorder.
import { refillRoutes } from './modules/refills/refills.routes.ts';
import { createRefillsService } from './modules/refills/refills.service.ts';
import { createRefillRenewal } from './workflows/refill-renewal.ts';
import { createReorder } from './workflows/reorder.ts';
import { createPrescribeWorkflow } from './workflows/prescribe.ts';
import { createSignInWorkflow } from './workflows/sign-in.ts';
// The patient's orders in My account (issue 17).
import { accountOrderRoutes } from './modules/orders/account-orders.routes.ts';
import { createAccountOrders } from './workflows/account-orders.ts';
import { createChangeShippingAddress } from './workflows/change-shipping-address.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors.ts';
// issue 20 (redis): what several instances share.
import { openRedis, type RedisConnections } from './adapters/redis/redis.ts';
import { rateLimitsPlugin } from './plugins/rate-limits.ts';
import { createRedisChangeBus } from './adapters/redis/redis-changes.ts';
import { createRedisSignalBus } from './adapters/redis/redis-signal-bus.ts';
import { createInProcessChangeBus } from './lib/changes.ts';
import { textInputPlugin } from './plugins/text-input.ts';
import { identityPlugin } from './plugins/identity.ts';
import { accessPlugin } from './plugins/access.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { storefrontContextPlugin } from './plugins/storefront-context.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { devClockRoutes } from './plugins/dev-clock.routes.ts';
import { accessLogRoutes } from './modules/access-log/access-log.routes.ts';
import { phoneOrderRoutes } from './modules/phone-orders/phone-orders.routes.ts';
import { createPhoneOrderService } from './modules/phone-orders/phone-orders.service.ts';
import { createAccessLogView } from './workflows/access-log-view.ts';
import type { DevClock } from './lib/dev-clock.ts';
// issue 18: the operator's console (/api/admin/*), one company's storefronts.
import { adminGuardPlugin, createAdminStorefronts } from './modules/admin/admin-access.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { adminPhoneOrderRoutes } from './modules/phone-orders/admin-phone-orders.routes.ts';
// issue 18 people: doctors, partner pharmacies and their pharmacists.
import { createStaffAccounts } from './modules/auth/staff-accounts.service.ts';
import { adminDoctorsRoutes } from './modules/doctors/admin-doctors.routes.ts';
import { createDoctorsAdmin } from './modules/doctors/doctors-admin.service.ts';
import { createPharmacyStaffAdmin } from './modules/fulfilment/pharmacy-staff-admin.service.ts';
import { adminPharmaciesRoutes } from './modules/pharmacies/admin-pharmacies.routes.ts';
import { createPharmaciesAdmin } from './modules/pharmacies/pharmacies-admin.service.ts';
import { createAdminPeople } from './workflows/admin-people.ts';
// issue 18, commerce: promo codes, tax rates and shipping methods per storefront.
import { adminPromotionsRoutes } from './modules/promotions/admin-promotions.routes.ts';
import { createPromotionsAdmin } from './modules/promotions/promotions-admin.service.ts';
import { adminShippingRoutes } from './modules/shipping/admin-shipping.routes.ts';
import { createShippingAdmin } from './modules/shipping/shipping-admin.service.ts';
import { adminStorefrontRoutes } from './modules/storefronts/admin-storefronts.routes.ts';
import { createStorefrontVersionsService } from './modules/storefronts/storefront-versions.service.ts';
import { createStorefrontBundles } from './workflows/storefront-bundles.ts';
// issue 18 (orders slice): order search, cancel, refunds, mail resend, the audit viewer, CSV exports.
import { createAdminOrderActions } from './workflows/admin-order-actions.ts';
import { adminOrderRoutes } from './modules/orders/admin-orders.routes.ts';
import { adminAuditRoutes } from './modules/audit/admin-audit.routes.ts';
import { adminCatalogRoutes } from './modules/catalog/admin-catalog.routes.ts';
import { createAdminCatalog } from './workflows/admin-catalog.ts';
import { questionnaireAdminRoutes } from './modules/consults/questionnaire-admin.routes.ts';
import { createQuestionnaireAdminService } from './modules/consults/questionnaire-admin.service.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** The clock; tests move it to expire codes, sessions and orders. */
  now?: () => Date;
  /** DEV_CLOCK: a clock POST /dev/clock moves forward (development and browser tests only). */
  devClock?: DevClock;
  logger?: FastifyServerOptions['logger'];
}

/**
 * The modules' services, each given only the services below it; then the workflows, the only code
 * that calls several modules in one step (docs/decisions/006-workflows-and-modules.md). Nothing
 * here hands a module a callback into another.
 */
function createServices(options: BuildAppOptions, log: FastifyBaseLogger | undefined, metrics: Metrics, redis?: RedisConnections) {
  const { db } = options.database;
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const secret = config.AUTH_SECRET ?? loadOrCreateAuthSecret(config.dataDir);
  // Rate limits kept in the database (uploads per IP, prescription-code guesses), one instance.
  const throttle = createThrottle({ db, now, secret });
  // Where files live (uploads, prescription PDFs): disk or S3 by config, one instance.
  const files = createFileStorage(config);
  // issue 20: the caches of what the operator edits are dropped on every instance after a change
  // (over Redis pub/sub with REDIS_URL; in this process otherwise).
  const changes = redis ? createRedisChangeBus(redis, log) : createInProcessChangeBus();
  const storefronts = createStorefrontService({ db, changes });
  // Work a request should not wait for (mail, receipts, reconciliation), on the database.
  const jobs = createJobQueue({ db, now, log, pollIntervalMs: config.JOB_POLL_INTERVAL_MS, lockMs: config.JOB_LOCK_MS, onFinished: metrics.jobFinished });
  const sessions = createSessionService({ db, config, now });
  const audit = createAuditService({ db, now });
  const outbox = createOutboxStore(db, now);
  const notifications = createNotificationService({
    mail: createMailAdapter(config, outbox, log),
    sms: createSmsAdapter(config, outbox, log),
    outbox,
  });
  const pharmacies = createPharmacyService({ db, now });
  const addresses = createAddressService({ db, now });
  const catalog = createCatalogService({ db, changes });
  const shipping = createShippingService({ db, changes });
  const promotions = createPromotionsService({ db });
  const landing = createLandingService({ db, now });
  const consents = createConsentsService({ db, changes });
  const medications = createMedicationService({ db });
  const doctors = createDoctorService({ db });
  // The card processor PAYMENT_GATEWAY names, saved cards, pay/capture/void/refund.
  const paymentGateway = createPaymentGateway(config, { db, now });
  const payments = createPaymentsService({ db, gateway: paymentGateway.gateway, now, audit, log, onOutcome: metrics.payment });
  const auth = createAuthService({ db, config, now, secret, sessions, audit, notifications, products: catalog });
  const uploads = createUploadService({
    db,
    storage: files,
    now,
    limits: { filesPerHour: config.UPLOADS_PER_HOUR, bytesPerHour: config.UPLOAD_BYTES_PER_HOUR },
    ipLimit: { filesPerHour: config.UPLOADS_PER_IP_PER_HOUR, throttle },
  });
  const consults = createConsultService({ db, now, uploads });
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
  // The order: its rows, view and status (orders); the draft's items and prices (cart); its stages (checkout).
  const orders = createOrdersService({ db, now, audit, catalog, shipping });
  const cart = createCartService({ db, now, orders, catalog, promotions, landing, storefronts });
  const checkout = createCheckoutService({ db, orders, catalog, consults });
  // The doctors' review queue: claims with a lease, decisions (issue 15).
  const reviews = createReviewService({ db, now, orders, storefronts, payments, addresses, scheduling, cacheMs: config.REVIEW_QUEUE_CACHE_MS, leaseMs: config.REVIEW_LEASE_MS });
  // Who read a patient's health data (append-only hash chain, issue 15).
  const accessLog = createAccessLogService({ db, now });
  // Prescriptions: formulary, the written prescription, its fax-ready PDF, its transmission (issue 15).
  const faxes = createOutboxFaxAdapter(db, now);
  const prescriptions = createPrescriptionService({ db, now, storage: files, transport: createFaxTransport(faxes), audit });
  // The pharmacist's orders and the fulfilment of each (issue 15).
  // issue 17: the pharmacist reads a refill order's prescription (the one its refill was sent on).
  const refills = createRefillsService({ db, now, prescriptions, orders, catalog, payments, audit });
  const fulfilment = createFulfilmentService({ db, now, orders, pharmacies, prescriptions, accessLog, refillPrescriptions: createRefillPrescriptions({ refills, prescriptions }) });
  // The visit as it happens (issue 16): who may join, its moments, the doctor's note; the call is
  // peer-to-peer WebRTC (a hosted provider would replace `video`), signalled over Redis pub/sub when
  // REDIS_URL is set (the patient and the doctor may be on different instances, issue 20), else in this process.
  const visitSignals = redis ? createRedisSignalBus(redis, log) : createInMemorySignalBus();
  const visits = createVisitsService({
    db, now, audit, scheduling, orders, doctors, bus: visitSignals,
    video: createPeerToPeerVideo(iceConfigFrom(config)),
    missedRebookMs: MISSED_VISIT_REBOOK_MS,
  });
  // Who came to a visit and how it ended; the reminders sent (issue 16).
  const visitOutcomes = createVisitOutcomes({ db, now });
  const visitReminders = createVisitReminders({ db });
  // Patients' ratings of their doctors (issue 16).
  const ratings = createRatingsService({ db });

  // Workflows: the steps that span modules.
  const signIn = createSignInWorkflow({ db, cart, consults, pharmacies, scheduling, sessions });
  const editOrder = createEditOrderWorkflow({ db, orders, cart, checkout, payments, addresses, pharmacies });
  const consultFrozen = createConsultFrozenWorkflow({ db, consults, checkout });
  const pay = createPayWorkflow({ db, checkout, orders, cart, payments, auth, consents, notifications, storefronts, jobs, addresses, log, port: config.PORT });
  // What the patient is told after payment, as background mail and texts (issue 15).
  const orderNotices = createOrderNotices({ db, jobs, orders, auth, notifications, storefronts, port: config.PORT, log });
  // A written prescription's transmission job: fax it, then the order is prescribed (issue 15).
  const prescribe = createPrescribeWorkflow({ db, jobs, orders, prescriptions, pharmacies, doctors, auth, storefronts, notices: orderNotices, port: config.PORT, log });
  // Auto-refill plans (issue 17): an approved renewal points its plan at the new prescription.
  // issue 17 renewal consult: a prescription with no refills left or expired opens a consult
  // prefilled with the last answers in the patient's cart (the refill job, or the patient asking).
  const renewalConsult = createRenewalConsult({ db, now, consults, cart, orders, prescriptions, doctors, storefronts, jobs, notifications, auth, audit, port: config.PORT, log });
  const orderDecisions = createOrderDecisions({ db, orders, payments, reviews, notices: orderNotices, prescriptions, pharmacies, prescribe, jobs, visits, renewals: refills });
  const orderReview = createOrderReview({ db, reviews, orders, consults, pharmacies, uploads, accessLog, storefronts, notices: orderNotices, visits, prescriptions, doctors });
  const holdExpiry = createHoldExpiry({ db, now, jobs, orders, payments, scheduling, storefronts, notices: orderNotices });
  const missedVisits = createMissedVisits({ db, now, jobs, orders, scheduling, outcomes: visitOutcomes, payments, notices: orderNotices, visits, log });
  // Visit reminders by mail and text, the day before and a quarter of an hour before (issue 16).
  const visitReminderJob = createVisitReminderJob({ db, now, jobs, scheduling, orders, doctors, reminders: visitReminders, notices: orderNotices });
  // The patient rates the doctor who saw or reviewed the order; the doctor's average follows (issue 16).
  const rateDoctor = createRateDoctor({ db, now, orders, scheduling, reviews, doctors, ratings, audit });
  const orderVisits = createOrderVisitService({ db, orders, checkout, doctors, scheduling, payments, audit, outcomes: visitOutcomes, visits, now });
  // issue 17: "who looked at my records" in words (access log, doctors, auth, storefronts, uploads);
  // phone-order requests, the staff told by mail as a job, limited per address.
  const accessLogView = createAccessLogView({ accessLog, doctors, auth, storefronts, uploads });
  const phoneOrders = createPhoneOrderService({
    db, now, jobs, notifications, storefronts, throttle, audit, accessLog, log,
    // "Handled by" in the operator's console (issue 18): a staff member's own name.
    staffNames: async (ids) => new Map(await Promise.all(ids.map(async (id) => [id, (await auth.patientDetails(id))?.name || 'A staff member'] as const))),
  });
  const visitCompletion = createVisitCompletion({ db, scheduling, orders, visits });
  const fulfil = createFulfilWorkflow({ db, orders, fulfilment, notices: orderNotices, prescriptions, payments, log });
  // A pharmacy's confirmed receipt: a patient's own pharmacy makes the order ready for pickup (issue 15).
  const prescriptionReceipt = createPrescriptionReceipt({ db, prescriptions, fulfilment, orders, pharmacies, notices: orderNotices });
  // The patient's orders in My account, and a paid order's address until it ships (issue 17).
  const accountOrders = createAccountOrders({ db, now, orders, payments, fulfilment, scheduling, reviews, prescriptions, pharmacies, doctors, ratings, audit });
  const changeShippingAddress = createChangeShippingAddress({ db, now, orders, addresses, payments, fulfilment, prescriptions, doctors, pharmacies, audit, jobs, faxes, files, storefronts, accountOrders, log });
  // Auto-refills (issue 17): plans that follow the prescription, the renewal job (notice, charge once
  // per cycle, refill order, transmission, retries; renewal consult when refills run out), reorder.
  const refillRenewal = createRefillRenewal({
    db, now, jobs, refills, prescriptions, orders, cart, payments, pharmacies, prescribe, notices: orderNotices, auth, notifications, storefronts,
    renewal: renewalConsult, port: config.PORT, log,
  });
  const reorder = createReorder({ db, now, orders, prescriptions, refills, renewal: refillRenewal, cart });
  // Health records (issue 17): lab orders with their requisition and results, the patient's documents.
  const records = createRecordsService({ db, now, storage: files });
  const labOrders = createLabOrdersWorkflow({ db, jobs, orders, catalog, records, auth, doctors, reviews, accessLog, notifications, storefronts, port: config.PORT, log });
  const healthRecords = createHealthRecords({ db, records, uploads, prescriptions, visits, reviews, orders, doctors });
  // issue 18: the operator's console sees its own company's storefronts only.
  const adminStorefronts = createAdminStorefronts({ storefronts });
  // issue 18 people: the operator's doctors, partner pharmacies and pharmacists.
  const doctorsAdmin = createDoctorsAdmin({ db, now, audit });
  const pharmaciesAdmin = createPharmaciesAdmin({ db, now, audit });
  const adminPeople = createAdminPeople({
    db, now, audit, notifications, doctorsAdmin, pharmaciesAdmin, log,
    staffAccounts: createStaffAccounts({ db, now, sessions }), pharmacyStaff: createPharmacyStaffAdmin({ db }),
  });
  // issue 18, commerce: the operator's promo codes, shipping methods and tax rates.
  const promotionsAdmin = createPromotionsAdmin({ db, audit, catalog });
  const shippingAdmin = createShippingAdmin({ db, audit, shipping });
  // issue 18: storefront bundles (drafts, publish, roll back) across storefronts and consents.
  const storefrontVersions = createStorefrontVersionsService({ db, storefronts });
  const storefrontBundles = createStorefrontBundles({ db, now, versions: storefrontVersions, consents, audit, auth });
  // issue 18: the operator's orders: search, timeline, cancel, refunds, mail resend, audit, CSV.
  const adminOrderActions = createAdminOrderActions({ db, adminStorefronts, orders, payments, auth, audit, accessLog, fulfilment, jobs, scheduling, storefronts });
  // issue 18: the operator's catalogue and formulary.
  const adminCatalog = createAdminCatalog({ db, now, catalog, shipping, consults, prescriptions, reviews, audit });
  // issue 18: questionnaire versions, a clinician's sign-off, publish.
  const questionnaireAdmin = createQuestionnaireAdminService({ db, now, audit, auth });
  return {
    adminStorefronts,
    doctorsAdmin, pharmaciesAdmin, adminPeople,
    promotionsAdmin, shippingAdmin,
    storefrontVersions, storefrontBundles,
    adminOrderActions,
    adminCatalog,
    questionnaireAdmin,
    accountOrders, changeShippingAddress,
    refills, refillRenewal, reorder,
    records, labOrders, healthRecords,
    renewalConsult,
    jobs, storefronts, sessions, audit, notifications, pharmacies, addresses, catalog, shipping, promotions, landing, consents, medications,
    doctors, paymentGateway, payments, auth, uploads, consults, scheduling, orders, cart, checkout, reviews,
    faxes, files, prescriptions, prescriptionReceipt, throttle,
    signIn, editOrder, consultFrozen, pay, orderNotices, orderDecisions, orderVisits, prescribe,
    fulfilment, fulfil,
    accessLog, orderReview, holdExpiry, missedVisits,
    visitSignals, visits, visitCompletion,
    visitOutcomes, visitReminders, visitReminderJob, ratings, rateDoctor,
    accessLogView, phoneOrders,
    // Redis when REDIS_URL is set (issue 20): its ping is the readiness check's.
    redis,
  };
}
export type AppServices = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    /** Whether this instance should get work; shutdown marks it draining (issue 20). */
    readiness: Readiness;
  }
}

export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    frameworkErrors: frameworkErrorHandler,
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
  // Answers over 1 KB go compressed when the browser accepts it (issue 19): brotli at a low level,
  // which costs little CPU per request and still shrinks JSON and HTML several times. The web app's
  // files are compressed once at build and sent as they are (web-app.ts), so they skip this.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
    credentials: true,
  });
  await app.register(cookie);
  // WebSocket routes (the visit's signalling, issue 16); a frame over 256 KiB closes the socket.
  // Closing, the server ends each open socket with 1012 (service restart): the visit's client
  // reconnects, through the balancer, to an instance that is still running (issue 20).
  await app.register(websocket, {
    options: { maxPayload: 256 * 1024 },
    preClose(done) {
      const server = this.websocketServer;
      for (const client of server.clients) client.close(SIGNAL_CLOSE.serviceRestart, 'service restart');
      // A peer that does not answer the close within a second is cut off (ws would wait 30 s).
      const cut = setTimeout(() => {
        for (const client of server.clients) client.terminate();
      }, 1000);
      server.close(() => {
        clearTimeout(cut);
        done();
      });
    },
  });
  await app.register(openapiPlugin);
  // issue 20: one Redis for every instance when REDIS_URL is set (rate limits, cache invalidation,
  // visit signalling); closed last, once everything that publishes has stopped.
  const redis = config.REDIS_URL ? openRedis({ url: config.REDIS_URL, prefix: config.REDIS_PREFIX, log: app.log }) : undefined;
  // Closed last: onClose hooks run newest first, and the jobs and the visit hub (added below)
  // may still publish while they finish.
  if (redis) app.addHook('onClose', async () => redis.close());
  // Per-IP request limits on the routes that name a family (before any route is registered).
  await app.register(rateLimitsPlugin, { config, redis });

  // issue 20: this app's own metrics registry, and request timing for every route after this.
  const metrics = createMetrics({ defaultMetrics: config.NODE_ENV !== 'test' });
  await app.register(metricsPlugin, { metrics, token: config.METRICS_TOKEN });
  // Readiness: each dependency this instance needs to serve (REDIS_URL adds Redis).
  const readiness = createReadiness({ database: options.database.ping, ...(redis ? { redis: redis.ping } : {}) });
  app.decorate('readiness', readiness);

  const services = createServices(options, app.log, metrics, redis);
  app.decorate('services', services);
  metrics.readQueueFrom(services.jobs);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(storefrontContextPlugin, { storefronts: services.storefronts, port: config.PORT });
  await app.register(csrfPlugin, { allowedOrigins: config.CORS_ORIGINS });
  await app.register(identityPlugin, { sessions: services.sessions, alwaysSecureCookies: config.NODE_ENV === 'production' });
  await app.register(adminGuardPlugin);
  // issue 20: each route's declared access becomes its guard and its OpenAPI security.
  await app.register(accessPlugin);

  await app.register(healthRoutes, { ping: options.database.ping, readiness });
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
  await app.register(cartRoutes, { cart: services.cart, orders: services.orders, editOrder: services.editOrder, sessions: services.sessions, config });
  await app.register(authRoutes, { auth: services.auth, signIn: services.signIn });
  await app.register(accountRoutes, { auth: services.auth });
  if (config.NODE_ENV !== 'production') await app.register(devOutboxRoutes, { notifications: services.notifications });
  if (config.NODE_ENV !== 'production' && options.devClock) await app.register(devClockRoutes, { clock: options.devClock });
  if (config.NODE_ENV !== 'production' && services.paymentGateway.sandbox) await app.register(devSandboxRoutes, { sandbox: services.paymentGateway.sandbox });

  await app.register(doctorRoutes, { doctors: services.doctors });
  await app.register(schedulingRoutes, { scheduling: services.scheduling, now: options.now ?? (() => new Date()) });
  await app.register(uploadRoutes, { uploads: services.uploads });
  await app.register(consultRoutes, { consults: services.consults, medications: services.medications, consultFrozen: services.consultFrozen });
  await app.register(checkoutRoutes, { checkout: services.checkout, cart: services.cart });
  await app.register(payRoutes, { pay: services.pay });
  await app.register(orderVisitRoutes, { orderVisits: services.orderVisits });
  await app.register(orderShippingRoutes, { editOrder: services.editOrder });
  await app.register(reviewRoutes, { reviews: services.reviews, doctors: services.doctors, decisions: services.orderDecisions, review: services.orderReview, missedVisits: services.missedVisits });
  await app.register(infoRequestRoutes, { review: services.orderReview });
  await app.register(prescriptionRoutes, { prescriptions: services.prescriptions, receipt: services.prescriptionReceipt, throttle: services.throttle });
  if (config.NODE_ENV !== 'production') await app.register(devFaxOutboxRoutes, { faxes: services.faxes, storage: services.files });
  await app.register(fulfilmentRoutes, { fulfilment: services.fulfilment, fulfil: services.fulfil });
  await app.register(visitRoutes, { visits: services.visits, completion: services.visitCompletion, bus: services.visitSignals, allowedOrigins: config.CORS_ORIGINS });
  await app.register(ratingRoutes, { rateDoctor: services.rateDoctor });
  await app.register(accountOrderRoutes, { accountOrders: services.accountOrders, changeShippingAddress: services.changeShippingAddress });
  await app.register(refillRoutes, { refills: services.refills, reorder: services.reorder });
  await app.register(recordsRoutes, { health: services.healthRecords, labs: services.labOrders, doctors: services.doctors });
  // issue 17: who looked at my records; phone-order requests.
  await app.register(accessLogRoutes, { view: services.accessLogView });
  await app.register(phoneOrderRoutes, { phoneOrders: services.phoneOrders });
  await app.register(renewalRoutes, { renewal: services.renewalConsult });
  // issue 18: the operator's console (404 to anyone but an admin of the company).
  await app.register(adminRoutes, { adminStorefronts: services.adminStorefronts, storefronts: services.storefronts, auth: services.auth });
  await app.register(adminPhoneOrderRoutes, { phoneOrders: services.phoneOrders, adminStorefronts: services.adminStorefronts });
  await app.register(adminDoctorsRoutes, { adminStorefronts: services.adminStorefronts, doctorsAdmin: services.doctorsAdmin, adminPeople: services.adminPeople });
  await app.register(adminPharmaciesRoutes, { adminStorefronts: services.adminStorefronts, pharmaciesAdmin: services.pharmaciesAdmin, adminPeople: services.adminPeople });
  // issue 18, commerce.
  await app.register(adminPromotionsRoutes, { adminStorefronts: services.adminStorefronts, promotionsAdmin: services.promotionsAdmin });
  await app.register(adminShippingRoutes, { adminStorefronts: services.adminStorefronts, shippingAdmin: services.shippingAdmin });
  await app.register(adminStorefrontRoutes, { adminStorefronts: services.adminStorefronts, versions: services.storefrontVersions, bundles: services.storefrontBundles });
  await app.register(adminOrderRoutes, { actions: services.adminOrderActions });
  await app.register(adminAuditRoutes, { actions: services.adminOrderActions });
  await app.register(adminCatalogRoutes, { adminStorefronts: services.adminStorefronts, catalog: services.catalog, adminCatalog: services.adminCatalog });
  await app.register(questionnaireAdminRoutes, { questionnaires: services.questionnaireAdmin, adminStorefronts: services.adminStorefronts, storefronts: services.storefronts, doctors: services.doctors });

  // SPEC §9 device widths for the store's raster pictures (issue 19).
  await app.register(imageRoutes, { webDir: config.WEB_DIST_DIR });
  await app.register(webAppPlugin, { distDir: config.WEB_DIST_DIR, ssrDir: config.WEB_SSR ? config.WEB_SSR_DIR : null });
  // A process works the queue unless JOB_WORKER=false (worker processes do); a closing one
  // finishes the job in hand first.
  app.addHook('onReady', async () => {
    if (config.JOB_WORKER) services.jobs.start();
  });
  app.addHook('onClose', async () => services.jobs.stop());
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
