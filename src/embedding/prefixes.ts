/** Text put before a query or a passage; models trained with such prefixes (e5) need them at inference. */
export interface RolePrefixes {
  query: string;
  passage: string;
}

export const NO_PREFIXES: RolePrefixes = { query: '', passage: '' };
export const E5_PREFIXES: RolePrefixes = { query: 'query: ', passage: 'passage: ' };
