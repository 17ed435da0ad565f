import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField } from '@mui/material';
import LazyAutocomplete from './LazyAutocomplete';

const FRUITS = ['Apple', 'Apricot', 'Banana', 'Cherry'];

function Single({
  initial = null,
  onChange,
  onBlur,
}: {
  initial?: string | null;
  onChange?: (value: string | null) => void;
  onBlur?: () => void;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <LazyAutocomplete
        options={FRUITS}
        value={value}
        onChange={(_event, next) => {
          setValue(next);
          onChange?.(next);
        }}
        onBlur={onBlur}
        renderInput={(params) => <TextField {...params} label="Fruit" helperText="Pick one" required />}
      />
      <button type="button">After</button>
    </>
  );
}

function Multiple({ initial, onChange }: { initial: string[]; onChange?: (value: string[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <LazyAutocomplete
      multiple
      options={FRUITS}
      value={value}
      onChange={(_event, next) => {
        setValue(next);
        onChange?.(next);
      }}
      renderInput={(params) => <TextField {...params} label="Fruits" />}
    />
  );
}

// The real Autocomplete is a lazy import: a first import takes a while on a slow machine.
describe('LazyAutocomplete', { timeout: 20_000 }, () => {
  it('shows the label, helper text and chosen value before its code has loaded', () => {
    render(<Single initial="Banana" />);
    const field = screen.getByRole('combobox', { name: /Fruit/ });
    expect(field).toHaveValue('Banana');
    expect(field).toBeRequired();
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Pick one')).toBeInTheDocument();
  });

  it('keeps every key typed into the stand-in, then the real field takes over text and focus', async () => {
    const onChange = vi.fn();
    render(<Single onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /Fruit/ }));
    await user.keyboard('Apr');
    // The real list: only the match of what was typed.
    const apricot = await screen.findByRole('option', { name: 'Apricot' });
    const field = screen.getByRole('combobox', { name: /Fruit/ });
    expect(field).toHaveValue('Apr');
    expect(field).toHaveFocus();
    expect(screen.getAllByRole('option')).toHaveLength(1);
    // Typing goes on in the real field where it stopped.
    await user.keyboard('i');
    expect(field).toHaveValue('Apri');
    await user.click(apricot);
    expect(onChange).toHaveBeenLastCalledWith('Apricot');
    expect(field).toHaveValue('Apricot');
  });

  it('takes the focus from a keyboard user and opens with the arrow keys', async () => {
    render(<Single />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('combobox', { name: /Fruit/ })).toHaveFocus();
    // Once the real field is there (it has the popup button), it still has the focus.
    await screen.findByRole('button', { name: 'Open' }, { timeout: 8000 });
    const field = screen.getByRole('combobox', { name: /Fruit/ });
    expect(field).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'Cherry' })).toBeInTheDocument();
  });

  it('does not pull back the focus of a keyboard user who tabbed past', async () => {
    render(<Single />);
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    await screen.findByRole('button', { name: 'Open' }, { timeout: 8000 });
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('reports leaving the field once (a form marks it touched)', async () => {
    const onBlur = vi.fn();
    render(<Single onBlur={onBlur} />);
    const user = userEvent.setup();
    await user.tab();
    await screen.findByRole('button', { name: 'Open' }, { timeout: 8000 });
    expect(onBlur).not.toHaveBeenCalled();
    await user.tab();
    await waitFor(() => expect(onBlur).toHaveBeenCalledTimes(1));
  });

  it('shows the chosen chips, and removes one on the stand-in', async () => {
    const onChange = vi.fn();
    render(<Multiple initial={['Apple', 'Cherry']} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Apple' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cherry' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('button', { name: 'Apple' }), '{Backspace}');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['Cherry']));
    expect(screen.queryByRole('button', { name: 'Apple' })).not.toBeInTheDocument();
  });
});
