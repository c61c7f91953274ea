// Health records as the API serves them (SPEC §7 "labs by storefrontId, documents, filtered
// documents"; §2 view labs, download lab requisition, download lab results; issue 17). The patient's
// lab orders on this storefront, their documents (uploads, prescriptions, visit summaries, receipts,
// lab requisitions and results) newest first and filterable by kind, and the doctor's lab orders
// awaiting results.
import { z } from 'zod';

export const RECORD_DOCUMENT_KINDS = ['upload', 'prescription', 'visit_summary', 'receipt', 'requisition', 'lab_result'] as const;
export type RecordDocumentKind = (typeof RECORD_DOCUMENT_KINDS)[number];

/** What the patient reads for each kind (the filter's options and each row's label). */
export const RECORD_DOCUMENT_KIND_LABELS: Record<RecordDocumentKind, string> = {
  upload: 'Uploads',
  prescription: 'Prescriptions',
  visit_summary: 'Visit summaries',
  receipt: 'Receipts',
  requisition: 'Lab requisitions',
  lab_result: 'Lab results',
};

/** One document's kind, as its row in the list names it ("Receipt · Nov 27, 2026"); the filter uses the plural labels above. */
export const RECORD_DOCUMENT_KIND_NAMES: Record<RecordDocumentKind, string> = {
  upload: 'Upload',
  prescription: 'Prescription',
  visit_summary: 'Visit summary',
  receipt: 'Receipt',
  requisition: 'Lab requisition',
  lab_result: 'Lab results',
};

export const LAB_ORDER_STATUS_VALUES = ['ordered', 'collected', 'resulted'] as const;
export type LabOrderStatusValue = (typeof LAB_ORDER_STATUS_VALUES)[number];

/** The patient's words for a lab order's status. */
export const LAB_ORDER_STATUS_LABELS: Record<LabOrderStatusValue, string> = {
  ordered: 'Awaiting results',
  collected: 'Sample collected',
  resulted: 'Results ready',
};

/** Documents per page (GET /api/records/documents). */
export const RECORD_DOCUMENTS_PAGE_SIZE = 20;

/** A requisition number as printed and shown: "LAB-" and the first 8 characters of the lab order's id. */
export function requisitionNumberOf(labOrderId: string): string {
  return `LAB-${labOrderId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/** One lab order of the patient (GET /api/records/labs). */
export const labOrderViewSchema = z
  .object({
    id: z.string(),
    requisitionNumber: z.string(),
    panel: z.string(),
    status: z.enum(LAB_ORDER_STATUS_VALUES),
    orderId: z.string(),
    orderNumber: z.string(),
    orderedAt: z.string(),
    resultedAt: z.string().nullable(),
    /** GET: the requisition PDF; null while it is being made. */
    requisitionUrl: z.string().nullable(),
    /** GET: the results file; null until resulted. */
    resultUrl: z.string().nullable(),
  })
  .meta({ id: 'LabOrder' });
export type LabOrderView = z.infer<typeof labOrderViewSchema>;

export const labOrderListSchema = z.object({ labs: z.array(labOrderViewSchema) }).meta({ id: 'LabOrderList' });
export type LabOrderList = z.infer<typeof labOrderListSchema>;

/** One document of the patient (GET /api/records/documents). */
export const recordDocumentSchema = z
  .object({
    /** Unique in the list: the kind and the id of what it is (an upload, a prescription, ...). */
    id: z.string(),
    kind: z.enum(RECORD_DOCUMENT_KINDS),
    title: z.string(),
    /** One line under the title: the doctor, the outcome, the order number. */
    detail: z.string().nullable(),
    /** A visit summary's note the doctor wrote for the patient (never the private clinical note). */
    noteForPatient: z.string().nullable(),
    createdAt: z.string(),
    contentType: z.string(),
    /** Where the file is downloaded from (the owner only). */
    downloadUrl: z.string(),
  })
  .meta({ id: 'RecordDocument' });
export type RecordDocument = z.infer<typeof recordDocumentSchema>;

export const recordDocumentsQuerySchema = z.object({
  kind: z.enum(RECORD_DOCUMENT_KINDS).optional(),
  page: z.coerce.number<string>().int().min(1).max(10_000).optional(),
});
export type RecordDocumentsQuery = z.infer<typeof recordDocumentsQuerySchema>;

export const recordDocumentPageSchema = z
  .object({
    documents: z.array(recordDocumentSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'RecordDocumentPage' });
export type RecordDocumentPage = z.infer<typeof recordDocumentPageSchema>;

/** A lab order awaiting (or with) results, as the doctor's lab page lists it (GET /api/doctor/labs). */
export const doctorLabOrderSchema = z
  .object({
    id: z.string(),
    requisitionNumber: z.string(),
    panel: z.string(),
    status: z.enum(LAB_ORDER_STATUS_VALUES),
    patientName: z.string(),
    patientDateOfBirth: z.string().nullable(),
    storefrontName: z.string(),
    orderNumber: z.string(),
    orderedAt: z.string(),
    resultedAt: z.string().nullable(),
    requisitionUrl: z.string().nullable(),
    resultUrl: z.string().nullable(),
  })
  .meta({ id: 'DoctorLabOrder' });
export type DoctorLabOrder = z.infer<typeof doctorLabOrderSchema>;

export const doctorLabListSchema = z.object({ labs: z.array(doctorLabOrderSchema) }).meta({ id: 'DoctorLabList' });
export type DoctorLabList = z.infer<typeof doctorLabListSchema>;
