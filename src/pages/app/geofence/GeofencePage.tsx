import ComingSoon from '../ComingSoon';

/** /geofence: draw, edit and link circles and polygons on the map. */
export default function GeofencePage() {
  return <ComingSoon label="menu.geofence" />;
}
