import { useGetIdentity } from 'react-admin';
import { isPlugAndPlay } from '../../common/roles';
import { useRuntimeConfig } from '../components/RuntimeConfigContext';
import type { VigilIdentity } from '../providers/authProvider';

/**
 * Plug-and-play mode (SPEC section 1): the app runs on the dedicated plug-and-play host, or the
 * user holds 'Plug and Play Admin' or 'Plug and Play User'. `isPending` while the roles load.
 */
export function usePlugAndPlay(): { plugAndPlay: boolean; isPending: boolean } {
  const config = useRuntimeConfig();
  const { identity, isPending } = useGetIdentity();
  const roles = (identity as VigilIdentity | undefined)?.roles ?? [];
  return { plugAndPlay: isPlugAndPlay(window.location.host, config.plugAndPlayHost, roles), isPending };
}
