import { describe, expect, it } from 'vitest';
import { jobFixture } from './test/fixtures';
import { applicationLabel, boardQuery, canApply, canUnapply, jobStatusLabel, showCreateOnBoard, visibleCloseDate } from './jobRules';

describe('job board address', () => {
  it('sends the search only at 2 or more trimmed characters, 9 a page, and every filter', () => {
    expect(boardQuery(new URLSearchParams('q=%20a%20'))).toMatchObject({ search: null, page: 1, page_size: 9 });
    expect(boardQuery(new URLSearchParams('q=%20ai%20&page=3'))).toMatchObject({ search: 'ai', page: 3 });
    const query = boardQuery(
      new URLSearchParams(
        'career_stages=2&professional_fields=4,5&topic_areas=3&countries=Kenya&job_type=internship&job_location=hybrid',
      ),
    );
    expect(query).toMatchObject({
      career_stages: '2',
      professional_fields: '4,5',
      topic_areas: '3',
      countries: 'Kenya',
      job_type: 'internship',
      job_location: 'hybrid',
    });
    expect(boardQuery(new URLSearchParams('job_type=all'))).toMatchObject({ job_type: null });
  });
});

describe('job rules', () => {
  it('labels the application and the job status', () => {
    expect(applicationLabel('pending')).toBe('Applied');
    expect(applicationLabel('accepted')).toBe('Accepted');
    expect(applicationLabel('rejected')).toBe('Rejected');
    expect(applicationLabel(null)).toBeNull();
    expect(jobStatusLabel('approved')).toBe('Published');
    expect(jobStatusLabel('pending')).toBe('Draft');
  });

  it('shows the close date only while it is not past', () => {
    expect(visibleCloseDate(jobFixture({ application_close_date: '2099-12-31' }))).toBe('2099-12-31');
    expect(visibleCloseDate(jobFixture({ application_close_date: '2020-01-01', is_expired: true }))).toBeNull();
    expect(visibleCloseDate(jobFixture({ application_close_date: null }))).toBeNull();
  });

  it('offers Apply inside the window to people who have not applied, Unapply while pending', () => {
    expect(canApply(jobFixture())).toBe(true);
    expect(canApply(jobFixture({ status: 'pending' }))).toBe(false);
    expect(canApply(jobFixture({ is_open_for_applications: false }))).toBe(false);
    expect(canUnapply(jobFixture({ status: 'pending' }))).toBe(true);
    expect(canUnapply(jobFixture({ status: 'accepted' }))).toBe(false);
  });

  it('hides Create Job when the site organization exists and the user does not administer it', () => {
    expect(showCreateOnBoard(false, null)).toBe(false);
    expect(showCreateOnBoard(true, null)).toBe(true);
    expect(showCreateOnBoard(true, { is_administrator: false, role: 'member', membership_status: 'accepted' })).toBe(false);
    expect(showCreateOnBoard(true, { is_administrator: true })).toBe(true);
    expect(showCreateOnBoard(true, { role: 'leader', membership_status: 'accepted' })).toBe(true);
    expect(showCreateOnBoard(true, { role: 'admin', membership_status: 'pending' })).toBe(false);
  });
});
