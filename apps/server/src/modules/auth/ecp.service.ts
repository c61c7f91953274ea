// E-prescribing (ECP) links and intake: the prescription a patient takes up, and the intake validation.
// Part of the auth service: auth.service.ts composes the parts over one AuthCore.
import { problem } from '../../lib/problem.ts';
import { type RequestContext, type AuthCore } from './auth.core.ts';

export function createEcp(core: AuthCore) {
  const { now, notifications, deps, repo, throttle, resetSends, ipSends, accountKey, ipKey, emailRef, record, findEcp } = core;
  return {
    // ---- ECP (e-prescribing) and intake ---------------------------------------------------------
    async ecpInfo(ctx: RequestContext, input: { peopleId: string; guid: string }) {
      const invitation = await findEcp(ctx, input.peopleId, input.guid);
      if (!invitation) throw problem(404, 'ECP_LINK_INVALID');
      const account = await repo.findUserByEmail(ctx.storefront.companyId, invitation.email);
      const found =
        invitation.productId && deps.products
          ? await deps.products.findActive(ctx.storefront.id, invitation.productId)
          : undefined;
      return {
        peopleId: invitation.peopleId,
        guid: invitation.guid,
        productId: invitation.productId,
        product: found
          ? {
              id: found.id,
              slug: found.slug,
              title: found.title,
              thumbnail: found.thumbnail,
              priceCents: found.priceCents,
            }
          : null,
        patient: {
          email: invitation.email,
          firstName: invitation.firstName,
          lastName: invitation.lastName,
          phone: invitation.phone ?? '',
        },
        accountExists: Boolean(account),
      };
    },

    /** A signed-in patient takes up their prescription (the ECP email must be theirs). */
    async claimEcp(ctx: RequestContext, userId: string, input: { peopleId: string; guid: string }) {
      const invitation = await findEcp(ctx, input.peopleId, input.guid);
      const user = await repo.findUserById(userId);
      if (!invitation || !user || invitation.email.toLowerCase() !== user.email.toLowerCase())
        throw problem(404, 'ECP_LINK_INVALID');
      if (!(await repo.markEcpUsed(invitation.id, user.id, now())))
        throw problem(404, 'ECP_LINK_INVALID');
      await repo.updateUser(user.id, { isEcp: true, erxGuid: invitation.guid, updatedAt: now() });
      await record(ctx, 'ecp.claimed', { subject: { type: 'ecp_invitation', id: invitation.id } });
      // The sign-in workflow puts the product in the cart.
      return { productId: invitation.productId };
    },

    /** SPEC §7 validate intake by people id (with the link's guid, so ids cannot be enumerated). */
    async validateIntake(ctx: RequestContext, input: { peopleId: string; guid: string }) {
      const invitation = await findEcp(ctx, input.peopleId, input.guid);
      if (!invitation) return { valid: false, accountExists: false };
      const account = await repo.findUserByEmail(ctx.storefront.companyId, invitation.email);
      return { valid: true, accountExists: Boolean(account) };
    },

    /**
     * SPEC §7 register by intake email: a patient whose prescriber sent an intake gives the email
     * on file and receives their ECP registration link again. The answer never says whether an
     * intake exists.
     */
    async sendIntakeLink(ctx: RequestContext, input: { email: string }): Promise<void> {
      const email = input.email.trim().toLowerCase();
      await throttle.attempt([
        { bucket: 'send-ip', key: ipKey(ctx), policy: ipSends },
        { bucket: 'reset-send', key: `intake:${accountKey(ctx, email)}`, policy: resetSends },
      ]);
      const invitations = (
        await repo.findOpenEcpInvitationsByEmail(ctx.storefront.id, email)
      ).filter((i) => !i.expiresAt || i.expiresAt.getTime() > now().getTime());
      const invitation = invitations[0];
      await record(ctx, 'auth.intake_link.requested', {
        subject: { type: 'email', id: emailRef(email) },
        details: { found: Boolean(invitation) },
      });
      if (!invitation) return;
      const url = `${await ctx.linkOrigin()}/ecp?peopleId=${encodeURIComponent(invitation.peopleId)}&guid=${invitation.guid}`;
      try {
        await notifications.email(ctx.storefront, invitation.email, {
          subject: `Finish signing up with ${ctx.storefront.name}`,
          heading: 'Your prescription is waiting',
          paragraphs: [
            'Your provider has sent a prescription for you. Create your account to review it and check out.',
          ],
          action: { label: 'Finish signing up', url },
        });
      } catch (err) {
        ctx.log?.warn({ err }, 'intake link mail failed');
      }
    },
  };
}
