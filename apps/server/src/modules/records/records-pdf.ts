// The health records' PDFs (pdfkit, like orders/receipt.ts): the lab requisition the patient takes
// to the lab (issue 17: patient name, date of birth if on file, panel, ordering store and doctor,
// order number, date, requisition number), and the patient's copy of a prescription or a visit
// summary, made on request. Nothing private to the doctor (the clinical note) is ever printed.
import PDFDocument from 'pdfkit';

export interface RequisitionData {
  storeName: string;
  supportEmail: string | null;
  supportPhone: string | null;
  requisitionNumber: string;
  orderNumber: string;
  date: Date;
  patientName: string;
  /** YYYY-MM-DD, or null when not on file. */
  patientDateOfBirth: string | null;
  panel: string;
  /** "Dr. Amara Okafor, MD", or null when the store orders it without a doctor's visit. */
  orderingDoctor: string | null;
}

/** A document of labelled lines under a title (the patient's copy of a prescription or visit). */
export interface SummaryData {
  storeName: string;
  title: string;
  lines: [label: string, value: string][];
  /** Paragraphs under the lines (e.g. the doctor's note for the patient). */
  paragraphs?: string[];
  footer?: string;
}

function render(title: string, author: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: title, Author: author } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

function lines(doc: PDFKit.PDFDocument, rows: readonly [string, string][]): void {
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, 56, y, { width: 160 });
    doc.font('Helvetica').text(value, 220, y, { width: 336 });
    doc.moveDown(0.3);
  }
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export function renderRequisitionPdf(data: RequisitionData): Promise<Buffer> {
  return render(`Lab requisition ${data.requisitionNumber}`, data.storeName, (doc) => {
    doc.fontSize(20).text(data.storeName);
    doc.moveDown(0.5).fontSize(14).text('Laboratory requisition');
    doc.moveDown(0.5).fontSize(11);
    lines(doc, [
      ['Requisition number', data.requisitionNumber],
      ['Date', isoDate(data.date)],
      ['Patient', data.patientName],
      ['Date of birth', data.patientDateOfBirth ?? 'Not on file'],
      ['Panel', data.panel],
      ['Ordered by', data.orderingDoctor ? `${data.orderingDoctor} for ${data.storeName}` : data.storeName],
      ['Order number', data.orderNumber],
    ]);
    doc.moveDown();
    doc.text('Bring this requisition and a photo ID to the lab. Results are sent to your doctor and appear in your health records.', 56);
    doc.moveDown();
    const contact = [data.supportEmail, data.supportPhone].filter(Boolean).join(' · ');
    if (contact) doc.fontSize(10).text(`Questions? Contact ${data.storeName} support: ${contact}`, 56);
  });
}

export function renderSummaryPdf(data: SummaryData): Promise<Buffer> {
  return render(data.title, data.storeName, (doc) => {
    doc.fontSize(20).text(data.storeName);
    doc.moveDown(0.5).fontSize(14).text(data.title);
    doc.moveDown(0.5).fontSize(11);
    lines(doc, data.lines);
    for (const p of data.paragraphs ?? []) doc.moveDown(0.5).text(p, 56);
    if (data.footer) doc.moveDown().fontSize(10).text(data.footer, 56);
  });
}
