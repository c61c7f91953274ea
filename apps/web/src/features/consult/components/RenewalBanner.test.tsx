// issue 17 renewal consult: the questionnaire of a renewal says its answers were filled in from last time.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RenewalBanner } from './RenewalBanner';

describe('RenewalBanner (issue 17 renewal consult)', () => {
  it('tells the patient the answers were filled in from last time and to check each one', () => {
    render(<RenewalBanner consult={{ renewal: { prescriptionId: 'rx-1' } }} />);
    expect(screen.getByText('Renewing your prescription')).toBeInTheDocument();
    expect(
      screen.getByText("We've filled in your answers from last time. Check each one and change anything that's different."),
    ).toBeInTheDocument();
  });

  it('shows nothing on an ordinary consult', () => {
    const { container } = render(<RenewalBanner consult={{ renewal: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
