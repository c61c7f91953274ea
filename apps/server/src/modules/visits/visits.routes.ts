// The visit over HTTP and WebSocket (issue 16; docs/visits.md): the patient's view of their
// order's visit, the ICE servers for the call, the signalling socket, and the doctor's view, private
// note and completion. Only the visit's patient and its doctor reach any of it: everyone else gets
// the 404 an unknown id gets (on the socket: close 4404 before any message).
import { doctorVisitSchema, iceServersSchema, patientVisitSchema, SIGNAL_CLOSE, visitNoteInputSchema } from '@store/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/problem.ts';
import { auditContext } from '../../plugins/identity.ts';
import type { VisitCompletion } from '../../workflows/visit-completion.ts';
import type { AuditContext } from '../audit/audit.service.ts';
import type { SignalBus } from './signal-bus.ts';
import { createSignallingHub, type SignallingLimits } from './signalling.ts';
import type { VisitParticipant, VisitsService } from './visits.service.ts';

const visitParams = z.object({ appointmentId: z.uuid() });

type Join = { participant: VisitParticipant; ctx: AuditContext } | { refuse: number };

export const visitRoutes: FastifyPluginAsyncZod<{
  visits: VisitsService;
  completion: Pick<VisitCompletion, 'complete'>;
  bus: SignalBus;
  /** Origins besides the request's own host a browser may open the socket from (CORS_ORIGINS). */
  allowedOrigins: string[];
  limits?: Partial<SignallingLimits> | undefined;
}> = async (app, { visits, completion, bus, allowedOrigins, limits }) => {
  // Health data: never stored by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const hub = createSignallingHub({
    visits,
    bus,
    // The doctor's `end` completes the visit like the REST route (the workflow announces the end).
    complete: async (participant, ctx) => {
      await completion.complete({ doctorId: participant.facts.doctorId, appointmentId: participant.facts.appointmentId, by: 'doctor', audit: ctx });
    },
    log: app.log,
    limits,
  });
  app.addHook('onClose', async () => hub.close());

  /** A socket opened by another site's page (cross-site WebSocket hijacking) is refused like a stranger's. */
  function sameOrigin(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    if (!origin) return true;
    if (allowedOrigins.includes(origin)) return true;
    try {
      return new URL(origin).host === request.headers.host;
    } catch {
      return false;
    }
  }

  const joins = new WeakMap<FastifyRequest, Join>();
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

  /** Who may connect, decided before the upgrade (the database is read here, never while messages wait). */
  async function joinOf(request: FastifyRequest<{ Params: { appointmentId: string } }>): Promise<Join> {
    const { appointmentId } = request.params;
    if (!sameOrigin(request) || !UUID.test(appointmentId)) return { refuse: SIGNAL_CLOSE.notFound };
    const participant = await visits.participant(request.identity, appointmentId);
    if (!participant) return { refuse: SIGNAL_CLOSE.notFound };
    const refusal = await visits.joinRefusal(participant);
    if (refusal === 'ended') return { refuse: SIGNAL_CLOSE.ended };
    if (refusal === 'not_open') return { refuse: SIGNAL_CLOSE.notOpen };
    return { participant, ctx: { ...auditContext(request), storefrontId: participant.facts.storefrontId } };
  }

  app.get<{ Params: { appointmentId: string } }>(
    '/api/visits/:appointmentId/signal',
    {
      websocket: true,
      preHandler: async (request) => {
        if (request.ws) joins.set(request, await joinOf(request));
      },
    },
    (socket, request) => {
      const join = joins.get(request);
      joins.delete(request);
      if (!join || 'refuse' in join) return hub.refuse(socket, join?.refuse ?? SIGNAL_CLOSE.notFound);
      hub.connect(socket, join.participant, join.ctx);
    },
  );

  app.get(
    '/api/orders/:id/visit',
    {
      config: { access: 'account' },
      schema: {
        tags: ['visits'],
        summary:
          "issue 16: the signed-in patient's own order's visit (the booked one, else the newest completed or missed): doctor, times in the patient's zone, the window's phase now, the number the doctor calls, the outcome and until when a missed one may be booked again. 404 for anyone else and for an order without a visit",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: patientVisitSchema },
      },
    },
    async (request) => visits.patientVisit(request.identity, request.params.id),
  );

  app.get(
    '/api/visits/:appointmentId/ice-servers',
    {
      config: { access: 'account' },
      schema: {
        tags: ['visits'],
        summary:
          'issue 16: the STUN and TURN servers for the visit’s call, TURN with a credential of this participant that expires (coturn shared-secret scheme), and the transport policy. The visit’s patient or doctor only (else 404); from 15 minutes before the start until its window closes while it is on (else 409 VISIT_NOT_OPEN, or VISIT_ENDED once it ended)',
        params: visitParams,
        response: { 200: iceServersSchema },
      },
    },
    async (request) => visits.iceServers(request.identity, request.params.appointmentId),
  );

  app.get(
    '/api/doctor/visits/:appointmentId',
    {
      config: { access: 'doctor' },
      schema: {
        tags: ['doctor', 'visits'],
        summary: 'issue 16: the visit as its doctor sees it: patient’s name, number and zone, window, arrival, admission, end and outcome, and the doctor’s private note. The visit’s own doctor only (else 404)',
        params: visitParams,
        response: { 200: doctorVisitSchema },
      },
    },
    async (request) => visits.doctorVisit(request.identity, request.params.appointmentId),
  );

  app.put(
    '/api/doctor/visits/:appointmentId/note',
    {
      config: { access: 'doctor' },
      schema: {
        tags: ['doctor', 'visits'],
        summary: 'issue 16: write the doctor’s private note on the visit (replaces the earlier text; only doctors read it). The visit’s own doctor only (else 404)',
        params: visitParams,
        body: visitNoteInputSchema,
        response: { 200: doctorVisitSchema },
      },
    },
    async (request) => visits.saveNote(request.identity, request.params.appointmentId, request.body.text, auditContext(request)),
  );

  app.post(
    '/api/doctor/visits/:appointmentId/complete',
    {
      config: { access: 'doctor' },
      schema: {
        tags: ['doctor', 'visits'],
        summary:
          'issue 16: the doctor ends a video visit or marks a phone visit done: the appointment is completed and the visit’s outcome `completed` (audited); both sides of a call are sent `ended`. The order then waits for the doctor’s decision. The visit’s own doctor only (else 404); 409 VISIT_NOT_STARTED before its window opens, VISIT_NOT_BOOKED when it is not booked',
        params: visitParams,
        response: { 200: doctorVisitSchema },
      },
    },
    async (request) => {
      const participant = await visits.participant(request.identity, request.params.appointmentId);
      if (participant?.role !== 'doctor') throw notFound();
      await completion.complete({ doctorId: participant.facts.doctorId, appointmentId: participant.facts.appointmentId, by: 'doctor', audit: auditContext(request) });
      return visits.doctorVisit(request.identity, request.params.appointmentId);
    },
  );
};
