/** The error a cancelled proof-of-work search rejects with. */
export function abortError(): Error {
  const error = new Error('The bot-check was cancelled');
  error.name = 'AbortError';
  return error;
}
