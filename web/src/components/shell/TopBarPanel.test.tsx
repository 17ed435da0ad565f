import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import TopBarPanel from './TopBarPanel';
import { usePanelAnchor } from './usePanelAnchor';

function Panel({ unread }: { unread: number }) {
  const panel = usePanelAnchor();
  return (
    <TopBarPanel name="Messages" unread={unread} icon={<svg aria-hidden />} badgeTestId="badge" panel={panel} width={360}>
      <p>panel</p>
    </TopBarPanel>
  );
}

describe('TopBarPanel', () => {
  it('names the button with the count its badge shows', () => {
    const { rerender } = render(<Panel unread={3} />);
    expect(screen.getByRole('button', { name: 'Messages, 3 unread' })).toHaveTextContent('3');
    rerender(<Panel unread={120} />);
    expect(screen.getByRole('button', { name: 'Messages, 99+ unread' })).toHaveTextContent('99+');
  });

  it('holds no text beside its name once nothing is unread', () => {
    // A hidden MUI badge keeps its last count as text, which contradicts the button's name.
    const { rerender } = render(<Panel unread={2} />);
    rerender(<Panel unread={0} />);
    rerender(<Panel unread={0} />);
    const button = screen.getByRole('button', { name: 'Messages' });
    expect(button).toHaveTextContent(/^$/);
    expect(screen.queryByTestId('badge')).not.toBeInTheDocument();
  });
});
