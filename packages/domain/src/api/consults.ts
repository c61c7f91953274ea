// A questionnaire and a patient's consult as the API serves them.
import { z } from 'zod';

/** The definition is validated by the domain schema when stored; here it is passed through as JSON. */
const definitionJson = z.record(z.string(), z.unknown());

const versionResponse = z.object({
  id: z.uuid(),
  version: z.number().int(),
  publishedAt: z.string().nullable(),
  definition: definitionJson,
});

export const questionnaireResponse = z
  .object({ id: z.uuid(), slug: z.string(), title: z.string(), version: versionResponse })
  .meta({ id: 'Questionnaire' });

export const disqualifiedResponse = z.object({ questionId: z.string(), reason: z.string() }).nullable();

export const consultResponse = z
  .object({
    id: z.uuid(),
    orderItemId: z.uuid(),
    status: z.enum(['in_progress', 'submitted', 'disqualified']),
    questionnaire: questionnaireResponse,
    answers: z.record(z.string(), z.unknown()),
    currentPage: z.number().int(),
    submittedAt: z.string().nullable(),
    disqualified: disqualifiedResponse,
    /** issue 17: a renewal consult, prefilled from the previous one. */
    renewal: z.object({ prescriptionId: z.string() }).nullable().optional(),
  })
  .meta({ id: 'Consult' });
