// Test data for the doctor's pages (issue 15), shaped by the domain's API schemas.
import type { FormularyOption, ReviewDetail, ReviewQueue, ReviewQueueItem } from '@store/domain';

const HOUR = 3_600_000;

export function queueItem(over: Partial<ReviewQueueItem> = {}): ReviewQueueItem {
  return {
    orderId: 'order-1',
    orderNumber: 'EV-1001',
    storefront: { id: 'sf-1', name: 'Evergreen' },
    state: 'CA',
    status: 'awaiting_review',
    products: [{ id: 'p-1', title: 'Metformin ER Weight Support' }],
    waitingSince: new Date(Date.now() - 2 * HOUR).toISOString(),
    dueAt: new Date(Date.now() + 22 * HOUR).toISOString(),
    holdExpiresAt: new Date(Date.now() + 6 * 24 * HOUR).toISOString(),
    waitingForPatient: false,
    newAnswer: false,
    claim: null,
    ...over,
  };
}

export function queue(items: ReviewQueueItem[], over: Partial<ReviewQueue> = {}): ReviewQueue {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 50,
    counts: {
      total: items.length,
      byStorefront: [
        { id: 'sf-1', label: 'Evergreen', count: 2 },
        { id: 'sf-2', label: 'Lumen', count: 1 },
      ],
      byProduct: [{ id: 'p-1', label: 'Metformin ER Weight Support', count: 3 }],
      byState: [{ id: 'CA', label: 'CA', count: 3 }],
      byStatus: [{ id: 'awaiting_review', label: 'Awaiting review', count: 3 }],
    },
    todayVisits: [],
    timeZone: 'America/Chicago',
    serverNow: new Date().toISOString(),
    ...over,
  };
}

export function detail(over: Partial<ReviewDetail> = {}): ReviewDetail {
  return {
    orderId: 'order-1',
    orderNumber: 'EV-1001',
    status: 'awaiting_review',
    storefront: { id: 'sf-1', name: 'Evergreen' },
    state: 'CA',
    products: [{ id: 'p-1', title: 'Metformin ER Weight Support', quantity: 1 }],
    consults: [
      {
        consultId: 'c-1',
        orderItemId: 'i-1',
        questionnaire: { id: 'q-1', title: 'Weight care', versionId: 'v-1', version: 3 },
        submittedAt: '2026-11-25T10:00:00.000Z',
        answers: [
          { questionId: 'age', label: 'How old are you?', type: 'number', answer: 44, flag: null },
          { questionId: 'history', label: 'Have you ever been diagnosed with any of the following?', type: 'multiple_choice', answer: ['gallbladder'], optionLabels: ['Gallstones or gallbladder disease'], flag: { note: 'GLP-1 medicines raise the risk of gallbladder problems.' } },
          { questionId: 'body_photo', label: 'A photo', type: 'file_upload', answer: ['up-1'], flag: null },
        ],
      },
    ],
    bmi: 34.9,
    patient: { age: 44, sex: 'female' },
    medications: { none: false, items: [{ name: 'Lisinopril', manual: false }] },
    allergies: { none: false, items: ['penicillin'] },
    pharmacy: { id: 'ph-1', name: 'Evergreen Pharmacy', phone: '5125550100', fax: null, address: '1 Main St, Austin, TX, 73301' },
    history: [],
    infoRequests: [{ id: 'r-1', question: 'When did you last see your GP?', askedAt: '2026-11-25T10:00:00.000Z', answer: 'Last month.', answeredAt: '2026-11-25T12:00:00.000Z', uploadIds: ['up-2'], isNew: true }],
    uploads: [
      { id: 'up-1', contentType: 'image/png', sizeBytes: 120_000, originalName: 'photo.png' },
      { id: 'up-2', contentType: 'application/pdf', sizeBytes: 2_400_000, originalName: 'labs.pdf' },
    ],
    claim: { doctorId: 'd-1', byMe: true, claimedAt: '2026-11-26T10:00:00.000Z', leaseExpiresAt: '2026-11-26T10:15:00.000Z' },
    ...over,
  };
}

export const FORMULARY: FormularyOption[] = [
  { id: '11111111-1111-4111-8111-111111111111', medication: 'Metformin ER', strength: '500 mg', form: 'tablet', quantity: 60, daysSupply: 30, maxRefills: 5, directionsTemplate: 'Take 1 tablet by mouth twice daily with meals.', controlled: false },
  { id: '22222222-2222-4222-8222-222222222222', medication: 'Phentermine', strength: '37.5 mg', form: 'tablet', quantity: 30, daysSupply: 30, maxRefills: 0, directionsTemplate: 'Take 1 tablet every morning.', controlled: true },
];
