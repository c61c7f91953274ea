// The patient's health records (issue 17; SPEC §7 labs by storefront, documents, filtered
// documents): a read-only workflow, because the documents come from several modules — the
// patient's own uploads (uploads), prescriptions (prescriptions), ended visits with the note the
// doctor wrote for the patient, never the private clinical note (visits, reviews), receipts of paid
// orders (orders) and lab requisitions and results (records). Newest first, filtered by kind, paged.
// Everything is read through its owner: the signed-in patient on their storefront; a guest, no
// session, or another patient's id is a 404.
import {
  orderNumberOf,
  RECORD_DOCUMENT_KINDS,
  RECORD_DOCUMENTS_PAGE_SIZE,
  type LabOrderView,
  type RecordDocument,
  type RecordDocumentKind,
  type RecordDocumentPage,
  type StorefrontConfig,
} from '@store/domain';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/problem.ts';
import type { Identity } from '../modules/auth/sessions.service.ts';
import type { DoctorService } from '../modules/doctors/doctors.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import type { PrescriptionService } from '../modules/prescriptions/prescriptions.service.ts';
import { renderSummaryPdf } from '../modules/records/records-pdf.ts';
import type { RecordsService } from '../modules/records/records.service.ts';
import type { ReviewService } from '../modules/reviews/reviews.service.ts';
import type { UploadService } from '../modules/uploads/uploads.service.ts';
import type { VisitsService } from '../modules/visits/visits.service.ts';

/** Orders whose payment a receipt shows (authorized, captured or refunded). */
const RECEIPT_STATUSES = new Set([
  'paid',
  'authorized',
  'awaiting_review',
  'visit_scheduled',
  'needs_info',
  'approved',
  'prescribed',
  'fulfilling',
  'shipped',
  'delivered',
  'refunded',
]);

const OUTCOME_WORDS: Record<string, string> = {
  completed: 'Completed',
  missed_by_patient: 'Missed',
  missed_by_doctor: 'The doctor could not join',
};

const day = (d: Date | string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(d));

export function createHealthRecords(deps: {
  db: Db;
  records: RecordsService;
  uploads: Pick<UploadService, 'ofUser'>;
  prescriptions: Pick<PrescriptionService, 'ofPatient' | 'byId'>;
  visits: Pick<VisitsService, 'endedOfPatient'>;
  reviews: Pick<ReviewService, 'closingDecisionsOf'>;
  orders: Pick<OrdersService, 'placedByUser' | 'storefrontsOf'>;
  doctors: Pick<DoctorService, 'byIds'>;
}) {
  const { db, records, uploads, prescriptions, visits, reviews, orders, doctors } = deps;

  /** The signed-in patient on this storefront; anyone else owns no records (404). */
  function patientOf(
    identity: Identity | null,
    storefront: StorefrontConfig,
  ): { userId: string; storefrontId: string } {
    if (
      identity?.kind !== 'user' ||
      identity.role !== 'patient' ||
      identity.storefrontId !== storefront.id
    )
      throw notFound();
    return { userId: identity.userId, storefrontId: storefront.id };
  }

  async function doctorNames(ids: readonly string[]): Promise<Map<string, string>> {
    const found = await doctors.byIds([...new Set(ids)]);
    return new Map(
      [...found].map(([id, d]) => [id, `${d.name}${d.credentials ? `, ${d.credentials}` : ''}`]),
    );
  }

  /**
   * Only what belongs to this storefront: one account may shop on several of the company's
   * brands, and each brand's records stay on that brand (a prescription or visit by its order).
   */
  async function onStorefront<T>(
    rows: T[],
    orderIdOf: (row: T) => string | null,
    storefrontId: string,
  ): Promise<T[]> {
    const where = await orders.storefrontsOf(
      rows.flatMap((r) => {
        const id = orderIdOf(r);
        return id ? [id] : [];
      }),
    );
    return rows.filter((r) => {
      const id = orderIdOf(r);
      return id !== null && where.get(id) === storefrontId;
    });
  }

  async function prescriptionDocs(userId: string, storefrontId: string): Promise<RecordDocument[]> {
    const list = await onStorefront(
      await prescriptions.ofPatient(db, userId),
      (p) => p.orderId,
      storefrontId,
    );
    const names = await doctorNames(list.map((p) => p.doctorId));
    return list.map((p) => ({
      id: `prescription:${p.id}`,
      kind: 'prescription',
      title: [p.medication, p.strength, p.form].filter(Boolean).join(' '),
      detail: [
        names.get(p.doctorId),
        `${p.refillsLeft} of ${p.refillsAuthorized} refills left`,
        `expires ${day(p.expiresAt)}`,
      ]
        .filter(Boolean)
        .join(' · '),
      noteForPatient: null,
      createdAt: p.writtenAt,
      contentType: 'application/pdf',
      downloadUrl: `/api/records/prescriptions/${p.id}/pdf`,
    }));
  }

  async function visitDocs(userId: string, storefrontId: string): Promise<RecordDocument[]> {
    const ended = await onStorefront(
      await visits.endedOfPatient(userId),
      (v) => v.orderId,
      storefrontId,
    );
    const [names, decisions] = await Promise.all([
      doctorNames(ended.map((v) => v.doctorId)),
      reviews.closingDecisionsOf(ended.flatMap((v) => (v.orderId ? [v.orderId] : []))),
    ]);
    return ended.map((v) => ({
      id: `visit_summary:${v.id}`,
      kind: 'visit_summary',
      title: `Visit with ${names.get(v.doctorId) ?? 'your doctor'}`,
      detail: [
        OUTCOME_WORDS[v.outcome ?? ''] ?? 'Ended',
        v.orderId ? `Order ${orderNumberOf(v.orderId)}` : null,
      ]
        .filter(Boolean)
        .join(' · '),
      noteForPatient: (v.orderId ? decisions.get(v.orderId)?.noteForPatient : null) ?? null,
      createdAt: v.endedAt.toISOString(),
      contentType: 'application/pdf',
      downloadUrl: `/api/records/visits/${v.id}/pdf`,
    }));
  }

  async function receiptDocs(userId: string, storefrontId: string): Promise<RecordDocument[]> {
    const placed = await orders.placedByUser(userId, 200);
    return placed
      .filter((s) => s.order.storefrontId === storefrontId && RECEIPT_STATUSES.has(s.order.status))
      .map((s) => ({
        id: `receipt:${s.order.id}`,
        kind: 'receipt',
        title: `Receipt for order ${orderNumberOf(s.order.id)}`,
        detail: s.items.map((i) => i.title).join(', ') || null,
        noteForPatient: null,
        createdAt: s.order.createdAt.toISOString(),
        contentType: 'application/pdf',
        downloadUrl: `/api/orders/${s.order.id}/receipt.pdf`,
      }));
  }

  async function uploadDocs(userId: string, storefrontId: string): Promise<RecordDocument[]> {
    return (await uploads.ofUser(userId, storefrontId)).map((u) => ({
      id: `upload:${u.id}`,
      kind: 'upload',
      title: u.originalName,
      detail: null,
      noteForPatient: null,
      createdAt: u.createdAt,
      contentType: u.contentType,
      downloadUrl: `/api/uploads/${u.id}`,
    }));
  }

  return {
    /** GET /api/records/labs: the patient's lab orders on this storefront. */
    async labs(identity: Identity | null, storefront: StorefrontConfig): Promise<LabOrderView[]> {
      const { userId, storefrontId } = patientOf(identity, storefront);
      return records.labsOf(userId, storefrontId);
    },

    /** GET /api/records/documents?kind=&page=: the patient's documents, newest first, of one kind or all. */
    async documents(
      identity: Identity | null,
      storefront: StorefrontConfig,
      query: { kind?: RecordDocumentKind | undefined; page?: number | undefined },
    ): Promise<RecordDocumentPage> {
      const { userId, storefrontId } = patientOf(identity, storefront);
      const kinds: readonly RecordDocumentKind[] = query.kind
        ? [query.kind]
        : RECORD_DOCUMENT_KINDS;
      const has = (k: RecordDocumentKind) => kinds.includes(k);
      const parts = await Promise.all([
        has('upload') ? uploadDocs(userId, storefrontId) : [],
        has('prescription') ? prescriptionDocs(userId, storefrontId) : [],
        has('visit_summary') ? visitDocs(userId, storefrontId) : [],
        has('receipt') ? receiptDocs(userId, storefrontId) : [],
        records.storedDocuments(
          userId,
          storefrontId,
          kinds.filter((k) => k === 'requisition' || k === 'lab_result'),
        ),
      ]);
      const all = parts
        .flat()
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
      const page = query.page ?? 1;
      const start = (page - 1) * RECORD_DOCUMENTS_PAGE_SIZE;
      return {
        documents: all.slice(start, start + RECORD_DOCUMENTS_PAGE_SIZE),
        page,
        pageSize: RECORD_DOCUMENTS_PAGE_SIZE,
        total: all.length,
      };
    },

    /** GET /api/records/documents/:id/file: a lab requisition or results file, to its owner only. */
    async file(identity: Identity | null, storefront: StorefrontConfig, documentId: string) {
      const { userId, storefrontId } = patientOf(identity, storefront);
      const { document, data } = await records.ownFile(userId, storefrontId, documentId);
      return { document, data, fileName: records.fileNameOf(document) };
    },

    /** GET /api/records/prescriptions/:id/pdf: the patient's copy of their prescription (no verification code). */
    async prescriptionPdf(
      identity: Identity | null,
      storefront: StorefrontConfig,
      prescriptionId: string,
    ): Promise<{ data: Buffer; fileName: string }> {
      const { userId, storefrontId } = patientOf(identity, storefront);
      const p = await prescriptions.byId(db, prescriptionId).catch(() => null);
      if (
        !p ||
        p.patientId !== userId ||
        (await orders.storefrontsOf([p.orderId])).get(p.orderId) !== storefrontId
      )
        throw notFound();
      const prescriber = (await doctorNames([p.doctorId])).get(p.doctorId) ?? 'Your doctor';
      const data = await renderSummaryPdf({
        storeName: storefront.name,
        title: 'Your prescription',
        lines: [
          ['Medication', [p.medication, p.strength, p.form].filter(Boolean).join(' ')],
          ['Quantity', `${p.quantity} (${p.daysSupply} days)`],
          ['Directions', p.directions],
          ['Refills', `${p.refillsLeft} of ${p.refillsAuthorized} left`],
          ['Prescribed by', prescriber],
          ['Written', day(p.writtenAt)],
          ['Expires', day(p.expiresAt)],
          ['Order number', orderNumberOf(p.orderId)],
        ],
        footer:
          'This is your copy for your records. It is not a prescription a pharmacy can fill: your doctor sent that to your pharmacy.',
      });
      return { data, fileName: `prescription-${orderNumberOf(p.orderId)}.pdf` };
    },

    /** GET /api/records/visits/:id/pdf: the patient's visit summary (date, doctor, outcome, the note for the patient). */
    async visitSummaryPdf(
      identity: Identity | null,
      storefront: StorefrontConfig,
      visitId: string,
    ): Promise<{ data: Buffer; fileName: string }> {
      const { userId, storefrontId } = patientOf(identity, storefront);
      const visit = (await visitDocs(userId, storefrontId)).find(
        (d) => d.id === `visit_summary:${visitId}`,
      );
      if (!visit) throw notFound();
      const data = await renderSummaryPdf({
        storeName: storefront.name,
        title: 'Visit summary',
        lines: [
          ['Visit', visit.title],
          ['Date', day(visit.createdAt)],
          ['Outcome', visit.detail ?? ''],
        ],
        paragraphs: visit.noteForPatient
          ? [`A note from your doctor: ${visit.noteForPatient}`]
          : [],
      });
      return { data, fileName: `visit-summary-${visit.createdAt.slice(0, 10)}.pdf` };
    },
  };
}
export type HealthRecords = ReturnType<typeof createHealthRecords>;
