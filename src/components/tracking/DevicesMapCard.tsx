/**
 * The last positions (and the trail of a selected device) of the devices the user may see, on the
 * one MapView. `deviceIds` narrows it (a citizen's devices). Built with the live tracking work.
 */
export default function DevicesMapCard({ deviceIds }: { deviceIds?: string[] }) {
  void deviceIds;
  return null;
}
