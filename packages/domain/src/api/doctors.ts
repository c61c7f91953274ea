// A doctor as the API serves one to patients (SPEC §7 "Doctors, doctor bio").
import { z } from 'zod';

export const doctorSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    credentials: z.string().describe('e.g. MD, DO, NP-C'),
    photoUrl: z.string().nullable(),
    specialties: z.array(z.string()),
    timeZone: z.string().describe("IANA zone of the doctor's availability"),
    averageRating: z.number().nullable().describe('1 to 5; null until rated'),
    ratingCount: z.int(),
    states: z.array(z.string()).describe('Two-letter codes of the states the doctor is licensed in'),
  })
  .meta({ id: 'DoctorSummary' });

export const doctorDetailSchema = doctorSummarySchema.extend({ bio: z.string() }).meta({ id: 'DoctorDetail' });
