// What follows a sign-in (SPEC §2 "If the user has no login token, Register is added"): everything
// the browser made as a guest becomes the patient's — the cart (merged into theirs), the consults
// with their uploads, a pharmacy they added, their visits — in one transaction; an ECP
// registration's prescribed product goes into the cart; and a sign-in with a checkout under way
// carries on with it (the web then goes to the first pending stage). A failure here never fails
// the sign-in: the guest's things stay as they were and the patient is signed in.
import { isStaffRole, type StorefrontConfig } from '@store/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { safeRedirectPath, type SignedIn } from '../modules/auth/auth.service.ts';
import type { CartService } from '../modules/cart/cart.service.ts';
import type { ConsultService } from '../modules/consults/consults.service.ts';
import type { PharmacyService } from '../modules/pharmacies/pharmacies.service.ts';
import type { SchedulingService } from '../modules/scheduling/scheduling.service.ts';
import type { SessionService } from '../modules/auth/sessions.service.ts';

export function createSignInWorkflow(deps: {
  db: Db;
  cart: Pick<CartService, 'prepareAdoption' | 'checkoutRedirect'>;
  consults: Pick<ConsultService, 'adoptGuest'>;
  pharmacies: Pick<PharmacyService, 'adoptGuestPharmacies'>;
  scheduling: Pick<SchedulingService, 'adoptGuest'>;
  sessions: Pick<SessionService, 'revoke'>;
}) {
  const { db, cart, consults, pharmacies, scheduling, sessions } = deps;

  /** The guest's cart, consults, pharmacies and visits move to the patient; answers the checkout under way (the guest's cart had items), else null. */
  async function adoptGuest(input: { guestSessionId: string; userId: string; storefrontId: string }): Promise<string | null> {
    const adoptCart = await cart.prepareAdoption(input);
    return db.transaction(async (tx) => {
      const { orderId, guestHadItems } = await adoptCart(tx);
      await consults.adoptGuest({ guestSessionId: input.guestSessionId, userId: input.userId }, tx);
      await pharmacies.adoptGuestPharmacies(input.guestSessionId, input.userId, tx);
      await scheduling.adoptGuest(input.guestSessionId, input.userId, orderId, tx);
      return guestHadItems ? orderId : null;
    });
  }

  /** Puts a prescribed product in the patient's cart; answers where its checkout starts. */
  async function addPrescribedProduct(storefront: StorefrontConfig, userId: string, productId: string): Promise<string | null> {
    const { route } = await cart.checkoutRedirect(storefront, { kind: 'user', userId }, { product: productId });
    return safeRedirectPath(route);
  }

  /** Everything after a sign-in but ending the guest session: answers where the web goes next. */
  async function carryOn(storefront: StorefrontConfig, signedIn: SignedIn, log?: Pick<FastifyBaseLogger, 'warn'>): Promise<SignedIn> {
    // A staff member's sign-in adopts no guest cart or consult: staff do not shop (issue 15).
    if (isStaffRole(signedIn.role)) return signedIn;
    let redirectTo = signedIn.redirectTo;
    if (signedIn.prescribedProductId) {
      const prescribed = await addPrescribedProduct(storefront, signedIn.userId, signedIn.prescribedProductId).catch((err: unknown) => {
        log?.warn({ err }, 'could not put the prescribed product in the cart');
        return null;
      });
      redirectTo = prescribed ?? redirectTo;
    }
    if (signedIn.guestSessionId) {
      const under = await adoptGuest({ guestSessionId: signedIn.guestSessionId, userId: signedIn.userId, storefrontId: storefront.id }).catch((err: unknown) => {
        // Signing in must not fail because a cart could not merge; the guest cart stays as it was.
        log?.warn({ err }, 'could not adopt the guest order at sign-in');
        return null;
      });
      // Signing in from the checkout's Register stage (or with a cart under way) carries on with
      // the checkout, which sends the patient to their first pending stage (SPEC §2).
      if (under && redirectTo === null && signedIn.method !== 'password_reset') redirectTo = '/checkout';
    }
    return { ...signedIn, redirectTo };
  }

  return {
    /** After any sign-in: answers the sign-in with where the web goes next. */
    async afterSignIn(storefront: StorefrontConfig, signedIn: SignedIn, log?: Pick<FastifyBaseLogger, 'warn'>): Promise<SignedIn> {
      try {
        return await carryOn(storefront, signedIn, log);
      } finally {
        // The guest session ends only now, after its things moved (or failed to): if the process
        // dies before this, the browser still holds a guest session that owns the cart, and the
        // next sign-in adopts it (never a session left behind that owns a cart no one can reach).
        if (signedIn.guestSessionId) await sessions.revoke(signedIn.guestSessionId);
      }
    },

    /** POST /api/ecp/claim: a signed-in patient's prescribed product goes into the cart. */
    async claimPrescribedProduct(storefront: StorefrontConfig, userId: string, productId: string | null, log?: Pick<FastifyBaseLogger, 'warn'>) {
      if (!productId) return null;
      return addPrescribedProduct(storefront, userId, productId).catch((err: unknown) => {
        log?.warn({ err }, 'could not put the prescribed product in the cart');
        return null;
      });
    },
  };
}
export type SignInWorkflow = ReturnType<typeof createSignInWorkflow>;
