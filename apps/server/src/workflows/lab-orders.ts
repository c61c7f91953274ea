// Lab orders (issue 17; SPEC §2 view labs, download lab requisition, download lab results).
//
// When: a lab product's order is ordered at the lab once its money is captured. A lab panel alone
// (stage mask Payment only: no consult, no visit) is captured at checkout, so the `pay` step queues
// LAB_ORDERS_JOB in the transaction that records the payment and the job makes one lab order per
// (order, lab product) with its requisition PDF. An order still waiting for a doctor's decision
// (authorized: a lab product bought beside a consult product) gets nothing at payment: the doctor's
// approval queues the job once it captures the hold (workflows/order-decisions.ts); the job only
// ever orders labs for an order whose money was taken.
//
// Results: a doctor who serves the lab order's storefront (and, when a doctor ordered it, only that
// doctor) sees the lab orders on /doctor/labs and uploads a PDF or photo of the results (checked as
// patient uploads are); the lab order becomes resulted, the patient is mailed "Your lab results are
// ready" (a job queued in the same transaction), and every doctor's read of the lab data (the list,
// a file, the upload) is written to the access log in the transaction of that read.
import { orderNumberOf, requisitionNumberOf, type DoctorLabOrder, type StorefrontConfig } from '@store/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/problem.ts';
import { linkOriginFor } from '../plugins/storefront-context.ts';
import type { AccessLogService } from '../modules/access-log/access-log.service.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { CatalogService } from '../modules/catalog/catalog.service.ts';
import type { DoctorService, StaffDoctor } from '../modules/doctors/doctors.service.ts';
import type { JobQueue } from '../modules/jobs/jobs.service.ts';
import type { NotificationService } from '../modules/notifications/notifications.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import { renderRequisitionPdf } from '../modules/records/records-pdf.ts';
import { doctorFileUrlOf, type CheckedResult, type LabOrderRow, type RecordsService } from '../modules/records/records.service.ts';
import type { ReviewService } from '../modules/reviews/reviews.service.ts';

/** Queued by the pay step with every recorded payment (one per order); makes the order's lab orders. */
export const LAB_ORDERS_JOB = 'records.lab-orders';
/** Queued with a lab order's results: the patient's "Your lab results are ready" mail. */
export const LAB_RESULTS_MAIL_JOB = 'records.lab-results-mail';

/** Where the patient reads their labs (apps/web ACCOUNT_ROUTES.myRecords). */
export const RECORDS_PATH = '/my-account/records';

/** Statuses of an order whose money was taken (captured at checkout or on the doctor's approval). */
const CAPTURED = new Set(['paid', 'approved', 'prescribed', 'fulfilling', 'shipped', 'delivered']);

export function createLabOrdersWorkflow(deps: {
  db: Db;
  jobs: Pick<JobQueue, 'register' | 'enqueue' | 'nudge'>;
  orders: Pick<OrdersService, 'state'>;
  catalog: Pick<CatalogService, 'findAny'>;
  records: RecordsService;
  auth: Pick<AuthService, 'patientDetails' | 'contactOf'>;
  doctors: Pick<DoctorService, 'byIds'>;
  reviews: Pick<ReviewService, 'servedIds'>;
  accessLog: Pick<AccessLogService, 'record'>;
  notifications: Pick<NotificationService, 'email'>;
  storefronts: { getById(id: string): Promise<StorefrontConfig>; hostsOf(id: string): Promise<string[]> };
  port: number;
  log?: FastifyBaseLogger | undefined;
}) {
  const { db, jobs, orders, catalog, records, auth, doctors, reviews, accessLog, notifications, storefronts, log } = deps;

  async function doctorName(doctorId: string | null): Promise<string | null> {
    if (!doctorId) return null;
    const doctor = (await doctors.byIds([doctorId])).get(doctorId);
    return doctor ? `${doctor.name}${doctor.credentials ? `, ${doctor.credentials}` : ''}` : null;
  }

  /** The requisition of a lab order without one (a job cut off after the lab order was made finishes it). */
  async function requisitionFor(lab: LabOrderRow): Promise<void> {
    if (lab.requisitionDocumentId) return;
    const [storefront, patient, orderingDoctor] = await Promise.all([storefronts.getById(lab.storefrontId), auth.patientDetails(lab.patientId), doctorName(lab.orderingDoctorId)]);
    const pdf = await renderRequisitionPdf({
      storeName: storefront.name,
      supportEmail: storefront.settings.supportEmail || null,
      supportPhone: storefront.settings.supportPhone || null,
      requisitionNumber: requisitionNumberOf(lab.id),
      orderNumber: orderNumberOf(lab.orderId),
      date: lab.createdAt,
      patientName: patient?.name || 'Patient',
      patientDateOfBirth: patient?.dateOfBirth ?? null,
      panel: lab.panel,
      orderingDoctor,
    });
    await records.attachRequisition(lab, pdf);
  }

  /** Makes the order's lab orders (one per lab product) and their requisitions; safe to run twice. */
  async function orderLabs(orderId: string): Promise<LabOrderRow[]> {
    const state = await orders.state(db, { orderId });
    if (!state?.order.userId || !CAPTURED.has(state.order.status)) return [];
    const made: LabOrderRow[] = [];
    for (const item of state.items) {
      const product = await catalog.findAny(state.order.storefrontId, item.productId);
      if (product?.type !== 'lab_test') continue;
      const { row } = await db.transaction((tx) =>
        records.ensureLabOrder(tx, {
          orderId,
          productId: item.productId,
          patientId: state.order.userId!,
          storefrontId: state.order.storefrontId,
          panel: item.title,
          orderingDoctorId: state.order.doctorId ?? null,
        }),
      );
      await requisitionFor(row);
      made.push(row);
    }
    if (made.length > 0) log?.info({ orderId, labOrderIds: made.map((l) => l.id) }, 'lab orders made with their requisitions');
    return made;
  }

  jobs.register(LAB_ORDERS_JOB, async (payload) => {
    const { orderId } = payload as { orderId: string };
    await orderLabs(orderId);
  });

  jobs.register(LAB_RESULTS_MAIL_JOB, async (payload) => {
    const { labOrderId } = payload as { labOrderId: string };
    const lab = await records.labOrder(labOrderId);
    if (lab?.status !== 'resulted') return;
    const contact = await auth.contactOf(lab.patientId);
    if (!contact) return;
    const storefront = await storefronts.getById(lab.storefrontId);
    const origin = linkOriginFor({ hostHeader: undefined, protocol: 'https', hosts: await storefronts.hostsOf(storefront.id), port: deps.port });
    // Names the step, never the result itself: the patient reads it signed in.
    await notifications.email(storefront, contact.email, {
      subject: 'Your lab results are ready',
      heading: 'Your lab results are ready',
      paragraphs: [
        contact.firstName ? `Hi ${contact.firstName},` : 'Hello,',
        `The results of your ${lab.panel} (requisition ${requisitionNumberOf(lab.id)}) are in your health records.`,
        'Sign in to read and download them. If you have questions about them, contact us.',
      ],
      action: { label: 'View your health records', url: `${origin}${RECORDS_PATH}` },
    });
  });

  /** The lab order if this doctor may see it; else 404 as for an unknown id. */
  async function mayDoctor(doctor: StaffDoctor, labOrderId: string): Promise<LabOrderRow> {
    const lab = await records.labOrder(labOrderId);
    if (!lab || !records.doctorMay(lab, await reviews.servedIds(doctor), doctor.id)) throw notFound();
    return lab;
  }

  const entry = (doctor: StaffDoctor, lab: LabOrderRow, what: string, recordId: string) => ({
    actor: doctor.userId,
    role: 'doctor',
    patientId: lab.patientId,
    storefrontId: lab.storefrontId,
    what,
    recordId,
    reason: `lab_order:${lab.id}`,
  });

  return {
    orderLabs,

    /** 404 unless this doctor may see and result the lab order (checked before a file is read). */
    async assertDoctorMay(doctor: StaffDoctor, labOrderId: string): Promise<void> {
      await mayDoctor(doctor, labOrderId);
    },

    /**
     * GET /api/doctor/labs: the lab orders this doctor may result, awaiting results first; each
     * one listed is written to the access log (the patient's name, birth date and panel are read).
     */
    async doctorLabs(doctor: StaffDoctor): Promise<DoctorLabOrder[]> {
      const rows = await records.labsForDoctor(await reviews.servedIds(doctor), doctor.id);
      const people = new Map(await Promise.all([...new Set(rows.map((r) => r.patientId))].map(async (id) => [id, await auth.patientDetails(id)] as const)));
      const names = new Map(await Promise.all([...new Set(rows.map((r) => r.storefrontId))].map(async (id) => [id, (await storefronts.getById(id)).name] as const)));
      await db.transaction(async (tx) => {
        for (const lab of rows) await accessLog.record(tx, entry(doctor, lab, 'lab_order', lab.id));
      });
      return rows.map((lab) => {
        const view = records.labView(lab);
        const person = people.get(lab.patientId);
        return {
          id: lab.id,
          requisitionNumber: view.requisitionNumber,
          panel: lab.panel,
          status: lab.status,
          patientName: person?.name || 'Patient',
          patientDateOfBirth: person?.dateOfBirth ?? null,
          storefrontName: names.get(lab.storefrontId) ?? '',
          orderNumber: view.orderNumber,
          orderedAt: view.orderedAt,
          resultedAt: view.resultedAt,
          requisitionUrl: lab.requisitionDocumentId ? doctorFileUrlOf(lab.id, 'requisition') : null,
          resultUrl: lab.resultDocumentId ? doctorFileUrlOf(lab.id, 'result') : null,
        };
      });
    },

    /** GET /api/doctor/labs/:id/requisition|result: the file, for a doctor who may see the lab order, access-logged. */
    async doctorFile(doctor: StaffDoctor, labOrderId: string, which: 'requisition' | 'result') {
      const lab = await mayDoctor(doctor, labOrderId);
      const documentId = which === 'requisition' ? lab.requisitionDocumentId : lab.resultDocumentId;
      const document = documentId ? await records.documentById(documentId) : undefined;
      if (!document) throw notFound();
      const data = await records.bytesOf(document);
      await db.transaction((tx) => accessLog.record(tx, entry(doctor, lab, document.kind === 'requisition' ? 'lab_requisition' : 'lab_result', document.id)));
      return { document, data, fileName: records.fileNameOf(document) };
    },

    /**
     * POST /api/doctor/labs/:id/results: the results file (checked as patient uploads are) kept as
     * the lab order's `lab_result` document; the lab order resulted, the access log written and the
     * patient's mail queued, all in one transaction. 409 when results were uploaded already.
     */
    async uploadResult(doctor: StaffDoctor, labOrderId: string, file: { data: Buffer; name: string | undefined; truncated: boolean }) {
      const lab = await mayDoctor(doctor, labOrderId);
      const checked: CheckedResult = await records.checkResult(file);
      const { lab: resulted } = await records.storeResult(lab, checked, doctor.userId, async (tx, doc) => {
        await accessLog.record(tx, entry(doctor, lab, 'lab_result', doc.id));
        await jobs.enqueue(LAB_RESULTS_MAIL_JOB, { labOrderId: lab.id }, { tx, singletonKey: `${LAB_RESULTS_MAIL_JOB}:${lab.id}`, maxAttempts: 8 });
      });
      jobs.nudge();
      return { id: resulted.id, status: resulted.status, resultedAt: resulted.resultedAt?.toISOString() ?? null };
    },
  };
}
export type LabOrdersWorkflow = ReturnType<typeof createLabOrdersWorkflow>;
