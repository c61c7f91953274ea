// "Who looked at my records" (issue 17): the signed-in patient's access-log entries in words. The
// log keeps ids and codes (actor user, what, record, reason); naming them needs the doctors and
// auth services (who), the storefronts (where) and the uploads (a file's name), so the read spans
// modules and lives here. It only reads: nothing here writes, and the patient reading their own
// log is not itself logged.
import { orderNumberOf, type AccessLogEntry, type AccessLogPage } from '@store/domain';
import type { AccessLogEntryRow, AccessLogService } from '../modules/access-log/access-log.service.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { DoctorService } from '../modules/doctors/doctors.service.ts';
import type { UploadService } from '../modules/uploads/uploads.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ROLES: readonly AccessLogEntry['role'][] = ['doctor', 'pharmacist', 'admin'];

/** What was read, in words; an upload names its file ("An uploaded photo: rash.jpg"). */
export function whatInWords(what: string, upload?: { contentType: string; originalName: string } | null): string {
  switch (what) {
    case 'review':
      return 'Your consult answers and order details';
    case 'consult_answers':
      return 'Your consult answers';
    case 'info_answers':
      return 'Your answers to the doctor’s questions';
    case 'upload':
      if (!upload) return 'An uploaded file';
      return `${upload.contentType.startsWith('image/') ? 'An uploaded photo' : 'An uploaded file'}: ${upload.originalName}`;
    case 'prescription':
      return 'Your prescription';
    case 'lab_result':
    case 'lab_results':
    case 'labs':
      return 'Lab results';
    case 'lab_requisition':
      return 'Your lab requisition';
    case 'lab_order':
      return 'Your lab order';
    case 'document':
      return 'One of your documents';
    case 'visit':
      return 'Your visit details';
    case 'phone_order_request':
      return 'Your phone-order request';
    default:
      return 'Your health records';
  }
}

/** Why it was read, in words: the reason code the reader's route wrote ("review_claim:<order id>"). */
export function whyInWords(reason: string): string {
  const colon = reason.indexOf(':');
  const kind = colon === -1 ? reason : reason.slice(0, colon);
  const ref = colon === -1 ? '' : reason.slice(colon + 1);
  const order = ref ? ` #${orderNumberOf(ref)}` : '';
  switch (kind) {
    case 'review_claim':
      return `Reviewing your order${order}`;
    case 'pharmacy_fill':
      return ref ? `Filling your prescription (order${order})` : 'Filling your prescription';
    case 'lab_result_upload':
    case 'lab_results':
      return ref ? `Adding your lab results (order${order})` : 'Adding your lab results';
    case 'support_ticket':
      return ref ? `Answering your support request #${ref}` : 'Answering your support request';
    case 'support':
      return ref ? `Customer support: ${ref}` : 'Customer support';
    case 'phone_order':
      return 'Calling you back about your phone-order request';
    default:
      return 'Caring for you';
  }
}

export function createAccessLogView(deps: {
  accessLog: Pick<AccessLogService, 'pageForPatient'>;
  doctors: Pick<DoctorService, 'staffProfile'>;
  auth: Pick<AuthService, 'patientDetails'>;
  storefronts: { getById(id: string): Promise<{ name: string }> };
  uploads: Pick<UploadService, 'describe'>;
}) {
  const { accessLog, doctors, auth, storefronts, uploads } = deps;

  /** "Dr. Amara Okafor, MD" for a doctor; a pharmacist's or admin's own name; never an id. */
  async function nameOf(userId: string, role: string): Promise<string> {
    if (role === 'doctor') {
      const doctor = await doctors.staffProfile(userId);
      if (doctor) return doctor.credentials ? `${doctor.name}, ${doctor.credentials}` : doctor.name;
    }
    const person = await auth.patientDetails(userId);
    if (person?.name) return person.name;
    return role === 'pharmacist' ? 'A pharmacist' : role === 'doctor' ? 'A doctor' : 'A member of staff';
  }

  async function storefrontName(id: string | null): Promise<string | null> {
    if (!id) return null;
    try {
      return (await storefronts.getById(id)).name;
    } catch {
      return null;
    }
  }

  return {
    /** GET /api/account/access-log: one page of the patient's entries, newest first. */
    async page(patientId: string, page: number, pageSize: number): Promise<AccessLogPage> {
      const { entries, total } = await accessLog.pageForPatient(patientId, page, pageSize);
      // One look-up per distinct person, storefront and file on the page.
      const names = new Map<string, Promise<string>>();
      const stores = new Map<string | null, Promise<string | null>>();
      for (const e of entries) {
        const key = `${e.actorRole}:${e.actorUserId}`;
        if (!names.has(key)) names.set(key, nameOf(e.actorUserId, e.actorRole));
        if (!stores.has(e.storefrontId)) stores.set(e.storefrontId, storefrontName(e.storefrontId));
      }
      const uploadIds = [...new Set(entries.filter((e) => e.what === 'upload' && UUID.test(e.recordId)).map((e) => e.recordId))];
      const files = new Map((uploadIds.length > 0 ? await uploads.describe(uploadIds) : []).map((u) => [u.id, u]));
      const items = await Promise.all(
        entries.map(async (e: AccessLogEntryRow): Promise<AccessLogEntry> => ({
          id: e.id,
          who: await names.get(`${e.actorRole}:${e.actorUserId}`)!,
          role: (ROLES as readonly string[]).includes(e.actorRole) ? (e.actorRole as AccessLogEntry['role']) : 'staff',
          at: e.at,
          storefront: await stores.get(e.storefrontId)!,
          what: whatInWords(e.what, e.what === 'upload' ? files.get(e.recordId) : null),
          why: whyInWords(e.reason),
        })),
      );
      return { items, total, page, pageSize };
    },
  };
}
export type AccessLogView = ReturnType<typeof createAccessLogView>;
