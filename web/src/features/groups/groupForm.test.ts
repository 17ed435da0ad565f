import { describe, expect, it } from 'vitest';
import { emptyGroupForm, toGroupPayload, validateGroupForm, type GroupFormValues } from './groupForm';

const context = { parentFromContext: true, useCasesAvailable: false };

function circle(overrides: Partial<GroupFormValues> = {}): GroupFormValues {
  return {
    ...emptyGroupForm('circle', 1),
    name: 'AI Foundations',
    description: '<p>Learn</p>',
    topics: [{ id: 2, name: 'AI' }],
    relevant_sdgs: [4],
    career_stages: ['1'],
    commitment_time: 4,
    start_date: '2099-02-01',
    end_date: '2099-03-01',
    application_open_date: '2099-01-01',
    application_close_date: '2099-01-20',
    circle_type: 1,
    ...overrides,
  };
}

describe('group form checks', () => {
  it('accepts a complete circle', () => {
    expect(validateGroupForm(circle(), context)).toEqual({});
  });

  it('requires what a circle needs, with the spec messages', () => {
    const errors = validateGroupForm(
      { ...emptyGroupForm('circle', null), publicity: '' },
      { parentFromContext: false, useCasesAvailable: true },
    );
    expect(errors).toMatchObject({
      name: 'Required',
      description: 'Required',
      topics: 'Required',
      relevant_sdgs: 'Required',
      career_stages: 'Required',
      commitment_time: 'Required',
      start_date: 'Required',
      end_date: 'Required',
      application_open_date: 'Required',
      application_close_date: 'Required',
      publicity: 'Required',
      parent_group: 'Required',
      circle_type: 'Required',
      use_cases: 'Please select a use case',
    });
  });

  it('checks limits and numbers', () => {
    const long = `<p>${'a'.repeat(4001)}</p>`;
    const errors = validateGroupForm(
      circle({
        description: long,
        objective: long,
        maximum_size: '-1',
        topics: Array.from({ length: 8 }, (_, id) => ({ id, name: `t${id}` })),
        relevant_sdgs: [1, 2, 3, 4],
        is_paid: true,
        price: '0',
        paid_features: 'a\nb\nc\nd',
        discount: '-5',
      }),
      context,
    );
    expect(errors).toEqual({
      description: 'Maximum of 4000 characters',
      objective: 'Maximum of 4000 characters',
      maximum_size: 'Postive number only',
      topics: 'Maximum 7 topics',
      relevant_sdgs: 'Maximum 3',
      price: 'Must be greater than zero',
      paid_features: 'Maximum 3',
      discount: 'Discount percentage cannot be negative',
    });
    expect(validateGroupForm(circle({ is_paid: true, price: '', discount: '101' }), context)).toEqual({
      price: 'Required',
      discount: 'Discount percentage cannot be greater than 100',
    });
  });

  it('needs an event type for events, a country for organizations, and orders the dates', () => {
    expect(validateGroupForm(circle({ group_type: 'event', relevant_sdgs: [] }), context)).toEqual({ event_type: 'Required' });
    expect(validateGroupForm({ ...emptyGroupForm('organization', null), name: 'Org', description: '<p>x</p>' }, context)).toEqual({
      country: 'Required',
    });
    expect(validateGroupForm(circle({ application_close_date: '2098-12-01' }), context)).toEqual({
      application_close_date: 'Application close date cannot be before the application open date',
    });
  });

  it("sends topic ids, 'all' fields as an empty list, and the external link inside extra_info", () => {
    const payload = toGroupPayload(
      circle({ group_type: 'event', event_type: 'talk', professional_fields: ['all', '3'], is_external: true, external_link: 'https://x.org' }),
      { questions: [{ id: 'text1', label: 'Q', type: 'text', required: false, options: [] }] },
    );
    expect(payload).toMatchObject({
      topics: [2],
      professional_fields: [],
      event_type: 'talk',
      price: null,
      extra_info: { is_external: true, external_link: 'https://x.org', questions: [{ id: 'text1' }] },
    });
  });
});
