/** Tables of 012_identity_extras (two-factor codes, external sign-in state), merged into the Database type. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface IdentityExtrasTables {}
