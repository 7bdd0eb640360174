import { useEffect, useRef } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { useNotify } from 'react-admin';
import { messageOfUnshown } from './unshownErrors';

/**
 * In place of react-admin's own form-invalid toast (forms set `disableInvalidFormNotification`):
 * after a submit, a server error that names no field is shown as a toast; when any field has an
 * error, the field shows it (and its tab turns red). An error on a field the form has no input for
 * is a toast with its own message, since nothing on screen would show it.
 */
export function FormErrorNotification() {
  const { submitCount, errors } = useFormState();
  const { control } = useFormContext();
  const seen = useRef(submitCount);
  const notify = useNotify();
  useEffect(() => {
    if (submitCount <= seen.current) return;
    seen.current = submitCount;
    const { root, ...fields } = errors;
    const serverError = root?.serverError?.message;
    if (Object.keys(fields).length === 0 && typeof serverError === 'string' && serverError) {
      notify(serverError, { type: 'error' });
      return;
    }
    const messages = Object.fromEntries(Object.entries(fields).flatMap(([field, error]) => (typeof error?.message === 'string' ? [[field, error.message]] : [])));
    // The inputs registered and mounted now (react-hook-form keeps their names in `_names.mount`).
    const unshown = messageOfUnshown(messages, (field) => control._names.mount.has(field));
    if (unshown) notify(unshown, { type: 'error' });
  }, [errors, submitCount, notify, control]);
  return null;
}
