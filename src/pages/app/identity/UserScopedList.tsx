import type { ReactElement, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ListProps } from 'react-admin';
import { RetryingList } from '../../../components/lists/RetryingList';
import { UserPicker, type PickedUser, type UserSource } from './UserPicker';

interface Props extends Pick<ListProps, 'filters' | 'sort' | 'actions' | 'empty'> {
  /** Where users are picked from. */
  usersEndpoint: UserSource;
  pickLabel: string;
  pickHelp: string;
  user: PickedUser | null;
  onUser: (user: PickedUser | null) => void;
  /** The react-admin resource's name (its canAccess policy). */
  resource: string;
  /** The endpoint of the picked user's entries. */
  endpointOf: (userId: string) => string;
  children: ReactElement | ReactNode;
}

/**
 * A user picker and, once a user is picked, a paged list of that user's entries (kept in the page,
 * not the URL). The list sits in a zero-minimum grid track, so a wide table scrolls sideways on a
 * phone instead of widening the page.
 */
export function UserScopedList({ usersEndpoint, pickLabel, pickHelp, user, onUser, resource, endpointOf, children, ...listProps }: Props) {
  return (
    <>
      <UserPicker endpoint={usersEndpoint} label={pickLabel} value={user} onChange={onUser} />
      {!user ? (
        <Typography color="text.secondary">{pickHelp}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', overflowX: 'auto' }}>
          <RetryingList key={user.id} resource={resource} title={false} disableSyncWithLocation storeKey={false} exporter={false} queryOptions={{ meta: { endpoint: endpointOf(user.id) } }} {...listProps}>
            {children}
          </RetryingList>
        </Box>
      )}
    </>
  );
}
