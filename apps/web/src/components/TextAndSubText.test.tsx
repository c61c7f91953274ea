// useAltTextAndSubTextWrapper (SPEC §3 feature flag): the alternative wrapper around a heading and its line.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTestConfig } from '@/test/config';
import { renderWithStore } from '@/test/render';
import { TextAndSubText } from './TextAndSubText';

describe('TextAndSubText', () => {
  it('is a plain heading and line by default', () => {
    renderWithStore(<TextAndSubText component="h1" text="Shop treatments" subText="Reviewed by doctors." />);
    expect(screen.getByRole('heading', { level: 1, name: 'Shop treatments' })).toBeInTheDocument();
    expect(screen.getByText('Reviewed by doctors.')).toBeInTheDocument();
    expect(screen.queryByTestId('alt-text-wrapper')).not.toBeInTheDocument();
  });

  it('uses the alternative wrapper with useAltTextAndSubTextWrapper', () => {
    renderWithStore(<TextAndSubText component="h1" text="Shop treatments" subText="Reviewed by doctors." />, {
      config: makeTestConfig({ flags: { useAltTextAndSubTextWrapper: true } }),
    });
    const wrapper = screen.getByTestId('alt-text-wrapper');
    expect(wrapper).toContainElement(screen.getByRole('heading', { level: 1, name: 'Shop treatments' }));
    expect(wrapper).toHaveTextContent('Reviewed by doctors.');
  });
});
