import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/renderApp';
import { server, signIn } from '../../test/server';
import { groupFixture, paged, serveList } from '../../components/lists/testing';
import { EMPTY_REQUEST, circleRequestSchema, toCircleRequest } from './circleRequestSchema';
import { monthOptions } from './circleFilters';

function messages(values: Partial<typeof EMPTY_REQUEST>): Record<string, string> {
  const result = circleRequestSchema.safeParse({ ...EMPTY_REQUEST, ...values });
  const found: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) found[String(issue.path[0])] ??= issue.message;
  return found;
}

const filled = {
  real_world_problems_to_solve: 'Automate reports',
  goal: 'Learn Python',
  urgency: '2027-03',
  hours_commitment: '3',
  learning_modality: 'remote',
};

describe('circle request rules', () => {
  it('gives the spec messages for every missing field', () => {
    expect(messages({})).toEqual({
      real_world_problems_to_solve: 'This field is required',
      goal: 'This field is required',
      urgency: 'Please select a month',
      hours_commitment: 'This field is required',
      learning_modality: 'Please select an option',
    });
  });

  it('takes whole hours from 1 to 168, and a country only for in person', () => {
    expect(messages({ ...filled, hours_commitment: '0' })).toEqual({ hours_commitment: 'Please enter at least 1 hour' });
    expect(messages({ ...filled, hours_commitment: '169' })).toEqual({
      hours_commitment: 'Please enter at most 168 hours (the hours in a week)',
    });
    expect(messages({ ...filled, hours_commitment: '2.5' })).toEqual({ hours_commitment: 'Please enter whole hours' });
    expect(messages({ ...filled, hours_commitment: '168' })).toEqual({});
    expect(messages({ ...filled, goal: 'x'.repeat(4001) })).toEqual({ goal: 'Please use at most 4000 characters' });
    expect(messages(filled)).toEqual({});
    expect(messages({ ...filled, learning_modality: 'in_person' })).toEqual({ location: 'Please select a country' });
    expect(messages({ ...filled, learning_modality: 'in_person', location: 'Kenya' })).toEqual({});
  });

  it('sends a number of hours and a location only for in person', () => {
    expect(toCircleRequest({ ...EMPTY_REQUEST, ...filled, location: 'Kenya' })).toEqual({
      real_world_problems_to_solve: 'Automate reports',
      goal: 'Learn Python',
      urgency: '2027-03',
      hours_commitment: 3,
      learning_modality: 'remote',
      location: null,
    });
  });
});

async function openForm() {
  signIn();
  serveList('circles/', () => paged([groupFixture()]));
  server.use(
    http.get('*/api/v1/leader-applications/', () => HttpResponse.json({ data: [] })),
    http.get('*/api/v1/groups/default/', () => HttpResponse.json({ data: groupFixture({ id: 1, extra_info: {} }) })),
  );
  renderApp('/circles');
  await userEvent.click(await screen.findByRole('button', { name: 'Request Circle' }));
  return screen.findByRole('dialog', { name: 'Request a Circle' });
}

async function fill(dialog: HTMLElement, modality: 'Remote' | 'In person' = 'In person') {
  await userEvent.type(within(dialog).getByRole('textbox', { name: /real-world problems/i }), 'Automate reports');
  await userEvent.type(within(dialog).getByRole('textbox', { name: /your goal/i }), 'Learn Python');
  await userEvent.click(within(dialog).getByRole('combobox', { name: /By when/ }));
  await userEvent.click(await screen.findByRole('option', { name: monthOptions()[1]!.label }));
  await userEvent.type(within(dialog).getByRole('spinbutton', { name: /Hours per week/ }), '3');
  await userEvent.click(within(dialog).getByRole('radio', { name: modality }));
}

describe('circle request form', { timeout: 20_000 }, () => {
  it('keeps submit disabled until valid, shows messages and needs a country in person', async () => {
    const dialog = await openForm();
    const submit = within(dialog).getByRole('button', { name: 'Submit Request' });
    expect(submit).toBeDisabled();
    expect(within(dialog).getByText('at least 2 hours/week for 4 weeks is typical')).toBeInTheDocument();

    const problems = within(dialog).getByRole('textbox', { name: /real-world problems/i });
    await userEvent.type(problems, 'x');
    await userEvent.clear(problems);
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();

    await fill(dialog);
    const hours = within(dialog).getByRole('spinbutton', { name: /Hours per week/ });
    await userEvent.clear(hours);
    await userEvent.type(hours, '0');
    expect(await within(dialog).findByText('Please enter at least 1 hour')).toBeInTheDocument();
    await userEvent.clear(hours);
    await userEvent.type(hours, '3');

    // A press wakes the real country field, which takes over from its stand-in with its list
    // open (components/forms/LazyAutocomplete.tsx; leaving before it comes is tested there).
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Location/ }));
    expect(await screen.findByRole('listbox', { name: /Location/ })).toBeInTheDocument();
    await userEvent.tab();
    expect(await within(dialog).findByText('Please select a country')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await userEvent.type(within(dialog).getByRole('combobox', { name: /Location/ }), 'Keny');
    await userEvent.click(await screen.findByRole('option', { name: 'Kenya' }));
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it('submits, thanks for 2 seconds, then closes and resets', async () => {
    const dialog = await openForm();
    let body: unknown;
    server.use(
      http.post('*/api/v1/request-circle/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: { id: 1 } }, { status: 201 });
      }),
    );
    await fill(dialog, 'Remote');
    const submit = within(dialog).getByRole('button', { name: 'Submit Request' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Thank you!')).toBeInTheDocument();
    expect(body).toEqual({
      real_world_problems_to_solve: 'Automate reports',
      goal: 'Learn Python',
      urgency: monthOptions()[1]!.value,
      hours_commitment: 3,
      learning_modality: 'remote',
      location: null,
    });
    // Still there just after, gone after the 2 seconds.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(screen.getByRole('dialog', { name: 'Request a Circle' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request a Circle' })).not.toBeInTheDocument(), {
      timeout: 3000,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Request Circle' }));
    const again = await screen.findByRole('dialog', { name: 'Request a Circle' });
    expect(within(again).getByRole('textbox', { name: /real-world problems/i })).toHaveValue('');
  });

  it('shows the server message, or the fallback, and stays open', async () => {
    const dialog = await openForm();
    server.use(
      http.post('*/api/v1/request-circle/', () =>
        HttpResponse.json({ non_field_errors: ['You already asked for this circle.'] }, { status: 400 }),
      ),
    );
    await fill(dialog, 'Remote');
    const submit = within(dialog).getByRole('button', { name: 'Submit Request' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(await screen.findByText('You already asked for this circle.')).toBeInTheDocument();

    server.use(http.post('*/api/v1/request-circle/', () => HttpResponse.json({}, { status: 500 })));
    await userEvent.click(submit);
    expect(await screen.findByText('Failed to submit request. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Request a Circle' })).toBeInTheDocument();
  });

  it("puts the server's field errors on their fields, not in a toast, until the field is changed", async () => {
    const dialog = await openForm();
    let calls = 0;
    server.use(
      http.post('*/api/v1/request-circle/', () => {
        calls += 1;
        return HttpResponse.json(
          {
            field_errors: {
              urgency: ['Please select a month that is not in the past.'],
              hours_commitment: ['Ensure this value is less than or equal to 168.'],
            },
          },
          { status: 400 },
        );
      }),
    );
    await fill(dialog, 'Remote');
    const submit = within(dialog).getByRole('button', { name: 'Submit Request' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    const hours = within(dialog).getByRole('spinbutton', { name: /Hours per week/ });
    await waitFor(() => expect(hours).toHaveAccessibleDescription('Ensure this value is less than or equal to 168.'));
    expect(within(dialog).getByText('Please select a month that is not in the past.')).toBeInTheDocument();
    expect(hours).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Failed to submit request. Please try again.')).not.toBeInTheDocument();
    expect(calls).toBe(1);
    // Changing the field clears its server error.
    await userEvent.clear(hours);
    await userEvent.type(hours, '4');
    expect(within(dialog).queryByText('Ensure this value is less than or equal to 168.')).not.toBeInTheDocument();
  });

  it('shows a field error for a field the form does not show as a toast', async () => {
    const dialog = await openForm();
    server.use(
      http.post('*/api/v1/request-circle/', () =>
        HttpResponse.json({ field_errors: { location: ['Please select a country'] } }, { status: 400 }),
      ),
    );
    await fill(dialog, 'Remote');
    const submit = within(dialog).getByRole('button', { name: 'Submit Request' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(await screen.findByText('Please select a country')).toBeInTheDocument();
  });
});
