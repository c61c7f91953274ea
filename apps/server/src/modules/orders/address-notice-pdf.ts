// The pharmacy's notice that a paid order's shipping address changed (issue 17; SPEC §7 edit
// shipping address), faxed like the prescription it follows: a one-page cover sheet naming the
// order, the new ship-to address and when it changed. Nothing clinical.
import PDFDocument from 'pdfkit';

export interface AddressNoticeData {
  storeName: string;
  pharmacyName: string;
  orderNumber: string;
  changedAt: Date;
  shipTo: { fullName: string; line1: string; line2: string | null; city: string; state: string; zip: string; phone: string };
}

export function renderAddressNoticePdf(data: AddressNoticeData): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 56, compress: false, info: { Title: `Address change ${data.orderNumber}`, Author: data.storeName } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text(data.storeName);
    doc.moveDown(0.5).fontSize(14).text('Shipping address changed');
    doc.moveDown(0.5).fontSize(11);
    doc.text(`To: ${data.pharmacyName}`);
    doc.text(`Order number: ${data.orderNumber}`);
    doc.text(`Changed: ${data.changedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`);
    doc.moveDown();
    doc.text('Ship this order to:');
    const a = data.shipTo;
    for (const line of [a.fullName, a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`, a.phone]) if (line) doc.text(line, { indent: 18 });
    doc.moveDown();
    doc.fontSize(10).text('This replaces the address on the order you received earlier. Nothing else about the order has changed.');
    doc.end();
  });
}
