// Issue 6 "the slot picker works by keyboard": arrow keys across days and times, one tab stop per
// group, aria-selected days and aria-pressed times; times shown in the patient's zone.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '@/test/render';
import type { SlotDay } from '../api/scheduling.api';
import { moveIndex, SlotPicker } from './SlotPicker';

const DAYS: SlotDay[] = [
  {
    date: '2027-02-02',
    slots: [
      { startsAt: '2027-02-02T14:00:00.000Z', endsAt: '2027-02-02T14:30:00.000Z' },
      { startsAt: '2027-02-02T14:30:00.000Z', endsAt: '2027-02-02T15:00:00.000Z' },
      { startsAt: '2027-02-02T15:00:00.000Z', endsAt: '2027-02-02T15:30:00.000Z' },
    ],
  },
  {
    date: '2027-02-03',
    slots: [
      { startsAt: '2027-02-03T14:00:00.000Z', endsAt: '2027-02-03T14:30:00.000Z' },
      { startsAt: '2027-02-03T19:30:00.000Z', endsAt: '2027-02-03T20:00:00.000Z' },
    ],
  },
  { date: '2027-02-04', slots: [{ startsAt: '2027-02-04T20:00:00.000Z', endsAt: '2027-02-04T20:30:00.000Z' }] },
];

let picked: string[] = [];
function Harness({ initialZone = 'America/New_York' }: { initialZone?: string }) {
  const [timeZone, setTimeZone] = useState(initialZone);
  const [value, setValue] = useState<string | null>(null);
  return (
    <SlotPicker
      days={DAYS}
      timeZone={timeZone}
      onTimeZoneChange={setTimeZone}
      value={value}
      onChange={(v) => {
        picked.push(v);
        setValue(v);
      }}
    />
  );
}

function setup(initialZone?: string) {
  picked = [];
  const user = userEvent.setup({ delay: null });
  renderWithStore(<Harness {...(initialZone ? { initialZone } : {})} />);
  return user;
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });
const times = () => within(screen.getByRole('group')).getAllByRole('button');

describe('SlotPicker by keyboard', { timeout: 20_000 }, () => {
  it('moves across days with the arrow keys, Home and End, selecting each (aria-selected)', async () => {
    const user = setup();
    await user.tab(); // the time zone list
    await user.tab(); // the days: the selected day is the one tab stop
    expect(tab(/Tuesday, February 2/)).toHaveFocus();
    expect(tab(/Tuesday, February 2/)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toHaveLength(1);

    await user.keyboard('{ArrowRight}');
    expect(tab(/Wednesday, February 3/)).toHaveFocus();
    expect(tab(/Wednesday, February 3/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/Tuesday, February 2/)).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(/Wednesday, February 3/);
    expect(times().map((b) => b.textContent)).toEqual(['9:00 AM', '2:30 PM']);

    await user.keyboard('{End}');
    expect(tab(/Thursday, February 4/)).toHaveFocus();
    await user.keyboard('{ArrowRight}'); // wraps to the first day
    expect(tab(/Tuesday, February 2/)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab(/Thursday, February 4/)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab(/Tuesday, February 2/)).toHaveAttribute('aria-selected', 'true');
  });

  it('moves across times with the arrow keys and picks one with Enter or Space (aria-pressed)', async () => {
    const user = setup();
    await user.tab();
    await user.tab();
    await user.tab(); // into the times: one tab stop, the first time
    expect(times()[0]).toHaveFocus();
    expect(times().filter((b) => b.tabIndex === 0)).toHaveLength(1);

    await user.keyboard('{ArrowRight}');
    expect(times()[1]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(picked).toEqual(['2027-02-02T14:30:00.000Z']);
    expect(times()[1]).toHaveAttribute('aria-pressed', 'true');
    expect(times()[0]).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('Selected: Tuesday, February 2 at 9:30 AM Eastern Time');

    await user.keyboard('{ArrowDown}{ArrowDown}'); // wraps past the last time
    expect(times()[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(times()[2]).toHaveFocus();
    await user.keyboard(' ');
    expect(picked.at(-1)).toBe('2027-02-02T15:00:00.000Z');
    expect(times()[2]).toHaveAttribute('aria-pressed', 'true');

    // Leaving and coming back lands on the chosen time.
    await user.tab({ shift: true });
    expect(tab(/Tuesday, February 2/)).toHaveFocus();
    await user.tab();
    expect(times()[2]).toHaveFocus();
  });

  it("shows the times in the patient's zone and changes them from the list", async () => {
    const user = setup();
    expect(times().map((b) => b.textContent)).toEqual(['9:00 AM', '9:30 AM', '10:00 AM']);
    await user.click(screen.getByRole('combobox', { name: 'Time zone' }));
    await user.click(screen.getByRole('option', { name: 'Pacific Time' }));
    expect(times().map((b) => b.textContent)).toEqual(['6:00 AM', '6:30 AM', '7:00 AM']);
    await user.click(screen.getByRole('combobox', { name: 'Time zone' }));
    await user.click(screen.getByRole('option', { name: 'Mountain Time (Arizona)' }));
    expect(times().map((b) => b.textContent)).toEqual(['7:00 AM', '7:30 AM', '8:00 AM']);
  });

  it('lists a detected zone that is not a US one', () => {
    setup('Europe/London');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveTextContent('Europe/London');
    expect(times().map((b) => b.textContent)).toEqual(['2:00 PM', '2:30 PM', '3:00 PM']);
  });
});

describe('moveIndex', () => {
  it.each([
    ['ArrowRight', 0, 3, 1],
    ['ArrowDown', 2, 3, 0],
    ['ArrowLeft', 0, 3, 2],
    ['ArrowUp', 1, 3, 0],
    ['Home', 2, 3, 0],
    ['End', 0, 3, 2],
    ['a', 0, 3, null],
  ])('%s from %i of %i goes to %s', (key, index, count, expected) => {
    expect(moveIndex(key, index, count)).toBe(expected);
  });
});
