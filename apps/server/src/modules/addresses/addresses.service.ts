// A signed-in patient's saved shipping addresses (issue 5): listed as the most recent one and the
// others (SPEC §9 "MOST RECENT ADDRESS", "OTHER SAVED ADDRESSES"); add, edit, delete, use. Another
// patient's address is a 404. The checkout engine copies a used address onto the order.
import { MAX_SAVED_ADDRESSES, type UsAddress, type UsAddressPatch } from '@store/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AddressRow } from '../../db/schema/addresses.ts';
import { notFound, problem } from '../../lib/problem.ts';
import { createAddressRepo } from './addresses.repo.ts';

export interface SavedAddress {
  id: string;
  fullName: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
  /** 10 digits. */
  phone: string;
  lastUsedAt: string | null;
  createdAt: string;
}

export interface SavedAddressGroups {
  mostRecent: SavedAddress | null;
  otherSaved: SavedAddress[];
}

export function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    fullName: row.fullName,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phone: row.phone,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The same place and person, whatever the letter case or spacing it was typed with. */
function sameAddress(row: AddressRow, input: UsAddress): boolean {
  const norm = (value: string | null | undefined) => (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  return (['fullName', 'line1', 'line2', 'city', 'state', 'zip', 'phone'] as const).every(
    (key) => norm(row[key]) === norm(input[key]),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createAddressService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  const repo = createAddressRepo(db);

  return {
    /** The patient's addresses: the most recently used (or saved) one, then the rest. */
    async list(userId: string): Promise<SavedAddressGroups> {
      const rows = await repo.listForUser(userId);
      const [first, ...rest] = rows.map(toSavedAddress);
      return { mostRecent: first ?? null, otherSaved: rest };
    },

    /** issue 15: the state of the patient's most recently used saved address (read in `tx` when given), or null. */
    async savedState(userId: string, tx?: DbOrTx): Promise<string | null> {
      const [first] = await createAddressRepo(tx ?? db).listForUser(userId);
      return first?.state ?? null;
    },

    /** Saves a new address (at most MAX_SAVED_ADDRESSES per patient). */
    async create(userId: string, input: UsAddress): Promise<SavedAddress> {
      return db.transaction(async (tx) => {
        const txRepo = createAddressRepo(tx);
        await txRepo.lockUser(userId);
        if ((await txRepo.countForUser(userId)) >= MAX_SAVED_ADDRESSES) throw problem(409, 'ADDRESS_LIMIT');
        const at = now();
        return toSavedAddress(await txRepo.insert(userId, { ...input, createdAt: at, updatedAt: at }));
      });
    },

    async update(userId: string, addressId: string, patch: UsAddressPatch): Promise<SavedAddress> {
      if (!UUID.test(addressId)) throw notFound();
      const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      const row = await repo.updateForUser(addressId, userId, { ...values, updatedAt: now() });
      if (!row) throw notFound();
      return toSavedAddress(row);
    },

    async remove(userId: string, addressId: string): Promise<void> {
      if (!UUID.test(addressId) || !(await repo.deleteForUser(addressId, userId))) throw notFound();
    },

    /** Marks the address as used now: it becomes the "MOST RECENT ADDRESS". */
    async markUsed(userId: string, addressId: string): Promise<SavedAddress> {
      if (!UUID.test(addressId)) throw notFound();
      const row = await repo.updateForUser(addressId, userId, { lastUsedAt: now() });
      if (!row) throw notFound();
      return toSavedAddress(row);
    },

    /**
     * Keeps an address the patient had an order shipped to in their address book, as the most
     * recent one: an equal saved address is marked used instead of saved twice; a full book
     * (MAX_SAVED_ADDRESSES) is left as it is. Returns the saved address, or null when not kept.
     */
    async remember(userId: string, input: UsAddress): Promise<SavedAddress | null> {
      return db.transaction(async (tx) => {
        const txRepo = createAddressRepo(tx);
        await txRepo.lockUser(userId);
        const rows = await txRepo.listForUser(userId);
        const at = now();
        const same = rows.find((row) => sameAddress(row, input));
        if (same) return toSavedAddress((await txRepo.updateForUser(same.id, userId, { lastUsedAt: at }))!);
        if (rows.length >= MAX_SAVED_ADDRESSES) return null;
        return toSavedAddress(await txRepo.insert(userId, { ...input, line2: input.line2 ?? null, createdAt: at, updatedAt: at, lastUsedAt: at }));
      });
    },

    /** For the checkout engine: the patient's own address (to copy onto the order), else 404. */
    async getAddressForUser(addressId: string, userId: string): Promise<SavedAddress> {
      if (!UUID.test(addressId)) throw notFound();
      const row = await repo.findForUser(addressId, userId);
      if (!row) throw notFound();
      return toSavedAddress(row);
    },
  };
}
export type AddressService = ReturnType<typeof createAddressService>;
