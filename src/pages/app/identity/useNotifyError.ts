import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { problemsOf } from '../../../resources/simcards/types';

/** Tells the user why a request failed: the server's message and each field's message after it. */
export function useNotifyError(): (error: unknown) => void {
  const notify = useNotify();
  return useCallback(
    (error: unknown) => {
      const { message, details } = problemsOf(error);
      const text = [message, ...details].join(' ');
      notify(text, { type: 'error', messageArgs: { _: text } });
    },
    [notify],
  );
}
