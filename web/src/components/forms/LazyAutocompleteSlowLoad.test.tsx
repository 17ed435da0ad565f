import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField } from '@mui/material';
import LazyAutocomplete from './LazyAutocomplete';

// The real Autocomplete's code arrives only when the test lets it: what a slow network does.
const download = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock('@mui/material/Autocomplete', async (importOriginal) => {
  await download.arrived;
  return importOriginal();
});

describe('LazyAutocomplete on a slow download', { timeout: 20_000 }, () => {
  it('arrives closed, and reports the leaving once, when the member pressed the field and left before its code came', async () => {
    const onBlur = vi.fn();
    render(
      <>
        <LazyAutocomplete
          options={['Apple', 'Banana']}
          value={null}
          onBlur={onBlur}
          renderInput={(params) => <TextField {...params} label="Fruit" />}
        />
        <button type="button">After</button>
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /Fruit/ }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    await waitFor(() => expect(onBlur).toHaveBeenCalledTimes(1));

    download.arrive();
    await screen.findByRole('button', { name: 'Open' }, { timeout: 8000 });
    expect(screen.getByRole('combobox', { name: /Fruit/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    expect(onBlur).toHaveBeenCalledTimes(1);

    // Back in the field, the real one works as ever.
    await user.type(screen.getByRole('combobox', { name: /Fruit/ }), 'Ban');
    expect(await screen.findByRole('option', { name: 'Banana' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Fruit/ })).toHaveValue('Ban');
  });
});
