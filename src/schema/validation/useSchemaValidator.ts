import { useCallback, useEffect } from 'react';
import { useTranslate } from 'react-admin';
import type { ResourceSchema } from '../../../common/schema/types';
import { toPayload } from '../payload';
import { useFieldLabel } from '../useFieldLabel';
import { loadSchemaCheck, type SchemaCheck } from './compile';
import { formErrors } from './messages';

/** When the check cannot load (a moment offline), the form still submits and the server checks. */
const noCheck: SchemaCheck = () => [];

/**
 * A react-admin form-level validator running the server's check of the payload the form would
 * send. The check loads with the form (started on mount, so it is there by the first submit);
 * react-admin accepts an asynchronous validator.
 */
export function useSchemaValidator(schema: ResourceSchema) {
  const translate = useTranslate();
  const labelOf = useFieldLabel(schema);
  useEffect(() => {
    loadSchemaCheck(schema).catch(() => undefined);
  }, [schema]);
  return useCallback(
    async (values: Record<string, unknown>) => {
      const payload = toPayload(values, schema);
      const check = await loadSchemaCheck(schema).catch(() => noCheck);
      return formErrors(payload, check(payload), schema, translate, labelOf);
    },
    [schema, translate, labelOf],
  );
}
