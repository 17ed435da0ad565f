import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type SelectFieldType from './SelectField';

// A fresh module per test: each page starts with MUI's select not yet downloaded.
let SelectField: typeof SelectFieldType;
beforeEach(async () => {
  vi.resetModules();
  SelectField = (await import('./SelectField')).default;
});

const OPTIONS = [
  { value: '', label: 'Any' },
  { value: '4', label: 'Data Science' },
];

function renderField(onChange = vi.fn()) {
  render(<SelectField label="Professional field" value="" options={OPTIONS} onChange={onChange} />);
  return onChange;
}

const field = () => screen.getByRole('combobox', { name: 'Professional field' });

/** Long enough for the idle download (a 200 ms timer in jsdom) to have landed. */
async function pastIdle() {
  await import('./SelectFieldImpl');
  await new Promise((resolve) => setTimeout(resolve, 400));
}

describe('SelectField', () => {
  it('opens on a click of its look-alike and picks an option', async () => {
    const onChange = renderField();
    await userEvent.click(field());
    await userEvent.click(await screen.findByRole('option', { name: 'Data Science' }, { timeout: 5000 }));
    expect(onChange).toHaveBeenCalledWith('4');
  });

  it('keeps the look-alike once downloaded: a tap aimed at it as the download lands opens the menu', async () => {
    const onChange = renderField();
    const lookAlike = field();
    await pastIdle();
    expect(lookAlike).toBeInTheDocument();
    await userEvent.click(lookAlike);
    await userEvent.click(await screen.findByRole('option', { name: 'Data Science' }));
    expect(onChange).toHaveBeenCalledWith('4');
  });

  it('keeps the look-alike until it is used: a press aimed at it across the download opens the menu once', async () => {
    renderField();
    const lookAlike = field();
    fireEvent.pointerDown(lookAlike);
    await pastIdle();
    // Still the node the press started on, and still closed.
    expect(lookAlike).toBeInTheDocument();
    expect(lookAlike).toHaveAttribute('aria-expanded', 'false');
    fireEvent.pointerUp(lookAlike);
    fireEvent.click(lookAlike);
    expect(await screen.findAllByRole('listbox')).toHaveLength(1);
    // The open menu hides the page from assistive technology, the field with it.
    expect(screen.getByRole('combobox', { name: 'Professional field', hidden: true })).toHaveAttribute('aria-expanded', 'true');
    // Nothing of that click closes it afterwards.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('opens with a single tap (touch)', async () => {
    const onChange = renderField();
    await pastIdle();
    await userEvent.pointer({ keys: '[TouchA]', target: field() });
    await userEvent.click(await screen.findByRole('option', { name: 'Data Science' }));
    expect(onChange).toHaveBeenCalledWith('4');
  });

  it.each(['{Enter}', ' ', '{ArrowDown}', '{ArrowUp}'])('opens from the keyboard (%s) and keeps the focus', async (key) => {
    renderField();
    field().focus();
    await userEvent.keyboard(key);
    expect(await screen.findByRole('option', { name: 'Data Science' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field()).toHaveFocus();
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('hands over to the real select, closed, on a keyboard focus: typing picks as MUI does', async () => {
    const onChange = renderField();
    await pastIdle();
    await userEvent.tab();
    expect(field()).toHaveFocus();
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.keyboard('d');
    expect(onChange).toHaveBeenCalledWith('4');
  });

  it('does not take the focus back when it was left before the download landed', async () => {
    render(
      <>
        <SelectField label="Professional field" value="" options={OPTIONS} onChange={vi.fn()} />
        <button type="button">Elsewhere</button>
      </>,
    );
    field().focus();
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    await pastIdle();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
