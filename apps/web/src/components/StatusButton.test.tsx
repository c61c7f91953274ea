import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatusButton } from './StatusButton';

describe('StatusButton', () => {
  it('is an ordinary enabled button when idle', async () => {
    const onClick = vi.fn();
    render(<StatusButton onClick={onClick}>Save</StatusButton>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('shows a spinner, sets aria-busy and is disabled while loading', async () => {
    const onClick = vi.fn();
    render(
      <StatusButton status="loading" onClick={onClick}>
        Save
      </StatusButton>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    // Even a click that gets past `pointer-events: none` does nothing.
    await userEvent.setup({ pointerEventsCheck: 0 }).click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('shows a tick when done', () => {
    render(<StatusButton status="done">Save</StatusButton>);
    const button = screen.getByRole('button', { name: /Save/ });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    expect(screen.getByTitle('Done')).toBeInTheDocument();
    expect(button).toHaveAccessibleName('Save Done');
  });

  it('honours disabled in any state', () => {
    render(
      <StatusButton status="idle" disabled>
        Save
      </StatusButton>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
