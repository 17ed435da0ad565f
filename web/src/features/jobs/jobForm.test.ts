import { describe, expect, it } from 'vitest';
import { emptyJobForm, JOB_FORM_MESSAGES, toJobPayload, validateJobForm, type JobFormValues } from './jobForm';

function values(overrides: Partial<JobFormValues> = {}): JobFormValues {
  return { ...emptyJobForm(5), title: 'Data Analyst', description: '<p>Analyse data.</p>', ...overrides };
}

describe('job form', () => {
  it('needs a title, a description and, when creating, a group', () => {
    expect(validateJobForm(values(), false)).toEqual({});
    expect(validateJobForm(values({ title: '  ', description: '<p></p>', group: null }), false)).toEqual({
      title: JOB_FORM_MESSAGES.required,
      description: JOB_FORM_MESSAGES.required,
      group: JOB_FORM_MESSAGES.required,
    });
    // Editing keeps the job's group.
    expect(validateJobForm(values({ group: null }), true)).toEqual({});
  });

  it('keeps description and requirements to 4000 characters and skills to 7', () => {
    const long = `<p>${'x'.repeat(4001)}</p>`;
    const errors = validateJobForm(
      values({ description: long, requirements: long, skills: Array.from({ length: 8 }, (_, id) => ({ id: id + 1, name: `S${id}` })) }),
      false,
    );
    expect(errors).toEqual({ description: 'Maximum of 4000 characters', requirements: 'Maximum of 4000 characters', skills: 'Maximum 7 skills' });
    expect(validateJobForm(values({ description: `<p>${'x'.repeat(4000)}</p>` }), false)).toEqual({});
  });

  it('asks for an address on site and hybrid, and a close date not before the open date', () => {
    expect(validateJobForm(values({ job_location: 'on_site' }), false)).toEqual({ address: 'Required' });
    expect(validateJobForm(values({ job_location: 'hybrid', address: 'Nairobi' }), false)).toEqual({});
    expect(validateJobForm(values({ application_open_date: '2027-02-01', application_close_date: '2027-01-31' }), false)).toEqual({
      application_close_date: JOB_FORM_MESSAGES.closeBeforeOpen,
    });
    expect(validateJobForm(values({ application_open_date: '2027-02-01', application_close_date: '2027-02-01' }), false)).toEqual({});
  });

  it('sends the group only when creating, skill ids, and no address for remote jobs', () => {
    const form = values({ skills: [{ id: 3, name: 'SQL' }], address: 'Nairobi', job_location: 'remote' });
    expect(toJobPayload(form, false)).toMatchObject({ group: 5, skills: [3], address: '', application_open_date: null });
    expect(toJobPayload(form, true)).not.toHaveProperty('group');
  });
});
