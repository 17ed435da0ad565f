import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ActionMenu from './ActionMenu';

function Share({ onCopy }: { onCopy: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <button type="button" aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
        Share
      </button>
      <ActionMenu anchorEl={anchor} onClose={() => setAnchor(null)} items={[{ label: 'Copy link', onSelect: onCopy }]} />
    </>
  );
}

describe('ActionMenu', { timeout: 15_000 }, () => {
  it('renders nothing until opened; choosing an item closes the menu, runs it and gives focus back', async () => {
    const onCopy = vi.fn();
    render(<Share onCopy={onCopy} />);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    const item = await screen.findByRole('menuitem', { name: 'Copy link' });
    await waitFor(() => expect(item).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(onCopy).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Share' })).toHaveFocus());
  });

  it('closes on Escape without running anything', async () => {
    const onCopy = vi.fn();
    render(<Share onCopy={onCopy} />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByRole('menuitem', { name: 'Copy link' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(onCopy).not.toHaveBeenCalled();
  });
});
