// Demo consult data (issue 8): the medication reference list, and the demo questionnaires on each
// storefront under the slugs the store seed puts in products.questionnaire_ref.
import { questionnaireDefinitionSchema } from '@store/domain';
import { syncMedicationList } from '../../modules/consults/medications.service.ts';
import type { Db } from '../client.ts';
import { questionnaires, questionnaireVersions } from '../schema/consults.ts';
import { DEMO_QUESTIONNAIRES } from './questionnaires.ts';
import { EVERGREEN_ID, LUMEN_ID } from './storefronts.ts';

export async function seedConsults(db: Db): Promise<void> {
  await syncMedicationList(db);
  const at = new Date();
  for (const storefrontId of [EVERGREEN_ID, LUMEN_ID]) {
    for (const demo of DEMO_QUESTIONNAIRES) {
      const [questionnaire] = await db
        .insert(questionnaires)
        .values({ storefrontId, slug: demo.slug, title: demo.title, createdAt: at, updatedAt: at })
        .returning({ id: questionnaires.id });
      await db.insert(questionnaireVersions).values({
        questionnaireId: questionnaire!.id,
        version: 1,
        // Parsed like every stored definition, so a mistake here fails the seed, not a patient.
        definition: questionnaireDefinitionSchema.parse(demo.definition),
        publishedAt: at,
        createdAt: at,
      });
    }
  }
}
