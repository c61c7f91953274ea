// Unit rules of the prescription document: quantity in words, the verification code's shape, the PDF.
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/prescribing.ts';
import { numberToWords } from './number-words.ts';
import {
  countPdfPages,
  renderPrescriptionPdf,
  type PrescriptionDocumentInput,
} from './prescription-pdf.ts';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  formatVerificationCode,
  hashVerificationCode,
  newVerificationCode,
  normalizeVerificationCode,
} from './verification-code.ts';

describe('numberToWords (issue 15: quantity in figures and words)', () => {
  it.each([
    [0, 'zero'],
    [1, 'one'],
    [12, 'twelve'],
    [19, 'nineteen'],
    [20, 'twenty'],
    [21, 'twenty-one'],
    [30, 'thirty'],
    [60, 'sixty'],
    [90, 'ninety'],
    [99, 'ninety-nine'],
    [100, 'one hundred'],
    [101, 'one hundred one'],
    [120, 'one hundred twenty'],
    [999, 'nine hundred ninety-nine'],
    [1000, 'one thousand'],
    [1001, 'one thousand one'],
    [2450, 'two thousand four hundred fifty'],
  ])('%i → %s', (n, words) => {
    expect(numberToWords(n)).toBe(words);
  });

  it.each([-1, 1.5, 1_000_000, Number.NaN])('refuses %s', (n) => {
    expect(() => numberToWords(n)).toThrow(RangeError);
  });
});

describe('verification code (issue 15: short, unambiguous, random)', () => {
  it('is 9 characters without 0, O, 1 or I, different each time', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newVerificationCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) {
      expect(code).toHaveLength(CODE_LENGTH);
      expect(code).not.toMatch(/[0O1I]/);
      for (const c of code) expect(CODE_ALPHABET).toContain(c);
    }
  });

  it('prints as XXXX-XXXXX and reads back however it is typed', () => {
    expect(formatVerificationCode('ABCD23456')).toBe('ABCD-23456');
    expect(normalizeVerificationCode('abcd-23456')).toBe('ABCD23456');
    expect(normalizeVerificationCode(' ABCD 23456 ')).toBe('ABCD23456');
    expect(normalizeVerificationCode('ABCD-2345')).toBeNull();
    expect(normalizeVerificationCode('OBCD-23456')).toBeNull();
    expect(hashVerificationCode('ABCD23456')).toMatch(/^[a-f0-9]{64}$/);
  });
});

describe('the prescription PDF (issue 15)', () => {
  it('is a cover sheet and one prescription page', async () => {
    const { bytes, pages } = await renderPrescriptionPdf(sample);
    expect(pages).toBe(2);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(countPdfPages(bytes)).toBe(2);
  });

  it('keeps the longest directions (1,000 characters) on one prescription page, and the cover sheet counts the pages', async () => {
    const directions = 'Take 1 tablet by mouth twice daily with meals; '.repeat(21).slice(0, 1000);
    const { bytes, pages } = await renderPrescriptionPdf({
      ...sample,
      prescription: { ...sample.prescription, directions },
    });
    expect(pages).toBe(countPdfPages(bytes));
    expect(pages).toBe(2);
    // The cover sheet tells the pharmacy how many pages to expect.
    expect(pdfText(bytes)).toContain(`Pages (including this cover sheet): ${pages}`);
    expect(pdfText(bytes)).toContain('Verification code: ABCD-23456');
  });
});

const sample: PrescriptionDocumentInput = {
  store: {
    name: 'Evergreen Health',
    origin: 'https://evergreen.example',
    phone: '(555) 010-0100',
    email: null,
  },
  prescriber: {
    name: 'Dr. Maya Lin',
    credentials: 'MD',
    npi: '1234567893',
    licenseNumber: 'TX-12345',
    licenseState: 'TX',
  },
  patient: {
    name: 'Pat Patient',
    dateOfBirth: '1980-02-03',
    address: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
  },
  pharmacy: {
    name: 'Main Street Pharmacy',
    npi: '1679576722',
    phone: '(555) 010-0200',
    fax: '(555) 010-0201',
    address: '2 Main St, Austin, TX 78701',
  },
  prescription: {
    id: '00000000-0000-4000-8000-000000000001',
    medication: 'Metformin ER',
    strength: '500 mg',
    form: 'tablet',
    quantity: 60,
    daysSupply: 30,
    directions: 'Take 1 tablet by mouth twice daily with meals.',
    refillsAuthorized: 5,
    substitutionAllowed: false,
    writtenAt: new Date('2026-11-26T10:00:00Z'),
    expiresAt: new Date('2027-11-26T10:00:00Z'),
  },
  verificationCode: 'ABCD23456',
  sentAt: new Date('2026-11-26T10:01:00Z'),
  compress: false,
};
