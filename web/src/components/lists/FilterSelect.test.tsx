import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import FilterSelect, { type FilterOption } from './FilterSelect';

const COUNTRIES: FilterOption[] = Array.from({ length: 40 }, (_, index) => {
  const name = index === 0 ? 'Kenya' : `Country ${index}`;
  return { value: name, label: name };
});

describe('filter over a long list', () => {
  it('shows the chosen label before its code has loaded', () => {
    render(<FilterSelect label="Country" options={COUNTRIES} value="Kenya" onChange={() => {}} />);
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Kenya');
  });

  it('keeps what is typed while the list loads, then offers the matches', async () => {
    const onChange = vi.fn();
    render(<FilterSelect label="Country" options={COUNTRIES} value={null} onChange={onChange} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Country' }), 'Keny');
    const kenya = await screen.findByRole('option', { name: 'Kenya' });
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Keny');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await userEvent.click(kenya);
    expect(onChange).toHaveBeenCalledWith('Kenya');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country' })).toHaveFocus());
  });

  it('opens the list on a click', async () => {
    render(<FilterSelect label="Country" options={COUNTRIES} value={null} onChange={() => {}} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Country' }));
    expect(await screen.findByRole('option', { name: 'Country 39' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAttribute('aria-expanded', 'true');
  });
});
