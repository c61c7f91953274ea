// issue 17 renewal consult: "the doctor sees what changed" — the renewed prescription, the changed
// answers old → new, the unchanged ones collapsed.
import type { RenewalReview } from '@store/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { detail } from '../fixtures';
import { ReviewRecords } from './ReviewRecords';

const renewal = (over: Partial<RenewalReview> = {}): RenewalReview => ({
  consultId: 'c-1',
  planId: null,
  prescription: {
    id: 'rx-1',
    orderId: 'order-0',
    medication: 'Metformin ER',
    strength: '500 mg',
    form: 'tablet',
    quantity: 60,
    daysSupply: 30,
    directions: 'Take 1 tablet by mouth twice daily with meals.',
    refillsAuthorized: 0,
    refillsLeft: 0,
    writtenAt: '2026-03-03T15:00:00.000Z',
    expiresAt: '2026-08-30T15:00:00.000Z',
    status: 'active',
    doctorName: 'Dr. Ana Ruiz',
  },
  previousConsult: { consultId: 'c-0', submittedAt: '2026-03-02T15:00:00.000Z', questionnaireVersion: 1 },
  droppedQuestionIds: ['goal_weight'],
  answers: [
    { questionId: 'age', label: 'How old are you?', type: 'number', change: 'unchanged', previous: 44, current: 44 },
    { questionId: 'height_weight', label: 'What are your height and current weight?', type: 'height_weight', change: 'changed', previous: { heightInches: 65, weightPounds: 230 }, current: { heightInches: 65, weightPounds: 212 } },
    { questionId: 'history', label: 'Have you ever been diagnosed with any of the following?', type: 'multiple_choice', change: 'unchanged', previous: ['gallbladder'], previousLabels: ['Gallstones or gallbladder disease'], current: ['gallbladder'], currentLabels: ['Gallstones or gallbladder disease'] },
  ],
  ...over,
});

describe('the review page of a renewal order (issue 17)', () => {
  it('names the prescription renewed, shows each changed answer old → new and collapses the unchanged ones', async () => {
    render(<ReviewRecords detail={detail({ renewal: renewal() })} />);
    const section = screen.getByRole('region', { name: 'Renewal of prescription Metformin ER 500 mg, written Mar 3, 2026 by Dr. Ana Ruiz' });
    expect(within(section).getByText(/60 tablet · 30 days · Take 1 tablet/)).toBeInTheDocument();
    expect(within(section).getByText(/Refills: 0 of 0 left/)).toBeInTheDocument();

    const changed = within(section).getByRole('list', { name: 'Changed answers' });
    const rows = within(changed).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('What are your height and current weight?');
    expect(rows[0]).toHaveTextContent('Changed');
    expect(rows[0]).toHaveTextContent('5 ft 5 in, 230 lb → 5 ft 5 in, 212 lb');
    expect(within(section).getByText(/1 earlier answer was not carried over/)).toBeInTheDocument();

    const toggle = within(section).getByRole('button', { name: '2 answers unchanged' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const unchanged = within(section).getByRole('list', { name: 'Unchanged answers' });
    expect(within(unchanged).getByText('Gallstones or gallbladder disease · unchanged')).toBeInTheDocument();
  });

  it('says so when the patient confirmed every answer, and shows no renewal section on another order', () => {
    const { unmount } = render(
      <ReviewRecords detail={detail({ renewal: renewal({ answers: renewal().answers.map((a) => ({ ...a, change: 'unchanged' as const, current: a.previous })) }) })} />,
    );
    expect(screen.getByText('Nothing changed: the patient confirmed every answer.')).toBeInTheDocument();
    unmount();
    render(<ReviewRecords detail={detail()} />);
    expect(screen.queryByText(/Renewal of prescription/)).not.toBeInTheDocument();
  });
});
