import type { AnswerOf } from '../../providers/openapi/typedApi';

/** Answers of the SIM card module (server/resource-extensions/simcards); the upload's are shared with other resources. */
export { problemsOf, uploadProblemRows, type FieldMessage, type UploadResult } from '../../components/csv-upload/types';

export type DeactivateResult = AnswerOf<'/api/app/simCardInstance/batchDeactivate', 'post'>;
