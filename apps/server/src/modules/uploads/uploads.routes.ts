// POST /api/uploads (multipart, one file in the `file` field) and GET /api/uploads/:id.
import multipart, { type MultipartFile } from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@store/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, fieldError, notFound } from '../../lib/problem.ts';
import { requireIdentity } from '../../plugins/identity.ts';
import type { UploadService } from './uploads.service.ts';
import { perIpPerMinute } from '../../plugins/rate-limits.ts';

export const uploadResponse = z
  .object({
    id: z.uuid(),
    contentType: z.string(),
    sizeBytes: z.number().int(),
    originalName: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Upload' });

/** RFC 6266 filename with an ASCII fallback and the UTF-8 name. */
function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The one file of a multipart body, read up to the limit. A body the parser cannot read (no
 * boundary, a part cut off, a broken part header) is the sender's mistake: 400 with a plain message
 * (issue 13 #6; it was a 500), and nothing has been stored yet. The multipart plugin's own client
 * errors (too many parts, not multipart) keep their status.
 */
async function readOneFile(request: FastifyRequest): Promise<{ part: MultipartFile; data: Buffer }> {
  try {
    // One byte over the limit is read, so a file of 10 MB or more is seen as too large (SPEC §9)
    // and its first bytes still tell its type (the "both" message); the rest is discarded.
    const part = await request.file({
      limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 },
      throwFileSizeLimit: false,
    });
    if (!part || part.fieldname !== 'file') throw fieldError('file', 'UPLOAD_NO_FILE');
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    return { part, data: Buffer.concat(chunks) };
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof AppError || (status !== undefined && status >= 400 && status < 500)) throw error;
    throw fieldError('file', 'UPLOAD_UNREADABLE');
  }
}

export const uploadRoutes: FastifyPluginAsyncZod<{ uploads: UploadService }> = async (app, { uploads }) => {
  // Registered here (encapsulated) unless the app already parses multipart for every route.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: 1 } });
  }

  app.post(
    '/api/uploads',
    {
      config: { access: 'session', rateLimit: perIpPerMinute('uploads') },
      schema: {
        tags: ['uploads'],
        summary:
          'Upload one file (multipart field `file`): under 10 MB, JPG, PNG, HEIC or PDF by content; refused files are not kept',
        consumes: ['multipart/form-data'],
        response: { 201: uploadResponse },
      },
    },
    async (request, reply) => {
      const identity = requireIdentity(request);
      if (!request.isMultipart()) throw fieldError('file', 'UPLOAD_NO_FILE');
      const { part, data } = await readOneFile(request);
      const view = await uploads.store({
        identity,
        ip: request.ip,
        originalName: part.filename,
        data,
        truncated: part.file.truncated,
      });
      return reply.status(201).send(view);
    },
  );

  app.get(
    '/api/uploads/:id',
    {
      config: { access: 'session' },
      schema: {
        tags: ['uploads'],
        summary: 'The file, to its owner only (anyone else: 404)',
        params: z.object({ id: z.string() }),
      },
    },
    async (request, reply) => {
      const identity = requireIdentity(request);
      const id = request.params.id;
      if (!z.uuid().safeParse(id).success) throw notFound();
      const { upload, data } = await uploads.read(id, identity);
      const kind = upload.contentType === 'application/pdf' ? 'attachment' : 'inline';
      return reply
        .header('content-type', upload.contentType)
        .header('content-length', String(data.length))
        .header('content-disposition', contentDisposition(kind, upload.originalName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  );
};
