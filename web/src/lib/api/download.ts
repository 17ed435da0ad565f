// A file the API answers with (a CSV export), fetched with the session's token and saved under
// a file name, since a plain link would not carry the Authorization header.
import { ApiError } from './errors';
import { getAccessToken, getCurrentOrg } from '../session';

export async function downloadFile(
  path: string,
  fileName: string,
  query: Record<string, string | number | boolean | null | undefined> = {},
  accept = 'text/csv',
): Promise<void> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const org = getCurrentOrg();
  if (org) url.searchParams.set('current_org', org);
  const headers = new Headers({ Accept: accept });
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await globalThis.fetch(new Request(url, { headers }));
  if (!response.ok) throw new ApiError(response.status, null);
  const blob = await response.blob();
  const link = document.createElement('a');
  const href = URL.createObjectURL(blob);
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}
