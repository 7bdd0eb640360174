/** A JSON object (not null, not an array): what a body or a member must be before its members are read. */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
