// "Who looked at my records" as the API serves it (issue 17): each read of the signed-in patient's
// health data by a staff member, newest first, in words a patient reads (GET /api/account/access-log).
import { z } from 'zod';

export const ACCESS_LOG_PAGE_SIZE = 20;

export const accessLogEntrySchema = z
  .object({
    id: z.int(),
    /** The staff member's display name, e.g. "Dr. Amara Okafor, MD". */
    who: z.string(),
    role: z.enum(['doctor', 'pharmacist', 'admin', 'staff']),
    /** When (ISO); the page shows it in the patient's time zone. */
    at: z.string(),
    /** The storefront the read was made for; null when the entry names none. */
    storefront: z.string().nullable(),
    /** What was read, in words: "Your consult answers", "An uploaded photo: rash.jpg", … */
    what: z.string(),
    /** Why, in words: "Reviewing your order #A1B2C3D4", "Filling your prescription", … */
    why: z.string(),
  })
  .meta({ id: 'AccessLogEntry' });
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogPageSchema = z
  .object({
    items: z.array(accessLogEntrySchema),
    total: z.int(),
    page: z.int(),
    pageSize: z.int(),
  })
  .meta({ id: 'AccessLogPage' });
export type AccessLogPage = z.infer<typeof accessLogPageSchema>;

export const accessLogQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
