import { describe, expect, it } from 'vitest';
import { ApiError, fieldErrors, firstErrorMessage, globalErrorMessage } from './errors';

describe('error messages', () => {
  it('maps statuses to the spec texts', () => {
    expect(globalErrorMessage(new ApiError(403, null))).toBe("You don't have permission to perform this action");
    expect(globalErrorMessage(new ApiError(404, null))).toBe('The requested resource was not found');
    expect(globalErrorMessage(new ApiError(500, null))).toBe('A server error occurred. Please try again later.');
    expect(globalErrorMessage(new ApiError(503, null))).toBe('A server error occurred. Please try again later.');
    expect(globalErrorMessage(new ApiError(0, null))).toBe('An error occurred');
    expect(globalErrorMessage(new ApiError(400, null))).toBe('There is an error while processing your request');
    expect(globalErrorMessage(new Error('boom'))).toBe('There is an error while processing your request');
  });

  it('leaves 401 to the token renewal', () => {
    expect(globalErrorMessage(new ApiError(401, { detail: 'expired' }))).toBeNull();
  });

  it('shows the server message for other client errors', () => {
    expect(globalErrorMessage(new ApiError(400, { detail: 'Bad thing.' }))).toBe('Bad thing.');
    expect(globalErrorMessage(new ApiError(429, { message: 'Slow down.' }))).toBe('Slow down.');
  });

  it('picks the first field message, then non_field_errors, message, detail', () => {
    const all = {
      field_errors: { email: ['Invalid email address', 'Too long'], password: ['Too short'] },
      non_field_errors: ['A'],
      message: 'B',
      detail: 'C',
    };
    expect(firstErrorMessage(all)).toBe('Invalid email address');
    expect(firstErrorMessage({ ...all, field_errors: null })).toBe('A');
    expect(firstErrorMessage({ ...all, field_errors: {}, non_field_errors: [] })).toBe('B');
    expect(firstErrorMessage({ message: null, detail: 'C' })).toBe('C');
    expect(firstErrorMessage({ field_errors: { email: [] }, detail: 'C' })).toBe('C');
    expect(firstErrorMessage({})).toBeNull();
    expect(firstErrorMessage(null)).toBeNull();
  });

  it('keeps the first message of each field', () => {
    expect(fieldErrors({ field_errors: { email: ['one', 'two'], password: ['three'] } })).toEqual({
      email: 'one',
      password: 'three',
    });
    expect(fieldErrors(undefined)).toEqual({});
  });
});
