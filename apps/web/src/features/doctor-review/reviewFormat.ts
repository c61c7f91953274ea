// How the doctor's pages write times and paths (issue 15).

/** The review page of an order in the /doctor area (the lead registers the route). */
export const doctorOrderPath = (orderId: string) => `/doctor/orders/${orderId}`;
export const DOCTOR_QUEUE_PATH = '/doctor';
/** A visit's page in the /doctor area (issue 16: join the call, phone the patient, the note). */
export const doctorVisitPath = (appointmentId: string) => `/doctor/visits/${appointmentId}`;

/** "Nov 26, 3:05 PM" (or "3:05 PM"), in a time zone when given (the doctor's own otherwise). */
export function formatWhen(iso: string, timeZone?: string, opts: { timeOnly?: boolean } = {}): string {
  const format = new Intl.DateTimeFormat('en-US', {
    ...(opts.timeOnly ? {} : { month: 'short', day: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  });
  return format.format(new Date(iso));
}

/** How long since: "3 h", "2 d 4 h", "12 min". */
export function formatWaiting(sinceIso: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(sinceIso).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** "1.2 MB", "340 KB". */
export function formatSize(bytes: number): string {
  return bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

interface ListAnswer {
  none?: boolean;
  items?: (string | { name: string })[];
}

/** An answer in words, whatever its question's type. */
export function answerText(type: string, answer: unknown): string {
  if (answer === null || answer === undefined || answer === '') return '—';
  switch (type) {
    case 'height_weight': {
      const hw = answer as { heightInches: number; weightPounds: number };
      return `${Math.floor(hw.heightInches / 12)} ft ${hw.heightInches % 12} in, ${hw.weightPounds} lb`;
    }
    case 'medications':
    case 'allergies': {
      const list = answer as ListAnswer;
      if (list.none || !list.items?.length) return 'None';
      return list.items.map((i) => (typeof i === 'string' ? i : i.name)).join(', ');
    }
    case 'file_upload':
      return Array.isArray(answer) ? `${answer.length} file${answer.length === 1 ? '' : 's'} (below)` : '—';
    case 'consent':
      return answer === true ? 'Agreed' : 'Not agreed';
    case 'yes_no':
      return answer === 'yes' ? 'Yes' : 'No';
    default:
      return Array.isArray(answer) ? answer.join(', ') : String(answer);
  }
}
