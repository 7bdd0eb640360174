/** Tables of this module (its migration in server/db/migrations), merged into the Database type. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface GeofencesTables {}
