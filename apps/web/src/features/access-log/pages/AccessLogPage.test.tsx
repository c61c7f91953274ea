// issue 17 "Who looked at my records": the account page lists each read of the patient's health
// data by someone at the store (who, role, when in the patient's zone, storefront, what, why).
import type { AccessLogEntry } from '@store/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, problem, type FakeRoute } from '@/test/fakeApi';
import { renderWithStore } from '@/test/render';
import { AccessLogPage, formatWhen } from './AccessLogPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const signedIn: FakeRoute = ['GET', '/api/session', () => ({ body: { kind: 'user', userId: 'u1', role: 'patient' } })];

const entry = (id: number, over: Partial<AccessLogEntry> = {}): AccessLogEntry => ({
  id,
  who: 'Dr. Amara Okafor, MD',
  role: 'doctor',
  at: '2026-03-03T19:05:00.000Z',
  storefront: 'Evergreen Health',
  what: 'An uploaded photo: rash.jpg',
  why: 'Reviewing your order #A1B2C3D4',
  ...over,
});

function SignInPrompt({ title }: { title: string }) {
  return <h1>{title}: please log in</h1>;
}

const renderPage = () =>
  renderWithStore(<AccessLogPage SignInRequired={SignInPrompt} timeZone="America/Chicago" />, { path: '/my-account/access-log' });

describe('AccessLogPage (issue 17)', () => {
  it('shows who looked, in what role, when in the patient’s time zone, where, what and why', async () => {
    fakeApi([
      signedIn,
      [
        'GET',
        '/api/account/access-log',
        () => ({ body: { items: [entry(2), entry(1, { who: 'Pat Quinn', role: 'pharmacist', what: 'Your prescription', why: 'Filling your prescription (order #A1B2C3D4)' })], total: 2, page: 1, pageSize: 20 } }),
      ],
    ]);
    const { container } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Who looked at my records' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Who looked at my records' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Dr. Amara Okafor, MD');
    expect(rows[1]).toHaveTextContent('Doctor');
    expect(rows[1]).toHaveTextContent('Mar 3, 2026, 1:05 PM CST'); // 19:05 UTC in Chicago
    expect(rows[1]).toHaveTextContent('Evergreen Health');
    expect(rows[1]).toHaveTextContent('An uploaded photo: rash.jpg');
    expect(rows[1]).toHaveTextContent('Reviewing your order #A1B2C3D4');
    expect(rows[2]).toHaveTextContent('Pharmacist');
    expect(rows[2]).toHaveTextContent('Filling your prescription');
    expect(document.title).toMatch(/^Who looked at my records \| /);
    await expectNoAxeViolations(container);
  });

  it('shows each entry as a card on a phone, every field readable without a sideways scroll (issue 17 walk)', async () => {
    // A 390px phone: below the sm breakpoint.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }));
    fakeApi([signedIn, ['GET', '/api/account/access-log', () => ({ body: { items: [entry(2), entry(1, { who: 'Pat Quinn', role: 'pharmacist' })], total: 2, page: 1, pageSize: 20 } })]]);
    const { container } = renderPage();
    const list = await screen.findByRole('list', { name: 'Who looked at my records' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { level: 2, name: 'Dr. Amara Okafor, MD' })).toBeInTheDocument();
    for (const text of ['Role', 'Doctor', 'When', 'Mar 3, 2026, 1:05 PM CST', 'Storefront', 'Evergreen Health', 'What', 'An uploaded photo: rash.jpg', 'Why', 'Reviewing your order #A1B2C3D4']) {
      expect(cards[0]).toHaveTextContent(text);
    }
    expect(cards[1]).toHaveTextContent('Pharmacist');
    await expectNoAxeViolations(container);
  });

  it('writes the time with AM or PM and the zone (issue 17 walk: "9:09 PST")', () => {
    expect(formatWhen('2026-11-27T05:09:00.000Z', 'America/Los_Angeles')).toMatch(/^Nov 26, 2026, 9:09\sPM PST$/);
    expect(formatWhen('2026-11-27T17:09:00.000Z', 'America/Los_Angeles')).toMatch(/^Nov 27, 2026, 9:09\sAM PST$/);
  });

  it('says no one has looked yet, and offers a retry when the list cannot load', async () => {
    fakeApi([signedIn, ['GET', '/api/account/access-log', () => ({ body: { items: [], total: 0, page: 1, pageSize: 20 } })]]);
    const empty = renderPage();
    expect(await screen.findByRole('heading', { name: 'No one has looked at your records.' })).toBeInTheDocument();
    empty.unmount();
    vi.unstubAllGlobals();

    let fail = true;
    fakeApi([signedIn, ['GET', '/api/account/access-log', () => (fail ? problem(500, 'INTERNAL', 'x') : { body: { items: [entry(1)], total: 1, page: 1, pageSize: 20 } })]]);
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('table')).toHaveTextContent('Dr. Amara Okafor, MD');
  });

  it('pages through a long log', async () => {
    const { calls } = fakeApi([
      signedIn,
      ['GET', '/api/account/access-log', (c) => ({ body: { items: [entry(Number(c.query.get('page')) * 100)], total: 25, page: Number(c.query.get('page')), pageSize: 20 } })],
    ]);
    renderPage();
    await screen.findByRole('table');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to page 2' }));
    await screen.findByRole('button', { name: 'Page 2' });
    expect(calls.filter((c) => c.path === '/api/account/access-log').map((c) => c.query.get('page'))).toEqual(['1', '2']);
  });

  it('asks someone not signed in to log in, and reads nothing', async () => {
    const { calls } = fakeApi([['GET', '/api/session', () => ({ body: { kind: 'guest', userId: null, role: null } })]]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Who looked at my records: please log in' })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/api/session']);
  });
});
