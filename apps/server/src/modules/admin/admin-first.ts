// issue 18 (orders slice): an admin route validated after the guard. With `attachValidation: true`
// a request's validation errors wait in `request.validationError`; the guard runs first, so anyone
// but an admin gets the 404 of an unknown route whatever they send, and an admin gets the 400 with
// its field messages.
import type { FastifyRequest } from 'fastify';
import { requireAdmin, type AdminActor } from './admin-access.ts';

export function adminFirst(request: FastifyRequest): AdminActor {
  const admin = requireAdmin(request);
  if (request.validationError) throw request.validationError;
  return admin;
}
