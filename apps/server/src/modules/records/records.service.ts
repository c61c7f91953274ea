// Health records (issue 17; SPEC §7 labs by storefront, documents, filtered documents): the lab
// orders a paid lab product makes, their requisition and results files, and the stored documents of
// a patient. Files live in the storage adapter under random keys; a `documents` row says whose each
// is. Every read here is by owner (a patient's own rows; another's id is a 404) or, for a doctor, by
// a lab order they may result — the workflows that call it write the access log.
import { orderNumberOf, requisitionNumberOf, type LabOrderView, type RecordDocument } from '@store/domain';
import { newStorageKey, type FileStorage } from '../../adapters/storage/file-storage.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { DocumentKind } from '../../db/schema/records.ts';
import { AppError, fieldError, notFound } from '../../lib/problem.ts';
import { checkFile, displayName } from '../uploads/uploads.service.ts';
import { stripMetadata, UnreadableImageError } from '../uploads/strip-metadata.ts';
import { recordsRepo as repo, type DocumentRow, type LabOrderRow } from './records.repo.ts';

export type { DocumentRow, LabOrderRow };

/** The kinds kept as files in `documents` (the others are read from their own modules). */
export const STORED_KINDS = ['requisition', 'lab_result'] as const satisfies readonly DocumentKind[];

const STATUS_OF_PROBLEM = { UPLOAD_TOO_LARGE: 413, UPLOAD_TOO_LARGE_AND_WRONG_TYPE: 413, UPLOAD_WRONG_TYPE: 415 } as const;

/** A results file checked as patient uploads are (SPEC §5: under 10 MB; JPG, PNG, HEIC or PDF by content; photos without metadata). */
export interface CheckedResult {
  data: Buffer;
  contentType: string;
  name: string;
}

export const fileUrlOf = (doc: Pick<DocumentRow, 'id' | 'kind'>) => `/api/records/documents/${doc.id}/file`;
export const doctorFileUrlOf = (labOrderId: string, which: 'requisition' | 'result') => `/api/doctor/labs/${labOrderId}/${which}`;

export function createRecordsService(deps: { db: Db; now: () => Date; storage: FileStorage }) {
  const { db, now, storage } = deps;

  function labView(row: LabOrderRow): LabOrderView {
    return {
      id: row.id,
      requisitionNumber: requisitionNumberOf(row.id),
      panel: row.panel,
      status: row.status,
      orderId: row.orderId,
      orderNumber: orderNumberOf(row.orderId),
      orderedAt: row.createdAt.toISOString(),
      resultedAt: row.resultedAt?.toISOString() ?? null,
      requisitionUrl: row.requisitionDocumentId ? `/api/records/documents/${row.requisitionDocumentId}/file` : null,
      resultUrl: row.resultDocumentId ? `/api/records/documents/${row.resultDocumentId}/file` : null,
    };
  }

  function documentView(row: DocumentRow): RecordDocument {
    return {
      id: `${row.kind}:${row.id}`,
      kind: row.kind,
      title: row.title,
      detail: row.orderId ? `Order ${orderNumberOf(row.orderId)}` : null,
      noteForPatient: null,
      createdAt: row.createdAt.toISOString(),
      contentType: row.contentType,
      downloadUrl: fileUrlOf(row),
    };
  }

  /** Stores the bytes, then the row in its own transaction (or `tx`); a row already there keeps its file and the new bytes are removed. */
  async function storeDocument(
    values: Omit<DocumentRow, 'id' | 'storageKey' | 'sizeBytes' | 'createdAt' | 'visibleToPatient'> & { data: Buffer },
    inTx: (tx: DbOrTx, doc: DocumentRow, created: boolean) => Promise<void>,
  ): Promise<DocumentRow> {
    const key = newStorageKey();
    await storage.put(key, values.data, values.contentType);
    const { data, ...row } = values;
    try {
      const { doc, created } = await db.transaction(async (tx) => {
        const ensured = await repo.ensureDocument(tx, { ...row, storageKey: key, sizeBytes: data.length, createdAt: now() });
        await inTx(tx, ensured.row, ensured.created);
        return { doc: ensured.row, created: ensured.created };
      });
      if (!created) await storage.delete(key).catch(() => {});
      return doc;
    } catch (error) {
      await storage.delete(key).catch(() => {});
      throw error;
    }
  }

  async function bytesOf(document: DocumentRow): Promise<Buffer> {
    const data = document.storageKey ? await storage.get(document.storageKey) : null;
    if (!data) throw notFound();
    return data;
  }

  return {
    labView,
    documentView,

    /** The lab order of a paid lab product, once per (order, product), in the caller's transaction. */
    ensureLabOrder(
      tx: DbOrTx,
      input: { orderId: string; productId: string; patientId: string; storefrontId: string; panel: string; orderingDoctorId: string | null },
    ): Promise<{ row: LabOrderRow; created: boolean }> {
      const at = now();
      return repo.ensureLabOrder(tx, { ...input, status: 'ordered', createdAt: at, updatedAt: at });
    },

    labOrder(id: string, executor: DbOrTx = db, lock = false): Promise<LabOrderRow | undefined> {
      return repo.labOrderById(executor, id, lock);
    },

    /** Keeps the requisition PDF as the lab order's `requisition` document (once; a repeat keeps the first). */
    async attachRequisition(lab: LabOrderRow, pdf: Buffer): Promise<DocumentRow> {
      return storeDocument(
        {
          patientId: lab.patientId,
          storefrontId: lab.storefrontId,
          kind: 'requisition',
          title: `Lab requisition: ${lab.panel}`,
          contentType: 'application/pdf',
          sourceId: lab.id,
          orderId: lab.orderId,
          uploadedBy: null,
          data: pdf,
        },
        async (tx, doc) => repo.setRequisition(tx, lab.id, doc.id, now()),
      );
    },

    /**
     * A results file the doctor sent, checked as the patient's uploads are (the spec's messages:
     * too large, wrong type, both; unreadable), photos stripped of their metadata.
     */
    async checkResult(input: { data: Buffer; name: string | undefined; truncated: boolean }): Promise<CheckedResult> {
      const name = displayName(input.name);
      const checked = await checkFile({ data: input.data, name, truncated: input.truncated });
      if (checked.problem) throw fieldError('file', checked.problem, STATUS_OF_PROBLEM[checked.problem]);
      const contentType = checked.detectedType!;
      try {
        return { data: stripMetadata(contentType, input.data), contentType: contentType === 'image/heif' ? 'image/heic' : contentType, name };
      } catch (error) {
        if (error instanceof UnreadableImageError) throw fieldError('file', 'UPLOAD_UNREADABLE');
        throw error;
      }
    },

    /**
     * Keeps the results file and marks the lab order resulted, once: `inTx` runs in the same
     * transaction (the access log, the patient's mail job). A lab order resulted already: 409.
     */
    async storeResult(lab: LabOrderRow, file: CheckedResult, doctorUserId: string, inTx: (tx: DbOrTx, doc: DocumentRow) => Promise<void>): Promise<{ lab: LabOrderRow; document: DocumentRow }> {
      if (lab.status === 'resulted') throw new AppError(409, 'LAB_ALREADY_RESULTED', 'Results were already uploaded for this lab order.');
      let resulted: LabOrderRow | undefined;
      const document = await storeDocument(
        {
          patientId: lab.patientId,
          storefrontId: lab.storefrontId,
          kind: 'lab_result',
          title: `Lab results: ${lab.panel}`,
          contentType: file.contentType,
          sourceId: lab.id,
          orderId: lab.orderId,
          uploadedBy: doctorUserId,
          data: file.data,
        },
        async (tx, doc, created) => {
          if (!created) throw new AppError(409, 'LAB_ALREADY_RESULTED', 'Results were already uploaded for this lab order.');
          resulted = await repo.markResulted(tx, lab.id, { documentId: doc.id, by: doctorUserId, at: now() });
          if (!resulted) throw new AppError(409, 'LAB_ALREADY_RESULTED', 'Results were already uploaded for this lab order.');
          await inTx(tx, doc);
        },
      );
      return { lab: resulted!, document };
    },

    /** GET /api/records/labs: the patient's lab orders on this storefront, newest first. */
    async labsOf(patientId: string, storefrontId: string): Promise<LabOrderView[]> {
      return (await repo.labsOfPatient(db, patientId, storefrontId)).map(labView);
    },

    /** Lab orders a doctor may result (their storefronts; ordered by them or by no doctor). */
    labsForDoctor(storefrontIds: readonly string[], doctorId: string, limit = 100): Promise<LabOrderRow[]> {
      return repo.labsForDoctor(db, storefrontIds, doctorId, limit);
    },

    /** Whether this doctor may see and result the lab order (else the caller answers 404). */
    doctorMay(lab: LabOrderRow, storefrontIds: readonly string[], doctorId: string): boolean {
      return storefrontIds.includes(lab.storefrontId) && (lab.orderingDoctorId === null || lab.orderingDoctorId === doctorId);
    },

    /** The patient's stored documents of these kinds (requisitions, results), newest first. */
    async storedDocuments(patientId: string, storefrontId: string, kinds: readonly DocumentKind[]): Promise<RecordDocument[]> {
      const stored = kinds.filter((k) => (STORED_KINDS as readonly string[]).includes(k));
      return (await repo.documentsOfPatient(db, patientId, storefrontId, stored)).map(documentView);
    },

    /** A stored document's file for its owner (the patient, on their storefront); anyone else: 404. */
    async ownFile(patientId: string, storefrontId: string, documentId: string): Promise<{ document: DocumentRow; data: Buffer }> {
      const document = await repo.documentById(db, documentId);
      if (!document || document.patientId !== patientId || document.storefrontId !== storefrontId || !document.visibleToPatient) throw notFound();
      return { document, data: await bytesOf(document) };
    },

    documentById(id: string): Promise<DocumentRow | undefined> {
      return repo.documentById(db, id);
    },

    bytesOf,

    /** The file name a download is saved as. */
    fileNameOf(document: Pick<DocumentRow, 'kind' | 'sourceId' | 'contentType'>): string {
      const ext = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/heic': 'heic' }[document.contentType] ?? 'bin';
      const number = document.sourceId ? requisitionNumberOf(document.sourceId) : 'document';
      return `${document.kind === 'requisition' ? 'lab-requisition' : 'lab-results'}-${number}.${ext}`;
    },
  };
}
export type RecordsService = ReturnType<typeof createRecordsService>;
