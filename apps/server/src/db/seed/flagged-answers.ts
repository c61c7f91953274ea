// Demo flagged answers (issue 15): answers of the demo questionnaires an operator marked for the
// reviewing doctor's attention, with why. Not disqualifying (those never reach a doctor), but worth
// a second look before prescribing.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { questionnaires, questionnaireVersions } from '../schema/consults.ts';
import { flaggedAnswers } from '../schema/reviews.ts';

/** By questionnaire slug: the question, the answers that are flagged (empty: any answer), and the note. */
export const DEMO_FLAGS: Record<string, { questionId: string; answers: string[]; note: string }[]> = {
  'weight-care-intake': [
    { questionId: 'history', answers: ['gallbladder'], note: 'GLP-1 medicines raise the risk of gallbladder problems.' },
    { questionId: 'history', answers: ['heart_disease'], note: 'Cardiac history: check the current cardiologist’s plan.' },
    { questionId: 'history', answers: ['depression'], note: 'Watch mood with weight care medicines; ask about current treatment.' },
    { questionId: 'glp1_now', answers: ['yes'], note: 'Already on a GLP-1: check the dose before choosing a starting dose.' },
  ],
  'ed-intake': [{ questionId: 'blood_pressure', answers: ['treated', 'unknown'], note: 'Check blood pressure medicines for interactions.' }],
  'hair-loss-intake': [{ questionId: 'trying_to_conceive', answers: ['yes'], note: 'Finasteride and conception: counsel the patient.' }],
  'skin-intake': [{ questionId: 'isotretinoin_now', answers: ['yes'], note: 'On isotretinoin: avoid adding topical retinoids.' }],
};

export async function seedFlaggedAnswers(db: Db): Promise<void> {
  const versions = await db
    .select({ versionId: questionnaireVersions.id, slug: questionnaires.slug })
    .from(questionnaireVersions)
    .innerJoin(questionnaires, eq(questionnaires.id, questionnaireVersions.questionnaireId))
    .where(inArray(questionnaires.slug, Object.keys(DEMO_FLAGS)));
  const rows = versions.flatMap((v) => (DEMO_FLAGS[v.slug] ?? []).map((f) => ({ questionnaireVersionId: v.versionId, ...f })));
  if (rows.length > 0) await db.insert(flaggedAnswers).values(rows);
}
