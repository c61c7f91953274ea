// Appointments. Private to the scheduling module.
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { appointments, LIVE_APPOINTMENT_STATUSES } from '../../db/schema/scheduling.ts';

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointment = typeof appointments.$inferInsert;

/** A booked visit of an order waiting for it, as the visit jobs read it (issue 16). */
export interface BookedVisitRow {
  appointmentId: string;
  orderId: string;
  storefrontId: string;
  doctorId: string;
  /** The order's account (null: a guest order, nobody to tell). */
  patientUserId: string | null;
  startsAt: Date;
  endsAt: Date;
  /** When this booking was made (a moved visit: when it was moved). */
  bookedAt: Date;
  visitType: AppointmentRow['visitType'];
  patientTimeZone: string;
  /** The number the patient gave (a phone visit's doctor calls it). */
  phone: string;
}

export function createSchedulingRepo(db: DbOrTx) {
  return {
    /** Live bookings of doctors overlapping [from, to), optionally leaving one out. */
    async liveBookings(doctorIds: string[], from: Date, to: Date, exceptId?: string) {
      if (doctorIds.length === 0) return [];
      const conditions = [
        inArray(appointments.doctorId, doctorIds),
        inArray(appointments.status, [...LIVE_APPOINTMENT_STATUSES]),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
      ];
      if (exceptId) conditions.push(ne(appointments.id, exceptId));
      return db
        .select({ id: appointments.id, doctorId: appointments.doctorId, startsAt: appointments.startsAt, endsAt: appointments.endsAt })
        .from(appointments)
        .where(and(...conditions))
        .orderBy(asc(appointments.startsAt));
    },

    /** A doctor's appointments starting in [from, to) that were not moved elsewhere, by start. */
    async doctorBetween(doctorId: string, from: Date, to: Date): Promise<AppointmentRow[]> {
      return db
        .select()
        .from(appointments)
        .where(and(eq(appointments.doctorId, doctorId), gte(appointments.startsAt, from), lt(appointments.startsAt, to), ne(appointments.status, 'rescheduled')))
        .orderBy(asc(appointments.startsAt));
    },

    /** How many upcoming live visits each doctor has (to spread "first available" bookings). */
    async upcomingCounts(doctorIds: string[], from: Date): Promise<Map<string, number>> {
      if (doctorIds.length === 0) return new Map();
      const rows = await db
        .select({ doctorId: appointments.doctorId, count: sql<number>`count(*)::int` })
        .from(appointments)
        .where(
          and(
            inArray(appointments.doctorId, doctorIds),
            eq(appointments.status, 'booked'),
            gt(appointments.startsAt, from),
          ),
        )
        .groupBy(appointments.doctorId);
      return new Map(rows.map((r) => [r.doctorId, r.count]));
    },

    async insert(values: NewAppointment): Promise<AppointmentRow> {
      const [row] = await db.insert(appointments).values(values).returning();
      return row!;
    },

    async update(id: string, values: Partial<NewAppointment>): Promise<AppointmentRow | undefined> {
      const [row] = await db.update(appointments).set(values).where(eq(appointments.id, id)).returning();
      return row;
    },

    async byTokenHash(storefrontId: string, tokenHash: string, forUpdate = false): Promise<AppointmentRow | undefined> {
      const query = db
        .select()
        .from(appointments)
        .where(and(eq(appointments.storefrontId, storefrontId), eq(appointments.rescheduleTokenHash, tokenHash)))
        .limit(1);
      const rows = forUpdate ? await query.for('update') : await query;
      return rows[0];
    },

    async byId(id: string, forUpdate = false): Promise<AppointmentRow | undefined> {
      const query = db.select().from(appointments).where(eq(appointments.id, id)).limit(1);
      const rows = forUpdate ? await query.for('update') : await query;
      return rows[0];
    },

    /** issue 16: the order's visit as its patient sees it: the booked one, else the newest completed or missed. */
    async currentForOrder(storefrontId: string, orderId: string): Promise<AppointmentRow | undefined> {
      const rows = await db
        .select()
        .from(appointments)
        .where(and(eq(appointments.storefrontId, storefrontId), eq(appointments.orderId, orderId), inArray(appointments.status, [...LIVE_APPOINTMENT_STATUSES])))
        .orderBy(sql`case when ${appointments.status} = 'booked' then 0 else 1 end`, desc(appointments.createdAt))
        .limit(1);
      return rows[0];
    },

    /** The caller's upcoming booked visit made without an order (one at a time per caller). */
    async upcomingUnbound(storefrontId: string, owner: { userId: string } | { guestSessionId: string }, from: Date): Promise<AppointmentRow | undefined> {
      const rows = await db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.storefrontId, storefrontId),
            isNull(appointments.orderId),
            eq(appointments.status, 'booked'),
            gt(appointments.endsAt, from),
            'userId' in owner ? eq(appointments.createdByUserId, owner.userId) : eq(appointments.guestSessionId, owner.guestSessionId),
          ),
        )
        .limit(1);
      return rows[0];
    },

    /**
     * A guest's visits become the patient's at sign-in; a visit whose order was merged away (its
     * order_id set null) is re-pointed at the order the cart went to.
     */
    async adoptGuest(guestSessionId: string, userId: string, orderId: string | null): Promise<number> {
      const adopted = await db
        .update(appointments)
        .set({ createdByUserId: userId, guestSessionId: null })
        .where(eq(appointments.guestSessionId, guestSessionId))
        .returning({ id: appointments.id, orderId: appointments.orderId, status: appointments.status, createdAt: appointments.createdAt });
      if (orderId) {
        // One booked visit per order (unique index): the newest orphan, and only if the order has none.
        const [orphan] = adopted.filter((a) => a.orderId === null && a.status === 'booked').sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
        const [taken] = await db
          .select({ id: appointments.id })
          .from(appointments)
          .where(and(eq(appointments.orderId, orderId), eq(appointments.status, 'booked')))
          .limit(1);
        if (orphan && !taken) await db.update(appointments).set({ orderId }).where(eq(appointments.id, orphan.id));
      }
      return adopted.length;
    },

    /** A patient's next booked visit that belongs to an order (the account's recent order). */
    async nextForUser(storefrontId: string, userId: string, from: Date): Promise<AppointmentRow | undefined> {
      const rows = await db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.storefrontId, storefrontId),
            eq(appointments.createdByUserId, userId),
            eq(appointments.status, 'booked'),
            isNotNull(appointments.orderId),
            gt(appointments.endsAt, from),
          ),
        )
        .orderBy(asc(appointments.startsAt))
        .limit(1);
      return rows[0];
    },

    /**
     * Whether the caller (their account, or their guest session) owns the order on this storefront:
     * an order id inside a booking's body is checked like any other id (issue 13 #1).
     */
    async orderOwnedBy(storefrontId: string, orderId: string, owner: { userId: string } | { guestSessionId: string }): Promise<boolean> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.id, orderId),
            eq(orders.storefrontId, storefrontId),
            'userId' in owner ? eq(orders.userId, owner.userId) : and(eq(orders.guestSessionId, owner.guestSessionId), isNull(orders.userId)),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /**
     * A patient's newest cancelled visit of a paid order that has no booked visit now: the order waits
     * for a new time or its cancellation (issue 13 #12).
     */
    async awaitingRebookForUser(storefrontId: string, userId: string): Promise<AppointmentRow | undefined> {
      const rows = await db
        .select({ appointment: appointments })
        .from(appointments)
        .innerJoin(orders, eq(orders.id, appointments.orderId))
        .where(
          and(
            eq(appointments.storefrontId, storefrontId),
            eq(appointments.createdByUserId, userId),
            // A visit cancelled, or marked missed by the doctor (issue 15), of a paid order.
            inArray(appointments.status, ['cancelled', 'missed']),
            eq(orders.userId, userId),
            inArray(orders.status, ['visit_scheduled', 'visit_missed']),
            sql`(${appointments.status} = 'cancelled' or ${orders.status} = 'visit_missed')`,
            sql`not exists (select 1 from ${appointments} as booked where booked.order_id = ${orders.id} and booked.status = 'booked')`,
          ),
        )
        .orderBy(desc(sql`coalesce(${appointments.cancelledAt}, ${appointments.updatedAt})`))
        .limit(1);
      return rows[0]?.appointment;
    },

    /**
     * Visits marked missed before `before` whose order still waits for a new time (visit_missed,
     * nothing booked since): the missed-visit job cancels those orders (issue 15).
     */
    async missedNotRebookedBefore(before: Date, limit: number): Promise<{ appointmentId: string; orderId: string; storefrontId: string }[]> {
      const rows = await db
        .select({ appointmentId: appointments.id, orderId: orders.id, storefrontId: appointments.storefrontId })
        .from(appointments)
        .innerJoin(orders, eq(orders.id, appointments.orderId))
        .where(
          and(
            eq(appointments.status, 'missed'),
            lt(appointments.updatedAt, before),
            eq(orders.status, 'visit_missed'),
            sql`not exists (select 1 from ${appointments} as booked where booked.order_id = ${orders.id} and booked.status = 'booked')`,
          ),
        )
        .orderBy(asc(appointments.updatedAt))
        .limit(limit);
      return rows;
    },

    /** issue 15: when the order's newest missed visit was marked missed, and whether a visit is booked for the order. */
    async missedState(orderId: string): Promise<{ missedAt: Date; bookedSince: boolean } | null> {
      const [missed] = await db
        .select({ missedAt: appointments.updatedAt })
        .from(appointments)
        .where(and(eq(appointments.orderId, orderId), eq(appointments.status, 'missed')))
        .orderBy(desc(appointments.updatedAt))
        .limit(1);
      if (!missed) return null;
      const [booked] = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.orderId, orderId), eq(appointments.status, 'booked')))
        .limit(1);
      return { missedAt: missed.missedAt, bookedSince: booked !== undefined };
    },

    /**
     * issue 16: booked visits of orders waiting for them (`visit_scheduled`), starting in [from, to)
     * (the reminder job) or, with `endedBefore`, whose booked end is before it (the missed-visit
     * job: the window closed). Oldest first.
     */
    async bookedOfScheduledOrders(where: { from: Date; to: Date } | { endedBefore: Date }, limit: number): Promise<BookedVisitRow[]> {
      return db
        .select({
          appointmentId: appointments.id,
          orderId: orders.id,
          storefrontId: appointments.storefrontId,
          doctorId: appointments.doctorId,
          patientUserId: orders.userId,
          startsAt: appointments.startsAt,
          endsAt: appointments.endsAt,
          bookedAt: appointments.createdAt,
          visitType: appointments.visitType,
          patientTimeZone: appointments.patientTimeZone,
          phone: appointments.inviteePhone,
        })
        .from(appointments)
        .innerJoin(orders, eq(orders.id, appointments.orderId))
        .where(
          and(
            eq(appointments.status, 'booked'),
            eq(orders.status, 'visit_scheduled'),
            ...('endedBefore' in where ? [lte(appointments.endsAt, where.endedBefore)] : [gte(appointments.startsAt, where.from), lt(appointments.startsAt, where.to)]),
          ),
        )
        .orderBy(asc(appointments.startsAt))
        .limit(limit);
    },

    /** issue 16: the order's newest completed visit, or undefined. */
    async completedForOrder(orderId: string): Promise<{ appointmentId: string; doctorId: string } | undefined> {
      const [row] = await db
        .select({ appointmentId: appointments.id, doctorId: appointments.doctorId })
        .from(appointments)
        .where(and(eq(appointments.orderId, orderId), eq(appointments.status, 'completed')))
        .orderBy(desc(appointments.updatedAt))
        .limit(1);
      return row;
    },

    /** The order's current visit: its newest live one. */
    async liveForOrder(storefrontId: string, orderId: string): Promise<AppointmentRow | undefined> {
      const rows = await db
        .select()
        .from(appointments)
        .where(
          and(
            eq(appointments.storefrontId, storefrontId),
            eq(appointments.orderId, orderId),
            inArray(appointments.status, [...LIVE_APPOINTMENT_STATUSES]),
          ),
        )
        .orderBy(desc(appointments.createdAt))
        .limit(1);
      return rows[0];
    },
  };
}
