// Scheduling visits (issue 6): bookable slots per doctor and "first available", booking with an
// atomic hold on the slot, moving and cancelling by the reschedule link's token, and the order-side
// functions the checkout engine calls (book, getForOrder, rescheduleForRecentOrder).
//
// A slot is held atomically twice over: each booking runs in a transaction that first locks the
// doctor's row (so bookings for one doctor are checked one at a time against the live ones, buffer
// included), and the partial unique index on (doctor, start) among live bookings refuses any second
// insert that gets past that. Either way the loser gets 409 SLOT_TAKEN.
import { createHash, randomBytes } from 'node:crypto';
import { FIRST_AVAILABLE, MESSAGES, reschedulingPath, VISIT_CLOSES_AFTER_END_MS, VISIT_TYPE_LABELS, visitWindow, type ScheduleInvitee, type StorefrontConfig, type ScheduledVisitType } from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AppointmentStatus } from '../../db/schema/scheduling.ts';
import { AppError, fieldError, notFound, problem } from '../../lib/problem.ts';
import { actorOf, type AuditActor, type AuditContext, type AuditService } from '../audit/audit.service.ts';
import type { Identity } from '../auth/sessions.service.ts';
import type { DoctorScope, DoctorService, DoctorSummary, SchedulingProfile } from '../doctors/doctors.service.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { buildInvite } from './ics.ts';
import { createSchedulingRepo, type AppointmentRow, type BookedVisitRow } from './scheduling.repo.ts';
export type { AppointmentRow };
export type { BookedVisitRow } from './scheduling.repo.ts';
import { addLocalDays, findSlot, formatLocalDate, generateSlots, groupSlotsByDay, localDateOf, localDateString, startOfLocalDate, type Slot } from './slots.ts';

const DAY_MS = 86_400_000;
/** The widest range one slots request may cover. */
export const MAX_SLOT_RANGE_DAYS = 62;

export type DoctorChoice = string; // a doctor's id, or FIRST_AVAILABLE

export interface AppointmentView {
  id: string;
  orderId: string | null;
  status: AppointmentStatus;
  visitType: ScheduledVisitType | null;
  startsAt: string;
  endsAt: string;
  doctor: DoctorSummary;
  invitee: ScheduleInvitee;
  patientTimeZone: string;
}

export interface Booked {
  appointment: AppointmentView;
  /** The reschedule link's token: shown once, only its hash is kept. */
  rescheduleToken: string;
  /** `/reschedulings/{token}?hide_gdpr_banner=1` (SPEC §2). */
  reschedulePath: string;
}

export interface SlotDay {
  /** `YYYY-MM-DD` in the patient's zone. */
  date: string;
  slots: { startsAt: string; endsAt: string }[];
}

/**
 * What a cancellation meant for the visit's order (issue 13 #12), so the mail says which happened:
 * before payment the Scheduling stage reopened; after payment the order waits for a new time (or its
 * cancellation); or the order itself was cancelled and its card hold released.
 */
export type CancelOutcome = 'stage_reopened' | 'rebook' | 'order_cancelled';

/** What the mail hook receives after a booking changes. */
export interface AppointmentNotice {
  kind: 'booked' | 'rescheduled' | 'cancelled';
  /** For 'cancelled' of a visit bound to an order: what became of the order. */
  outcome?: CancelOutcome | undefined;
  storefront: StorefrontConfig;
  appointment: AppointmentView;
  /** Absolute reschedule link (null after a cancellation). */
  rescheduleUrl: string | null;
  /** Absolute link to download the invite (null after a cancellation). */
  inviteUrl: string | null;
  /** The .ics text: METHOD:REQUEST (same UID, higher SEQUENCE on reschedule) or METHOD:CANCEL. */
  ics: string;
}
export type AppointmentNotifier = (notice: AppointmentNotice) => Promise<void>;

export interface BookInput {
  storefront: StorefrontConfig;
  identity: Identity;
  /** The order the visit is for; optional until the checkout engine books from orders. */
  orderId?: string | null | undefined;
  doctorId: DoctorChoice;
  /** The patient's (shipping) state: needed for "first available"; a named doctor must be licensed there. */
  state?: string | undefined;
  startsAt: Date;
  invitee: ScheduleInvitee;
  patientTimeZone: string;
  visitType?: ScheduledVisitType | null | undefined;
  /** Absolute origin for the links in mail (e.g. https://store.example). */
  origin: string;
  /** For the audit log. */
  meta?: RequestMeta | undefined;
  /**
   * False for a visit of an order not paid yet: its "visit scheduled" mail goes out after payment
   * (the visit-scheduled mail job), not when the slot is picked (issue 13 #12).
   */
  mail?: boolean | undefined;
  /**
   * Runs in the booking's transaction after the new visit is written (the order-side caller moves
   * the order in the same step, e.g. visit_missed → visit_scheduled); a throw undoes the booking.
   */
  inTx?: ((tx: DbOrTx, row: AppointmentRow) => Promise<void>) | undefined;
}

/** The job that mails "your visit is scheduled" once the visit's order is paid (issue 13 #12). */
export const VISIT_SCHEDULED_MAIL_JOB = 'visit-scheduled-mail';
export interface VisitScheduledMailJob {
  orderId: string;
  storefrontId: string;
  /** The pay request's link origin (the storefront's own host, checked when it was taken). */
  baseUrl: string;
}

/** Where a change came from, for the audit log (the request's audit context). */
export type RequestMeta = Pick<AuditContext, 'ip' | 'requestId'>;

export const hashRescheduleToken = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');

const scopeOf = (storefront: StorefrontConfig): DoctorScope => ({
  storefrontId: storefront.id,
  companyId: storefront.companyId,
});

/** The unique index a write ran into (`''` when the driver does not name it), or null. */
function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') {
      const name = (e as { constraint?: unknown }).constraint;
      return typeof name === 'string' ? name : '';
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** The partial unique index that keeps one booked visit per order (db/schema/scheduling.ts). */
const ONE_BOOKED_PER_ORDER = 'appointments_order_booked';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

export function createSchedulingService(deps: {
  db: Db;
  doctors: DoctorService;
  now: () => Date;
  notify?: AppointmentNotifier | undefined;
  audit?: Pick<AuditService, 'record'> | undefined;
  log?: { warn(obj: object, msg: string): void } | undefined;
  /** For the visit-scheduled mail job (queued by the pay step). */
  jobs?: Pick<JobQueue, 'register'> | undefined;
  storefronts?: { getById(id: string): Promise<StorefrontConfig> } | undefined;
}) {
  const { db, doctors, now } = deps;
  const repo = (tx?: DbOrTx) => createSchedulingRepo(tx ?? db);

  /** An audit event in the same transaction as the change (no PHI: ids and times only). */
  async function record(tx: DbOrTx, action: string, row: AppointmentRow, actor: AuditActor, meta: RequestMeta | undefined, details: Record<string, string | null> = {}) {
    await deps.audit?.record(
      {
        action,
        actor,
        subject: { type: 'appointment', id: row.id },
        storefrontId: row.storefrontId,
        ip: meta?.ip ?? null,
        requestId: meta?.requestId ?? null,
        details: { doctorId: row.doctorId, orderId: row.orderId, startsAt: row.startsAt.toISOString(), ...details },
      },
      tx,
    );
  }

  function view(row: AppointmentRow, doctor: DoctorSummary): AppointmentView {
    return {
      id: row.id,
      orderId: row.orderId,
      status: row.status,
      visitType: row.visitType ?? null,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      doctor,
      invitee: { name: row.inviteeName, email: row.inviteeEmail, number: row.inviteePhone },
      patientTimeZone: row.patientTimeZone,
    };
  }

  async function viewOf(row: AppointmentRow): Promise<AppointmentView> {
    const doctor = (await doctors.byIds([row.doctorId])).get(row.doctorId);
    if (!doctor) throw notFound();
    return view(row, doctor);
  }

  /** Profiles (with live bookings) of the doctors a request may choose from. */
  async function profilesFor(
    storefront: StorefrontConfig,
    choice: { doctorIds?: string[]; state?: string | undefined },
    from: Date,
    to: Date,
    exceptId?: string,
    tx?: DbOrTx,
  ): Promise<(SchedulingProfile & { bookings: Slot[] })[]> {
    const fromDate = localDateString(new Date(from.getTime() - 2 * DAY_MS), 'UTC');
    const profiles = await doctors.schedulingProfiles(scopeOf(storefront), { ...choice, fromDate }, tx);
    const bookings = await repo(tx).liveBookings(
      profiles.map((p) => p.doctor.id),
      new Date(from.getTime() - DAY_MS),
      new Date(to.getTime() + DAY_MS),
      exceptId,
    );
    return profiles.map((p) => ({ ...p, bookings: bookings.filter((b) => b.doctorId === p.doctor.id) }));
  }

  function slotsOf(profile: SchedulingProfile & { bookings: Slot[] }, from: Date, to: Date): Slot[] {
    return generateSlots({ ...profile, from, to, now: now() });
  }

  function toDays(slots: Slot[], timeZone: string): SlotDay[] {
    return groupSlotsByDay(slots, timeZone).map((day) => ({
      date: day.date,
      slots: day.slots.map((s) => ({ startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString() })),
    }));
  }

  function clampRange(from: Date, to: Date): { from: Date; to: Date } {
    const start = new Date(Math.max(from.getTime(), now().getTime()));
    const end = new Date(Math.min(to.getTime(), from.getTime() + MAX_SLOT_RANGE_DAYS * DAY_MS));
    return { from: start, to: end };
  }

  function newToken() {
    const token = randomBytes(32).toString('base64url'); // 256 bits
    return { token, hash: hashRescheduleToken(token) };
  }

  function links(origin: string, token: string) {
    return {
      rescheduleUrl: `${origin}${reschedulingPath(token)}`,
      inviteUrl: `${origin}/api/reschedulings/${encodeURIComponent(token)}/invite.ics`,
    };
  }

  function invite(storefront: StorefrontConfig, row: AppointmentRow, doctor: DoctorSummary, method: 'REQUEST' | 'CANCEL', url?: string) {
    const kind = row.visitType ? VISIT_TYPE_LABELS[row.visitType] : 'Visit';
    const title = `${kind} with ${doctor.name} (${storefront.name})`;
    return buildInvite({
      uid: row.calendarUid,
      sequence: row.sequence,
      method,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      title,
      description:
        method === 'CANCEL'
          ? `Your ${storefront.name} visit with ${doctor.name} was cancelled.`
          : `Your ${storefront.name} visit with ${doctor.name}.${url ? ` To reschedule or cancel: ${url}` : ''}`,
      url,
      organizer: { name: storefront.name, email: storefront.settings.supportEmail || 'no-reply@store.example' },
      attendee: { name: row.inviteeName, email: row.inviteeEmail },
    });
  }

  async function notify(kind: AppointmentNotice['kind'], storefront: StorefrontConfig, row: AppointmentRow, doctor: DoctorSummary, origin: string | null, token: string | null, outcome?: CancelOutcome) {
    if (!deps.notify) return;
    const link = origin && token ? links(origin, token) : null;
    try {
      await deps.notify({
        kind,
        outcome,
        storefront,
        appointment: view(row, doctor),
        rescheduleUrl: link?.rescheduleUrl ?? null,
        inviteUrl: link?.inviteUrl ?? null,
        ics: invite(storefront, row, doctor, kind === 'cancelled' ? 'CANCEL' : 'REQUEST', link?.rescheduleUrl),
      });
    } catch (err) {
      // The booking stands; the patient still has the page and the link in the response.
      deps.log?.warn({ err, appointmentId: row.id }, 'appointment mail failed');
    }
  }

  /**
   * Hold `startsAt` with one doctor in one transaction: lock the doctor, check the slot against the
   * live bookings (leaving `replacing` out), then write. Throws SLOT_TAKEN / SLOT_UNAVAILABLE.
   */
  async function holdSlot(args: {
    storefront: StorefrontConfig;
    doctorId: string;
    startsAt: Date;
    replacing?: AppointmentRow;
    /** Runs under the lock before the slot is checked (e.g. the order has no booked visit yet). */
    check?: (tx: DbOrTx) => Promise<void>;
    write: (tx: DbOrTx, slot: Slot) => Promise<AppointmentRow>;
  }): Promise<{ row: AppointmentRow; doctor: DoctorSummary }> {
    try {
      return await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as DbOrTx;
        await doctors.lockForBooking(tx, args.doctorId);
        await args.check?.(tx);
        const [profile] = await profilesFor(
          args.storefront,
          { doctorIds: [args.doctorId] },
          args.startsAt,
          new Date(args.startsAt.getTime() + DAY_MS),
          args.replacing?.id,
          tx,
        );
        if (!profile) throw problem(409, 'SLOT_UNAVAILABLE');
        const query = { ...profile, now: now() };
        const slot = findSlot(query, args.startsAt);
        if (!slot) {
          // On the doctor's grid but overlapping a booking: someone was faster.
          throw findSlot({ ...query, bookings: [] }, args.startsAt) ? problem(409, 'SLOT_TAKEN') : problem(409, 'SLOT_UNAVAILABLE');
        }
        const row = await args.write(tx, slot);
        return { row, doctor: profile.doctor };
      });
    } catch (error) {
      const index = uniqueViolation(error);
      // The order already has a booked visit (a second booking raced this one): not a slot matter.
      if (index === ONE_BOOKED_PER_ORDER) throw problem(409, 'APPOINTMENT_EXISTS');
      if (index !== null) throw problem(409, 'SLOT_TAKEN');
      throw error;
    }
  }

  /** Candidate doctors for a booking, the least busy first for "first available". */
  async function candidates(input: { storefront: StorefrontConfig; doctorId: DoctorChoice; state?: string | undefined; startsAt: Date }) {
    const scope = scopeOf(input.storefront);
    if (input.doctorId !== FIRST_AVAILABLE) {
      const doctor = await doctors.get(scope, input.doctorId);
      if (!doctor) throw notFound();
      if (input.state && !doctor.states.includes(input.state)) {
        throw fieldError('doctorId', 'DOCTOR_NOT_LICENSED', 409);
      }
      return [doctor.id];
    }
    if (!input.state) {
      throw new AppError(400, 'VALIDATION_FAILED', MESSAGES.VALIDATION_FAILED, {
        errors: [{ field: 'state', message: MESSAGES.STATE_INVALID }],
      });
    }
    const profiles = await profilesFor(input.storefront, { state: input.state }, input.startsAt, new Date(input.startsAt.getTime() + 1));
    const free = profiles.filter((p) => findSlot({ ...p, now: now() }, input.startsAt));
    const ids = (free.length > 0 ? free : profiles).map((p) => p.doctor.id);
    const counts = await repo().upcomingCounts(ids, now());
    return ids.sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0));
  }

  function insertValues(input: BookInput, slot: Slot, doctorId: string, tokenHash: string, extra: Partial<AppointmentRow> = {}) {
    return {
      storefrontId: input.storefront.id,
      orderId: input.orderId ?? null,
      doctorId,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      status: 'booked' as const,
      visitType: input.visitType ?? null,
      inviteeName: input.invitee.name,
      inviteeEmail: input.invitee.email,
      inviteePhone: input.invitee.number,
      patientTimeZone: input.patientTimeZone,
      rescheduleTokenHash: tokenHash,
      tokenExpiresAt: slot.endsAt,
      calendarUid: `${randomBytes(16).toString('hex')}@visits.store`,
      sequence: 0,
      createdByUserId: input.identity.kind === 'user' ? input.identity.userId : null,
      guestSessionId: input.identity.kind === 'guest' ? input.identity.sessionId : null,
      createdAt: now(),
      updatedAt: now(),
      ...extra,
    };
  }

  /** Whether the caller made this booking (their account, or their guest session). */
  function ownedBy(row: AppointmentRow, identity: Identity): boolean {
    return identity.kind === 'user' ? row.createdByUserId === identity.userId : row.guestSessionId === identity.sessionId;
  }

  /**
   * Move a booked visit to `startsAt` (with `doctorId`, by default the same doctor): the old row
   * becomes `rescheduled`, the new one keeps the calendar UID with SEQUENCE + 1 and takes over
   * the reschedule link (same token), which now expires after the new visit.
   */
  async function move(args: {
    storefront: StorefrontConfig;
    current: AppointmentRow;
    doctorId?: string;
    startsAt: Date;
    patientTimeZone?: string | undefined;
    token: string | null;
    origin: string | null;
    actor: AuditActor;
    meta?: RequestMeta | undefined;
    mail?: boolean | undefined;
  }): Promise<{ row: AppointmentRow; doctor: DoctorSummary; token: string }> {
    const { current } = args;
    const fresh = args.token ? { token: args.token, hash: hashRescheduleToken(args.token) } : newToken();
    const { row, doctor } = await holdSlot({
      storefront: args.storefront,
      doctorId: args.doctorId ?? current.doctorId,
      startsAt: args.startsAt,
      replacing: current,
      write: async (tx, slot) => {
        const locked = await repo(tx).byId(current.id, true);
        if (!locked || locked.status !== 'booked') throw notFound();
        await repo(tx).update(current.id, { status: 'rescheduled', rescheduleTokenHash: null, updatedAt: now() });
        const moved = await repo(tx).insert({
          storefrontId: locked.storefrontId,
          orderId: locked.orderId,
          doctorId: args.doctorId ?? locked.doctorId,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          status: 'booked',
          visitType: locked.visitType,
          inviteeName: locked.inviteeName,
          inviteeEmail: locked.inviteeEmail,
          inviteePhone: locked.inviteePhone,
          patientTimeZone: args.patientTimeZone ?? locked.patientTimeZone,
          rescheduleTokenHash: fresh.hash,
          tokenExpiresAt: slot.endsAt,
          calendarUid: locked.calendarUid,
          sequence: locked.sequence + 1,
          rescheduledFromId: locked.id,
          createdByUserId: locked.createdByUserId,
          guestSessionId: locked.guestSessionId,
          createdAt: now(),
          updatedAt: now(),
        });
        await record(tx, 'appointment.rescheduled', moved, args.actor, args.meta, { rescheduledFromId: locked.id });
        return moved;
      },
    });
    if (args.mail !== false) await notify('rescheduled', args.storefront, row, doctor, args.origin, fresh.token);
    return { row, doctor, token: fresh.token };
  }

  /** The booked (or cancelled) visit a live token stands for, on this storefront; else null. */
  async function byToken(storefront: StorefrontConfig, token: string, tx?: DbOrTx, forUpdate = false) {
    if (!TOKEN_SHAPE.test(token)) return null;
    const row = await repo(tx).byTokenHash(storefront.id, hashRescheduleToken(token), forUpdate);
    if (!row || !row.tokenExpiresAt || row.tokenExpiresAt.getTime() <= now().getTime()) return null;
    if (row.status !== 'booked' && row.status !== 'cancelled') return null;
    return row;
  }

  /** A doctor's bookable slots in [from, to), grouped by day in the patient's zone. */
  async function doctorSlots(input: {
    storefront: StorefrontConfig;
    doctorId: string;
    from: Date;
    to: Date;
    timeZone: string;
    exceptAppointmentId?: string;
  }): Promise<{ doctor: DoctorSummary; timeZone: string; days: SlotDay[] } | null> {
    const { from, to } = clampRange(input.from, input.to);
    const [profile] = await profilesFor(input.storefront, { doctorIds: [input.doctorId] }, from, to, input.exceptAppointmentId);
    if (!profile) return null;
    return { doctor: profile.doctor, timeZone: input.timeZone, days: toDays(slotsOf(profile, from, to), input.timeZone) };
  }

  const service = {
    doctorSlots,

    /** "First available": every start at which some doctor licensed in `state` is free. */
    async firstAvailableSlots(input: { storefront: StorefrontConfig; state: string; from: Date; to: Date; timeZone: string }): Promise<{ timeZone: string; doctorCount: number; days: SlotDay[] }> {
      const { from, to } = clampRange(input.from, input.to);
      const profiles = await profilesFor(input.storefront, { state: input.state }, from, to);
      const byStart = new Map<number, Slot>();
      for (const profile of profiles) {
        for (const slot of slotsOf(profile, from, to)) {
          const existing = byStart.get(slot.startsAt.getTime());
          // Visits of different lengths may start together: offer the shorter end.
          if (!existing || existing.endsAt > slot.endsAt) byStart.set(slot.startsAt.getTime(), slot);
        }
      }
      const slots = [...byStart.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
      return { timeZone: input.timeZone, doctorCount: profiles.length, days: toDays(slots, input.timeZone) };
    },

    /**
     * Book a visit. With an `orderId` whose visit this caller already booked, the visit is moved
     * instead (one live visit per order). For the checkout engine: call with the order's id, its
     * shipping state and visit type, after checking the order belongs to `identity`.
     */
    async book(input: BookInput): Promise<Booked> {
      if (input.orderId) {
        // Another's order, or none, is a 404 exactly like a random id (issue 13 #1): never a
        // foreign-key error, never a visit bound to someone else's order.
        const owner = input.identity.kind === 'user' ? { userId: input.identity.userId } : { guestSessionId: input.identity.sessionId };
        if (!(await repo().orderOwnedBy(input.storefront.id, input.orderId, owner))) throw notFound();
        const existing = await repo().liveForOrder(input.storefront.id, input.orderId);
        if (existing && existing.status === 'booked' && ownedBy(existing, input.identity)) {
          const ids = await candidates(input);
          let lastError: unknown = problem(409, 'SLOT_UNAVAILABLE');
          for (const doctorId of ids) {
            try {
              const moved = await move({ storefront: input.storefront, current: existing, doctorId, startsAt: input.startsAt, patientTimeZone: input.patientTimeZone, token: null, origin: input.origin, actor: actorOf(input.identity), meta: input.meta, mail: input.mail });
              return { appointment: view(moved.row, moved.doctor), rescheduleToken: moved.token, reschedulePath: reschedulingPath(moved.token) };
            } catch (error) {
              lastError = error;
              if (!(error instanceof AppError) || (error.code !== 'SLOT_TAKEN' && error.code !== 'SLOT_UNAVAILABLE')) throw error;
            }
          }
          throw lastError;
        }
      }
      if (!input.orderId) {
        // Without an order (API use), one caller holds one upcoming visit at a time.
        const owner = input.identity.kind === 'user' ? { userId: input.identity.userId } : { guestSessionId: input.identity.sessionId };
        if (await repo().upcomingUnbound(input.storefront.id, owner, now())) throw problem(409, 'APPOINTMENT_EXISTS');
      }
      const ids = await candidates(input);
      if (ids.length === 0) throw problem(409, 'SLOT_UNAVAILABLE');
      let lastError: unknown = problem(409, 'SLOT_UNAVAILABLE');
      for (const doctorId of ids) {
        const { token, hash } = newToken();
        try {
          const { row, doctor } = await holdSlot({
            storefront: input.storefront,
            doctorId,
            startsAt: input.startsAt,
            write: async (tx, slot) => {
              const row = await repo(tx).insert(insertValues(input, slot, doctorId, hash));
              await record(tx, 'appointment.booked', row, actorOf(input.identity), input.meta);
              await input.inTx?.(tx, row);
              return row;
            },
          });
          if (input.mail !== false) await notify('booked', input.storefront, row, doctor, input.origin, token);
          return { appointment: view(row, doctor), rescheduleToken: token, reschedulePath: reschedulingPath(token) };
        } catch (error) {
          lastError = error;
          // "First available": if this doctor was just taken, try the next one.
          if (!(error instanceof AppError) || (error.code !== 'SLOT_TAKEN' && error.code !== 'SLOT_UNAVAILABLE')) throw error;
        }
      }
      // Someone was free at that time when the request began: the slot was just taken.
      throw lastError;
    },

    /**
     * At sign-in a guest's visits follow them to their account (the sign-in workflow, in `tx`); a
     * visit whose guest cart was merged into the patient's (order_id set null) moves to `orderId`.
     */
    async adoptGuest(guestSessionId: string, userId: string, orderId: string | null = null, tx?: DbOrTx): Promise<number> {
      return repo(tx).adoptGuest(guestSessionId, userId, orderId);
    },

    /** The signed-in patient's next booked visit of an order (the account's recent order), or null. */
    async nextForUser(storefront: StorefrontConfig, userId: string): Promise<AppointmentView | null> {
      const row = await repo().nextForUser(storefront.id, userId, now());
      return row ? viewOf(row) : null;
    },

    /** The patient's cancelled visit of a paid order waiting for a new time (issue 13 #12), or null. */
    async awaitingRebookForUser(storefront: StorefrontConfig, userId: string): Promise<AppointmentView | null> {
      const row = await repo().awaitingRebookForUser(storefront.id, userId);
      return row ? viewOf(row) : null;
    },

    /**
     * issue 15: the doctor marks their booked visit missed once its start has passed, inside the
     * caller's transaction (the order moves in the same one). Null for an unknown visit or another
     * doctor's (a 404); 409 before the start or when the visit is not booked.
     */
    async markMissedIn(tx: DbOrTx, appointmentId: string, doctorId: string, actor: AuditActor, meta?: RequestMeta): Promise<AppointmentRow | null> {
      const current = await repo(tx).byId(appointmentId, true);
      if (!current || current.doctorId !== doctorId) return null;
      if (current.status !== 'booked') throw new AppError(409, 'VISIT_NOT_BOOKED', 'This visit is not booked.');
      if (current.startsAt.getTime() > now().getTime()) throw new AppError(409, 'VISIT_NOT_STARTED', 'This visit has not started yet.');
      const missed = await repo(tx).update(current.id, { status: 'missed', updatedAt: now() });
      if (!missed) return null;
      await record(tx, 'appointment.missed', missed, actor, meta);
      return missed;
    },

    /**
     * issue 16: the doctor ends their visit (the video call, or a phone call they made), inside the
     * caller's transaction (the visit-completion workflow records the visit in the same one). Null
     * for an unknown visit or another doctor's (a 404); 409 when the visit is not booked or its
     * window has not opened yet.
     */
    async completeIn(tx: DbOrTx, appointmentId: string, doctorId: string, actor: AuditActor, meta?: RequestMeta): Promise<AppointmentRow | null> {
      const current = await repo(tx).byId(appointmentId, true);
      if (!current || current.doctorId !== doctorId) return null;
      if (current.status !== 'booked') throw new AppError(409, 'VISIT_NOT_BOOKED', 'This visit is not booked.');
      if (visitWindow(current.startsAt, current.endsAt).opensAt.getTime() > now().getTime()) throw new AppError(409, 'VISIT_NOT_STARTED', 'This visit has not started yet.');
      const completed = await repo(tx).update(current.id, { status: 'completed', updatedAt: now() });
      if (!completed) return null;
      await record(tx, 'appointment.completed', completed, actor, meta);
      return completed;
    },

    /** issue 16: a visit's appointment by id (any status), read in `tx` when given; null when unknown. */
    async appointmentById(appointmentId: string, tx?: DbOrTx): Promise<AppointmentRow | null> {
      return (await repo(tx).byId(appointmentId)) ?? null;
    },

    /** issue 16: the order's visit as its patient sees it (the booked one, else the newest completed or missed), or null. */
    async currentForOrder(storefrontId: string, orderId: string): Promise<AppointmentRow | null> {
      return (await repo().currentForOrder(storefrontId, orderId)) ?? null;
    },

    /** issue 15: orders still waiting for a new time after a visit marked missed before `before`. */
    async missedNotRebookedBefore(before: Date, limit = 100): Promise<{ appointmentId: string; orderId: string; storefrontId: string }[]> {
      return repo().missedNotRebookedBefore(before, limit);
    },

    /**
     * issue 15: read in `tx` (which holds the order locked): when the order's visit was marked
     * missed and whether a visit has been booked for it since; null when no visit was missed.
     */
    async missedStateIn(tx: DbOrTx, orderId: string): Promise<{ missedAt: Date; bookedSince: boolean } | null> {
      return repo(tx).missedState(orderId);
    },

    /**
     * issue 16 reminders: booked visits of `visit_scheduled` orders starting in [from, to), soonest
     * first (at most `limit`).
     */
    async bookedStartingBetween(from: Date, to: Date, limit = 500): Promise<BookedVisitRow[]> {
      return repo().bookedOfScheduledOrders({ from, to }, limit);
    },

    /**
     * issue 16 missed visits: booked visits of `visit_scheduled` orders whose window has closed at
     * `at` (domain visitWindow: 15 minutes after the booked end), oldest first.
     */
    async bookedWindowClosedBy(at: Date, limit = 100): Promise<BookedVisitRow[]> {
      return repo().bookedOfScheduledOrders({ endedBefore: new Date(at.getTime() - VISIT_CLOSES_AFTER_END_MS) }, limit);
    },

    /** issue 16: whether the visit is still booked, read in `tx` (a reminder is not sent for a visit cancelled meanwhile). */
    async isBookedIn(tx: DbOrTx, appointmentId: string): Promise<boolean> {
      return (await repo(tx).byId(appointmentId))?.status === 'booked';
    },

    /**
     * issue 16: the system marks a booked visit missed once its window has closed (nobody, or not
     * the doctor, joined), inside the caller's transaction with the visit locked; audited with the
     * system as actor. Null when the visit is not booked any more or its window is still open.
     */
    async markMissedBySystemIn(tx: DbOrTx, appointmentId: string, details: Record<string, string | null> = {}): Promise<AppointmentRow | null> {
      const current = await repo(tx).byId(appointmentId, true);
      if (!current || current.status !== 'booked') return null;
      if (visitWindow(current.startsAt, current.endsAt).closesAt.getTime() > now().getTime()) return null;
      const missed = await repo(tx).update(current.id, { status: 'missed', updatedAt: now() });
      if (!missed) return null;
      await record(tx, 'appointment.missed', missed, { type: 'system' }, undefined, details);
      return missed;
    },

    /** issue 16 rating: the order's newest completed visit (its doctor is the one rated), read in `tx` or `db`; null when none. */
    async completedForOrder(orderId: string, tx?: DbOrTx): Promise<{ appointmentId: string; doctorId: string } | null> {
      return (await repo(tx).completedForOrder(orderId)) ?? null;
    },

    /** The order's current visit (booked, completed or missed), or null. */
    /**
     * issue 15 "today's visits": the doctor's appointments today in their time zone (not the ones
     * moved to another time), with the order, the patient's first name, the time, type and status.
     */
    async todayForDoctor(doctorId: string, timeZone: string): Promise<{ appointmentId: string; orderId: string | null; patientFirstName: string; startsAt: string; endsAt: string; visitType: ScheduledVisitType | null; status: AppointmentStatus }[]> {
      const today = localDateOf(now(), timeZone);
      const from = startOfLocalDate(formatLocalDate(today), timeZone);
      const to = startOfLocalDate(formatLocalDate(addLocalDays(today, 1)), timeZone);
      if (!from || !to) return [];
      const rows = await repo().doctorBetween(doctorId, from, to);
      return rows.map((r) => ({
        appointmentId: r.id,
        orderId: r.orderId,
        patientFirstName: r.inviteeName.trim().split(/\s+/)[0] ?? '',
        startsAt: r.startsAt.toISOString(),
        endsAt: r.endsAt.toISOString(),
        visitType: r.visitType,
        status: r.status,
      }));
    },

    async getForOrder(storefront: StorefrontConfig, orderId: string): Promise<AppointmentView | null> {
      const row = await repo().liveForOrder(storefront.id, orderId);
      return row ? viewOf(row) : null;
    },

    /**
     * SPEC §7 "reschedule doctor for recent order": move the order's booked visit (made by this
     * caller) to another slot, optionally with another doctor. Null when there is none to move.
     */
    async rescheduleForRecentOrder(input: {
      storefront: StorefrontConfig;
      identity: Identity;
      orderId: string;
      startsAt: Date;
      doctorId?: string | undefined;
      state?: string | undefined;
      patientTimeZone?: string | undefined;
      origin: string;
      meta?: RequestMeta | undefined;
    }): Promise<Booked | null> {
      const current = await repo().liveForOrder(input.storefront.id, input.orderId);
      if (!current || current.status !== 'booked' || !ownedBy(current, input.identity)) return null;
      if (input.doctorId && input.doctorId !== current.doctorId) {
        await candidates({ storefront: input.storefront, doctorId: input.doctorId, state: input.state, startsAt: input.startsAt });
      }
      const moved = await move({ ...input, current, token: null, origin: input.origin, actor: actorOf(input.identity) });
      return { appointment: view(moved.row, moved.doctor), rescheduleToken: moved.token, reschedulePath: reschedulingPath(moved.token) };
    },

    /** Cancel the order's booked visit (an order cancelled before the visit). */
    async cancelForOrder(storefront: StorefrontConfig, orderId: string, actor: AuditActor = { type: 'system' }, tx?: DbOrTx): Promise<AppointmentView | null> {
      const current = await repo(tx).liveForOrder(storefront.id, orderId);
      if (!current || current.status !== 'booked') return null;
      const row = await repo(tx).update(current.id, { status: 'cancelled', sequence: current.sequence + 1, cancelledAt: now(), updatedAt: now() });
      if (!row) return null;
      await record(tx ?? db, 'appointment.cancelled', row, actor, undefined);
      const result = await viewOf(row);
      await notify('cancelled', storefront, row, result.doctor, null, null);
      return result;
    },

    /** The visit behind a reschedule link (booked or cancelled, link not expired), or null. */
    async getByToken(storefront: StorefrontConfig, token: string): Promise<AppointmentView | null> {
      const row = await byToken(storefront, token);
      return row ? viewOf(row) : null;
    },

    /** Slots for moving the visit behind a link (its own slot and buffer count as free). */
    async slotsForToken(storefront: StorefrontConfig, token: string, range: { from: Date; to: Date; timeZone: string }) {
      const row = await byToken(storefront, token);
      // A cancelled visit of an order: the times it may be booked again at (issue 13 #12).
      if (!row || (row.status !== 'booked' && !row.orderId)) return null;
      return doctorSlots({ storefront, doctorId: row.doctorId, ...range, exceptAppointmentId: row.id });
    },

    /** Move the visit behind a link to another of its doctor's slots; the link keeps working. */
    async rescheduleByToken(input: { storefront: StorefrontConfig; token: string; startsAt: Date; patientTimeZone?: string | undefined; origin: string; identity?: Identity | null; meta?: RequestMeta | undefined }): Promise<AppointmentView | null> {
      const current = await byToken(input.storefront, input.token);
      if (!current || current.status !== 'booked') return null;
      const moved = await move({ storefront: input.storefront, current, startsAt: input.startsAt, patientTimeZone: input.patientTimeZone, token: input.token, origin: input.origin, actor: actorOf(input.identity ?? null), meta: input.meta });
      return view(moved.row, moved.doctor);
    },

    /**
     * Cancel the booked visit behind a link inside the caller's transaction (the order-side caller
     * reopens or keeps the order in the same one); mail it afterwards with `mailCancelled`.
     */
    async cancelByTokenIn(tx: DbOrTx, storefront: StorefrontConfig, token: string, who: { identity?: Identity | null; meta?: RequestMeta | undefined } = {}): Promise<AppointmentRow | null> {
      const current = await byToken(storefront, token, tx, true);
      if (!current || current.status !== 'booked') return null;
      const cancelled = await repo(tx).update(current.id, { status: 'cancelled', sequence: current.sequence + 1, cancelledAt: now(), updatedAt: now() });
      if (!cancelled) return null;
      await record(tx, 'appointment.cancelled', cancelled, actorOf(who.identity ?? null), who.meta, { via: 'link' });
      // The view (doctor) is read after the transaction: PGlite runs one query at a time.
      return cancelled;
    },

    /** A visit's view by id (after a change made in a transaction), or null. */
    async viewById(id: string): Promise<AppointmentView | null> {
      const row = await repo().byId(id);
      return row ? viewOf(row) : null;
    },

    /**
     * The cancellation mail, saying what became of the order; with `link` (a paid order waiting for
     * a new time) it carries the page to book one or cancel the order.
     */
    async mailCancelled(storefront: StorefrontConfig, appointmentId: string, outcome?: CancelOutcome, link?: { origin: string; token: string }): Promise<void> {
      const row = await repo().byId(appointmentId);
      if (!row) return;
      const { doctor } = await viewOf(row);
      await notify('cancelled', storefront, row, doctor, link?.origin ?? null, link?.token ?? null, outcome);
    },

    /** Cancel the visit behind a link; the link then shows it as cancelled until it expires. */
    async cancelByToken(storefront: StorefrontConfig, token: string, who: { identity?: Identity | null; meta?: RequestMeta } = {}): Promise<AppointmentView | null> {
      const row = await db.transaction((tx) => service.cancelByTokenIn(tx as unknown as DbOrTx, storefront, token, who));
      if (!row) return null;
      await service.mailCancelled(storefront, row.id);
      return viewOf(row);
    },

    /** Cancel the order's booked visit, if any, inside the caller's transaction (no mail). */
    async cancelLiveForOrderIn(tx: DbOrTx, storefront: StorefrontConfig, orderId: string, who: { identity?: Identity | null; meta?: RequestMeta | undefined } = {}): Promise<AppointmentRow | null> {
      const current = await repo(tx).liveForOrder(storefront.id, orderId);
      if (!current || current.status !== 'booked') return null;
      const cancelled = await repo(tx).update(current.id, { status: 'cancelled', sequence: current.sequence + 1, cancelledAt: now(), updatedAt: now() });
      if (!cancelled) return null;
      await record(tx, 'appointment.cancelled', cancelled, actorOf(who.identity ?? null), who.meta, { via: 'order_cancelled' });
      return cancelled;
    },

    /** The visit behind a link with its order's id (booked or cancelled, link not expired), or null. */
    async rowByToken(storefront: StorefrontConfig, token: string, tx?: DbOrTx): Promise<AppointmentRow | null> {
      return byToken(storefront, token, tx);
    },

    /**
     * A paid order's visit was cancelled: book a new time with the same doctor for the same order,
     * from the cancelled visit's link (issue 13 #12). The new visit has its own link (the answer's
     * path) and is mailed at once. Null when the link has no cancelled visit of an order.
     */
    async rebookByToken(input: { storefront: StorefrontConfig; token: string; startsAt: Date; patientTimeZone?: string | undefined; origin: string; identity?: Identity | null; meta?: RequestMeta | undefined }): Promise<Booked | null> {
      const cancelled = await byToken(input.storefront, input.token);
      if (!cancelled || cancelled.status !== 'cancelled' || !cancelled.orderId) return null;
      const live = await repo().liveForOrder(input.storefront.id, cancelled.orderId);
      if (live && live.status === 'booked') throw problem(409, 'APPOINTMENT_EXISTS');
      const { token, hash } = newToken();
      const { row, doctor } = await holdSlot({
        storefront: input.storefront,
        doctorId: cancelled.doctorId,
        startsAt: input.startsAt,
        // Again under the doctor's lock: a rebook that raced this one may have booked since the check above.
        check: async (tx) => {
          const booked = await repo(tx).liveForOrder(input.storefront.id, cancelled.orderId!);
          if (booked && booked.status === 'booked') throw problem(409, 'APPOINTMENT_EXISTS');
        },
        write: async (tx, slot) => {
          const row = await repo(tx).insert({
            storefrontId: cancelled.storefrontId,
            orderId: cancelled.orderId,
            doctorId: cancelled.doctorId,
            startsAt: slot.startsAt,
            endsAt: slot.endsAt,
            status: 'booked',
            visitType: cancelled.visitType,
            inviteeName: cancelled.inviteeName,
            inviteeEmail: cancelled.inviteeEmail,
            inviteePhone: cancelled.inviteePhone,
            patientTimeZone: input.patientTimeZone ?? cancelled.patientTimeZone,
            rescheduleTokenHash: hash,
            tokenExpiresAt: slot.endsAt,
            calendarUid: `${randomBytes(16).toString('hex')}@visits.store`,
            sequence: 0,
            createdByUserId: cancelled.createdByUserId,
            guestSessionId: cancelled.guestSessionId,
            createdAt: now(),
            updatedAt: now(),
          });
          await record(tx, 'appointment.booked', row, actorOf(input.identity ?? null), input.meta, { rebookedFromId: cancelled.id });
          return row;
        },
      });
      await notify('booked', input.storefront, row, doctor, input.origin, token);
      return { appointment: view(row, doctor), rescheduleToken: token, reschedulePath: reschedulingPath(token) };
    },

    /**
     * The "visit scheduled" mail of a paid order's booked visit (the job the pay step queues). The
     * link made at booking was shown before payment and its token is not kept, so the mail carries
     * a fresh one (the visit's link from now on). Safe to run twice: the new token and "mailed" are
     * written together under the visit's lock, and a visit already mailed is left alone, so a
     * retried job neither mails again nor replaces the link the patient has (at most once; the
     * mail adapter's own failure is logged as for every visit mail).
     */
    async mailScheduledForOrder(storefront: StorefrontConfig, orderId: string, origin: string): Promise<void> {
      const current = await repo().liveForOrder(storefront.id, orderId);
      if (!current || current.status !== 'booked') return;
      const fresh = newToken();
      const row = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as DbOrTx;
        const locked = await repo(tx).byId(current.id, true);
        if (!locked || locked.status !== 'booked' || locked.scheduledMailedAt) return null;
        return repo(tx).update(current.id, { rescheduleTokenHash: fresh.hash, scheduledMailedAt: now(), updatedAt: now() });
      });
      if (!row) return;
      const { doctor } = await viewOf(row);
      await notify('booked', storefront, row, doctor, origin, fresh.token);
    },

    /** The calendar invite behind a link (the same UID and SEQUENCE the last mail carried). */
    async inviteByToken(storefront: StorefrontConfig, token: string, origin: string): Promise<string | null> {
      const row = await byToken(storefront, token);
      if (!row) return null;
      const { doctor } = await viewOf(row);
      return row.status === 'cancelled'
        ? invite(storefront, row, doctor, 'CANCEL')
        : invite(storefront, row, doctor, 'REQUEST', links(origin, token).rescheduleUrl);
    },
  };

  deps.jobs?.register(VISIT_SCHEDULED_MAIL_JOB, async (payload) => {
    const job = payload as unknown as VisitScheduledMailJob;
    if (!deps.storefronts) return;
    const storefront = await deps.storefronts.getById(job.storefrontId);
    await service.mailScheduledForOrder(storefront, job.orderId, job.baseUrl);
  });
  return service;
}
export type SchedulingService = ReturnType<typeof createSchedulingService>;
