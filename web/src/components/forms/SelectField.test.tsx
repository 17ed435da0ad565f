import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SelectField from './SelectField';

const OPTIONS = [
  { value: '', label: 'Any' },
  { value: '4', label: 'Data Science' },
];

function renderField(onChange = vi.fn()) {
  render(<SelectField label="Professional field" value="" options={OPTIONS} onChange={onChange} />);
  return onChange;
}

describe('SelectField', () => {
  it('opens on a click of its look-alike and picks an option', async () => {
    const onChange = renderField();
    await userEvent.click(screen.getByRole('combobox', { name: 'Professional field' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Data Science' }));
    expect(onChange).toHaveBeenCalledWith('4');
  });

  it('opens from the keyboard', async () => {
    renderField();
    screen.getByRole('combobox', { name: 'Professional field' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('option', { name: 'Data Science' })).toBeInTheDocument();
  });
});
