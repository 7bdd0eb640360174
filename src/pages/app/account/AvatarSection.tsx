import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AVATAR_MAX_MB, AVATAR_SNIFF_BYTES, AVATAR_TYPES, avatarProblem } from '../../../../common/avatar';
import { failureOf, fetchAvatar, OWN_AVATAR_KEY, removeAvatar, uploadAvatar } from './api';
import { Section } from './Section';

/**
 * The picture: chosen, checked here with the server's rule (type by content, size limit), shown
 * as a preview, then uploaded. The stored picture is fetched with the session's token.
 */
export function AvatarSection({ updated, onChanged }: { updated: string | null; onChanged: () => void }) {
  const { t } = useTranslation(['profile', 'validation']);
  const notify = useNotify();
  const queryClient = useQueryClient();
  // The app bar's picture (src/layout/UserAvatar.tsx) follows every change at once.
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: OWN_AVATAR_KEY });
    onChanged();
  };
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!updated) return;
    const controller = new AbortController();
    let url: string | undefined;
    fetchAvatar(controller.signal)
      .then((blob) => {
        if (blob) setPreview((url = URL.createObjectURL(blob)));
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [updated]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const head = new Uint8Array(await file.slice(0, AVATAR_SNIFF_BYTES).arrayBuffer());
    const problem = avatarProblem(file.size, head);
    if (problem) {
      setError(t(problem.key, problem.values ?? {}));
      return;
    }
    setError(undefined);
    setPreview(URL.createObjectURL(file));
    setBusy(true);
    try {
      await uploadAvatar(file);
      notify(t('profile:account.avatar.saved'), { type: 'success' });
      changed();
    } catch (failure) {
      setError(failureOf(failure, t('profile:account.avatar.failed')).message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await removeAvatar();
      setPreview(undefined);
      changed();
    } catch (failure) {
      setError(failureOf(failure, t('profile:account.avatar.failed')).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="account-avatar" title={t('profile:account.avatar.title')} intro={t('profile:account.avatar.intro', { size: AVATAR_MAX_MB })}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Avatar src={preview} alt={preview ? t('profile:account.avatar.alt') : ''} sx={{ width: 96, height: 96 }} />
        <Stack spacing={1}>
          <input ref={input} id="avatar-file" type="file" accept={AVATAR_TYPES.join(',')} hidden onChange={(e) => void choose(e)} aria-describedby="avatar-error" />
          <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy}>
            {t('profile:account.avatar.choose')}
          </Button>
          {preview && (
            <Button variant="text" color="error" onClick={() => void remove()} disabled={busy}>
              {t('profile:account.avatar.remove')}
            </Button>
          )}
        </Stack>
      </Stack>
      <Typography id="avatar-error" role="alert" color="error" sx={{ mt: 1, minHeight: '1.5em' }}>
        {error ?? ''}
      </Typography>
    </Section>
  );
}
