import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server, signIn } from '../../test/server';
import QuestionField from './components/QuestionField';
import type { FormQuestion } from './api';

const question = { id: 'cv', label: 'Your CV', type: 'file', required: true } as FormQuestion;

describe('a file question', () => {
  it('uploads an image or a PDF and answers with its id', async () => {
    signIn();
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/v1/file-upload/', async ({ request }) => {
        const form = await request.formData();
        sent.push(form.get('files'));
        return HttpResponse.json({ data: { data: [{ id: 77, file: '/media/cv.pdf', name: 'cv.pdf', mime_type: 'application/pdf' }] } }, { status: 201 });
      }),
    );
    const onChange = vi.fn();
    render(<QuestionField question={question} value={null} onChange={onChange} />);
    await userEvent.upload(screen.getByLabelText('Your CV *'), new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(77));
    expect(sent).toHaveLength(1);
  });

  it('refuses other types before uploading', async () => {
    signIn();
    const onChange = vi.fn();
    render(<QuestionField question={question} value={null} onChange={onChange} />);
    await userEvent.upload(screen.getByLabelText('Your CV *'), new File(['x'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('Upload an image or a PDF.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });
});
