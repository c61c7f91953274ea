// The PDF receipt (pdfkit): only what a receipt should show — store, order number, date, items and
// quantities, consult fee, shipping, tax, discount, total, card brand and last four, and how to
// reach support. Never answers to health questions.
import { formatCents } from '@store/domain';
import PDFDocument from 'pdfkit';

export interface ReceiptData {
  storeName: string;
  supportEmail: string | null;
  supportPhone: string | null;
  orderNumber: string;
  date: Date;
  items: { title: string; qty: number; unitPriceCents: number }[];
  consultFeeCents: number;
  shippingCents: number;
  taxCents: number;
  discountCents: number;
  /** A donation added on the summary (issue 7); 0 or absent: no line. */
  donationCents?: number;
  totalCents: number;
  /** "Visa ending in 4242" */
  card: string | null;
  /** Authorized only: charged when the doctor approves. */
  held: boolean;
}

export function renderReceiptPdf(data: ReceiptData): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: `Receipt ${data.orderNumber}`, Author: data.storeName } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.fontSize(20).text(data.storeName);
    doc.moveDown(0.5).fontSize(14).text('Receipt');
    doc.fontSize(11).text(`Order number: ${data.orderNumber}`);
    doc.text(`Date: ${data.date.toISOString().slice(0, 10)}`);
    doc.moveDown();
    const row = (label: string, amount: string) => {
      const y = doc.y;
      doc.text(label, 56, y, { width: 360 });
      doc.text(amount, 420, y, { width: 136, align: 'right' });
    };
    for (const item of data.items) row(`${item.title} × ${item.qty}`, formatCents(item.unitPriceCents * item.qty));
    doc.moveDown(0.5);
    if (data.consultFeeCents > 0) row('Consult fee', formatCents(data.consultFeeCents));
    row('Shipping', formatCents(data.shippingCents));
    row('Tax', formatCents(data.taxCents));
    if (data.discountCents > 0) row('Discount', `-${formatCents(data.discountCents)}`);
    if (data.donationCents) row('Donation', formatCents(data.donationCents));
    doc.moveDown(0.3).font('Helvetica-Bold');
    row('Total', formatCents(data.totalCents));
    doc.font('Helvetica').moveDown();
    if (data.card) doc.text(`${data.held ? 'Authorized on' : 'Paid with'} ${data.card}`, 56);
    if (data.held) doc.text('Your card is charged only when the doctor approves your treatment.', 56);
    doc.moveDown();
    const contact = [data.supportEmail, data.supportPhone].filter(Boolean).join(' · ');
    if (contact) doc.fontSize(10).text(`Questions? Contact ${data.storeName} support: ${contact}`, 56);
    doc.end();
  });
}
