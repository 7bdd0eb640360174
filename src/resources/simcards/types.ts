import type { FieldMessage } from '../../components/csv-upload/types';

/** Answers of the SIM card module (server/modules/simcards); the upload's are shared with other resources. */
export { problemsOf, uploadProblemRows, type FieldMessage, type UploadResult } from '../../components/csv-upload/types';

export interface DeactivateResult {
  total: number;
  deactivated: number;
  alreadyDeactivated: number;
  errors: { id: string; messages: FieldMessage[] }[];
}
