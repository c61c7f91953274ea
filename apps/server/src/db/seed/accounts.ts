// Demo accounts (issue 4): a patient on each storefront, a doctor and an admin (their consoles
// come later), and one e-prescribing (ECP) link. Demo data only: the passwords are printed at start.
// Issue 15: the demo doctor is the seeded Dr. Daniel Kim (doctors.user_id), and the demo
// pharmacist works at Evergreen's partner pharmacy (pharmacy_staff).
import { and, asc, desc, eq } from 'drizzle-orm';
import { hashPassword } from '../../modules/auth/passwords.ts';
import type { Db } from '../client.ts';
import { ecpInvitations, users } from '../schema/auth.ts';
import { products } from '../schema/catalog.ts';
import { doctors } from '../schema/doctors.ts';
import { pharmacyStaff } from '../schema/fulfilment.ts';
import { pharmacies } from '../schema/pharmacies.ts';
import { DEMO_ACCOUNTS, DEMO_ECP } from './accounts-info.ts';
import { DEMO_DOCTOR_IDS } from './doctors.ts';
import { DEMO_COMPANY_ID, EVERGREEN_ID, LUMEN_ID } from './storefronts.ts';

const STOREFRONT_IDS = { evergreen: EVERGREEN_ID, lumen: LUMEN_ID } as const;

/** A product of the storefront for the ECP link: one that needs a consult if any (the catalog is the store's). */
async function prescribableProduct(db: Db, storefrontId: string): Promise<string | null> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storefrontId, storefrontId), eq(products.active, true)))
    .orderBy(desc(products.consultRequired), asc(products.createdAt), asc(products.id))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function seedAccounts(db: Db): Promise<void> {
  const at = new Date();
  for (const account of DEMO_ACCOUNTS) {
    const [user] = await db.insert(users).values({
      companyId: DEMO_COMPANY_ID,
      storefrontId: STOREFRONT_IDS[account.storefront],
      email: account.email,
      role: account.role,
      firstName: account.firstName,
      lastName: account.lastName,
      phone: account.phone,
      dateOfBirth: account.dateOfBirth,
      passwordHash: await hashPassword(account.password),
      passwordChangedAt: at,
      signupSource: 'seed',
      emailVerifiedAt: at,
    }).returning({ id: users.id });
    if (account.doctor) {
      await db.update(doctors).set({ userId: user!.id }).where(eq(doctors.id, DEMO_DOCTOR_IDS[account.doctor]));
    }
    if (account.role === 'pharmacist') {
      const [partner] = await db
        .select({ id: pharmacies.id })
        .from(pharmacies)
        .where(and(eq(pharmacies.storefrontId, STOREFRONT_IDS[account.storefront]), eq(pharmacies.isPartner, true)))
        .limit(1);
      if (partner) await db.insert(pharmacyStaff).values({ userId: user!.id, pharmacyId: partner.id });
    }
  }
  await db.insert(ecpInvitations).values({
    guid: DEMO_ECP.guid,
    peopleId: DEMO_ECP.peopleId,
    storefrontId: EVERGREEN_ID,
    email: DEMO_ECP.email,
    firstName: DEMO_ECP.firstName,
    lastName: DEMO_ECP.lastName,
    phone: DEMO_ECP.phone,
    productId: await prescribableProduct(db, EVERGREEN_ID),
  });
}
