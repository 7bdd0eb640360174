/** Attributes kept per fix, and the longest key and text value (a bound on what one message can store), whatever the protocol. */
export const MAX_ATTRIBUTES = 64;
export const MAX_ATTRIBUTE_KEY = 64;
export const MAX_ATTRIBUTE_TEXT = 256;

