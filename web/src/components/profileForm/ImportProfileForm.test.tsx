import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import ImportProfileForm from './ImportProfileForm';
import { renderWithProviders } from './testing';

const LABELS = [
  'Experiences',
  'Education and Learnings',
  'Title',
  'Country of Residence',
  'Languages',
  'Skills',
  'Topics of Interest',
  'Short Bio',
  'Career Story',
];

function pdf(name = 'resume.pdf', bytes?: number): File {
  const file = new File(['%PDF-1.4 test'], name, { type: 'application/pdf' });
  if (bytes !== undefined) Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

const fileInput = () => screen.getByTestId('file-input') as HTMLInputElement;

describe('ImportProfileForm', { timeout: 20_000 }, () => {
  it('starts with every section chosen', () => {
    renderWithProviders(<ImportProfileForm />);
    for (const label of LABELS) expect(screen.getByRole('checkbox', { name: label })).toBeChecked();
  });

  it('asks for the LinkedIn address, then sends it with the chosen sections and shows the notice', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/v1/update-profile-linkedin/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          {
            data: { id: 5, source: 'linkedin', status: 'queued', fields: [], error: null, created_at: '', finished_at: null },
            message: 'The information will be updated in a few seconds.',
          },
          { status: 202 },
        );
      }),
    );
    const onStarted = vi.fn();
    renderWithProviders(<ImportProfileForm onStarted={onStarted} />);
    await userEvent.click(screen.getByRole('button', { name: 'Import from LinkedIn' }));
    expect(await screen.findByText('Please enter linkedin url')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('LinkedIn profile URL'), 'https://www.linkedin.com/in/ada');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Languages' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import from LinkedIn' }));
    expect(await screen.findByText('The information will be updated in a few seconds.')).toBeInTheDocument();
    expect(body).toEqual({
      url: 'https://www.linkedin.com/in/ada',
      fields_to_update: ['experiences', 'education', 'title', 'country', 'skills', 'topics', 'short_bio', 'career_story'],
    });
    expect(onStarted).toHaveBeenCalledWith({ source: 'linkedin', importId: 5, message: 'The information will be updated in a few seconds.' });
  });

  it("shows the server's address error on the field, and the provider failure for the form", async () => {
    server.use(
      http.post('*/api/v1/update-profile-linkedin/', () =>
        HttpResponse.json({ field_errors: { url: ['Enter a valid LinkedIn profile URL.'] } }, { status: 400 }),
      ),
    );
    renderWithProviders(<ImportProfileForm sources="linkedin" />);
    await userEvent.type(screen.getByLabelText('LinkedIn profile URL'), 'https://example.com/ada');
    await userEvent.click(screen.getByRole('button', { name: 'Import from LinkedIn' }));
    expect(await screen.findByText('Enter a valid LinkedIn profile URL.')).toBeInTheDocument();

    server.use(
      http.post('*/api/v1/update-profile-linkedin/', () =>
        HttpResponse.json(
          { message: 'Could not fetch Info from Linkedin', non_field_errors: ['Could not fetch Info from Linkedin'] },
          { status: 400 },
        ),
      ),
    );
    await userEvent.clear(screen.getByLabelText('LinkedIn profile URL'));
    await userEvent.type(screen.getByLabelText('LinkedIn profile URL'), 'https://www.linkedin.com/in/ada');
    await userEvent.click(screen.getByRole('button', { name: 'Import from LinkedIn' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not fetch Info from Linkedin');
  });

  it('checks the resume: required, a PDF, at most 10 MB', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<ImportProfileForm sources="resume" />);
    await user.click(screen.getByRole('button', { name: 'Upload resume' }));
    expect(await screen.findByText('Please upload a resume')).toBeInTheDocument();
    await user.upload(fileInput(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Unsupported file format. Please upload PDF')).toBeInTheDocument();
    await user.upload(fileInput(), pdf('big.pdf', 10 * 1024 * 1024 + 1));
    expect(await screen.findByText('File size exceeds the limit of 10MB')).toBeInTheDocument();
  });

  it('hands a chosen resume over after a second, with update_profile and the sections', async () => {
    const sent: Record<string, string>[] = [];
    server.use(
      http.post('*/api/v1/upload-resume/', async ({ request }) => {
        const form = await request.formData();
        sent.push({
          update_profile: String(form.get('update_profile')),
          fields_to_update: String(form.get('fields_to_update')),
          // (The test environment's XMLHttpRequest does not carry the file's bytes or name.)
          file: form.has('file') ? 'sent' : 'missing',
        });
        return HttpResponse.json(
          {
            data: { id: 8, file: '/media/r.pdf', name: 'resume.pdf', content_type: 'application/pdf', mime_type: 'application/pdf', size: 12, kind: 'document' },
            message: 'Successfully uploaded resume',
            import: { id: 12, status: 'queued' },
          },
          { status: 201 },
        );
      }),
    );
    const onStarted = vi.fn();
    renderWithProviders(<ImportProfileForm sources="resume" onStarted={onStarted} />);
    await userEvent.upload(fileInput(), pdf());
    expect(screen.getByText(/resume\.pdf/)).toBeInTheDocument();
    // Not at once: the choice shows for a second first.
    expect(sent).toHaveLength(0);
    expect(await screen.findByText('The information will be updated in a few seconds.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(sent).toEqual([{ update_profile: 'true', fields_to_update: 'all', file: 'sent' }]);
    expect(onStarted).toHaveBeenCalledWith(expect.objectContaining({ source: 'resume', importId: 12 }));
  });

  it("keeps the server's resume error on the file", async () => {
    server.use(
      http.post('*/api/v1/upload-resume/', () =>
        HttpResponse.json(
          {
            message: 'The PDF file is damaged or incomplete. Please upload a valid PDF',
            field_errors: { file: ['The PDF file is damaged or incomplete. Please upload a valid PDF'] },
            error: 'The PDF file is damaged or incomplete. Please upload a valid PDF',
          },
          { status: 400 },
        ),
      ),
    );
    renderWithProviders(<ImportProfileForm sources="resume" />);
    await userEvent.upload(fileInput(), pdf());
    const form = screen.getByRole('form', { name: 'Import profile' });
    await waitFor(() =>
      expect(within(form).getByText('The PDF file is damaged or incomplete. Please upload a valid PDF')).toBeInTheDocument(),
      { timeout: 4000 },
    );
  });
});
