// issue 16 "Doctor rating": after a completed visit or review the patient rates 1–5 with an optional
// comment, once per order; bios show the real average and count (a doctor with none says so).
// SPEC §1 "Patients also ... rate doctors". Only the signed-in patient's own order (404 otherwise).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { signedInPatient } from '../../../test/patients.ts';
import { paidForReview, signedInDoctor, type DoctorClient } from '../../../test/reviews.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { doctorRatings } from '../../db/schema/ratings.ts';
import { decisions } from '../../db/schema/reviews.ts';
import { appointments } from '../../db/schema/scheduling.ts';
import { DEMO_DOCTOR_IDS } from '../../db/seed/doctors.ts';
import { EVERGREEN_ID } from '../../db/seed/storefronts.ts';
import { NOT_RATEABLE, RATING_EXISTS } from '../../workflows/rate-doctor.ts';

let ctx: TestContext;
let drRuiz: DoctorClient;
beforeAll(async () => {
  ctx = await createTestApp();
  drRuiz = await signedInDoctor(ctx, ['CA']);
});
afterAll(() => ctx.close());

/** A paid consult order shipping to CA that Dr. Ruiz claimed and declined (a decision that closes the review). */
async function declinedOrder() {
  const { orderId, patient } = await paidForReview(ctx, 'CA');
  expect((await drRuiz.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
  expect((await drRuiz.post(`/api/doctor/orders/${orderId}/decline`, { reasonCode: 'other' })).statusCode).toBe(200);
  return { orderId, patient };
}

const bio = async (doctorId: string) => (await new TestBrowser(ctx.app).get(`/api/doctors/${doctorId}`)).json() as { averageRating: number | null; ratingCount: number };

describe('rating the doctor who reviewed the order (issue 16)', () => {
  it('is not possible before a decision (a question does not close the review), then once after it; the bio shows the real average and count', async () => {
    // Before: the seeded doctors have no made-up ratings, and neither has this one.
    expect(await bio(drRuiz.id)).toMatchObject({ averageRating: null, ratingCount: 0 });
    const { orderId, patient } = await paidForReview(ctx, 'CA');
    expect((await patient.get(`/api/orders/${orderId}/rating`)).json()).toEqual({ doctor: null, canRate: false, rating: null });
    const early = await patient.post(`/api/orders/${orderId}/rating`, { stars: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'NOT_RATEABLE', detail: NOT_RATEABLE });

    // The doctor asks a question: still under review.
    expect((await drRuiz.post(`/api/doctor/orders/${orderId}/claim`)).statusCode).toBe(200);
    expect((await drRuiz.post(`/api/doctor/orders/${orderId}/request-info`, { question: 'How long have you taken it?' })).statusCode).toBe(200);
    expect((await patient.post(`/api/orders/${orderId}/rating`, { stars: 5 })).json().code).toBe('NOT_RATEABLE');
    // A decline closes it (written as the decision step records it): the deciding doctor is the one to rate.
    await ctx.database.db.insert(decisions).values({ orderId, doctorId: drRuiz.id, kind: 'decline', reasonCode: 'other', at: ctx.clock.now });
    const before = (await patient.get(`/api/orders/${orderId}/rating`)).json();
    expect(before).toEqual({ doctor: { id: drRuiz.id, name: 'Dr. Ana Ruiz', credentials: 'MD', photoUrl: null }, canRate: true, rating: null });

    const rated = await patient.post(`/api/orders/${orderId}/rating`, { stars: 4, comment: '  Clear and kind.  ' });
    expect(rated.statusCode).toBe(201);
    expect(rated.headers['cache-control']).toBe('no-store');
    expect(rated.json()).toEqual({ doctor: before.doctor, canRate: false, rating: { stars: 4, comment: 'Clear and kind.', at: ctx.clock.now.toISOString() } });
    expect((await patient.get(`/api/orders/${orderId}/rating`)).json()).toEqual(rated.json());
    expect(await bio(drRuiz.id)).toMatchObject({ averageRating: 4, ratingCount: 1 });

    // Once per order.
    const again = await patient.post(`/api/orders/${orderId}/rating`, { stars: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'RATING_EXISTS', detail: RATING_EXISTS });
    expect(await bio(drRuiz.id)).toMatchObject({ averageRating: 4, ratingCount: 1 });
    // Audited without the comment.
    const [event] = await ctx.database.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, orderId), eq(auditEvents.action, 'doctor.rated')));
    expect(event).toMatchObject({ actorType: 'user', actorId: patient.userId, details: { doctorId: drRuiz.id, stars: 4 } });
    expect(JSON.stringify(event!.details)).not.toContain('Clear and kind');

    // More ratings: the average to 2 decimals (4, 5, 5 → 4.67), one rating counted each; the list shows it too.
    for (const stars of [5, 5]) {
      const next = await declinedOrder();
      expect((await next.patient.post(`/api/orders/${next.orderId}/rating`, { stars })).statusCode).toBe(201);
    }
    expect(await bio(drRuiz.id)).toMatchObject({ averageRating: 4.67, ratingCount: 3 });
    const listed = (await new TestBrowser(ctx.app).get('/api/doctors?state=CA')).json() as { id: string; averageRating: number | null; ratingCount: number }[];
    expect(listed.find((d) => d.id === drRuiz.id)).toMatchObject({ averageRating: 4.67, ratingCount: 3 });
  });

  it('lets two posts racing for one order insert one rating', async () => {
    const { orderId, patient } = await declinedOrder();
    const before = await bio(drRuiz.id);
    const answers = await Promise.all([patient.post(`/api/orders/${orderId}/rating`, { stars: 1 }), patient.post(`/api/orders/${orderId}/rating`, { stars: 2 })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('RATING_EXISTS');
    expect((await bio(drRuiz.id)).ratingCount).toBe(before.ratingCount + 1);
  });

  it('checks the stars and the comment', async () => {
    const { orderId, patient } = await declinedOrder();
    for (const stars of [0, 6, 2.5, '5']) {
      const bad = await patient.post(`/api/orders/${orderId}/rating`, { stars });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ field: 'stars', message: 'Choose from 1 to 5 stars.' }]);
    }
    const long = await patient.post(`/api/orders/${orderId}/rating`, { stars: 3, comment: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([{ field: 'comment', message: 'Keep the comment under 1000 characters.' }]);
    // A blank comment is no comment.
    expect((await patient.post(`/api/orders/${orderId}/rating`, { stars: 3, comment: '   ' })).json().rating).toMatchObject({ stars: 3, comment: null });
  });

  it('is a 404 both ways for another patient, a guest, no session and an unknown order', async () => {
    const { orderId } = await declinedOrder();
    const other = await signedInPatient(ctx);
    const guest = new TestBrowser(ctx.app);
    expect((await guest.post('/api/session/guest')).statusCode).toBeLessThan(300);
    const anonymous = new TestBrowser(ctx.app);
    for (const who of [other, guest, anonymous]) {
      expect((await who.get(`/api/orders/${orderId}/rating`)).statusCode).toBe(404);
      expect((await who.post(`/api/orders/${orderId}/rating`, { stars: 5 })).statusCode).toBe(404);
    }
    expect((await other.get(`/api/orders/${randomUUID()}/rating`)).statusCode).toBe(404);
    expect((await other.post('/api/orders/not-an-id/rating', { stars: 5 })).statusCode).toBe(404);
    // The doctor is not the patient either.
    expect((await drRuiz.get(`/api/orders/${orderId}/rating`)).statusCode).toBe(404);
    expect((await drRuiz.post(`/api/orders/${orderId}/rating`, { stars: 5 })).statusCode).toBe(404);
    // Nothing was recorded.
    expect(await ctx.database.db.select().from(doctorRatings).where(eq(doctorRatings.orderId, orderId))).toEqual([]);
  });
});

describe('rating the doctor who saw the patient (issue 16)', () => {
  it('rates the completed visit’s doctor, even when another doctor decided', async () => {
    // A paid order whose (made-up) video visit with Dr. Okafor is still booked: not yet.
    const { orderId, patient } = await paidForReview(ctx, 'CA');
    const startsAt = new Date(ctx.clock.now.getTime() - 60 * 60_000);
    const [visit] = await ctx.database.db
      .insert(appointments)
      .values({
        storefrontId: EVERGREEN_ID,
        orderId,
        doctorId: DEMO_DOCTOR_IDS.okafor,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        status: 'booked',
        visitType: 1,
        inviteeName: 'Pat Lee',
        inviteeEmail: 'pat@example.com',
        inviteePhone: '(555) 201-3344',
        patientTimeZone: 'America/New_York',
        calendarUid: `${randomUUID()}@visits.store`,
      })
      .returning({ id: appointments.id });
    expect((await patient.post(`/api/orders/${orderId}/rating`, { stars: 5 })).json().code).toBe('NOT_RATEABLE');
    // The doctor ends the visit (the visits module marks it completed); another doctor decides.
    await ctx.database.db.update(appointments).set({ status: 'completed' }).where(eq(appointments.id, visit!.id));
    await ctx.database.db.insert(decisions).values({ orderId, doctorId: drRuiz.id, kind: 'approve', at: ctx.clock.now });
    const view = (await patient.get(`/api/orders/${orderId}/rating`)).json();
    expect(view).toMatchObject({ doctor: { id: DEMO_DOCTOR_IDS.okafor, name: 'Dr. Amara Okafor', credentials: 'MD' }, canRate: true, rating: null });
    expect((await patient.post(`/api/orders/${orderId}/rating`, { stars: 5 })).statusCode).toBe(201);
    expect(await bio(DEMO_DOCTOR_IDS.okafor)).toMatchObject({ averageRating: 5, ratingCount: 1 });
  });
});
