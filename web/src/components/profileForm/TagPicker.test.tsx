import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TagPicker from './TagPicker';
import type { TopicRef } from '../../lib/profile/types';
import { renderWithProviders } from './testing';

function Harness({
  search,
  create,
  initial = [],
  onChange,
}: {
  search: (text: string, signal: AbortSignal) => Promise<TopicRef[]>;
  create?: (name: string) => Promise<TopicRef>;
  initial?: TopicRef[];
  onChange?: (value: TopicRef[]) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <TagPicker
      label="Skills"
      searchKey="test"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
      search={search}
      create={create}
      itemName="skill"
    />
  );
}

// Typing and the 500 ms pause take a while on a slow machine.
describe('TagPicker', { timeout: 20_000 }, () => {
  it('searches only from 2 trimmed characters, once typing pauses', async () => {
    const search = vi.fn(async () => [{ id: 1, name: 'Python' }]);
    renderWithProviders(<Harness search={search} />);
    const input = screen.getByRole('combobox', { name: 'Skills' });
    await userEvent.type(input, ' p');
    expect(await screen.findByText('Type at least 2 characters to search')).toBeInTheDocument();
    await userEvent.type(input, 'y ');
    // Not yet: the search waits for a 500 ms pause.
    expect(search).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole('option', { name: 'Python' }, { timeout: 2000 }));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('py', expect.anything());
    expect(screen.getByRole('button', { name: 'Python' })).toBeInTheDocument();
  });

  it("offers to create the typed text when nothing matches, and adds what the server made", async () => {
    const search = vi.fn(async () => []);
    const create = vi.fn(async (name: string) => ({ id: 42, name }));
    const onChange = vi.fn();
    renderWithProviders(<Harness search={search} create={create} onChange={onChange} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Skills' }), 'Rust');
    await userEvent.click(await screen.findByRole('option', { name: 'Create "Rust"' }, { timeout: 2000 }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([{ id: 42, name: 'Rust' }]));
    expect(create).toHaveBeenCalledWith('Rust');
  });

  it('says "No results found." when nothing matches and nothing can be created', async () => {
    renderWithProviders(<Harness search={async () => []} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Skills' }), 'zzz');
    expect(await screen.findByText('No results found.', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it('holds at most 7 items', async () => {
    const seven = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, name: `Skill ${i + 1}` }));
    const onChange = vi.fn();
    renderWithProviders(<Harness search={async () => [{ id: 99, name: 'Go' }]} initial={seven} onChange={onChange} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Skills' }), 'Go');
    await userEvent.click(await screen.findByRole('option', { name: 'Go' }, { timeout: 2000 }));
    expect(await screen.findByText('You can only add up to 7 items')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Go' })).not.toBeInTheDocument();
  });

  it('keeps its suggestion list at most 300 px high', async () => {
    renderWithProviders(<Harness search={async () => [{ id: 1, name: 'Python' }]} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Skills' }), 'py');
    const listbox = await screen.findByRole('listbox', {}, { timeout: 2000 });
    expect(listbox).toHaveStyle({ maxHeight: '300px' });
  });
});
