// How a written prescription reaches the pharmacy (DESIGN.md "prescriptions": a PrescriptionTransport
// adapter interface; honest delivery today, e-prescribing vendors later). Today's only transport is
// fax: a fax-ready PDF, never an electronic (EPCS / e-prescribing) transmission. `send` is keyed by
// the caller's idempotency key, so a retry with the same key is the same delivery.
export const TRANSPORT_STATUSES = ['queued', 'transmitted', 'acknowledged', 'rejected', 'failed'] as const;
export type TransportStatus = (typeof TRANSPORT_STATUSES)[number];

export interface TransportPharmacy {
  id: string;
  name: string;
  npi: string;
  phone: string;
  fax: string | null;
}

export interface TransportPrescription {
  id: string;
  orderId: string;
  medication: string;
  strength: string;
  form: string;
}

export interface TransportDocument {
  /** Storage key of the PDF (already stored). */
  key: string;
  contentType: 'application/pdf';
  pages: number;
  bytes: Buffer;
}

export interface SendInput {
  idempotencyKey: string;
  prescription: TransportPrescription;
  document: TransportDocument;
  pharmacy: TransportPharmacy;
}

export interface SendResult {
  status: TransportStatus;
  /** The transport's own reference (a fax id). */
  externalId?: string;
  /** Why it was rejected or failed (no PHI). */
  error?: string;
}

export interface TransportCapabilities {
  /** Stored on each transmission row, e.g. "fax". */
  name: string;
  /** Whether the far end confirms receipt itself (a fax does not: the pharmacy confirms on the verification page). */
  acknowledges: boolean;
  /** Never true today: the store does not e-prescribe. */
  electronic: false;
  /** What the transport needs of the pharmacy. */
  requiresFax: boolean;
}

export interface PrescriptionTransport {
  send(input: SendInput): Promise<SendResult>;
  capabilities(): TransportCapabilities;
}
