// Patient uploads (issue 8 "Uploads"; SPEC §5 "Upload: under 10MB; JPG, PNG, HEIC or PDF", §8 upload
// failures). The type is decided by the file's content (magic bytes); a name whose extension claims
// another type is refused too, so a PDF called photo.png or a program called photo.jpg never passes.
// Nothing is stored unless the file is accepted.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { isAllowedUploadType, MESSAGES, uploadProblem, UPLOAD_MAX_BYTES } from '@store/domain';
import { fileTypeFromBuffer } from 'file-type';
import { newStorageKey, type FileStorage } from '../../adapters/storage/file-storage.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../lib/problem.ts';
import type { Identity } from '../auth/sessions.service.ts';
import type { Throttle } from '../auth/throttle.ts';
import { stripMetadata, UnreadableImageError } from './strip-metadata.ts';
import { createUploadsRepo, type ConsultOwner, type UploadRow } from './uploads.repo.ts';

/** What the API says about an upload (never its storage key). */
export interface UploadView {
  id: string;
  contentType: string;
  sizeBytes: number;
  originalName: string;
  createdAt: string;
}

/**
 * Who else may read an upload besides its owner. (The reviewing doctor reads through
 * `readForStaff`, after the order-review workflow checked the file belongs to the order they hold.)
 */
export type UploadReadPolicy = (identity: Identity, upload: UploadRow) => Promise<boolean>;

/** The extensions a name may have for each accepted content type. */
const EXTENSIONS: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/heic': ['heic', 'heif'],
  'image/heif': ['heic', 'heif'],
  'application/pdf': ['pdf'],
};

/** HEIF stills (brand mif1) are HEIC photos as far as the patient and the spec are concerned. */
const asAllowed = (mime: string) => (mime === 'image/heif' ? 'image/heic' : mime);

/** The name to show: its last path segment, no control characters, at most 200 characters. */
export function displayName(raw: string | undefined): string {
  const base = path.basename((raw ?? '').replace(/\\/g, '/'));
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(-200);
  return clean === '' ? 'file' : clean;
}

function extensionOf(name: string): string | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return null;
  return name.slice(dot + 1).toLowerCase();
}

export interface CheckedFile {
  /** The content type read from the bytes, or null when it is none we know. */
  detectedType: string | null;
  problem: ReturnType<typeof uploadProblem>;
}

/**
 * Checks a file by its bytes and name. `truncated` means the reader stopped at the limit, so the
 * file is larger than what was read.
 */
export async function checkFile(input: { data: Buffer; name: string; truncated: boolean }): Promise<CheckedFile> {
  const detected = input.data.length > 0 ? await fileTypeFromBuffer(input.data) : undefined;
  const detectedType = detected?.mime ?? null;
  const extension = extensionOf(input.name);
  const nameMatches = extension === null || (detectedType !== null && (EXTENSIONS[detectedType] ?? []).includes(extension));
  const typeOk = detectedType !== null && isAllowedUploadType(asAllowed(detectedType)) && nameMatches;
  const size = input.truncated ? Math.max(input.data.length, UPLOAD_MAX_BYTES) : input.data.length;
  return {
    detectedType,
    // The domain rule decides the message: too large, wrong type, or both (SPEC §8).
    problem: uploadProblem({ size, mimeType: typeOk ? asAllowed(detectedType) : 'application/octet-stream' }),
  };
}

const STATUS: Record<NonNullable<CheckedFile['problem']>, number> = {
  UPLOAD_TOO_LARGE: 413,
  UPLOAD_TOO_LARGE_AND_WRONG_TYPE: 413,
  UPLOAD_WRONG_TYPE: 415,
};

export function toUploadView(row: UploadRow): UploadView {
  return {
    id: row.id,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    originalName: row.originalName,
    createdAt: row.createdAt.toISOString(),
  };
}

function isOwner(identity: Identity, row: UploadRow): boolean {
  if (row.storefrontId !== identity.storefrontId) return false;
  if (identity.kind === 'user') return row.userId === identity.userId;
  return row.userId === null && row.guestSessionId === identity.sessionId;
}

/** How much one owner (a person, or a guest session) may upload in any hour (issue 13 #7). */
export interface UploadLimits {
  filesPerHour: number;
  bytesPerHour: number;
}

const HOUR_MS = 3_600_000;

export function createUploadService(deps: {
  db: Db;
  storage: FileStorage;
  now: () => Date;
  /** Per owner and rolling hour; none when absent. */
  limits?: UploadLimits;
  /**
   * Files one IP address may send in any hour, counted in the database (every machine sees the
   * same count): a fresh guest session per burst gets round the per-owner limit, an address does not.
   */
  ipLimit?: { filesPerHour: number; throttle: Pick<Throttle, 'attempt'> };
  /** Extra readers (the reviewing doctor, later). */
  canRead?: UploadReadPolicy;
}) {
  const { db, storage, now, limits } = deps;
  const repo = createUploadsRepo(db);

  /** Refuses with 429 when this file would take the owner past the hour's limit. */
  async function checkLimit(r: ReturnType<typeof createUploadsRepo>, identity: Identity, size: number): Promise<void> {
    if (!limits) return;
    const at = now();
    const used = await r.usageSince(identity, new Date(at.getTime() - HOUR_MS));
    if (used.files + 1 <= limits.filesPerHour && used.bytes + size <= limits.bytesPerHour) return;
    // The hour frees up as the oldest upload in it ages out.
    const retryAfter = used.oldest ? Math.max(1, Math.ceil((used.oldest.getTime() + HOUR_MS - at.getTime()) / 1000)) : 3600;
    throw new AppError(429, 'UPLOAD_LIMIT_REACHED', MESSAGES.UPLOAD_LIMIT_REACHED, {
      errors: [{ field: 'file', message: MESSAGES.UPLOAD_LIMIT_REACHED }],
      headers: { 'retry-after': String(retryAfter) },
    });
  }

  /** Counts this file against its IP address's hour; over it, the same 429 the owner's limit gives. */
  async function checkIpLimit(ip: string | undefined): Promise<void> {
    if (!deps.ipLimit || !ip) return;
    try {
      await deps.ipLimit.throttle.attempt([{ bucket: 'upload-ip', key: `ip:${ip}`, policy: { maxPerHour: deps.ipLimit.filesPerHour } }]);
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 429) throw error;
      throw new AppError(429, 'UPLOAD_LIMIT_REACHED', MESSAGES.UPLOAD_LIMIT_REACHED, {
        errors: [{ field: 'file', message: MESSAGES.UPLOAD_LIMIT_REACHED }],
        ...(error.headers ? { headers: error.headers } : {}),
      });
    }
  }

  return {
    storageKind: storage.kind,

    /**
     * Checks and stores one file for its owner; refuses with the SPEC §8 upload messages. Photos
     * are stored without their metadata (issue 13 #7: no location), and the size and SHA-256 kept
     * are the stored file's.
     */
    async store(input: { identity: Identity; ip?: string | undefined; originalName: string | undefined; data: Buffer; truncated: boolean }): Promise<UploadView> {
      await checkIpLimit(input.ip);
      const name = displayName(input.originalName);
      const checked = await checkFile({ data: input.data, name, truncated: input.truncated });
      if (checked.problem) throw fieldError('file', checked.problem, STATUS[checked.problem]);
      const contentType = checked.detectedType!;
      let data: Buffer;
      try {
        data = stripMetadata(contentType, input.data);
      } catch (error) {
        // A photo whose structure cannot be walked is refused rather than kept with what it may carry.
        if (error instanceof UnreadableImageError) throw fieldError('file', 'UPLOAD_UNREADABLE');
        throw error;
      }
      // A quick look first, so a burst over the limit writes no files; the count that decides is
      // the one in the transaction below.
      await checkLimit(repo, input.identity, data.length);
      const key = newStorageKey();
      await storage.put(key, data, contentType);
      try {
        const row = await db.transaction(async (tx) => {
          const r = createUploadsRepo(tx);
          // One owner's uploads are counted and recorded one at a time, so parallel requests
          // cannot all see room under the limit.
          await r.lockOwner(input.identity);
          await checkLimit(r, input.identity, data.length);
          return r.insert({
            storefrontId: input.identity.storefrontId,
            userId: input.identity.kind === 'user' ? input.identity.userId : null,
            guestSessionId: input.identity.kind === 'guest' ? input.identity.sessionId : null,
            storageKey: key,
            contentType,
            sizeBytes: data.length,
            sha256: createHash('sha256').update(data).digest('hex'),
            originalName: name,
            createdAt: now(),
          });
        });
        return toUploadView(row);
      } catch (error) {
        await storage.delete(key).catch(() => {});
        throw error;
      }
    },

    /** The file and its row for its owner (or an allowed reader); anyone else gets a 404. */
    async read(id: string, identity: Identity): Promise<{ upload: UploadRow; data: Buffer }> {
      const row = await repo.byId(id);
      if (!row) throw notFound();
      const allowed = isOwner(identity, row) || (deps.canRead ? await deps.canRead(identity, row) : false);
      if (!allowed) throw notFound();
      const data = await storage.get(row.storageKey);
      if (!data) throw notFound();
      return { upload: row, data };
    },

    /** issue 17 health records: the signed-in person's own uploads, newest first (no files). */
    async ofUser(userId: string, storefrontId: string, limit = 200): Promise<UploadView[]> {
      return (await repo.ofUser(userId, storefrontId, limit)).map(toUploadView);
    },

    /** issue 15: what these uploads are (type, size), without their files, for a staff member's page. */
    async describe(ids: readonly string[]): Promise<UploadView[]> {
      const rows = await repo.byIds(ids);
      return rows.map(toUploadView);
    },

    /**
     * issue 15: the file for a staff member (the caller has checked they may see it, e.g. it belongs
     * to the order they hold), with its owner for the access log; an unknown id is a 404.
     */
    async readForStaff(id: string): Promise<{ upload: UploadView; ownerUserId: string | null; storefrontId: string; data: Buffer }> {
      const row = await repo.byId(id);
      if (!row) throw notFound();
      const data = await storage.get(row.storageKey);
      if (!data) throw notFound();
      return { upload: toUploadView(row), ownerUserId: row.userId, storefrontId: row.storefrontId, data };
    },

    /**
     * The identity's own uploads among these ids, each with the consult it is already part of
     * (the consult checks file answers with it; `lock` holds the rows until the transaction ends).
     */
    owned(identity: Identity, ids: string[], tx?: DbOrTx, lock = false): Promise<{ id: string; consultId: string | null }[]> {
      return createUploadsRepo(tx ?? db).owned(identity, ids, lock);
    },
    /** Links a frozen consult's files (its owner's, in no other consult) to it, so its reviewer can be allowed to read them. */
    attachToConsult(ids: string[], consult: ConsultOwner, tx?: DbOrTx): Promise<void> {
      return createUploadsRepo(tx ?? db).attachToConsult(ids, consult);
    },
    /** When a guest signs in or registers mid-checkout, their files become the person's. */
    adoptGuest(guestSessionId: string, userId: string, tx?: DbOrTx): Promise<void> {
      return createUploadsRepo(tx ?? db).adoptGuest(guestSessionId, userId);
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
