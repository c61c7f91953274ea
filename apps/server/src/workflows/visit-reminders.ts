// Reminders of booked visits by mail and text (issue 16: "24 hours and 15 minutes before, with the
// join link"). A recurring job looks every minute at the booked visits of orders waiting for them
// (`visit_scheduled`) that start within a day (or started less than the domain's quarter of an hour
// ago); for each reminder due (domain dueVisitReminders: none "the day before" for a visit booked
// less than a day ahead) it claims the reminder's `visit_reminders` row and queues the order notice
// in one transaction, so two sweeps racing remind once. A visit cancelled or moved in between is
// skipped (the moved one has its own reminders).
import { dueVisitReminders, VISIT_REMINDERS, type VisitReminderKind } from '@store/domain';
import type { Db, DbOrTx } from '../db/client.ts';
import type { DoctorService } from '../modules/doctors/doctors.service.ts';
import type { JobQueue } from '../modules/jobs/jobs.service.ts';
import type { OrdersService } from '../modules/orders/orders.service.ts';
import type { BookedVisitRow, SchedulingService } from '../modules/scheduling/scheduling.service.ts';
import type { VisitReminders } from '../modules/visits/visit-reminders.service.ts';
import type { OrderNotice, OrderNotices } from './order-notices.ts';

export const VISIT_REMINDER_SWEEP_JOB = 'visits.reminder-sweep';
/** Every minute: the 15-minute reminder goes close to its time. */
export const VISIT_REMINDER_SWEEP_EVERY_MS = 60_000;

const NOTICE_OF: Record<VisitReminderKind, OrderNotice> = { '24h': 'visit_reminder_24h', '15m': 'visit_reminder_15m' };

export function createVisitReminderJob(deps: {
  db: Db;
  now: () => Date;
  jobs: Pick<JobQueue, 'every'>;
  scheduling: Pick<SchedulingService, 'bookedStartingBetween' | 'isBookedIn'>;
  orders: Pick<OrdersService, 'state'>;
  doctors: Pick<DoctorService, 'byIds'>;
  reminders: Pick<VisitReminders, 'claimIn' | 'sentFor'>;
  notices: Pick<OrderNotices, 'enqueue'>;
}) {
  const { db, now, scheduling, orders, doctors, reminders, notices } = deps;

  /** One reminder in one transaction: the visit still booked, its order still waiting, claimed once. */
  async function remind(visit: BookedVisitRow, kind: VisitReminderKind, doctorName: string | undefined, at: Date): Promise<boolean> {
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as DbOrTx;
      const state = await orders.state(tx, { orderId: visit.orderId }, { forUpdate: true });
      if (state?.order.status !== 'visit_scheduled') return false;
      if (!(await scheduling.isBookedIn(tx, visit.appointmentId))) return false;
      if (!(await reminders.claimIn(tx, visit.appointmentId, kind, at))) return false;
      await notices.enqueue(tx, {
        orderId: visit.orderId,
        notice: NOTICE_OF[kind],
        // One reminder of a kind per visit: a visit booked again for the order has its own.
        key: visit.appointmentId,
        data: {
          startsAt: visit.startsAt.toISOString(),
          endsAt: visit.endsAt.toISOString(),
          timeZone: visit.patientTimeZone,
          visitType: visit.visitType,
          phone: visit.phone,
          ...(doctorName ? { doctorName } : {}),
        },
      });
      return true;
    });
  }

  /** One pass: every reminder due now and not sent yet is sent. Answers how many were queued. */
  async function sweep(): Promise<number> {
    const at = now();
    // The 24-hour reminder is due from a day before the start; the 15-minute one until a quarter of an hour after it.
    const from = new Date(at.getTime() + VISIT_REMINDERS['15m'].skipAfter);
    const to = new Date(at.getTime() + VISIT_REMINDERS['24h'].sendFrom + 1);
    const upcoming = await scheduling.bookedStartingBetween(from, to);
    if (upcoming.length === 0) return 0;
    const sent = await reminders.sentFor(upcoming.map((v) => v.appointmentId));
    const due = upcoming.flatMap((visit) =>
      dueVisitReminders(at, visit.startsAt, visit.bookedAt)
        .filter((kind) => !sent.get(visit.appointmentId)?.has(kind))
        .map((kind) => ({ visit, kind })),
    );
    if (due.length === 0) return 0;
    const names = await doctors.byIds([...new Set(due.map((d) => d.visit.doctorId))]);
    let queued = 0;
    for (const { visit, kind } of due) {
      const doctor = names.get(visit.doctorId);
      const doctorName = doctor ? (doctor.credentials ? `${doctor.name}, ${doctor.credentials}` : doctor.name) : undefined;
      if (await remind(visit, kind, doctorName, at)) queued++;
    }
    return queued;
  }

  deps.jobs.every(VISIT_REMINDER_SWEEP_JOB, VISIT_REMINDER_SWEEP_EVERY_MS, async () => {
    await sweep();
  });
  return { sweep };
}
export type VisitReminderJob = ReturnType<typeof createVisitReminderJob>;
