import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ConfirmDialog from './ConfirmDialog';

function Question({ confirmDisabled = false, onConfirm = () => {} }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete Data Analyst
      </button>
      <ConfirmDialog
        open={open}
        title="Delete this experience?"
        message={'"Data Analyst" will be removed from your profile.'}
        confirmLabel="Delete"
        confirmDisabled={confirmDisabled}
        onConfirm={onConfirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

describe('ConfirmDialog', { timeout: 15_000 }, () => {
  it('renders nothing until asked, then the question named by its title; Cancel closes it and gives focus back', async () => {
    const onConfirm = vi.fn();
    render(<Question onConfirm={onConfirm} />);
    expect(screen.queryByRole('dialog')).toBeNull();

    const opener = screen.getByRole('button', { name: 'Delete Data Analyst' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Delete this experience?' });
    expect(within(dialog).getByText('"Data Analyst" will be removed from your profile.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();

    await userEvent.click(opener);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('is closed by Escape, but not while the answer is pending', async () => {
    const onCancel = vi.fn();
    const props = { open: true, title: 'Remove profile picture?', message: 'Gone.', confirmLabel: 'Remove', onConfirm: () => {}, onCancel };
    const { rerender } = render(<ConfirmDialog {...props} />);
    await screen.findByRole('dialog', { name: 'Remove profile picture?' });
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();

    onCancel.mockClear();
    rerender(<ConfirmDialog {...props} pending />);
    const dialog = screen.getByRole('dialog', { name: 'Remove profile picture?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('keeps the confirm button off while confirmDisabled', async () => {
    render(<Question confirmDisabled />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Data Analyst' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this experience?' });
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
  });
});
