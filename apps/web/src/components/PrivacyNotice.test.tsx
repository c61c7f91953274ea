// SPEC §2 names a GDPR banner; ours is a privacy notice dismissed with OK, once per browser.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MAIN_CONTENT_ID } from './mainContent';
import { PRIVACY_NOTICE_KEY, PrivacyNotice } from './PrivacyNotice';

afterEach(() => window.localStorage.clear());

describe('PrivacyNotice', () => {
  it('goes away on OK, stays away, and leaves keyboard focus at the page content', async () => {
    const user = userEvent.setup();
    const { unmount } = render(
      <>
        <PrivacyNotice />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} />
      </>,
    );
    expect(screen.getByRole('region', { name: 'Privacy notice' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('region', { name: 'Privacy notice' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
    expect(window.localStorage.getItem(PRIVACY_NOTICE_KEY)).toBe('1');
    unmount();
    render(<PrivacyNotice />);
    expect(screen.queryByRole('region', { name: 'Privacy notice' })).not.toBeInTheDocument();
  });
});
