import { useEffect, useRef } from 'react';
import { useFormState } from 'react-hook-form';
import { useNotify } from 'react-admin';

/**
 * In place of react-admin's own form-invalid toast (forms set `disableInvalidFormNotification`):
 * after a submit, a server error that names no field is shown as a toast; when any field has an
 * error, the field shows it (and its tab turns red) and there is no toast.
 */
export function FormErrorNotification() {
  const { submitCount, errors } = useFormState();
  const seen = useRef(submitCount);
  const notify = useNotify();
  useEffect(() => {
    if (submitCount <= seen.current) return;
    seen.current = submitCount;
    const { root, ...fields } = errors;
    const serverError = root?.serverError?.message;
    if (Object.keys(fields).length === 0 && typeof serverError === 'string' && serverError) notify(serverError, { type: 'error' });
  }, [errors, submitCount, notify]);
  return null;
}
