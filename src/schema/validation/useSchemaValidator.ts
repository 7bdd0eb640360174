import { useCallback, useEffect } from 'react';
import { useTranslate } from 'react-admin';
import type { ResourceSchema } from '../../../common/schema/types';
import { toPayload } from '../payload';
import { useFieldLabel } from '../useFieldLabel';
import { formErrors } from './messages';

const loadCompiler = () => import('./compile');

/**
 * A react-admin form-level validator running ajv on the payload the form would send. ajv loads
 * with the first form (started on mount, so it is there by the first submit); react-admin accepts
 * an asynchronous validator.
 */
export function useSchemaValidator(schema: ResourceSchema) {
  const translate = useTranslate();
  const labelOf = useFieldLabel(schema);
  useEffect(() => {
    void loadCompiler();
  }, []);
  return useCallback(
    async (values: Record<string, unknown>) => {
      const payload = toPayload(values, schema);
      const { compileSchema } = await loadCompiler();
      return formErrors(payload, compileSchema(schema)(payload), schema, translate, labelOf);
    },
    [schema, translate, labelOf],
  );
}
