import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod/mini';
import { useSchemaForm } from './useSchemaForm';

const schema = z.object({ name: z.string().check(z.minLength(1, 'Name please')), agree: z.boolean() });
type Values = z.infer<typeof schema>;
const FIELDS = ['name', 'agree'] as const;

function Form({ onValid }: { onValid: (values: Values) => Promise<void> }) {
  const { register, handleSubmit, errors, submitting, reset } = useSchemaForm<Values, keyof Values>(schema, FIELDS);
  return (
    <form onSubmit={handleSubmit(onValid)} aria-label="Test">
      <input aria-label="Name" {...register('name')} />
      {errors.name && <span>{errors.name}</span>}
      <input type="checkbox" aria-label="Agree" defaultChecked {...register('agree')} />
      <button type="button" onClick={reset}>
        Reset
      </button>
      <button type="submit" disabled={submitting}>
        {submitting ? 'Sending' : 'Send'}
      </button>
    </form>
  );
}

describe('useSchemaForm', () => {
  it("reads a checkbox's checked state and is submitting until the handler has settled", async () => {
    let finish: () => void = () => undefined;
    const sent: Values[] = [];
    render(
      <Form
        onValid={(values) => {
          sent.push(values);
          return new Promise((resolve) => {
            finish = resolve;
          });
        }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Name please')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(sent).toEqual([]);

    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.click(screen.getByLabelText('Agree'));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('button', { name: 'Sending' })).toBeDisabled();
    expect(sent).toEqual([{ name: 'Ada', agree: false }]);
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
  });

  it('reset puts the inputs back to their first values and clears the errors', async () => {
    render(<Form onValid={async () => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Name please')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.click(screen.getByLabelText('Agree'));
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Agree')).toBeChecked();
    expect(screen.queryByText('Name please')).not.toBeInTheDocument();
  });
});
