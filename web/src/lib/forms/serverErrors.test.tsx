import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { api, unwrap } from '../api/client';
import { ApiError } from '../api/errors';
import { applyServerErrors } from './serverErrors';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  topic_type: z.enum(['skill', 'general']),
});
type Values = z.infer<typeof schema>;

function TopicForm() {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: '', topic_type: 'general' } });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await unwrap(api.POST('/api/v1/topics/', { body: values }));
    } catch (error) {
      applyServerErrors(error, setError, ['name', 'topic_type']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <label htmlFor="name">Name</label>
      <input id="name" {...register('name')} aria-invalid={Boolean(errors.name)} />
      {errors.name && <p role="alert">{errors.name.message}</p>}
      {errors.root?.server && <p role="alert">{errors.root.server.message}</p>}
      <button type="submit">Save</button>
    </form>
  );
}

describe('forms', () => {
  it('shows the schema message before anything is sent', async () => {
    render(<TopicForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Name is required');
  });

  it('puts the server field errors on their fields', async () => {
    server.use(
      http.post('*/api/v1/topics/', () =>
        HttpResponse.json(
          { field_errors: { name: ['A topic with this name already exists.', 'second'] }, non_field_errors: ['Try again.'] },
          { status: 400 },
        ),
      ),
    );
    render(<TopicForm />);
    await userEvent.type(screen.getByLabelText('Name'), 'AI');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['A topic with this name already exists.', 'Try again.']);
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });
});

describe('applyServerErrors', () => {
  it('returns what no field can show', () => {
    const set: string[] = [];
    const setError = (name: string, error: { message?: string }) => set.push(`${name}: ${error.message}`);
    const error = new ApiError(400, { field_errors: { email: ['Bad email'], captcha: ['Solve the challenge'] }, detail: 'x' });
    expect(applyServerErrors(error, setError, ['email'])).toBe('Solve the challenge');
    expect(set).toEqual(['email: Bad email', 'root.server: Solve the challenge']);
    expect(applyServerErrors(new ApiError(400, { detail: 'Nope.' }), setError, [])).toBe('Nope.');
    expect(applyServerErrors(new ApiError(0, null), setError, [])).toBeNull();
    expect(applyServerErrors(new Error('x'), setError, [])).toBeNull();
  });
});
