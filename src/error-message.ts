/** The words of whatever was thrown or rejected (an Error, a browser API's plain object, a string, anything else). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
  return String(error);
}

/** The same words without a closing full stop, to sit inside a sentence of ours ("… failed: <words>; …"). */
export function errorClause(error: unknown): string {
  return errorMessage(error).replace(/\.$/, '');
}
