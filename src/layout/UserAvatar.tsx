import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useGetIdentity } from 'react-admin';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Avatar from '@mui/material/Avatar';
import { POLICIES } from '../../common/policies';
import { fetchAvatar, OWN_AVATAR_KEY } from '../pages/app/account/api';

/** The picture as a data: URL (the Content-Security-Policy's img-src allows data:), or null without one. */
async function avatarDataUrl(signal: AbortSignal): Promise<string | null> {
  const blob = await fetchAvatar(signal);
  if (!blob) return null;
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Avatar not read'));
    reader.readAsDataURL(blob);
  });
}

/**
 * The user menu's icon: the signed-in user's own picture (GET /api/plugandplay/avatar with the
 * session's token, since an <img> cannot send it), or the default icon when there is none, the
 * user may not have one (no account policy) or it cannot be fetched. The account page invalidates
 * OWN_AVATAR_KEY after an upload or a removal, so the app bar follows at once.
 */
export function UserAvatar() {
  const { identity } = useGetIdentity();
  const { canAccess } = useCanAccess({ resource: POLICIES.account, action: 'list' });
  const { data: src } = useQuery({
    queryKey: [...OWN_AVATAR_KEY, identity?.id ?? ''],
    queryFn: ({ signal }) => avatarDataUrl(signal),
    enabled: canAccess === true && identity?.id !== undefined,
  });
  if (!src) return <AccountCircle />;
  // Decorative: the button around it is named 'Profile' and shows the user's name.
  return <Avatar src={src} alt="" sx={{ width: 24, height: 24 }} />;
}
