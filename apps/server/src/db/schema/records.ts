// Health records (DATA-MODEL.md lab_orders, documents; issue 17): lab orders with their
// requisition and results, and the patient's documents (uploads, prescriptions, visit summaries,
// receipts, lab files). Files live in the storage adapter under random keys; a document row says
// whose it is and whether the patient sees it.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { products } from './catalog.ts';
import { orders } from './orders.ts';
import { storefronts } from './storefronts.ts';

export const LAB_ORDER_STATUSES = ['ordered', 'collected', 'resulted'] as const;
export type LabOrderStatus = (typeof LAB_ORDER_STATUSES)[number];

export const labOrders = pgTable(
  'lab_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    patientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id),
    /** The panel as the patient and the lab read it, e.g. "Comprehensive metabolic panel". */
    panel: text().notNull(),
    status: text().$type<LabOrderStatus>().notNull().default('ordered'),
    /**
     * The doctor who ordered the panel (the order's doctor, when a doctor decided it); null for a
     * lab bought on its own (any doctor serving the storefront may upload its results).
     */
    orderingDoctorId: uuid(),
    /** The requisition PDF (documents row). */
    requisitionDocumentId: uuid(),
    /** The results file the doctor uploaded (documents row). */
    resultDocumentId: uuid(),
    resultedAt: timestamp({ withTimezone: true }),
    /** The doctor's user id who uploaded the results. */
    resultedBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('lab_orders_order_product_unique').on(t.orderId, t.productId),
    index('lab_orders_patient_idx').on(t.patientId, t.createdAt),
    // The doctors' page: lab orders awaiting results per storefront, oldest first.
    index('lab_orders_awaiting_idx').on(t.storefrontId, t.createdAt).where(sql`${t.status} <> 'resulted'`),
  ],
);

export const DOCUMENT_KINDS = ['requisition', 'lab_result', 'prescription', 'visit_summary', 'receipt', 'upload'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const documents = pgTable(
  'documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    patientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storefrontId: uuid()
      .notNull()
      .references(() => storefronts.id),
    kind: text().$type<DocumentKind>().notNull(),
    title: text().notNull(),
    /** Where the bytes are (the storage adapter); null for a document made on request (a receipt). */
    storageKey: text(),
    contentType: text().notNull(),
    sizeBytes: integer(),
    /** What it belongs to: an order, a lab order, a prescription, a visit or an upload id. */
    sourceId: uuid(),
    orderId: uuid().references(() => orders.id),
    /** Who added it: the patient, a doctor, or null for the store itself. */
    uploadedBy: uuid(),
    visibleToPatient: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('documents_patient_idx').on(t.patientId, t.kind, t.createdAt),
    uniqueIndex('documents_kind_source_unique').on(t.kind, t.sourceId),
    check('documents_kind', sql`${t.kind} in ('requisition', 'lab_result', 'prescription', 'visit_summary', 'receipt', 'upload')`),
  ],
);
