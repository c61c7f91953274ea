// Health records over HTTP (issue 17; SPEC §7 labs by storefront, documents, filtered documents;
// §2 view labs, download lab requisition, download lab results). The patient's routes answer only
// the signed-in patient's own records on this storefront (anyone else, a guest or no session: 404);
// the doctor's routes only a signed-in doctor who may result the lab order (else 404). Health data:
// never stored by a shared cache; files are attachments with their real content type.
import multipart, { type MultipartFile } from '@fastify/multipart';
import { doctorLabListSchema, labOrderListSchema, recordDocumentPageSchema, recordDocumentsQuerySchema, UPLOAD_MAX_BYTES } from '@store/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, fieldError, notFound } from '../../lib/problem.ts';
import type { HealthRecords } from '../../workflows/health-records.ts';
import type { LabOrdersWorkflow } from '../../workflows/lab-orders.ts';
import type { DoctorService, StaffDoctor } from '../doctors/doctors.service.ts';

/** An id in a path: anything that is not a uuid is a 404 (as an unknown id), never a 400. */
const idParams = z.object({ id: z.string().max(100) });
const uuidOr404 = (id: string): string => {
  if (!z.uuid().safeParse(id).success) throw notFound();
  return id;
};

/** RFC 6266 attachment with an ASCII fallback and the UTF-8 name. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function sendFile(reply: FastifyReply, file: { data: Buffer; contentType: string; fileName: string }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.data.length))
    .header('content-disposition', attachment(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .send(file.data);
}

const resultSchema = z.object({ id: z.string(), status: z.literal('resulted'), resultedAt: z.string().nullable() });

export const recordsRoutes: FastifyPluginAsyncZod<{
  health: HealthRecords;
  labs: Pick<LabOrdersWorkflow, 'doctorLabs' | 'doctorFile' | 'uploadResult' | 'assertDoctorMay'>;
  doctors: Pick<DoctorService, 'staffProfile'>;
}> = async (app, { health, labs, doctors }) => {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: 1 } });
  }
  // Health data: private to the browser that asked, never kept by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  /** The signed-in doctor; anyone else gets the 404 an unknown route would. */
  async function requireDoctor(request: FastifyRequest): Promise<StaffDoctor> {
    const identity = request.identity;
    if (identity?.kind !== 'user' || identity.role !== 'doctor') throw notFound();
    const doctor = await doctors.staffProfile(identity.userId);
    if (!doctor) throw notFound();
    return doctor;
  }

  app.get(
    '/api/records/labs',
    {
      config: { access: 'account' },
      schema: {
        tags: ['records'],
        summary: 'SPEC §7 labs by storefront: the signed-in patient’s lab orders on this storefront, newest first, with status and the requisition and results links',
        response: { 200: labOrderListSchema },
      },
    },
    async (request) => ({ labs: await health.labs(request.identity, request.storefront) }),
  );

  app.get(
    '/api/records/documents',
    {
      config: { access: 'account' },
      schema: {
        tags: ['records'],
        summary: 'SPEC §7 documents, filtered documents: the signed-in patient’s uploads, prescriptions, visit summaries, receipts, lab requisitions and results, newest first, of one kind or all, 20 a page',
        querystring: recordDocumentsQuerySchema,
        response: { 200: recordDocumentPageSchema },
      },
    },
    async (request) => health.documents(request.identity, request.storefront, request.query),
  );

  app.get(
    '/api/records/documents/:id/file',
    {
      config: { access: 'account' },
      schema: {
        tags: ['records'],
        summary: 'Download a lab requisition or lab results file (attachment), to its owner only; any other id: 404',
        params: idParams,
      },
    },
    async (request, reply) => {
      const { document, data, fileName } = await health.file(request.identity, request.storefront, uuidOr404(request.params.id));
      return sendFile(reply, { data, contentType: document.contentType, fileName });
    },
  );

  app.get(
    '/api/records/prescriptions/:id/pdf',
    {
      config: { access: 'account' },
      schema: { tags: ['records'], summary: 'The patient’s copy of their prescription as a PDF (owner only; else 404)', params: idParams },
    },
    async (request, reply) => {
      const { data, fileName } = await health.prescriptionPdf(request.identity, request.storefront, uuidOr404(request.params.id));
      return sendFile(reply, { data, contentType: 'application/pdf', fileName });
    },
  );

  app.get(
    '/api/records/visits/:id/pdf',
    {
      config: { access: 'account' },
      schema: { tags: ['records'], summary: 'The patient’s visit summary as a PDF: date, doctor, outcome and the doctor’s note for the patient (owner only; else 404)', params: idParams },
    },
    async (request, reply) => {
      const { data, fileName } = await health.visitSummaryPdf(request.identity, request.storefront, uuidOr404(request.params.id));
      return sendFile(reply, { data, contentType: 'application/pdf', fileName });
    },
  );

  // ---- the doctor's side --------------------------------------------------------------------

  app.get(
    '/api/doctor/labs',
    {
      config: { access: 'doctor' },
      schema: {
        tags: ['doctor'],
        summary: 'issue 17: lab orders this doctor may result (their storefronts; ordered by them or by no doctor), awaiting results first; each read is access-logged',
        response: { 200: doctorLabListSchema },
      },
    },
    async (request) => ({ labs: await labs.doctorLabs(await requireDoctor(request)) }),
  );

  app.get(
    '/api/doctor/labs/:id/:which',
    {
      config: { access: 'doctor' },
      schema: {
        operationId: 'getDoctorLabFile',
        tags: ['doctor'],
        summary: 'A lab order’s requisition or results file, for a doctor who may result it (else 404); access-logged',
        params: z.object({ id: z.string().max(100), which: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const doctor = await requireDoctor(request);
      const which = request.params.which;
      // Anything but the two files is an unknown route: 404 (never a 400 that would confirm the route to anyone).
      if (which !== 'requisition' && which !== 'result') throw notFound();
      const { document, data, fileName } = await labs.doctorFile(doctor, uuidOr404(request.params.id), which);
      return sendFile(reply, { data, contentType: document.contentType, fileName });
    },
  );

  app.post(
    '/api/doctor/labs/:id/results',
    {
      config: { access: 'doctor' },
      schema: {
        operationId: 'uploadDoctorLabResults',
        tags: ['doctor'],
        summary:
          'Upload the lab results (multipart field `file`: under 10 MB, JPG, PNG, HEIC or PDF by content; photos without metadata): the lab order becomes resulted and the patient is mailed. 409 LAB_ALREADY_RESULTED the second time',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: resultSchema },
      },
    },
    async (request, reply) => {
      const doctor = await requireDoctor(request);
      const id = uuidOr404(request.params.id);
      // Another's lab order is a 404 whatever was sent (nothing about the file is said first).
      await labs.assertDoctorMay(doctor, id);
      if (!request.isMultipart()) throw fieldError('file', 'UPLOAD_NO_FILE');
      let part: MultipartFile | undefined;
      let data: Buffer;
      try {
        part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 }, throwFileSizeLimit: false });
        if (!part || part.fieldname !== 'file') throw fieldError('file', 'UPLOAD_NO_FILE');
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        data = Buffer.concat(chunks);
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (error instanceof AppError || (status !== undefined && status >= 400 && status < 500)) throw error;
        throw fieldError('file', 'UPLOAD_UNREADABLE');
      }
      const result = await labs.uploadResult(doctor, id, { data, name: part.filename, truncated: part.file.truncated });
      return reply.status(201).send({ ...result, status: 'resulted' as const });
    },
  );
};
