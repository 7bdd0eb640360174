import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceStateEvent } from '../../../../common/devices';
import { followLive } from '../../../components/tracking/liveEvents';
import { fetchDashboard, type Device } from './api';

export const DEVICES_KEY = ['dashboard-devices'];

type Dashboard = Awaited<ReturnType<typeof fetchDashboard>>;

/** A watch's card after the live stream told its new state. */
export function withState(device: Device, state: DeviceStateEvent): Device {
  return { ...device, status: state.online ? 'online' : 'offline', batteryLevel: state.batteryLevel, charging: state.charging, lastContact: state.lastContact };
}

/**
 * The caller's devices for the dashboard, kept as the live stream tells their changes: a watch's
 * card shows it online or offline, its battery and last contact as they change, without a reload.
 * The list is read again whenever the stream (re)connects or the server says it may have missed
 * changes, since nothing is told while it is down. A change told while the list is being read is
 * shown and the list read again.
 */
export function useDashboardDevices() {
  const queryClient = useQueryClient();
  const devices = useQuery({ queryKey: DEVICES_KEY, queryFn: ({ signal }) => fetchDashboard(signal) });
  useEffect(() => {
    // A read on its way is dropped, not joined: it may have been read before the change (the
    // first read is otherwise joined, however late the stream opened).
    const reload = () => void queryClient.cancelQueries({ queryKey: DEVICES_KEY }).then(() => queryClient.invalidateQueries({ queryKey: DEVICES_KEY }));
    return followLive({
      onEvent: (e) => {
        if (e.event === 'resync') return reload();
        if (e.event !== 'device') return;
        const { deviceId } = e.data;
        queryClient.setQueryData<Dashboard>(DEVICES_KEY, (data) => data && { ...data, devices: data.devices.map((d) => (d.id === deviceId ? withState(d, e.data) : d)) });
        if (queryClient.isFetching({ queryKey: DEVICES_KEY }) > 0) reload();
      },
      onState: (connected) => {
        if (connected) reload();
      },
    });
  }, [queryClient]);
  return devices;
}
