import type { BrowserContext, Page } from 'playwright-core';

/**
 * A stand-in for the Google Maps JavaScript API, served in place of https://maps.googleapis.com
 * (no network here, and no key). It is just enough of google.maps for @react-google-maps/api to
 * draw the app's GoogleEngine: the dynamic-library bootstrap is answered, Map, Marker, Circle,
 * Polygon and Polyline take options and setters, and every marker records what it was given (its
 * constructor options and each setter since), so a test can read how a marker was asked to look.
 * Nothing is rendered.
 */

/** A marker as the stand-in received it. */
export interface StandInMarker {
  /** The accessible name of the page region its map is in (MapView's label); null when off any map. */
  region: string | null;
  position: { lat: number; lng: number } | null;
  title?: string;
  icon?: { path?: unknown; scale?: number; fillColor?: string; fillOpacity?: number; strokeColor?: string; strokeWeight?: number };
  zIndex?: number;
}

export interface GoogleMapsStandIn {
  /** Every script URL the page asked Google for. */
  requested: string[];
  /** The markers now on a map, in the order they were made. */
  markers(page: Page): Promise<StandInMarker[]>;
  /** The stand-in's google.maps.Marker.MAX_ZINDEX and SymbolPath.CIRCLE (Google's values). */
  constants: { maxZIndex: number; circle: number };
}

const MAX_ZINDEX = 1_000_000;
const CIRCLE = 0;

/** Runs in the page as the maps script: fills in window.google.maps and calls the loader back. */
function googleMapsApi(constants: { maxZIndex: number; circle: number }): void {
  type Values = Record<string, unknown>;
  const win = window as unknown as { google?: { maps?: Values }; __googleMapsStandIn?: { drawn: { kind: string; values: Values }[] } };
  const google = (win.google ??= {});
  const maps = (google.maps ??= {});
  const drawn: { kind: string; values: Values }[] = [];
  win.__googleMapsStandIn = { drawn };

  class LatLng {
    constructor(
      private readonly latitude: number,
      private readonly longitude: number,
    ) {}
    lat() {
      return this.latitude;
    }
    lng() {
      return this.longitude;
    }
    toJSON() {
      return { lat: this.latitude, lng: this.longitude };
    }
  }
  class LatLngBounds {
    constructor(
      readonly sw: unknown,
      readonly ne: unknown,
    ) {}
  }
  const lower = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
  /** google.maps.MVCObject as the React wrapper uses it: setX(v) keeps v, getX() gives it back. */
  class MVCObject {
    readonly values: Values = {};
    constructor(options?: Values) {
      Object.assign(this.values, options ?? {});
      return new Proxy(this, {
        get(target, name, receiver) {
          if (typeof name !== 'string' || name in target) return Reflect.get(target, name, receiver) as unknown;
          if (/^set[A-Z]/.test(name)) return (value: unknown) => void (target.values[lower(name.slice(3))] = value);
          if (/^get[A-Z]/.test(name)) return () => target.values[lower(name.slice(3))];
          return undefined;
        },
      });
    }
    setOptions(options?: Values) {
      Object.assign(this.values, options ?? {});
    }
    setValues(options?: Values) {
      Object.assign(this.values, options ?? {});
    }
    bindTo() {}
    unbind() {}
    notify() {}
  }
  class MapStandIn extends MVCObject {
    constructor(
      readonly div: HTMLElement,
      options?: Values,
    ) {
      super(options);
    }
    getDiv() {
      return this.div;
    }
    fitBounds() {}
    panTo() {}
    panBy() {}
    panToBounds() {}
  }
  /** An overlay that keeps its options where the test can read them. */
  const overlay = (kind: string) =>
    class extends MVCObject {
      constructor(options?: Values) {
        super(options);
        drawn.push({ kind, values: this.values });
      }
    };
  const Marker = Object.assign(overlay('Marker'), { MAX_ZINDEX: constants.maxZIndex });
  const listener = () => ({ remove() {} });

  Object.assign(maps, {
    version: 'stand-in',
    LatLng,
    LatLngBounds,
    MVCObject,
    Map: MapStandIn,
    Marker,
    Circle: overlay('Circle'),
    Polygon: overlay('Polygon'),
    Polyline: overlay('Polyline'),
    SymbolPath: { CIRCLE: constants.circle, FORWARD_CLOSED_ARROW: 1, FORWARD_OPEN_ARROW: 2, BACKWARD_CLOSED_ARROW: 3, BACKWARD_OPEN_ARROW: 4 },
    event: { addListener: listener, addListenerOnce: listener, addDomListener: listener, removeListener() {}, clearListeners() {}, clearInstanceListeners() {}, trigger() {} },
    // Every library is this one namespace.
    importLibrary: async () => maps,
  });

  // The loader named its callback in the script URL (google.maps.__ib__ for the dynamic bootstrap).
  const src = (document.currentScript as HTMLScriptElement | null)?.src ?? '';
  const path = new URL(src || location.href).searchParams.get('callback') ?? 'google.maps.__ib__';
  let callback: unknown = window;
  for (const part of path.split('.')) callback = (callback as Values | undefined)?.[part];
  if (typeof callback === 'function') (callback as () => void)();
}

/** Reads the markers now on a map (a marker set to map null was removed). */
function markersOnMaps(): StandInMarker[] {
  type Values = Record<string, unknown>;
  const standIn = (window as unknown as { __googleMapsStandIn?: { drawn: { kind: string; values: Values }[] } }).__googleMapsStandIn;
  const plain = <T>(value: unknown): T | undefined => (value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as T));
  return (standIn?.drawn ?? [])
    .filter((d) => d.kind === 'Marker' && d.values.map)
    .map(({ values }) => {
      const div = (values.map as { getDiv(): HTMLElement }).getDiv();
      return {
        region: div.closest('[role="region"]')?.getAttribute('aria-label') ?? null,
        position: plain<{ lat: number; lng: number }>(values.position) ?? null,
        ...(typeof values.title === 'string' ? { title: values.title } : {}),
        ...(values.icon !== undefined ? { icon: plain<StandInMarker['icon']>(values.icon) } : {}),
        ...(typeof values.zIndex === 'number' ? { zIndex: values.zIndex } : {}),
      };
    });
}

/** Serves the stand-in for every request to Google's maps script in `target`. */
export async function useGoogleMapsStandIn(target: BrowserContext | Page): Promise<GoogleMapsStandIn> {
  const constants = { maxZIndex: MAX_ZINDEX, circle: CIRCLE };
  const requested: string[] = [];
  await target.route('https://maps.googleapis.com/**', (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: `(${googleMapsApi.toString()})(${JSON.stringify(constants)});` });
  });
  return { requested, constants, markers: (page) => page.evaluate(markersOnMaps) };
}
