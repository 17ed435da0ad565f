import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import FileDropzone from './FileDropzone';
import UploadItem from './UploadItem';
import { useFileUploads } from './useFileUploads';
import { renderWithProviders } from './testing';

function Uploader() {
  const uploads = useFileUploads();
  return (
    <div>
      <FileDropzone multiple onFiles={uploads.add} />
      <ul>
        {uploads.entries.map((entry) => (
          <UploadItem key={entry.key} entry={entry} onRemove={() => uploads.remove(entry.key)} onRetry={() => uploads.retry(entry.key)} />
        ))}
      </ul>
      <output aria-label="Uploaded ids">{uploads.uploaded.map((file) => file.id).join(',')}</output>
    </div>
  );
}

function file(name: string, bytes: number, type = 'application/pdf'): File {
  const made = new File([name], name, { type });
  Object.defineProperty(made, 'size', { value: bytes });
  return made;
}

describe('file uploads', { timeout: 20_000 }, () => {
  it('uploads a file, keeps a too-large one in error unsent, and keeps a server error on its file', async () => {
    let calls = 0;
    let fail = false;
    server.use(
      http.post('*/api/v1/file-upload/', async ({ request }) => {
        calls += 1;
        const form = await request.formData();
        expect(form.has('files')).toBe(true);
        expect(form.get('descriptions')).toBe('[""]');
        if (fail) {
          return HttpResponse.json(
            {
              message: 'The PDF file is damaged or incomplete. Please upload a valid PDF',
              error: 'The PDF file is damaged or incomplete. Please upload a valid PDF',
            },
            { status: 400 },
          );
        }
        return HttpResponse.json(
          {
            data: {
              data: [{ id: 77, file: '/media/a.pdf', name: 'plan.pdf', content_type: 'application/pdf', mime_type: 'application/pdf', size: 10, kind: 'document' }],
            },
          },
          { status: 201 },
        );
      }),
    );
    renderWithProviders(<Uploader />);
    await userEvent.upload(screen.getByTestId('file-input'), [file('plan.pdf', 1000), file('huge.pdf', 11 * 1024 * 1024)]);
    expect(await screen.findByRole('listitem', { name: 'plan.pdf: Uploaded' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'huge.pdf: Failed' })).toHaveTextContent('Maximum size exceed (max 10MB allowed)');
    expect(screen.queryByRole('button', { name: 'Retry huge.pdf' })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Uploaded ids' })).toHaveTextContent('77');
    // The file over the limit was never sent.
    expect(calls).toBe(1);

    fail = true;
    await userEvent.upload(screen.getByTestId('file-input'), file('broken.pdf', 1000));
    expect(await screen.findByRole('listitem', { name: 'broken.pdf: Failed' })).toHaveTextContent(
      'The PDF file is damaged or incomplete. Please upload a valid PDF',
    );
    // The uploaded file is not sent again.
    expect(calls).toBe(2);

    // A failed upload may be sent again.
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry broken.pdf' }));
    expect(await screen.findByRole('listitem', { name: 'broken.pdf: Uploaded' })).toBeInTheDocument();
    expect(calls).toBe(3);

    await userEvent.click(screen.getByRole('button', { name: 'Remove huge.pdf' }));
    expect(screen.queryByRole('listitem', { name: /huge\.pdf/ })).not.toBeInTheDocument();
  });
});
