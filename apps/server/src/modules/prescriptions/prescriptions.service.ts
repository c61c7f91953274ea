// Prescriptions (issue 15): what a doctor may prescribe for a product (the formulary), the
// prescription written when an order is approved, its fax-ready PDF and its transmission to the
// pharmacy, and the public verification a pharmacy does with the short code printed on it.
//
// The verification code is random and only its SHA-256 is kept, so the PDF that prints it is made
// when the code is made: `prepare` renders and stores the PDF before the approve transaction (no
// storage call inside it), and `write` records the prescription with that code and document in the
// transaction. A prescription written without a prepared document (`write` alone) gets its PDF
// at transmission: a new code is issued then and its hash replaces the first.
import { randomUUID } from 'node:crypto';
import { MAX_PRESCRIPTION_DAYS, type AdminFormularyRow, type ApproveInput, type FormularyInput, type FormularyOption } from '@store/domain';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { PrescriptionStatus, TransmissionStatus } from '../../db/schema/prescriptions.ts';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import { newStorageKey } from '../../adapters/storage/file-storage.ts';
import type { PrescriptionTransport, TransportPharmacy } from '../../adapters/prescriptions/prescription-transport.ts';
import { AppError } from '../../lib/problem.ts';
import type { AuditContext, AuditService } from '../audit/audit.service.ts';
import { countPdfPages, renderPrescriptionPdf, type PrescriptionDocumentFacts } from './prescription-pdf.ts';
import { prescriptionsRepo as repo, type FormularyRow, type PrescriptionRow, type TransmissionRow } from './prescriptions.repo.ts';
import { hashVerificationCode, newVerificationCode, normalizeVerificationCode } from './verification-code.ts';

export type { PrescriptionDocumentFacts } from './prescription-pdf.ts';

const DAY_MS = 24 * 60 * 60_000;

export const CONTROLLED_SUBSTANCE =
  'Controlled substances cannot be prescribed through this store. Choose another medication, or refer the patient for in-person care.';
export const PRESCRIPTION_NOT_FOUND = 'We could not find a prescription with this code.';
export const PRESCRIPTION_REVOKED = 'This prescription was revoked and must not be filled.';
export const PRESCRIPTION_EXPIRED = 'This prescription has expired and must not be filled.';

/** A formulary choice with the product it belongs to. */
export type FormularyChoice = FormularyOption & { productId: string };

export interface PrescriptionSummary {
  id: string;
  orderId: string;
  pharmacyId: string;
  patientId: string;
  doctorId: string;
  medication: string;
  strength: string;
  form: string;
  quantity: number;
  daysSupply: number;
  directions: string;
  refillsAuthorized: number;
  refillsLeft: number;
  substitutionAllowed: boolean;
  writtenAt: string;
  expiresAt: string;
  status: PrescriptionStatus;
  receivedAt: string | null;
  transmission: { status: TransmissionStatus; transport: string; attempts: number } | null;
}

export interface WriteInput {
  orderId: string;
  doctorId: string;
  patientId: string;
  pharmacyId: string;
  option: FormularyOption;
  approve: ApproveInput;
}

/** What `prepare` made before the transaction: the id, the code, the stored PDF. */
export interface PreparedPrescription {
  id: string;
  verificationCode: string;
  writtenAt: Date;
  documentKey: string;
  pages: number;
}

export type VerifyStatus = 'valid' | 'revoked' | 'expired';

const toChoice = (row: FormularyRow): FormularyChoice => ({
  id: row.id,
  productId: row.productId,
  medication: row.medication,
  strength: row.strength,
  form: row.form,
  quantity: row.quantity,
  daysSupply: row.daysSupply,
  maxRefills: row.maxRefills,
  directionsTemplate: row.directionsTemplate,
  controlled: row.deaSchedule !== null,
});

/** A formulary row as the operator's console shows and audits it. */
const toAdminRow = (row: FormularyRow): AdminFormularyRow => ({
  id: row.id,
  medication: row.medication,
  strength: row.strength,
  form: row.form,
  quantity: row.quantity,
  daysSupply: row.daysSupply,
  maxRefills: row.maxRefills,
  directionsTemplate: row.directionsTemplate,
});

type ParsedFormulary = { [K in keyof FormularyInput]: K extends 'quantity' | 'daysSupply' | 'maxRefills' ? number : string };

function summaryOf(row: PrescriptionRow, t: TransmissionRow | undefined): PrescriptionSummary {
  return {
    id: row.id,
    orderId: row.orderId,
    pharmacyId: row.pharmacyId,
    patientId: row.patientId,
    doctorId: row.doctorId,
    medication: row.medication,
    strength: row.strength,
    form: row.form,
    quantity: row.quantity,
    daysSupply: row.daysSupply,
    directions: row.directions,
    refillsAuthorized: row.refillsAuthorized,
    refillsLeft: row.refillsLeft,
    substitutionAllowed: row.substitutionAllowed,
    writtenAt: row.writtenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: row.status,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    transmission: t ? { status: t.status, transport: t.transport, attempts: t.attempts } : null,
  };
}

/**
 * The choice may be prescribed with these adjustments: not a controlled substance (409
 * CONTROLLED_SUBSTANCE), refills within the choice's maximum (400, field `refills`). Checked by the
 * approve workflow before money moves and again by `write`.
 */
export function assertPrescribable(option: FormularyOption, approve: Pick<ApproveInput, 'refills'>): void {
  if (option.controlled) throw new AppError(409, 'CONTROLLED_SUBSTANCE', CONTROLLED_SUBSTANCE);
  if (approve.refills > option.maxRefills) {
    const message = option.maxRefills === 0 ? 'No refills are allowed for this medication.' : `At most ${option.maxRefills} refills for this medication.`;
    throw new AppError(400, 'REFILLS_OVER_MAX', message, { errors: [{ field: 'refills', message }] });
  }
}

/** The idempotency key of a prescription's first transmission (the job's singleton key too). */
export const transmissionKey = (prescriptionId: string, attempt = 1) => `rx:${prescriptionId}:${attempt}`;

const expiryOf = (writtenAt: Date, validForDays: number) =>
  new Date(writtenAt.getTime() + Math.min(Math.max(1, validForDays), MAX_PRESCRIPTION_DAYS) * DAY_MS);

/** The prescription's fields as written from the choice and the doctor's adjustments. */
function fieldsOf(input: WriteInput, writtenAt: Date) {
  return {
    orderId: input.orderId,
    doctorId: input.doctorId,
    patientId: input.patientId,
    pharmacyId: input.pharmacyId,
    formularyId: input.option.id,
    medication: input.option.medication,
    strength: input.option.strength,
    form: input.option.form,
    quantity: input.approve.quantity,
    daysSupply: input.approve.daysSupply,
    directions: input.approve.directions,
    refillsAuthorized: input.approve.refills,
    refillsLeft: input.approve.refills,
    substitutionAllowed: input.approve.substitutionAllowed,
    writtenAt,
    expiresAt: expiryOf(writtenAt, input.approve.validForDays),
  };
}

export function createPrescriptionService(deps: { db: Db; now: () => Date; storage: FileStorage; transport: PrescriptionTransport; audit?: Pick<AuditService, 'record'> }) {
  const { db, now, storage, transport } = deps;

  async function render(row: Pick<PrescriptionRow, 'id' | 'medication' | 'strength' | 'form' | 'quantity' | 'daysSupply' | 'directions' | 'refillsAuthorized' | 'substitutionAllowed' | 'writtenAt' | 'expiresAt'>, code: string, facts: PrescriptionDocumentFacts) {
    const pdf = await renderPrescriptionPdf({ ...facts, prescription: row, verificationCode: code, sentAt: now() });
    const key = newStorageKey();
    await storage.put(key, pdf.bytes, 'application/pdf');
    return { key, pages: pdf.pages, bytes: pdf.bytes };
  }

  return {
    /** The active formulary choices of these products (GET /api/doctor/orders/:id/formulary). */
    /** Whether the transport can send to this pharmacy at all (a fax needs a fax number). */
    canReach(pharmacy: { fax: string | null | undefined }): boolean {
      return !transport.capabilities().requiresFax || Boolean(pharmacy.fax);
    },

    /**
     * issue 18, the operator's console: a product's formulary (the caller checked the product is
     * the admin's). Writes run in the caller's transaction; a removed row is deactivated, so the
     * prescriptions written from it keep their link. Another product's row: undefined (a 404).
     */
    formularyAdmin: {
      async list(productId: string, executor: DbOrTx = db): Promise<AdminFormularyRow[]> {
        return (await repo.adminFormulary(executor, productId)).map(toAdminRow);
      },
      async add(tx: DbOrTx, productId: string, input: ParsedFormulary): Promise<AdminFormularyRow> {
        return toAdminRow(await repo.insertFormulary(tx, { productId, ...input, createdAt: now() }));
      },
      async update(tx: DbOrTx, productId: string, id: string, input: ParsedFormulary) {
        const before = await repo.adminFormularyRow(tx, productId, id);
        if (!before) return undefined;
        return { before: toAdminRow(before), after: toAdminRow(await repo.updateFormulary(tx, id, input)) };
      },
      async remove(tx: DbOrTx, productId: string, id: string): Promise<AdminFormularyRow | undefined> {
        const before = await repo.adminFormularyRow(tx, productId, id);
        if (!before) return undefined;
        await repo.updateFormulary(tx, id, { active: false });
        return toAdminRow(before);
      },
    },

    async formularyOf(productIds: string[]): Promise<FormularyChoice[]> {
      return (await repo.formularyOf(db, productIds)).map(toChoice);
    },

    /** One active formulary choice, or null. */
    async formularyChoice(id: string, executor: DbOrTx = db): Promise<FormularyChoice | null> {
      const row = await repo.formularyRow(executor, id);
      return row ? toChoice(row) : null;
    },

    /**
     * Before the approve transaction: checks the choice, makes the id and the verification code,
     * renders the fax-ready PDF and stores it. Hand the result to `write` as `prepared`.
     */
    async prepare(input: WriteInput, facts: PrescriptionDocumentFacts): Promise<PreparedPrescription> {
      assertPrescribable(input.option, input.approve);
      const id = randomUUID();
      const verificationCode = newVerificationCode();
      const writtenAt = now();
      const doc = await render({ id, ...fieldsOf(input, writtenAt) }, verificationCode, facts);
      return { id, verificationCode, writtenAt, documentKey: doc.key, pages: doc.pages };
    },

    /**
     * Writes the prescription and its queued transmission in the caller's transaction. Refuses a
     * controlled substance (409) and refills over the choice's maximum (400). Expires `validForDays`
     * after it is written (at most a year).
     */
    async write(tx: Tx | DbOrTx, input: WriteInput & { prepared?: PreparedPrescription }): Promise<{ prescription: PrescriptionSummary; verificationCode: string }> {
      assertPrescribable(input.option, input.approve);
      const verificationCode = input.prepared?.verificationCode ?? newVerificationCode();
      const row = await repo.insert(tx, {
        ...(input.prepared ? { id: input.prepared.id } : {}),
        ...fieldsOf(input, input.prepared?.writtenAt ?? now()),
        verificationCodeHash: hashVerificationCode(verificationCode),
      });
      const transmission = await repo.insertTransmission(tx, {
        prescriptionId: row.id,
        transport: transport.capabilities().name,
        idempotencyKey: transmissionKey(row.id),
        status: 'queued',
        documentKey: input.prepared?.documentKey ?? null,
        createdAt: row.writtenAt,
        updatedAt: row.writtenAt,
      });
      return { prescription: summaryOf(row, transmission), verificationCode };
    },

    /** The order's prescription (the latest written), with its transmission. */
    async ofOrder(executor: DbOrTx, orderId: string): Promise<PrescriptionSummary | null> {
      const row = await repo.latestOfOrder(executor, orderId);
      if (!row) return null;
      return summaryOf(row, await repo.transmissionOf(executor, row.id));
    },

    /**
     * The prescription a refill cycle was sent on (issue 17, decision 009: a refill order has no
     * prescription of its own; its transmission is keyed `rx:<prescription>:refill:<plan>:<cycle>`),
     * with that refill's transmission; null when none was queued.
     */
    async ofRefill(executor: DbOrTx, refill: { planId: string; cycle: number }): Promise<PrescriptionSummary | null> {
      const t = await repo.refillTransmissionOf(executor, refill.planId, refill.cycle);
      const row = t ? await repo.byId(executor, t.prescriptionId) : undefined;
      return row ? summaryOf(row, t) : null;
    },

    /** One prescription by id (workflows; never a route by itself). */
    async byId(executor: DbOrTx, id: string): Promise<PrescriptionSummary | null> {
      const row = await repo.byId(executor, id);
      return row ? summaryOf(row, await repo.transmissionOf(executor, row.id)) : null;
    },

    /** The public check: valid, revoked or expired; null for a code we never issued. */
    async verify(code: string): Promise<{ status: VerifyStatus } | null> {
      const normalized = normalizeVerificationCode(code);
      if (!normalized) return null;
      const row = await repo.byCodeHash(db, hashVerificationCode(normalized));
      if (!row) return null;
      return { status: statusAt(row, now()) };
    },

    /**
     * The pharmacy confirms it received the prescription (from the verification page): sets
     * receivedAt once. A revoked or expired prescription: 409. Unknown code: null.
     */
    async confirmReceipt(
      tx: DbOrTx,
      code: string,
    ): Promise<{ prescriptionId: string; orderId: string; pharmacyId: string; alreadyConfirmed: boolean } | null> {
      const normalized = normalizeVerificationCode(code);
      if (!normalized) return null;
      const row = await repo.byCodeHash(tx, hashVerificationCode(normalized), true);
      if (!row) return null;
      refuseUnfillable(row, now());
      const alreadyConfirmed = row.receivedAt !== null;
      if (!alreadyConfirmed) await repo.setReceived(tx, row.id, now());
      return { prescriptionId: row.id, orderId: row.orderId, pharmacyId: row.pharmacyId, alreadyConfirmed };
    },

    /**
     * Before a pharmacy fills it: a revoked prescription (409 PRESCRIPTION_REVOKED) or an expired
     * one (409 PRESCRIPTION_EXPIRED) must not be filled, as the verification page tells a pharmacy.
     */
    async assertFillable(executor: DbOrTx, prescriptionId: string): Promise<void> {
      const row = await repo.byId(executor, prescriptionId);
      if (row) refuseUnfillable(row, now());
    },

    /**
     * Revokes the prescription (e.g. the pharmacy could not fill it): status revoked with
     * revokedAt, so verification answers revoked and no pharmacy fills it; audited in `tx` with the
     * reason (a code, no PHI) and who. False when it was not active (a repeat changes nothing).
     */
    async revoke(tx: DbOrTx, prescriptionId: string, reason: string, audit?: AuditContext): Promise<boolean> {
      const revoked = await repo.revoke(tx, prescriptionId, now());
      if (revoked && deps.audit) {
        await deps.audit.record({ ...audit, action: 'prescription.revoked', subject: { type: 'prescription', id: prescriptionId }, details: { reason } }, tx);
      }
      return revoked;
    },

    /** The stored fax-ready PDF of the prescription, or null. */
    async documentOf(prescriptionId: string): Promise<Buffer | null> {
      const t = await repo.transmissionOf(db, prescriptionId);
      if (!t?.documentKey) return null;
      return storage.get(t.documentKey);
    },

    /**
     * Sends the prescription through the transport (the transmission job; never inside a
     * transaction). Safe to repeat: a transmission already transmitted or acknowledged is answered
     * as it stands; the transport is keyed by the transmission's idempotency key. Records the
     * status, the attempt and the last error; a failure throws so the queue retries, a rejection
     * (nothing a retry could fix) does not. `facts` is read only when the PDF must be made here.
     */
    async transmit(
      prescriptionId: string,
      input: { pharmacy: TransportPharmacy; facts: () => Promise<PrescriptionDocumentFacts> },
    ): Promise<{ status: TransmissionStatus; alreadyDone: boolean; orderId: string }> {
      const row = await repo.byId(db, prescriptionId);
      const t = await repo.transmissionOf(db, prescriptionId);
      if (!row || !t) throw new Error('prescription transmission not found');
      return send(row, t, input);
    },

    // ---- issue 17: refills (the renewal job, workflows/refill-renewal.ts) ----------------------

    /** The patient's prescriptions, each with the product it was written for (its formulary choice's), newest first. */
    async ofPatient(executor: DbOrTx, patientId: string): Promise<(PrescriptionSummary & { productId: string | null })[]> {
      return (await repo.ofPatient(executor, patientId)).map((row) => ({ ...summaryOf(row, undefined), productId: row.productId }));
    },

    /**
     * One refill used (in the renewal's transaction): refills left down by one, only while the
     * prescription is active, unexpired and has one left. Answers the refills left after it, or null
     * when none could be used (nothing changed).
     */
    useRefill(tx: DbOrTx, prescriptionId: string): Promise<number | null> {
      return repo.useRefill(tx, prescriptionId, now());
    },

    /**
     * Queues a refill's transmission to the prescription's pharmacy under `key` (in the renewal's
     * transaction; a repeat with the key is the same transmission): the prescription's stored PDF,
     * sent again as this refill. Send it with `transmitRefill`.
     */
    async queueRefill(tx: DbOrTx, prescriptionId: string, key: string): Promise<void> {
      const first = await repo.transmissionOf(tx, prescriptionId);
      const at = now();
      await repo.insertTransmission(tx, {
        prescriptionId,
        transport: transport.capabilities().name,
        idempotencyKey: key,
        status: 'queued',
        documentKey: first?.documentKey ?? null,
        createdAt: at,
        updatedAt: at,
      });
    },

    /** Sends a queued refill transmission (never inside a transaction); safe to repeat, as `transmit`. */
    async transmitRefill(
      key: string,
      input: { pharmacy: TransportPharmacy; facts: () => Promise<PrescriptionDocumentFacts> },
    ): Promise<{ status: TransmissionStatus; alreadyDone: boolean; orderId: string }> {
      const t = await repo.transmissionByKey(db, key);
      const row = t ? await repo.byId(db, t.prescriptionId) : undefined;
      if (!row || !t) throw new Error('refill transmission not found');
      return send(row, t, input);
    },
  };

  async function send(
    row: PrescriptionRow,
    t: TransmissionRow,
    input: { pharmacy: TransportPharmacy; facts: () => Promise<PrescriptionDocumentFacts> },
  ): Promise<{ status: TransmissionStatus; alreadyDone: boolean; orderId: string }> {
    {
      if (t.status === 'transmitted' || t.status === 'acknowledged') return { status: t.status, alreadyDone: true, orderId: row.orderId };
      if (t.status === 'rejected') return { status: t.status, alreadyDone: true, orderId: row.orderId };
      let document: { key: string; pages: number; bytes: Buffer } | null = null;
      if (t.documentKey) {
        const bytes = await storage.get(t.documentKey);
        if (bytes) document = { key: t.documentKey, bytes, pages: countPdfPages(bytes) };
      }
      if (!document) {
        // No document yet (written without `prepare`): a new code is issued with the PDF that prints it.
        const code = newVerificationCode();
        document = await render(row, code, await input.facts());
        const stored = document;
        await db.transaction(async (tx) => {
          await repo.setCodeHash(tx, row.id, hashVerificationCode(code));
          await repo.updateTransmission(tx, t.id, { documentKey: stored.key, updatedAt: now() });
        });
      }
      const attempts = t.attempts + 1;
      let result;
      try {
        result = await transport.send({
          idempotencyKey: t.idempotencyKey,
          prescription: { id: row.id, orderId: row.orderId, medication: row.medication, strength: row.strength, form: row.form },
          document: { key: document.key, contentType: 'application/pdf', pages: document.pages, bytes: document.bytes },
          pharmacy: input.pharmacy,
        });
      } catch (error) {
        result = { status: 'failed' as const, error: error instanceof Error ? error.message : String(error) };
      }
      await repo.updateTransmission(db, t.id, {
        status: result.status,
        attempts,
        externalId: result.externalId ?? t.externalId,
        lastError: result.error ?? null,
        updatedAt: now(),
      });
      if (result.status === 'failed') throw new Error(`prescription transmission failed: ${result.error ?? 'unknown error'}`);
      return { status: result.status, alreadyDone: false, orderId: row.orderId };
    }
  }
}
export type PrescriptionService = ReturnType<typeof createPrescriptionService>;

/** A revoked or expired prescription is refused (409): it must not be received or filled. */
function refuseUnfillable(row: PrescriptionRow, at: Date): void {
  const status = statusAt(row, at);
  if (status === 'revoked') throw new AppError(409, 'PRESCRIPTION_REVOKED', PRESCRIPTION_REVOKED);
  if (status === 'expired') throw new AppError(409, 'PRESCRIPTION_EXPIRED', PRESCRIPTION_EXPIRED);
}

function statusAt(row: PrescriptionRow, at: Date): VerifyStatus {
  if (row.status === 'revoked' || row.revokedAt) return 'revoked';
  if (row.status === 'expired' || row.expiresAt.getTime() <= at.getTime()) return 'expired';
  return 'valid';
}
