import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CardGridResults from './CardGridResults';

type Item = { id: number; name: string };

function query(overrides: Partial<Parameters<typeof CardGridResults<Item>>[0]['query']> = {}) {
  return {
    isPending: false,
    isError: false,
    isPlaceholderData: false,
    data: { data: [{ id: 1, name: 'First' }], pagination: { count: 1 } },
    refetch: vi.fn(),
    ...overrides,
  };
}

function renderResults(q: ReturnType<typeof query>, trailing?: string) {
  return render(
    <CardGridResults<Item>
      query={q}
      label="Things"
      empty={<p>Nothing here</p>}
      itemKey={(item) => item.id}
      renderItem={(item) => <span>{item.name}</span>}
      trailing={trailing && <span>{trailing}</span>}
      pageSize={9}
      page={1}
      onPageChange={() => {}}
    />,
  );
}

describe('CardGridResults', () => {
  it('lists the items with the trailing cell last', () => {
    renderResults(query(), 'Request Circle');
    const cells = within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem');
    expect(cells.map((cell) => cell.textContent)).toEqual(['First', 'Request Circle']);
  });

  it('puts the grid under an h2 of its name, for the cards\' h3 titles to follow the page\'s h1', () => {
    renderResults(query());
    const heading = screen.getByRole('heading', { level: 2, name: 'Things' });
    expect(screen.getByRole('list', { name: 'Things' })).toHaveAttribute('aria-labelledby', heading.id);
  });

  it('shows the empty state without a grid', () => {
    renderResults(query({ data: { data: [], pagination: { count: 0 } } }), 'Request Circle');
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Things' })).not.toBeInTheDocument();
  });

  it('offers Retry when the list fails, and placeholders while it loads', async () => {
    const failed = query({ isError: true, data: undefined });
    const { unmount } = renderResults(failed);
    await userEvent.click(screen.getByRole('button', { name: /retry/i }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
    unmount();
    renderResults(query({ isPending: true, data: undefined }));
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
  });
});
