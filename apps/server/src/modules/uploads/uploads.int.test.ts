// SPEC §5 "Upload: under 10MB; JPG, PNG, HEIC or PDF", §8 upload failures (too large, wrong type,
// both), issue 8 "checked by content (magic bytes), not by name ... nothing stored ... served only
// to their owner".
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES, UPLOAD_MAX_BYTES } from '@store/domain';
import { eq, sql } from 'drizzle-orm';
import exifr from 'exifr';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/app.ts';
import { heicWithLocation, jpegWithLocation, PATIENT_PHOTO, pngWithLocation, TAKEN_AT } from '../../../test/images.ts';
import { createDiskStorage } from '../../adapters/storage/disk.storage.ts';
import { uploads } from '../../db/schema/uploads.ts';
import { createUploadService } from './uploads.service.ts';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-test-'));
  ctx = await createTestApp({ dataDir });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// Real file signatures (magic bytes) followed by filler.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb004300', 'hex');
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const HEIC = Buffer.concat([Buffer.from('00000018667479706865696300000000', 'hex'), Buffer.from('mif1heic'), Buffer.alloc(64)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0'), Buffer.alloc(200)]);

function padded(head: Buffer, size: number): Buffer {
  const data = Buffer.alloc(size, 0x41);
  head.copy(data);
  return data;
}

function multipart(file: { name: string; data: Buffer; type?: string } | null, field = 'file') {
  const boundary = '----storetest' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  } else {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function guestIdentity() {
  const browser = await guest();
  const identity = (await ctx.app.services.sessions.resolve(browser.cookie('sid')!))!;
  return { browser, identity };
}

async function guest(host?: string) {
  const browser = new TestBrowser(ctx.app, host);
  await browser.post('/api/session/guest');
  return browser;
}

function upload(browser: TestBrowser, file: { name: string; data: Buffer; type?: string } | null, field?: string) {
  const body = multipart(file, field);
  return browser.request({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: body.headers });
}

async function storedCount() {
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(uploads);
  return row!.n;
}

function filesOnDisk(): string[] {
  const root = path.join(dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
}

describe('POST /api/uploads', () => {
  it.each([
    // SPEC §5 accepted types, judged by content
    ['a PNG', 'photo.png', PNG, 'image/png'],
    ['a JPG', 'photo.JPG', JPEG, 'image/jpeg'],
    ['a HEIC photo', 'IMG_0001.HEIC', HEIC, 'image/heic'],
    ['a PDF', 'lab results.pdf', PDF, 'application/pdf'],
    ['a camera capture with no extension', 'blob', JPEG, 'image/jpeg'],
  ])('accepts %s and stores it outside the web root under a random key', async (_what, name, data, type) => {
    const browser = await guest();
    const before = filesOnDisk().length;
    const res = await upload(browser, { name, data, type: 'text/plain' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ contentType: type, sizeBytes: data.length, originalName: name });
    expect(body).not.toHaveProperty('storageKey');
    const files = filesOnDisk();
    expect(files).toHaveLength(before + 1);
    // issue 8 "names never used as paths"
    expect(files.every((f) => /^[a-f0-9]{64}$/.test(f))).toBe(true);
  });

  it('keeps a file with nothing to strip exactly as sent, with its SHA-256', async () => {
    const browser = await guest();
    const res = await upload(browser, { name: 'x.png', data: PNG });
    const row = await ctx.database.db.select().from(uploads).where(sql`${uploads.id} = ${res.json().id}`);
    expect(row[0]!.sha256).toBe(createHash('sha256').update(PNG).digest('hex'));
  });

  it.each([
    // SPEC §8 "Upload: file too large" — SPEC §5 "under 10MB": 10 MB + 1 byte and exactly 10 MB are refused
    ['10 MB + 1 byte', 'big.png', padded(PNG, UPLOAD_MAX_BYTES + 1), 413, 'UPLOAD_TOO_LARGE'],
    ['exactly 10 MB', 'big.png', padded(PNG, UPLOAD_MAX_BYTES), 413, 'UPLOAD_TOO_LARGE'],
    ['15 MB (read only up to the limit)', 'big.jpg', padded(JPEG, 15 * 1024 * 1024), 413, 'UPLOAD_TOO_LARGE'],
    // SPEC §8 "wrong file type" — checked by content, not by name (issue 8)
    ['a renamed .exe', 'holiday.jpg', EXE, 415, 'UPLOAD_WRONG_TYPE'],
    ['a program with its own name', 'setup.exe', EXE, 415, 'UPLOAD_WRONG_TYPE'],
    ['a PDF with a .png name', 'scan.png', PDF, 415, 'UPLOAD_WRONG_TYPE'],
    ['a PNG with an .exe name', 'photo.exe', PNG, 415, 'UPLOAD_WRONG_TYPE'],
    ['plain text', 'notes.txt', Buffer.from('hello, doctor'), 415, 'UPLOAD_WRONG_TYPE'],
    ['an empty file', 'empty.png', Buffer.alloc(0), 415, 'UPLOAD_WRONG_TYPE'],
    // SPEC §8 "both"
    ['a renamed .exe over 10 MB', 'huge.jpg', padded(EXE, UPLOAD_MAX_BYTES + 1), 413, 'UPLOAD_TOO_LARGE_AND_WRONG_TYPE'],
  ] as const)('refuses %s with its own message and stores nothing', async (_what, name, data, status, code) => {
    const browser = await guest();
    const rowsBefore = await storedCount();
    const filesBefore = filesOnDisk().length;
    const res = await upload(browser, { name, data, type: 'image/png' });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code, detail: MESSAGES[code], errors: [{ field: 'file', message: MESSAGES[code] }] });
    expect(await storedCount()).toBe(rowsBefore);
    expect(filesOnDisk()).toHaveLength(filesBefore);
  });

  it('gives three different messages for too large, wrong type and both (SPEC §8)', () => {
    const messages = new Set([MESSAGES.UPLOAD_TOO_LARGE, MESSAGES.UPLOAD_WRONG_TYPE, MESSAGES.UPLOAD_TOO_LARGE_AND_WRONG_TYPE]);
    expect(messages.size).toBe(3);
  });

  it('asks for a file when none is sent', async () => {
    const browser = await guest();
    const res = await upload(browser, null);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UPLOAD_NO_FILE', detail: MESSAGES.UPLOAD_NO_FILE });
    const json = await browser.post('/api/uploads', { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('UPLOAD_NO_FILE');
  });

  it('needs a session (a guest session is enough)', async () => {
    const anonymous = new TestBrowser(ctx.app);
    const res = await upload(anonymous, { name: 'a.png', data: PNG });
    expect(res.statusCode).toBe(401);
  });
});

describe('photos are stored without their location (issue 13 #7)', () => {
  const everything = { translateValues: false, tiff: true, exif: true, gps: true, xmp: true, icc: false, iptc: true, jfif: false, ihdr: false, mergeOutput: false };

  async function storedRow(id: string) {
    const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.id, id));
    return row!;
  }

  it.each([
    ['a JPEG', 'IMG_0412.jpg', () => jpegWithLocation()],
    ['a PNG', 'screenshot.png', () => pngWithLocation().png],
    ['a HEIC photo', 'IMG_0413.HEIC', () => heicWithLocation().heic],
  ])('%s: no GPS in the stored copy; its size and SHA-256 are the stored file’s', async (_what, name, make) => {
    const photo = make();
    expect(await exifr.gps(photo)).toMatchObject({ latitude: expect.closeTo(TAKEN_AT.latitude, 4) });
    const browser = await guest();
    const res = await upload(browser, { name, data: photo });
    expect(res.statusCode).toBe(201);
    const stored = (await browser.get(`/api/uploads/${res.json().id}`)).rawPayload;
    expect(await exifr.gps(stored)).toBeUndefined();
    expect(stored.includes('GPSLatitude')).toBe(false);
    const row = await storedRow(res.json().id);
    expect(row.sizeBytes).toBe(stored.length);
    expect(res.json().sizeBytes).toBe(stored.length);
    expect(row.sha256).toBe(createHash('sha256').update(stored).digest('hex'));
    // What is on disk is the stripped file too.
    expect(fs.readFileSync(path.join(dataDir, 'uploads', row.storageKey)).equals(stored)).toBe(true);
  });

  it('a JPEG keeps its orientation and decodes to the same picture', async () => {
    const browser = await guest();
    const res = await upload(browser, { name: 'rash.jpg', data: jpegWithLocation() });
    const stored = (await browser.get(`/api/uploads/${res.json().id}`)).rawPayload;
    expect(await exifr.parse(stored, everything)).toEqual({ ifd0: { Orientation: 6 } });
    const before = jpeg.decode(PATIENT_PHOTO, { useTArray: true });
    const after = jpeg.decode(stored, { useTArray: true });
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    expect(Buffer.from(after.data).equals(Buffer.from(before.data))).toBe(true);
  });

  it('refuses a photo whose structure cannot be read rather than keep what it may carry', async () => {
    const browser = await guest();
    const rowsBefore = await storedCount();
    const broken = Buffer.from('ffd8ffe000104a46494600010100000100010000ff00', 'hex'); // no marker after JFIF
    const res = await upload(browser, { name: 'broken.jpg', data: broken });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UPLOAD_UNREADABLE', errors: [{ field: 'file', message: MESSAGES.UPLOAD_UNREADABLE }] });
    expect(await storedCount()).toBe(rowsBefore);
  });
});

describe('upload limits (issue 13 #7: 60 × 1 MiB from one guest in a burst were all kept)', () => {
  it('keeps at most 20 files per guest session per hour, even from a burst of parallel uploads', async () => {
    const browser = await guest();
    const rowsBefore = await storedCount();
    const filesBefore = filesOnDisk().length;
    const results = await Promise.all(Array.from({ length: 26 }, (_, i) => upload(browser, { name: `p${i}.png`, data: padded(PNG, 4096) })));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({
      code: 'UPLOAD_LIMIT_REACHED',
      detail: MESSAGES.UPLOAD_LIMIT_REACHED,
      errors: [{ field: 'file', message: MESSAGES.UPLOAD_LIMIT_REACHED }],
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await storedCount()).toBe(rowsBefore + 20);
    expect(filesOnDisk()).toHaveLength(filesBefore + 20); // refused files leave nothing behind

    // Another guest is not held back by this one.
    expect((await upload(await guest(), { name: 'a.png', data: PNG })).statusCode).toBe(201);
    // An hour later the same guest may upload again.
    ctx.clock.advance(60 * 60 * 1000 + 1000);
    expect((await upload(browser, { name: 'later.png', data: PNG })).statusCode).toBe(201);
  });

  it('keeps at most UPLOADS_PER_IP_PER_HOUR (100) files per IP address, however many fresh guest sessions send them', async () => {
    // issue 13 #7 review: a new guest session per 20 files got round the per-session limit.
    const fromIp = (browser: TestBrowser, remoteAddress: string, name: string) => {
      const body = multipart({ name, data: PNG });
      return browser.request({ method: 'POST', url: '/api/uploads', payload: body.payload, headers: body.headers, remoteAddress });
    };
    const rowsBefore = await storedCount();
    for (let session = 0; session < 5; session++) {
      const browser = await guest();
      const sent = await Promise.all(Array.from({ length: 20 }, (_, i) => fromIp(browser, '203.0.113.7', `s${session}-${i}.png`)));
      expect(sent.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    }
    const refused = await fromIp(await guest(), '203.0.113.7', 'one-more.png');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'UPLOAD_LIMIT_REACHED', errors: [{ field: 'file', message: MESSAGES.UPLOAD_LIMIT_REACHED }] });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedCount()).toBe(rowsBefore + 100);
    // Another address is not held back; an hour later this one may upload again.
    expect((await fromIp(await guest(), '203.0.113.8', 'other.png')).statusCode).toBe(201);
    ctx.clock.advance(60 * 60 * 1000 + 1000);
    expect((await fromIp(await guest(), '203.0.113.7', 'later.png')).statusCode).toBe(201);
  });

  it('keeps at most the hour’s bytes per owner (UPLOAD_BYTES_PER_HOUR)', async () => {
    const { identity } = await guestIdentity();
    const service = createUploadService({
      db: ctx.database.db,
      storage: createDiskStorage(path.join(dataDir, 'uploads')),
      now: () => ctx.clock.now,
      limits: { filesPerHour: 100, bytesPerHour: 10_000 },
    });
    const file = (n: number) => ({ identity, originalName: 'a.png', data: padded(PNG, n), truncated: false });
    await service.store(file(6000));
    await service.store(file(4000)); // exactly at the limit
    await expect(service.store(file(100))).rejects.toMatchObject({ status: 429, code: 'UPLOAD_LIMIT_REACHED' });
  });
});

describe('a malformed multipart body', () => {
  // issue 13 #6: a malformed multipart body on uploads answered 500; it is the sender's mistake (400),
  // said plainly, and nothing is stored.
  const boundary = '----storetestmalformed';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  it.each([
    ['no boundary in its content type', 'UPLOAD_UNREADABLE', 'multipart/form-data', Buffer.concat([Buffer.from(head), PNG])],
    ['a file cut off before the closing boundary', 'UPLOAD_UNREADABLE', `multipart/form-data; boundary=${boundary}`, Buffer.concat([Buffer.from(head), PNG])],
    ['a whole file part, then no closing boundary', 'UPLOAD_UNREADABLE', `multipart/form-data; boundary=${boundary}`, Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${boundary}\r\nContent-Disp`)])],
    ['a body that never reaches a boundary', 'UPLOAD_UNREADABLE', `multipart/form-data; boundary=${boundary}`, Buffer.from('this is not a form at all')],
    // Parts the parser cannot name are skipped: no file was sent.
    ['a part header without a colon', 'UPLOAD_NO_FILE', `multipart/form-data; boundary=${boundary}`, Buffer.from(`--${boundary}\r\nthis is not a header\r\n\r\nx\r\n--${boundary}--\r\n`)],
    ['a part with no headers at all', 'UPLOAD_NO_FILE', `multipart/form-data; boundary=${boundary}`, Buffer.from(`--${boundary}\r\n\r\nx\r\n--${boundary}--\r\n`)],
    ['an empty body', 'UPLOAD_NO_FILE', `multipart/form-data; boundary=${boundary}`, Buffer.alloc(0)],
    ['a boundary over 70 characters', 'UPLOAD_UNREADABLE', `multipart/form-data; boundary=${'x'.repeat(200)}`, Buffer.from(`--${'x'.repeat(200)}\r\n\r\n`)],
  ] as const)('answers 400 with a clear message for %s and stores nothing', async (_what, code, contentType, payload) => {
    const browser = await guest();
    const rowsBefore = await storedCount();
    const filesBefore = filesOnDisk().length;
    const res = await browser.request({ method: 'POST', url: '/api/uploads', payload, headers: { 'content-type': contentType } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code, detail: MESSAGES[code], errors: [{ field: 'file', message: MESSAGES[code] }] });
    expect(await storedCount()).toBe(rowsBefore);
    expect(filesOnDisk()).toHaveLength(filesBefore);
  });
});

describe('GET /api/uploads/:id', () => {
  it('serves an image to its owner with the detected type, inline, nosniff', async () => {
    const browser = await guest();
    const { id } = (await upload(browser, { name: 'rash.png', data: PNG, type: 'text/html' })).json();
    const res = await browser.get(`/api/uploads/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="rash.png"/);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('serves a PDF as an attachment', async () => {
    const browser = await guest();
    const { id } = (await upload(browser, { name: 'labs résumé.pdf', data: PDF })).json();
    const res = await browser.get(`/api/uploads/${id}`);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="labs r_sum_.pdf"; filename*=UTF-8''${encodeURIComponent('labs résumé.pdf')}`,
    );
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it('is a 404 for another guest, another brand and a made-up id (DATA-MODEL.md: never 403)', async () => {
    const owner = await guest();
    const { id } = (await upload(owner, { name: 'a.png', data: PNG })).json();
    const other = await guest();
    expect((await other.get(`/api/uploads/${id}`)).statusCode).toBe(404);
    const lumen = await guest('lumen.localhost:3000');
    expect((await lumen.get(`/api/uploads/${id}`)).statusCode).toBe(404);
    expect((await owner.get('/api/uploads/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await owner.get('/api/uploads/../../etc/passwd')).statusCode).toBe(404);
    expect((await new TestBrowser(ctx.app).get(`/api/uploads/${id}`)).statusCode).toBe(401);
  });

  it('moves a guest’s files to the person who signs in (adoptGuest)', async () => {
    const browser = await guest();
    const { id } = (await upload(browser, { name: 'a.png', data: PNG })).json();
    const token = browser.cookie('sid')!;
    const identity = (await ctx.app.services.sessions.resolve(token))!;
    const [user] = await ctx.database.db.execute<{ id: string }>(
      sql`select id from users where storefront_id = ${identity.storefrontId} limit 1`,
    ).then((r) => (Array.isArray(r) ? r : (r as { rows: { id: string }[] }).rows));
    await ctx.app.services.uploads.adoptGuest(identity.sessionId, user!.id);
    // The guest session no longer reads it; the person does.
    expect((await browser.get(`/api/uploads/${id}`)).statusCode).toBe(404);
    const read = await ctx.app.services.uploads.read(id, { kind: 'user', userId: user!.id, sessionId: 'x', storefrontId: identity.storefrontId, role: 'patient' });
    expect(read.data.equals(PNG)).toBe(true);
  });
});
