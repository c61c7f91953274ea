// Who signs in (DESIGN.md identity): patients, and staff — doctors (the storefronts they serve,
// the states they are licensed in), pharmacists (one partner pharmacy) and admins (one company).
// Staff sign in with a password plus a one-time code.
import { z } from 'zod';

export const USER_ROLES = ['patient', 'doctor', 'admin', 'pharmacist'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const userRoleSchema = z.enum(USER_ROLES);

export const STAFF_ROLES = ['doctor', 'pharmacist', 'admin'] as const satisfies readonly UserRole[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);
