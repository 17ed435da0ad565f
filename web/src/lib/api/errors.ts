// The API's error shape and the messages the client shows for it (spec 000 §8).

export interface ApiErrorBody {
  detail?: string | null;
  message?: string | null;
  field_errors?: Record<string, string[]> | null;
  non_field_errors?: string[] | null;
  code?: string | null;
}

export const GLOBAL_ERROR_MESSAGES = {
  forbidden: "You don't have permission to perform this action",
  notFound: 'The requested resource was not found',
  server: 'A server error occurred. Please try again later.',
  network: 'An error occurred',
  fallback: 'There is an error while processing your request',
} as const;

/** An answer with an error status, or a request that got no answer (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, body: ApiErrorBody | null, message?: string) {
    super(message ?? firstErrorMessage(body) ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** The first message per field, for showing on form fields. */
export function fieldErrors(body: ApiErrorBody | null | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(body?.field_errors ?? {})) {
    const first = Array.isArray(messages) ? messages.find(Boolean) : undefined;
    if (first) result[field] = first;
  }
  return result;
}

/**
 * The one message to show for an error body (spec 000 §8): the first message of the first
 * field in field_errors, else the first of non_field_errors, else message, else detail.
 */
export function firstErrorMessage(body: ApiErrorBody | null | undefined): string | null {
  if (!body) return null;
  const firstField = Object.values(fieldErrors(body))[0];
  if (firstField) return firstField;
  const nonField = body.non_field_errors?.find(Boolean);
  if (nonField) return nonField;
  if (body.message) return body.message;
  if (body.detail) return body.detail;
  return null;
}

/**
 * The toast for an error no screen handles itself. 401 is left to the token renewal
 * (null: nothing to show).
 */
export function globalErrorMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return GLOBAL_ERROR_MESSAGES.fallback;
  if (error.isNetworkError) return GLOBAL_ERROR_MESSAGES.network;
  switch (error.status) {
    case 401:
      return null;
    case 403:
      return GLOBAL_ERROR_MESSAGES.forbidden;
    case 404:
      return GLOBAL_ERROR_MESSAGES.notFound;
    default:
      if (error.status >= 500) return GLOBAL_ERROR_MESSAGES.server;
      return firstErrorMessage(error.body) ?? GLOBAL_ERROR_MESSAGES.fallback;
  }
}

/** The API answered 404: what was asked for does not exist. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
