import { SimpleForm, type SimpleFormProps } from 'react-admin';
import { FormErrorNotification } from './FormErrorNotification';

/**
 * react-admin's SimpleForm as every form of the app uses it: the server's errors show on their
 * fields, and only an error that names no field is a toast (FormErrorNotification).
 */
export function AppSimpleForm({ children, ...props }: SimpleFormProps) {
  return (
    <SimpleForm {...props} disableInvalidFormNotification>
      {children}
      <FormErrorNotification />
    </SimpleForm>
  );
}
