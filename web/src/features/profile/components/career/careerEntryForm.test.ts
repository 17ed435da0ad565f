import { describe, expect, it } from 'vitest';
import { entryFixture } from '../../test/fixtures';
import { careerEntrySchema, entryFormValues, toEntryBody, type CareerEntryFormValues } from './careerEntryForm';

function valid(overrides: Partial<CareerEntryFormValues> = {}): CareerEntryFormValues {
  return {
    title: 'Analyst',
    group: { id: null, name: 'New Co' },
    description: '<p>Reports</p>',
    skills: [{ id: 1, name: 'SQL' }],
    is_currently_working: false,
    start_date: '2020-01',
    end_date: '2021-06',
    show_gps: true,
    ...overrides,
  };
}

function messages(values: CareerEntryFormValues): Record<string, string> {
  const result = careerEntrySchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('career entry rules', () => {
  it('accepts a complete entry', () => {
    expect(messages(valid())).toEqual({});
  });

  it('allows at most 7 skills', () => {
    const skills = Array.from({ length: 8 }, (_, id) => ({ id: id + 1, name: `Skill ${id}` }));
    expect(messages(valid({ skills }))).toEqual({ skills: 'Maximum 7 skills' });
  });

  it('treats an editor with no text as an empty description and caps it at 4000 characters', () => {
    expect(messages(valid({ description: '<p> </p>' }))).toEqual({ description: 'Required' });
    expect(messages(valid({ description: `<p>${'a'.repeat(4001)}</p>` }))).toEqual({
      description: 'Maximum of 4000 characters',
    });
  });

  it('needs an end date unless currently working', () => {
    expect(messages(valid({ end_date: '' }))).toEqual({ end_date: 'Required' });
    expect(messages(valid({ end_date: '', is_currently_working: true }))).toEqual({});
  });
});

describe('career entry body', () => {
  it('sends ids, new names, and the month as its first day', () => {
    const body = toEntryBody('work', valid({ skills: [{ id: 4, name: 'SQL' }, { id: -1, name: 'Dbt' }] }), null);
    expect(body).toEqual({
      type: 'work',
      title: 'Analyst',
      group: 'New Co',
      description: '<p>Reports</p>',
      skills: [4, { name: 'Dbt' }],
      is_currently_working: false,
      start_date: '2020-01-01',
      end_date: '2021-06-01',
      show_gps: true,
    });
  });

  it('keeps a stored day when the month is unchanged, and drops the end date while current', () => {
    const stored = entryFixture({ start_date: '2021-03-15', end_date: null, is_currently_working: true });
    const values = entryFormValues(stored);
    expect(values.start_date).toBe('2021-03');
    const body = toEntryBody('work', values, stored);
    expect(body.start_date).toBe('2021-03-15');
    expect(body.end_date).toBeNull();
    expect(body.group).toBe(11);
  });
});
