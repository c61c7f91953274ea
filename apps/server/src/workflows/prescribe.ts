// Transmitting a written prescription to the pharmacy (issue 15; DATA-MODEL.md "approved: the payment
// is captured, a prescription is written and transmitted (prescribed)"). The approve decision queues
// one `prescription.transmit` job per prescription in its transaction (singleton key = the
// transmission's idempotency key). The job sends the stored PDF through the PrescriptionTransport
// (fax today) and records the attempt; the queue retries a failure. Once sent, the order moves
// approved → prescribed and the patient is told, in one transaction. Safe to run twice: the
// transport is keyed, a sent transmission is not sent again, and a prescribed order stays so.
//
// `factsOf` gathers what the PDF prints from the modules that own it (doctor, patient, order's
// address, pharmacy, storefront); the approve decision reads it before its transaction.
import type { StorefrontConfig } from '@store/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { TransportPharmacy } from '../adapters/prescriptions/prescription-transport.ts';
import { linkOriginFor } from '../plugins/storefront-context.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { DoctorService } from '../modules/doctors/doctors.service.ts';
import type { JobQueue } from '../modules/jobs/jobs.service.ts';
import type { OrderState, OrdersService } from '../modules/orders/orders.service.ts';
import type { Pharmacy, PharmacyService } from '../modules/pharmacies/pharmacies.service.ts';
import type { PrescriptionDocumentFacts, PrescriptionService } from '../modules/prescriptions/prescriptions.service.ts';
import type { OrderNotices } from './order-notices.ts';

export const PRESCRIBE_JOB = 'prescription.transmit';

export const transportPharmacyOf = (p: Pharmacy): TransportPharmacy => ({ id: p.id, name: p.name, npi: p.npi, phone: p.phone, fax: p.fax });

export function createPrescribeWorkflow(deps: {
  db: Db;
  jobs: Pick<JobQueue, 'register' | 'enqueue'>;
  orders: Pick<OrdersService, 'state' | 'transition'>;
  prescriptions: Pick<PrescriptionService, 'byId' | 'transmit'>;
  pharmacies: Pick<PharmacyService, 'byId'>;
  doctors: Pick<DoctorService, 'prescriber'>;
  auth: Pick<AuthService, 'patientDetails'>;
  storefronts: { getById(id: string): Promise<StorefrontConfig>; hostsOf(id: string): Promise<string[]> };
  notices: Pick<OrderNotices, 'enqueue'>;
  port: number;
  log?: FastifyBaseLogger | undefined;
}) {
  const { db, jobs, orders, prescriptions, pharmacies, doctors, auth, storefronts, notices, log } = deps;

  /** What the prescription PDF prints; null when the order lacks a patient, a pharmacy or a doctor we know. */
  async function factsOf(order: OrderState['order'], doctorId: string, pharmacy: Pharmacy | null): Promise<PrescriptionDocumentFacts | null> {
    if (!order.userId || !pharmacy) return null;
    const [patient, prescriber, storefront, hosts] = await Promise.all([
      auth.patientDetails(order.userId),
      doctors.prescriber(doctorId, order.shipState ?? order.shippingState),
      storefronts.getById(order.storefrontId),
      storefronts.hostsOf(order.storefrontId),
    ]);
    if (!patient || !prescriber) return null;
    const a = pharmacy.pharmacyAddress;
    return {
      store: {
        name: storefront.name,
        origin: linkOriginFor({ hostHeader: undefined, protocol: 'https', hosts, port: deps.port }),
        phone: storefront.settings.supportPhone || null,
        email: storefront.settings.supportEmail || null,
      },
      prescriber: { name: prescriber.name, credentials: prescriber.credentials, npi: prescriber.npi, licenseNumber: prescriber.licenseNumber, licenseState: prescriber.licenseState },
      patient: {
        // The account's name, else the name the patient shipped to.
        name: patient.name || order.shipFullName || 'not on file',
        dateOfBirth: patient.dateOfBirth,
        address:
          order.shipLine1 && order.shipCity && order.shipState && order.shipZip
            ? { line1: order.shipLine1, line2: order.shipLine2, city: order.shipCity, state: order.shipState, zip: order.shipZip }
            : null,
      },
      pharmacy: { name: pharmacy.name, npi: pharmacy.npi, phone: pharmacy.phone, fax: pharmacy.fax, address: a.address ? `${a.address}, ${a.city}, ${a.state} ${a.zip}` : null },
    };
  }

  /** The job: send, record, and once sent move the order to prescribed and tell the patient. */
  async function transmit(prescriptionId: string): Promise<void> {
    const rx = await prescriptions.byId(db, prescriptionId);
    if (!rx) return; // nothing to send (a prescription removed with its order)
    const pharmacy = await pharmacies.byId(rx.pharmacyId);
    if (!pharmacy) throw new Error('the prescription\'s pharmacy is missing');
    const result = await prescriptions.transmit(prescriptionId, {
      pharmacy: transportPharmacyOf(pharmacy),
      facts: async () => {
        const state = await orders.state(db, { orderId: rx.orderId });
        const facts = state ? await factsOf(state.order, rx.doctorId, pharmacy) : null;
        if (!facts) throw new Error('the prescription cannot be rendered: its order, patient or prescriber is missing');
        return facts;
      },
    });
    if (result.status === 'rejected') {
      // Nothing a retry fixes (no fax number): the order stays approved and the transmission shows why.
      log?.warn({ prescriptionId }, 'prescription transmission rejected by the transport');
      return;
    }
    // A transport that only queued it is asked again later (same key: the same delivery).
    if (result.status === 'queued') throw new Error('prescription transmission still queued at the transport');
    await db.transaction(async (tx) => {
      const state = await orders.state(tx, { orderId: rx.orderId });
      if (state?.order.status !== 'approved') return; // already prescribed (or moved on)
      await orders.transition({ orderId: rx.orderId, to: 'prescribed', reason: 'prescription_transmitted', tx });
      await notices.enqueue(tx, { orderId: rx.orderId, notice: 'prescribed', data: { pharmacyName: pharmacy.name } });
    });
  }

  jobs.register(PRESCRIBE_JOB, async (payload) => transmit(String(payload.prescriptionId)));

  return { factsOf, transmit };
}
export type PrescribeWorkflow = ReturnType<typeof createPrescribeWorkflow>;
