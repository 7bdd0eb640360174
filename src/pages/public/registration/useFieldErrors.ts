import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormProblem } from '../../../../common/caregiver-account';

/**
 * Turns the shared rules' problems (common/caregiver-account.ts) into one translated message per
 * field, the first problem of each, with the field's label filled in, as the server does.
 */
export function useProblemMessages() {
  const { t } = useTranslation(['profile', 'validation']);
  return useCallback(
    (problems: readonly FormProblem[]): Record<string, string> => {
      const messages: Record<string, string> = {};
      for (const p of problems) messages[p.member] ??= t(p.key, { field: t(`profile:fields.${p.member}`), ...p.values });
      return messages;
    },
    [t],
  );
}
