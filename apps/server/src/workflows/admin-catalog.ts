// issue 18, the operator's console: catalog and formulary of one storefront. A product's change
// spans modules (the catalog's product, the shipping module's methods it may use, the consult
// module's questionnaire it points at, the audit log), so it is a workflow (decision 006): ids in
// the body are checked against the storefront's own (unknown or another storefront's: 400 beside
// the field, the same answer for both), then the change and its audit event with before and after
// are written in one transaction, and the catalogue cache is dropped once it committed.
// The formulary (prescriptions module) and the answers flagged for the doctor (reviews module, on
// the product's questionnaire's current version) go through their modules' services the same way.
//
// Price changes: a product's new price applies to every item put in a cart from then on; an item
// already in a draft keeps the unit price it was added at (the cart module snapshots prices when
// an item is added and never re-reads them), and a placed order keeps its order_items snapshot.
import {
  changedFields,
  MESSAGES,
  type AdminCatalogOptions,
  type AdminFlaggedAnswers,
  type AdminProduct,
  type AdminProductView,
  type FlaggedAnswerInput,
  type Question,
} from '@store/domain';
import type { Db } from '../db/client.ts';
import { AppError, notFound, type FieldProblem } from '../lib/problem.ts';
import type { AdminActor } from '../modules/admin/admin-access.ts';
import type { AuditService } from '../modules/audit/audit.service.ts';
import type { CatalogService } from '../modules/catalog/catalog.service.ts';
import type { ConsultService } from '../modules/consults/consults.service.ts';
import type { PrescriptionService } from '../modules/prescriptions/prescriptions.service.ts';
import type { ReviewService } from '../modules/reviews/reviews.service.ts';
import type { ShippingService } from '../modules/shipping/shipping.service.ts';

export const NOT_OUR_QUESTIONNAIRE = "Choose one of this storefront's questionnaires.";
export const NOT_OUR_METHOD = "Choose this storefront's shipping methods only.";
export const NO_QUESTIONNAIRE = 'This product has no published questionnaire to flag answers on.';
export const UNKNOWN_QUESTION = 'Choose a question of this questionnaire.';
export const UNKNOWN_ANSWER = 'Choose answers this question offers.';
export const FREE_ANSWER = 'This question has no answers to choose: leave them empty to flag any answer.';

type FormularyValues = { medication: string; strength: string; form: string; quantity: number; daysSupply: number; maxRefills: number; directionsTemplate: string };

function invalid(errors: FieldProblem[]): AppError {
  return new AppError(400, 'VALIDATION_FAILED', MESSAGES.VALIDATION_FAILED, { errors });
}

/** The answers one can flag on a question: its options; null for free answers. */
function optionsOf(question: Question): { value: string; label: string }[] | null {
  if (question.type === 'single_choice' || question.type === 'multiple_choice') return question.options.map((o) => ({ value: o.value, label: o.label }));
  if (question.type === 'yes_no') return [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }];
  return null;
}

export function createAdminCatalog(deps: {
  db: Db;
  now: () => Date;
  catalog: Pick<CatalogService, 'admin' | 'invalidate'>;
  shipping: Pick<ShippingService, 'methods'>;
  consults: Pick<ConsultService, 'questionnaireChoices' | 'getQuestionnaire'>;
  prescriptions: Pick<PrescriptionService, 'formularyAdmin'>;
  reviews: Pick<ReviewService, 'flagsAdmin'>;
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, now, catalog, shipping, consults, prescriptions, reviews, audit } = deps;

  const auditOf = (admin: AdminActor, storefrontId: string) => ({ ...admin.audit, storefrontId });

  /** The product of this storefront, or 404. */
  async function product(storefrontId: string, productId: string): Promise<AdminProductView> {
    const found = await catalog.admin.get(storefrontId, productId);
    if (!found) throw notFound();
    return found;
  }

  /** Ids in the body must be this storefront's: its questionnaires and its shipping methods. */
  async function assertOwnIds(storefrontId: string, input: AdminProduct): Promise<void> {
    const errors: FieldProblem[] = [];
    if (input.questionnaireRef) {
      const slugs = new Set((await consults.questionnaireChoices(storefrontId)).map((q) => q.slug));
      if (!slugs.has(input.questionnaireRef)) errors.push({ field: 'questionnaireRef', message: NOT_OUR_QUESTIONNAIRE });
    }
    if (input.shippingMethodIds.length > 0) {
      const ours = new Set((await shipping.methods(storefrontId)).map((m) => m.id));
      if (input.shippingMethodIds.some((id) => !ours.has(id))) errors.push({ field: 'shippingMethodIds', message: NOT_OUR_METHOD });
    }
    if (errors.length > 0) throw invalid(errors);
  }

  /** The product's questionnaire's current (published) version with its questions, or null. */
  async function questionnaireOf(storefrontId: string, p: AdminProductView) {
    if (!p.questionnaireRef) return null;
    const q = await consults.getQuestionnaire(storefrontId, p.questionnaireRef).catch(() => null);
    if (!q) return null;
    const questions = q.version.definition.pages.flatMap((page) => page.questions);
    return { slug: q.slug, title: q.title, versionId: q.version.id, version: q.version.version, questions };
  }

  return {
    async options(storefrontId: string): Promise<AdminCatalogOptions> {
      const [questionnaires, methods] = await Promise.all([consults.questionnaireChoices(storefrontId), shipping.methods(storefrontId)]);
      return {
        questionnaires,
        shippingMethods: methods.map((m) => ({ id: m.id, label: `${m.carrier} ${m.name}` })),
      };
    },

    product,

    async create(admin: AdminActor, storefrontId: string, input: AdminProduct): Promise<AdminProductView> {
      await assertOwnIds(storefrontId, input);
      const saved = await db.transaction(async (tx) => {
        const result = (await catalog.admin.save(tx, storefrontId, null, input, now()))!;
        await audit.record(
          { ...auditOf(admin, storefrontId), action: 'catalog.product_created', subject: { type: 'product', id: result.after.id }, change: changedFields(null, result.after) },
          tx,
        );
        return result.after;
      });
      catalog.invalidate();
      return saved;
    },

    async update(admin: AdminActor, storefrontId: string, productId: string, input: AdminProduct): Promise<AdminProductView> {
      await product(storefrontId, productId);
      await assertOwnIds(storefrontId, input);
      const saved = await db.transaction(async (tx) => {
        const result = await catalog.admin.save(tx, storefrontId, productId, input, now());
        if (!result) throw notFound();
        const change = changedFields(result.before, result.after);
        delete change.before?.updatedAt;
        delete change.after?.updatedAt;
        await audit.record({ ...auditOf(admin, storefrontId), action: 'catalog.product_updated', subject: { type: 'product', id: productId }, change }, tx);
        return result.after;
      });
      catalog.invalidate();
      return saved;
    },

    async setActive(admin: AdminActor, storefrontId: string, productId: string, active: boolean): Promise<AdminProductView> {
      const saved = await db.transaction(async (tx) => {
        const result = await catalog.admin.setActive(tx, storefrontId, productId, active, now());
        if (!result) throw notFound();
        await audit.record(
          {
            ...auditOf(admin, storefrontId),
            action: active ? 'catalog.product_activated' : 'catalog.product_deactivated',
            subject: { type: 'product', id: productId },
            change: { before: { active: result.before.active }, after: { active: result.after.active } },
          },
          tx,
        );
        return result.after;
      });
      catalog.invalidate();
      return saved;
    },

    // ---- Formulary ----

    async formulary(storefrontId: string, productId: string) {
      await product(storefrontId, productId);
      return prescriptions.formularyAdmin.list(productId);
    },

    async addFormulary(admin: AdminActor, storefrontId: string, productId: string, input: FormularyValues) {
      await product(storefrontId, productId);
      return db.transaction(async (tx) => {
        const row = await prescriptions.formularyAdmin.add(tx, productId, input);
        await audit.record(
          { ...auditOf(admin, storefrontId), action: 'catalog.formulary_added', subject: { type: 'product', id: productId }, details: { formularyId: row.id }, change: changedFields(null, row) },
          tx,
        );
        return row;
      });
    },

    async updateFormulary(admin: AdminActor, storefrontId: string, productId: string, formularyId: string, input: FormularyValues) {
      await product(storefrontId, productId);
      return db.transaction(async (tx) => {
        const result = await prescriptions.formularyAdmin.update(tx, productId, formularyId, input);
        if (!result) throw notFound();
        await audit.record(
          {
            ...auditOf(admin, storefrontId),
            action: 'catalog.formulary_updated',
            subject: { type: 'product', id: productId },
            details: { formularyId },
            change: changedFields(result.before, result.after),
          },
          tx,
        );
        return result.after;
      });
    },

    async removeFormulary(admin: AdminActor, storefrontId: string, productId: string, formularyId: string): Promise<void> {
      await product(storefrontId, productId);
      await db.transaction(async (tx) => {
        const before = await prescriptions.formularyAdmin.remove(tx, productId, formularyId);
        if (!before) throw notFound();
        await audit.record(
          { ...auditOf(admin, storefrontId), action: 'catalog.formulary_removed', subject: { type: 'product', id: productId }, details: { formularyId }, change: changedFields(before, null) },
          tx,
        );
      });
    },

    // ---- Answers flagged for the doctor ----

    async flags(storefrontId: string, productId: string): Promise<AdminFlaggedAnswers> {
      const q = await questionnaireOf(storefrontId, await product(storefrontId, productId));
      if (!q) return { questionnaire: null, flags: [] };
      return {
        questionnaire: {
          slug: q.slug,
          title: q.title,
          versionId: q.versionId,
          version: q.version,
          questions: q.questions.map((question) => ({ id: question.id, label: question.label, options: optionsOf(question) })),
        },
        flags: await reviews.flagsAdmin.list(q.versionId),
      };
    },

    async addFlag(admin: AdminActor, storefrontId: string, productId: string, input: Required<FlaggedAnswerInput>) {
      const q = await questionnaireOf(storefrontId, await product(storefrontId, productId));
      if (!q) throw new AppError(409, 'NO_QUESTIONNAIRE', NO_QUESTIONNAIRE);
      const question = q.questions.find((x) => x.id === input.questionId);
      if (!question) throw invalid([{ field: 'questionId', message: UNKNOWN_QUESTION }]);
      const options = optionsOf(question);
      if (options === null && input.answers.length > 0) throw invalid([{ field: 'answers', message: FREE_ANSWER }]);
      if (options && input.answers.some((a) => !options.some((o) => o.value === a))) throw invalid([{ field: 'answers', message: UNKNOWN_ANSWER }]);
      return db.transaction(async (tx) => {
        const flag = await reviews.flagsAdmin.add(tx, q.versionId, input);
        await audit.record(
          {
            ...auditOf(admin, storefrontId),
            action: 'catalog.flag_added',
            subject: { type: 'product', id: productId },
            details: { questionnaireVersionId: q.versionId, flagId: flag.id },
            change: changedFields(null, flag),
          },
          tx,
        );
        return flag;
      });
    },

    async removeFlag(admin: AdminActor, storefrontId: string, productId: string, flagId: string): Promise<void> {
      const q = await questionnaireOf(storefrontId, await product(storefrontId, productId));
      if (!q) throw notFound();
      await db.transaction(async (tx) => {
        const before = await reviews.flagsAdmin.remove(tx, q.versionId, flagId);
        if (!before) throw notFound();
        await audit.record(
          {
            ...auditOf(admin, storefrontId),
            action: 'catalog.flag_removed',
            subject: { type: 'product', id: productId },
            details: { questionnaireVersionId: q.versionId, flagId },
            change: changedFields(before, null),
          },
          tx,
        );
      });
    },
  };
}
export type AdminCatalog = ReturnType<typeof createAdminCatalog>;
