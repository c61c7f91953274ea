// The fax-ready prescription (issue 15; DESIGN.md "prescriptions": pdfkit + qrcode). Two pages: a
// fax cover sheet (to the pharmacy, from the store and prescriber, pages, confidentiality notice)
// and the prescription (prescriber with credentials, NPI and the licence for the patient's state;
// patient; drug, strength, form; quantity in figures and words; directions; refills; substitution;
// dates; an e-signature attestation that says it was faxed — it never claims to be e-prescribed or
// EPCS; the pharmacy; a QR code and the short code to verify it on the store's public page).
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { numberToWords } from './number-words.ts';
import { formatVerificationCode } from './verification-code.ts';

export interface PrescriptionDocumentFacts {
  store: { name: string; origin: string; phone: string | null; email: string | null };
  prescriber: { name: string; credentials: string; npi: string | null; licenseNumber: string | null; licenseState: string | null };
  patient: {
    name: string;
    dateOfBirth: string | null;
    address: { line1: string; line2?: string | null; city: string; state: string; zip: string } | null;
  };
  pharmacy: { name: string; npi: string; phone: string; fax: string | null; address: string | null };
}

export interface PrescriptionDocumentInput extends PrescriptionDocumentFacts {
  prescription: {
    id: string;
    medication: string;
    strength: string;
    form: string;
    quantity: number;
    daysSupply: number;
    directions: string;
    refillsAuthorized: number;
    substitutionAllowed: boolean;
    writtenAt: Date;
    expiresAt: Date;
  };
  /** The raw code (9 characters); printed as XXXX-XXXXX. */
  verificationCode: string;
  sentAt: Date;
  /** Tests read the text: pdfkit's uncompressed output keeps it readable. */
  compress?: boolean;
}

export const verifyUrlOf = (origin: string, code: string) => `${origin.replace(/\/$/, '')}/verify-prescription?code=${encodeURIComponent(formatVerificationCode(code))}`;

const day = (d: Date) => d.toISOString().slice(0, 10);
/** A 10-digit US number as (213) 555-0132; anything else as stored. */
const tel = (n: string) => (/^\d{10}$/.test(n) ? `(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}` : n);
const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export const ATTESTATION_FAX_NOTE =
  'This prescription was transmitted by fax. It is not an electronic prescription (not e-prescribed, not EPCS).';

/** Pages of a PDF pdfkit made (one "/Type /Page" object per page). */
export function countPdfPages(bytes: Buffer): number {
  return Math.max(1, (bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length);
}

/**
 * The PDF and its number of pages (2; more only when long directions push the verification block
 * over: then it is drawn again so the cover sheet's page count is right).
 */
export async function renderPrescriptionPdf(input: PrescriptionDocumentInput): Promise<{ bytes: Buffer; pages: number }> {
  const url = verifyUrlOf(input.store.origin, input.verificationCode);
  const qr = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 });
  let bytes = await draw(input, qr, 2);
  const pages = countPdfPages(bytes);
  if (pages !== 2) bytes = await draw(input, qr, pages);
  return { bytes, pages };
}

function draw(input: PrescriptionDocumentInput, qr: Buffer, pages: number): Promise<Buffer> {
  const { prescription: rx, prescriber, patient, pharmacy, store } = input;
  const prescriberName = [prescriber.name, prescriber.credentials].filter(Boolean).join(', ');

  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 56,
      compress: input.compress ?? true,
      info: { Title: `Prescription for ${pharmacy.name}`, Author: store.name },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const label = (name: string, value: string) => {
      doc.font('Helvetica-Bold').text(`${name}: `, { continued: true }).font('Helvetica').text(value);
    };

    // Page 1: the fax cover sheet.
    doc.font('Helvetica-Bold').fontSize(24).text('FAX');
    doc.fontSize(12).font('Helvetica').moveDown(0.5);
    label('Date', when(input.sentAt));
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(14).text('To');
    doc.fontSize(12);
    label('Pharmacy', pharmacy.name);
    label('Fax', pharmacy.fax ? tel(pharmacy.fax) : 'not on file');
    label('Phone', tel(pharmacy.phone));
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(14).text('From');
    doc.fontSize(12);
    label('Store', store.name);
    label('Prescriber', prescriberName);
    if (store.phone) label('Phone', tel(store.phone));
    if (store.email) label('Email', store.email);
    doc.moveDown(0.5);
    label('Pages (including this cover sheet)', String(pages));
    label('Regarding', 'New prescription');
    doc.moveDown(1.5);
    doc.font('Helvetica-Bold').text('CONFIDENTIALITY NOTICE');
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(
        'This fax contains protected health information that is confidential and intended only for the pharmacy named above. ' +
          'If you are not the intended recipient, any review, disclosure, copying or distribution is prohibited. ' +
          `If you received this fax in error, please notify ${store.name}${store.phone ? ` at ${tel(store.phone)}` : ''} and destroy all copies.`,
      );

    // Page 2: the prescription.
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(18).text('Prescription');
    doc.font('Helvetica').fontSize(10).text(`Written ${day(rx.writtenAt)} · Expires ${day(rx.expiresAt)} · Reference ${rx.id}`);
    doc.moveDown(0.6).fontSize(11);

    doc.font('Helvetica-Bold').fontSize(12).text('Prescriber');
    doc.fontSize(11);
    label('Name', prescriberName);
    label('NPI', prescriber.npi ?? 'not on file');
    label(`Licence${prescriber.licenseState ? ` (${prescriber.licenseState})` : ''}`, prescriber.licenseNumber ?? 'not on file');
    doc.moveDown(0.5);

    doc.font('Helvetica-Bold').fontSize(12).text('Patient');
    doc.fontSize(11);
    label('Name', patient.name);
    label('Date of birth', patient.dateOfBirth ?? 'not on file');
    if (patient.address) {
      const a = patient.address;
      label('Address', [a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join(', '));
    } else label('Address', 'not on file');
    doc.moveDown(0.5);

    doc.font('Helvetica-Bold').fontSize(12).text('Medication');
    doc.fontSize(11);
    label('Drug', rx.medication);
    label('Strength', rx.strength);
    label('Form', rx.form);
    label('Quantity', `${rx.quantity} (${numberToWords(rx.quantity)})`);
    label('Days supply', String(rx.daysSupply));
    label('Directions (Sig)', rx.directions);
    label('Refills', rx.refillsAuthorized === 0 ? '0 (none)' : `${rx.refillsAuthorized} (${numberToWords(rx.refillsAuthorized)})`);
    label('Substitution', rx.substitutionAllowed ? 'Generic substitution permitted' : 'Dispense as written (no substitution)');
    label('Date written', day(rx.writtenAt));
    label('Expires', day(rx.expiresAt));
    doc.moveDown(0.5);

    doc.font('Helvetica-Bold').fontSize(12).text('Pharmacy');
    doc.fontSize(11);
    label('Name', pharmacy.name);
    label('NPI', pharmacy.npi);
    label('Fax', pharmacy.fax ? tel(pharmacy.fax) : 'not on file');
    if (pharmacy.address) label('Address', pharmacy.address);
    doc.moveDown(0.6);

    doc
      .font('Helvetica-Oblique')
      .fontSize(10)
      .text(`Electronically signed by ${prescriberName}${prescriber.npi ? ` (NPI ${prescriber.npi})` : ''} on ${when(rx.writtenAt)}. ${ATTESTATION_FAX_NOTE}`);
    doc.moveDown(0.6);

    // The QR code and the code stay together: a new page when they would not fit.
    if (doc.y + 110 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const qrTop = doc.y;
    doc.image(qr, 56, qrTop, { width: 96, height: 96 });
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(`Verification code: ${formatVerificationCode(input.verificationCode)}`, 168, qrTop + 20);
    doc.font('Helvetica').fontSize(10).text(`Check it at ${input.store.origin.replace(/\/$/, '')}/verify-prescription`, 168);
    doc.text('Scan the code or enter it there to confirm this prescription is genuine and still valid.', 168);
    doc.end();
  });
}
