// The visit as it happens (issue 16; DATA-MODEL.md visits, visit_notes): who may join it, what
// its patient and its doctor see of it, the doctor's private note, and each moment of the call
// (arrivals, admission, the start, the phone fallback, the call-quality summaries, the end), every
// state change audited. A visit is a booked appointment of an order: its patient is the signed-in
// owner of the order, its doctor the doctor whose user is the caller. Anyone else — another
// patient, another doctor, a guest, nobody — is told nothing (null here, 404 or close 4404 outside).
import {
  orderNumberOf,
  visitWindow,
  visitWindowPhase,
  type DoctorVisit,
  type IceServers,
  type PatientVisit,
  type SignalError,
  type VisitQuality,
  type VisitRole,
} from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { VisitOutcome } from '../../db/schema/visits.ts';
import { AppError, notFound } from '../../lib/problem.ts';
import type { AuditActor, AuditContext, AuditService } from '../audit/audit.service.ts';
import type { Identity } from '../auth/sessions.service.ts';
import { isUuid } from '../catalog/catalog.service.ts';
import type { DoctorService } from '../doctors/doctors.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { AppointmentRow, SchedulingService } from '../scheduling/scheduling.service.ts';
import type { SignalBus } from './signal-bus.ts';
import type { VisitJoinInfo, VisitVideoProvider } from './video-provider.ts';
import { createVisitsRepo, type VisitFirstMoment, type VisitRow } from './visits.repo.ts';

/** 409 VISIT_NOT_OPEN: ICE servers asked for outside the visit's time. */
export const VISIT_NOT_OPEN = 'This visit is not open yet.';
/** 409 VISIT_ENDED: ICE servers asked for once the visit ended (completed, missed or cancelled). */
export const VISIT_ENDED = 'This visit has ended.';

/** What the visit's rules read: its appointment and its order. */
export interface VisitFacts {
  appointmentId: string;
  orderId: string;
  storefrontId: string;
  doctorId: string;
  /** The order's owner (the patient's account); null for a guest's order. */
  patientUserId: string | null;
  appointmentStatus: AppointmentRow['status'];
  visitType: 1 | 2;
  startsAt: Date;
  endsAt: Date;
  /** When the appointment last changed (when it was marked missed, for a missed one). */
  appointmentUpdatedAt: Date;
  inviteeName: string;
  inviteePhone: string;
  patientTimeZone: string;
  orderStatus: string;
}

/** A caller who belongs to the visit: its patient or its doctor. */
export interface VisitParticipant {
  role: VisitRole;
  /** The caller's user id. */
  userId: string;
  facts: VisitFacts;
}

/** Why a participant may not connect now: the visit ended, or its window is not open. Null: they may. */
export type JoinRefusal = Extract<SignalError, 'ended' | 'not_open'> | null;

export interface VisitArrival {
  /** The patient was admitted earlier (a rejoin goes straight in). */
  admitted: boolean;
  /** The visit ended meanwhile. */
  ended: boolean;
}

const SIDE_JOINED: Record<VisitRole, VisitFirstMoment> = { patient: 'patientJoinedAt', doctor: 'doctorJoinedAt' };

export function createVisitsService(deps: {
  db: Db;
  now: () => Date;
  audit: Pick<AuditService, 'record'>;
  scheduling: Pick<SchedulingService, 'appointmentById' | 'currentForOrder'>;
  orders: Pick<OrdersService, 'state'>;
  doctors: Pick<DoctorService, 'staffProfile' | 'byIds'>;
  /** Where the end of a visit is announced to its connections (signal-bus.ts). */
  bus: SignalBus;
  video: VisitVideoProvider;
  /** How long after a missed visit its patient may book a new time (workflows/missed-visit.ts). */
  missedRebookMs: number;
}) {
  const { db, now, scheduling, orders } = deps;
  const repo = (tx?: DbOrTx) => createVisitsRepo(tx ?? db);

  function factsOf(row: AppointmentRow, order: { id: string; userId: string | null; status: string; storefrontId: string }, orderVisitType: number | null): VisitFacts {
    const type = row.visitType ?? orderVisitType;
    return {
      appointmentId: row.id,
      orderId: order.id,
      storefrontId: row.storefrontId,
      doctorId: row.doctorId,
      patientUserId: order.userId,
      appointmentStatus: row.status,
      visitType: type === 2 ? 2 : 1,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      appointmentUpdatedAt: row.updatedAt,
      inviteeName: row.inviteeName,
      inviteePhone: row.inviteePhone,
      patientTimeZone: row.patientTimeZone,
      orderStatus: order.status,
    };
  }

  /** The visit behind an appointment of an order, read in `tx` when given; null when there is none. */
  async function facts(appointmentId: string, tx?: DbOrTx): Promise<VisitFacts | null> {
    if (!isUuid(appointmentId)) return null;
    const row = await scheduling.appointmentById(appointmentId, tx);
    if (!row?.orderId) return null;
    const state = await orders.state(tx ?? db, { orderId: row.orderId });
    if (!state || state.order.storefrontId !== row.storefrontId) return null;
    return factsOf(row, state.order, state.visitType);
  }

  /** The caller as the visit's patient or doctor, or null for anyone else (and for an unknown visit). */
  async function participant(identity: Identity | null, appointmentId: string): Promise<VisitParticipant | null> {
    if (identity?.kind !== 'user') return null;
    const found = await facts(appointmentId);
    if (!found) return null;
    if (identity.role === 'doctor') {
      const doctor = await deps.doctors.staffProfile(identity.userId);
      return doctor && doctor.id === found.doctorId ? { role: 'doctor', userId: identity.userId, facts: found } : null;
    }
    if (found.patientUserId === identity.userId && found.storefrontId === identity.storefrontId) return { role: 'patient', userId: identity.userId, facts: found };
    return null;
  }

  async function doctorParticipant(identity: Identity | null, appointmentId: string): Promise<VisitParticipant> {
    const found = await participant(identity, appointmentId);
    if (found?.role !== 'doctor') throw notFound();
    return found;
  }

  const actor = (p: VisitParticipant): AuditActor => ({ type: 'user', id: p.userId });

  /** An audit event of the visit (ids and times only, never the note or a number). */
  async function record(tx: DbOrTx, action: string, f: VisitFacts, who: AuditActor, ctx: AuditContext | undefined, details: Record<string, string | boolean | null> = {}) {
    await deps.audit.record(
      {
        action,
        actor: who,
        subject: { type: 'visit', id: f.appointmentId },
        storefrontId: f.storefrontId,
        ip: ctx?.ip ?? null,
        requestId: ctx?.requestId ?? null,
        details: { orderId: f.orderId, doctorId: f.doctorId, ...details },
      },
      tx,
    );
  }

  const ensure = (f: VisitFacts, tx: DbOrTx) =>
    repo(tx).ensure({ appointmentId: f.appointmentId, orderId: f.orderId, doctorId: f.doctorId, patientUserId: f.patientUserId, at: now() });

  /** Sets a once-only moment of the visit in one transaction with its audit event (only the first time). */
  async function moment(p: VisitParticipant, column: VisitFirstMoment, action: string, ctx: AuditContext | undefined, details: Record<string, string | boolean | null> = {}): Promise<{ first: boolean; row: VisitRow }> {
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as DbOrTx;
      const before = await ensure(p.facts, tx);
      const set = await repo(tx).setFirst(p.facts.appointmentId, column, now());
      if (set) await record(tx, action, p.facts, actor(p), ctx, { role: p.role, ...details });
      return { first: !!set, row: set ?? before };
    });
  }

  function outcomeOf(f: VisitFacts, visit: VisitRow | undefined): VisitOutcome | null {
    if (visit?.outcome) return visit.outcome;
    if (f.appointmentStatus === 'completed') return 'completed';
    // Marked missed by its doctor (issue 15): the patient did not attend.
    if (f.appointmentStatus === 'missed') return 'missed_by_patient';
    return null;
  }

  function times(f: VisitFacts) {
    const { opensAt, closesAt } = visitWindow(f.startsAt, f.endsAt);
    const at = now();
    return {
      phase: visitWindowPhase(at, f.startsAt, f.endsAt),
      serverNow: at.toISOString(),
      startsAt: f.startsAt.toISOString(),
      endsAt: f.endsAt.toISOString(),
      opensAt: opensAt.toISOString(),
      closesAt: closesAt.toISOString(),
    };
  }

  const statusOf = (f: VisitFacts): PatientVisit['status'] => f.appointmentStatus;

  async function doctorView(f: VisitFacts): Promise<DoctorVisit> {
    const [visit, doctors] = await Promise.all([repo().byAppointment(f.appointmentId), deps.doctors.byIds([f.doctorId])]);
    const note = visit ? await repo().note(visit.id) : undefined;
    const doctorTimeZone = doctors.get(f.doctorId)?.timeZone;
    return {
      ...(doctorTimeZone ? { doctorTimeZone } : {}),
      appointmentId: f.appointmentId,
      orderId: f.orderId,
      orderNumber: orderNumberOf(f.orderId),
      visitType: f.visitType,
      status: statusOf(f),
      ...times(f),
      patient: { name: f.inviteeName, phone: f.inviteePhone, timeZone: f.patientTimeZone },
      patientJoinedAt: visit?.patientJoinedAt?.toISOString() ?? null,
      admittedAt: visit?.admittedAt?.toISOString() ?? null,
      endedAt: visit?.endedAt?.toISOString() ?? null,
      outcome: outcomeOf(f, visit),
      note: note?.text ?? '',
    };
  }

  /** What the participant's browser needs to join the call (the video provider's answer). */
  async function joinInfo(p: VisitParticipant): Promise<VisitJoinInfo> {
    return deps.video.joinInfo({ appointmentId: p.facts.appointmentId, role: p.role, closesAt: visitWindow(p.facts.startsAt, p.facts.endsAt).closesAt, now: now() });
  }

  const service = {
    participant,

    /**
     * Whether the participant may connect now: not once the visit ended (completed or missed), not
     * outside its window (domain visitWindowPhase 'open'), nor while its order is not waiting for it.
     */
    async joinRefusal(p: VisitParticipant): Promise<JoinRefusal> {
      const f = p.facts;
      const visit = await repo().byAppointment(f.appointmentId);
      if (visit?.endedAt || f.appointmentStatus === 'completed' || f.appointmentStatus === 'missed') return 'ended';
      if (f.appointmentStatus !== 'booked' || f.orderStatus !== 'visit_scheduled') return 'not_open';
      return visitWindowPhase(now(), f.startsAt, f.endsAt) === 'open' ? null : 'not_open';
    },

    /** A participant connected: the visit's row made if need be, their first arrival kept, every arrival audited. */
    async arrive(p: VisitParticipant, ctx: AuditContext): Promise<VisitArrival> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as DbOrTx;
        await ensure(p.facts, tx);
        const first = await repo(tx).setFirst(p.facts.appointmentId, SIDE_JOINED[p.role], now());
        const row = first ?? (await repo(tx).byAppointment(p.facts.appointmentId))!;
        await record(tx, 'visit.arrived', p.facts, actor(p), ctx, { role: p.role, first: !!first });
        return { admitted: row.admittedAt !== null, ended: row.endedAt !== null };
      });
    },

    /** The doctor lets the patient in (the first time is kept and audited; again is a no-op). */
    async admit(p: VisitParticipant, ctx: AuditContext): Promise<{ first: boolean }> {
      if (p.role !== 'doctor') throw notFound();
      const { first } = await moment(p, 'admittedAt', 'visit.admitted', ctx);
      return { first };
    },

    /** Both were in the call for the first time (the first `ready`). */
    async started(p: VisitParticipant, ctx: AuditContext): Promise<void> {
      await moment(p, 'startedAt', 'visit.started', ctx);
    },

    /** The call goes on by phone ("the doctor will call you"): kept and audited once; answers the number the doctor calls. */
    async phoneFallback(p: VisitParticipant, ctx: AuditContext): Promise<{ phone: string }> {
      await moment(p, 'phoneFallbackAt', 'visit.phone_fallback', ctx);
      return { phone: p.facts.inviteePhone };
    },

    /** One side's call-quality summary (validated by the domain's visitQualitySchema); no media. */
    async saveQuality(p: VisitParticipant, quality: VisitQuality): Promise<void> {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as DbOrTx;
        await ensure(p.facts, tx);
        await repo(tx).setQuality(p.facts.appointmentId, p.role, quality, now());
      });
    },

    /**
     * issue 16: the visit is completed, inside the visit-completion workflow's transaction (the
     * appointment completed in the same one): ended now, by `by`, outcome `completed`, audited.
     * Null for a visit that is not an order's; a visit ended already keeps its first end.
     */
    async completeIn(tx: DbOrTx, appointmentId: string, by: VisitRole | 'system', who: AuditActor, ctx?: AuditContext): Promise<VisitRow | null> {
      const f = await facts(appointmentId, tx);
      if (!f) return null;
      await ensure(f, tx);
      const ended = await repo(tx).end(appointmentId, { at: now(), by, outcome: 'completed' });
      if (ended) await record(tx, 'visit.completed', f, who, ctx, { by });
      return ended ?? (await repo(tx).byAppointment(appointmentId)) ?? null;
    },

    /** After the commit: the visit's connections are told it ended (and closed); a hosted room is closed. */
    async announceEnded(appointmentId: string, by: VisitRole | 'system'): Promise<void> {
      await deps.bus.publish(appointmentId, { kind: 'ended', by });
      await deps.video.ended(appointmentId);
    },

    /** issue 16: the order's completed visit (the doctor may decide only after it), or null. */
    async completedVisitOf(orderId: string, tx?: DbOrTx): Promise<{ appointmentId: string; doctorId: string; endedAt: Date } | null> {
      if (!isUuid(orderId)) return null;
      const row = await repo(tx).completedForOrder(orderId);
      return row?.endedAt ? { appointmentId: row.appointmentId, doctorId: row.doctorId, endedAt: row.endedAt } : null;
    },

    /** issue 17 health records: the patient's ended visits (completed or missed), newest first; never the private note. */
    async endedOfPatient(patientUserId: string, limit = 200): Promise<{ id: string; orderId: string | null; doctorId: string; endedAt: Date; outcome: VisitOutcome | null }[]> {
      return (await repo().endedOfPatient(patientUserId, limit)).map((v) => ({ id: v.id, orderId: v.orderId, doctorId: v.doctorId, endedAt: v.endedAt!, outcome: v.outcome }));
    },

    /**
     * GET /api/orders/:id/visit: the signed-in patient's own order's visit (the booked one, else the
     * newest completed or missed). 404 for anyone else, a guest, or an order without a visit.
     */
    async patientVisit(identity: Identity | null, orderId: string): Promise<PatientVisit> {
      if (identity?.kind !== 'user' || !isUuid(orderId)) throw notFound();
      const state = await orders.state(db, { orderId, storefrontId: identity.storefrontId, owner: { kind: 'user', userId: identity.userId } });
      if (!state) throw notFound();
      const row = await scheduling.currentForOrder(identity.storefrontId, orderId);
      if (!row) throw notFound();
      const f = factsOf(row, state.order, state.visitType);
      const [visit, doctors] = await Promise.all([repo().byAppointment(f.appointmentId), deps.doctors.byIds([f.doctorId])]);
      const doctor = doctors.get(f.doctorId);
      if (!doctor) throw notFound();
      const missedAwaitingRebook = f.appointmentStatus === 'missed' && f.orderStatus === 'visit_missed';
      return {
        appointmentId: f.appointmentId,
        orderId,
        visitType: f.visitType,
        status: statusOf(f),
        ...times(f),
        patientTimeZone: f.patientTimeZone,
        doctor: { id: doctor.id, name: doctor.name, credentials: doctor.credentials, photoUrl: doctor.photoUrl },
        phone: f.inviteePhone,
        outcome: outcomeOf(f, visit),
        orderStatus: f.orderStatus,
        rebookUntil: missedAwaitingRebook ? new Date(f.appointmentUpdatedAt.getTime() + deps.missedRebookMs).toISOString() : null,
      };
    },

    /** GET /api/doctor/visits/:appointmentId: the visit's own doctor only (else 404). */
    async doctorVisit(identity: Identity | null, appointmentId: string): Promise<DoctorVisit> {
      return doctorView((await doctorParticipant(identity, appointmentId)).facts);
    },

    /** PUT /api/doctor/visits/:appointmentId/note: the doctor's private note (only they read it); audited without its text. */
    async saveNote(identity: Identity | null, appointmentId: string, text: string, ctx: AuditContext): Promise<DoctorVisit> {
      const p = await doctorParticipant(identity, appointmentId);
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as DbOrTx;
        const visit = await ensure(p.facts, tx);
        await repo(tx).saveNote({ visitId: visit.id, doctorId: p.facts.doctorId, text, at: now() });
        await record(tx, 'visit.note_saved', p.facts, actor(p), ctx, { empty: text.length === 0 });
      });
      return doctorView(p.facts);
    },

    joinInfo,

    /**
     * GET /api/visits/:appointmentId/ice-servers: the visit's patient or doctor (else 404), from a
     * quarter of an hour before the start until the window closes, while the visit is on (else 409
     * VISIT_NOT_OPEN, or VISIT_ENDED once it ended): a TURN credential is a key to the relay, handed
     * out for the visit's call only, not for an old or far-off visit.
     */
    async iceServers(identity: Identity | null, appointmentId: string): Promise<IceServers> {
      const p = await participant(identity, appointmentId);
      if (!p) throw notFound();
      const refusal = await service.joinRefusal(p);
      if (refusal === 'ended') throw new AppError(409, 'VISIT_ENDED', VISIT_ENDED);
      // Still booked and waiting, and about to start: the page may get ready a little early.
      const f = p.facts;
      const aboutToStart = f.appointmentStatus === 'booked' && f.orderStatus === 'visit_scheduled' && visitWindowPhase(now(), f.startsAt, f.endsAt) === 'about_to_start';
      if (refusal === 'not_open' && !aboutToStart) throw new AppError(409, 'VISIT_NOT_OPEN', VISIT_NOT_OPEN);
      const info = await joinInfo(p);
      if (info.kind !== 'webrtc') throw notFound();
      return info.ice;
    },
  };
  return service;
}
export type VisitsService = ReturnType<typeof createVisitsService>;
