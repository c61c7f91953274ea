// StatusButton: the button display states of SPEC §4 ("A button has loading, done (tick) and disabled
// display states"). Loading keeps keyboard focus on the button (issue 7: pressing Pay, Save card or
// Apply must not drop focus to the page) and ignores presses until the call answers; a caller's
// `disabled` stays truly disabled.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StatusButton, type ButtonStatus } from './StatusButton';

/** A button whose press starts a call that stays pending until the test ends it. */
function Pending({ onPress, onSubmit }: { onPress?: () => void; onSubmit?: () => void }) {
  const [status, setStatus] = useState<ButtonStatus>('idle');
  const press = () => {
    onPress?.();
    setStatus('loading');
  };
  if (onSubmit) {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      onSubmit();
      setStatus('loading');
    };
    return (
      <form aria-label="Promo" onSubmit={submit}>
        <label>
          Code <input name="code" />
        </label>
        <StatusButton type="submit" status={status}>
          Apply
        </StatusButton>
      </form>
    );
  }
  return (
    <>
      <StatusButton status={status} onClick={press}>
        Pay $10.00
      </StatusButton>
      <button type="button" onClick={() => setStatus('idle')}>
        Answer
      </button>
    </>
  );
}

describe('StatusButton', () => {
  it('is an ordinary enabled button when idle', async () => {
    // SPEC §4 "A button has loading, done (tick) and disabled display states" — idle is none of them.
    const onClick = vi.fn();
    render(<StatusButton onClick={onClick}>Save</StatusButton>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('while loading shows a spinner named by the button, is busy and aria-disabled, and ignores a click', async () => {
    // SPEC §4 loading state; issue 7: the button stays focusable while the call runs.
    const onClick = vi.fn();
    render(
      <StatusButton status="loading" onClick={onClick}>
        Save
      </StatusButton>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toHaveAttribute('disabled');
    expect(screen.getByRole('progressbar', { name: 'Save' })).toBeInTheDocument();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('keeps keyboard focus on the button once pressed, and a second press while loading does nothing', async () => {
    // issue 7: a patient who presses Pay with the keyboard stays on Pay while the payment runs.
    const onPress = vi.fn();
    const user = userEvent.setup();
    render(<Pending onPress={onPress} />);
    const pay = screen.getByRole('button', { name: 'Pay $10.00' });
    await user.tab();
    expect(pay).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(pay).toHaveAttribute('aria-busy', 'true'));
    // jsdom leaves focus on a button that becomes disabled (a browser drops it to the page), so
    // also check the button is still a focus stop: enabled, and reached again by Shift+Tab.
    expect(pay).toHaveFocus();
    expect(pay).toBeEnabled();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Answer' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(pay).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.click(pay);
    expect(onPress).toHaveBeenCalledOnce();
    expect(pay).toHaveFocus();

    // The call answers: the same button, still focused, can be pressed again.
    await user.click(screen.getByRole('button', { name: 'Answer' }));
    expect(pay).not.toHaveAttribute('aria-busy');
    expect(pay).not.toHaveAttribute('aria-disabled');
    await user.click(pay);
    expect(onPress).toHaveBeenCalledTimes(2);
  });

  it('as a submit button while loading does not submit the form again, by click or by Enter in a field', async () => {
    // issue 7: Apply (promo code) and Save card are submit buttons; focus stays, no second request.
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Pending onSubmit={onSubmit} />);
    const apply = screen.getByRole('button', { name: 'Apply' });
    await user.type(screen.getByLabelText('Code'), 'WELCOME10{Enter}');
    await waitFor(() => expect(apply).toHaveAttribute('aria-busy', 'true'));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('Code')).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.click(apply);
    expect(apply).toHaveFocus();
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('shows a tick when done', () => {
    // SPEC §4 "done (tick)".
    render(<StatusButton status="done">Save</StatusButton>);
    const button = screen.getByRole('button', { name: /Save/ });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(screen.getByTitle('Done')).toBeInTheDocument();
    expect(button).toHaveAccessibleName('Save Done');
  });

  it.each<ButtonStatus>(['idle', 'loading', 'done'])(
    'honours disabled when %s: truly disabled, out of the tab order',
    async (status) => {
      // SPEC §4 "disabled" display state: the caller's disabled is the real thing, not aria-disabled.
      const onClick = vi.fn();
      const user = userEvent.setup({ pointerEventsCheck: 0 });
      render(
        <>
          <StatusButton status={status} disabled onClick={onClick}>
            Save
          </StatusButton>
          <button type="button">After</button>
        </>,
      );
      const button = screen.getByRole('button', { name: /Save/ });
      expect(button).toBeDisabled();
      expect(button).not.toHaveAttribute('aria-disabled');
      await user.tab();
      expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
      // Even a click that gets past `pointer-events: none` does nothing.
      await user.click(button);
      expect(onClick).not.toHaveBeenCalled();
    },
  );
});
