import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server, signIn } from '../../test/server';
import { ApiError } from '../api/errors';
import { uploadFile, uploadErrorMessage } from './upload';

const stored = { id: 5, file: '/media/x.pdf', name: 'x.pdf', content_type: 'application/pdf', mime_type: 'application/pdf', size: 3, kind: 'document' };

describe('uploads', () => {
  it('send the Bearer token, renew it once on a 401 and repeat the upload', async () => {
    signIn('old-access', 'refresh-1');
    const seen: (string | null)[] = [];
    server.use(
      http.post('*/api/v1/file-upload/', ({ request }) => {
        const auth = request.headers.get('Authorization');
        seen.push(auth);
        if (auth === 'Bearer old-access') return HttpResponse.json({ detail: 'expired' }, { status: 401 });
        return HttpResponse.json({ data: { data: [stored] } }, { status: 201 });
      }),
      http.post('*/api/v1/token/refresh/', () => HttpResponse.json({ data: { access: 'new-access', refresh: 'refresh-2' } })),
    );
    const progress: number[] = [];
    const file = await uploadFile(new File(['pdf'], 'x.pdf', { type: 'application/pdf' }), '', { onProgress: (p) => progress.push(p) });
    expect(file.id).toBe(5);
    expect(seen).toEqual(['Bearer old-access', 'Bearer new-access']);
    expect(localStorage.getItem('accessToken')).toBe('new-access');
    expect(progress.at(-1)).toBe(1);
  });

  it("fail with the answer's error text", async () => {
    signIn();
    server.use(
      http.post('*/api/v1/file-upload/', () =>
        HttpResponse.json({ message: 'Maximum size exceed (max 10MB allowed)', error: 'Maximum size exceed (max 10MB allowed)' }, { status: 413 }),
      ),
    );
    const failure = await uploadFile(new File(['pdf'], 'x.pdf')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(413);
    expect((failure as ApiError).message).toBe('Maximum size exceed (max 10MB allowed)');
  });

  it('read the error from `error`, else the first message', () => {
    expect(uploadErrorMessage({ error: 'A', message: 'B' })).toBe('A');
    expect(uploadErrorMessage({ field_errors: { file: ['C'] }, message: 'B' })).toBe('C');
    expect(uploadErrorMessage(null)).toBeNull();
  });
});
