import type { AlarmType } from '../../common/alarm-kinds';

/**
 * What every device protocol (one folder each under server/protocols/) gives the ingest: frames cut
 * from a TCP stream, each decoded into one message the same pipeline stores, whatever the protocol.
 * Decoders and encoders are pure (bytes in, values out); the connection handling is shared.
 */

/** A position as the ingest pipeline stores it, whatever protocol brought it (OsmAnd's parameters map onto it one to one). */
export interface Fix {
  fixTime: Date;
  /** Missing when the message carries no location (a status or alarm only). */
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  /** Knots, as OsmAnd sends it. */
  speed: number | null;
  course: number | null;
  altitude: number | null;
  /** Percent 0-100. */
  battery: number | null;
  charging: boolean | null;
  /** The alarm kind the device raised (its `alarm` code, as common/alarm-kinds.ts maps it), or null. */
  alarm: AlarmType | null;
  valid: boolean;
  /** Every other parameter or JSON extra, typed as Traccar types it (number, boolean, else text). */
  attributes: Record<string, AttributeValue>;
  /** Cell towers and Wi-Fi access points the watch saw (Traccar's `network`), or null. */
  network: Network | null;
  /**
   * Set when the fix time falls outside the evaluation window (server/ingest/guards.ts): 'old'
   * (older than MAX_AGE_MS) or 'future' (more than MAX_FUTURE_MS ahead). Such a fix is kept in the
   * history, marked, and left out of alarm evaluation and the device's state.
   */
  window: 'old' | 'future' | null;
  /** A watch's status without a place (a heartbeat's battery): evaluated, never kept in the history. */
  statusOnly?: true;
  /** The watch's own low-battery bit: alarmed once per discharge, as the device's threshold is. */
  lowBatteryReported?: true;
}

export type AttributeValue = string | number | boolean;

/** As Traccar's CellTower and WifiAccessPoint (org.traccar.model), stored in the position's attributes. */
export interface CellTower {
  mobileCountryCode: number;
  mobileNetworkCode: number;
  locationAreaCode: number;
  cellId: number;
  signalStrength?: number;
}
export interface WifiAccessPoint {
  macAddress: string;
  signalStrength: number;
}
export interface Network {
  cellTowers?: CellTower[];
  wifiAccessPoints?: WifiAccessPoint[];
}

/** A position as a watch reported it, with or without a GPS fix. */
export interface DecodedPosition {
  fixTime: Date;
  /** False for a fix the watch marked invalid (no GPS): it may still carry cells and Wi-Fi. */
  valid: boolean;
  latitude: number | null;
  longitude: number | null;
  /** Knots, as Traccar stores speed (a protocol's km/h is converted). */
  speed: number | null;
  course: number | null;
  altitude: number | null;
  accuracy: number | null;
  /** Percent 0-100. */
  battery: number | null;
  charging: boolean | null;
  /** Traccar's alarm codes ('sos', 'fallDown', 'removing', 'lowBattery', ...): common/alarm-kinds.ts maps them to kinds. */
  alarms: string[];
  /** Satellites, signal, steps, status word, vital signs (heartRate, bloodPressure, temperature, oxygen), ... as Traccar names them. */
  attributes: Record<string, AttributeValue>;
  network: Network | null;
}

/** One frame, decoded. */
export interface DecodedMessage {
  /** What the watch calls itself in this frame (a 3G watch's 10-digit id, an Eview's IMEI). */
  deviceId: string;
  /** The protocol's own name of the message ('LK', 'UD', 'AL', ...), kept in the device's message ring. */
  type: string;
  /** Positions the frame carries (none for a heartbeat without a place). */
  positions: DecodedPosition[];
  /** A heartbeat's status without a place (battery, steps, rolls, ...), as attributes. */
  status: Record<string, AttributeValue> | null;
  /** Bytes to answer with: the acknowledgement the watch waits for, or null. */
  reply: Uint8Array | null;
  /** A command the watch echoed back (its type as the protocol names it), to mark it acknowledged. */
  acknowledged: string | null;
}

export type DecodeResult = { ok: true; message: DecodedMessage } | { ok: false; reason: string };

/** Cuts frames out of a connection's byte stream; keeps what is not a whole frame yet. */
export interface Framer {
  /** Complete frames in the bytes received so far; garbage before a frame's start is skipped. */
  push(chunk: Uint8Array): Uint8Array[];
  /** Bytes held for a frame not yet complete (the connection limits it). */
  readonly buffered: number;
}

/**
 * The commands Vigil can send to a watch, whatever its protocol: a protocol's catalogue says which
 * it supports and how it encodes them. Names follow Traccar's Command types where one exists.
 */
export type CommandType =
  | 'positionSingle'
  | 'positionPeriodic'
  | 'sosNumber'
  | 'setPhonebook'
  | 'setLanguage'
  | 'setTimezone'
  | 'silenceTime'
  | 'alarmClock'
  | 'alarmRemove'
  | 'alarmBattery'
  | 'findDevice'
  | 'rebootDevice'
  | 'factoryReset'
  | 'powerOff'
  | 'custom';

export interface DeviceCommand {
  type: CommandType;
  /** The command's values, named as Traccar names them (frequency, index, phone, data, enable, language, timezone, ...). */
  attributes: Record<string, AttributeValue>;
}

export interface ProtocolCodec<Name extends string = string> {
  /** 'watch', 'eview', ...: the protocol's name in configuration, the database and the simulator. */
  name: Name;
  defaultPort: number;
  createFramer(maxFrameBytes: number): Framer;
  decode(frame: Uint8Array, receivedAt: Date): DecodeResult;
  /** The commands this protocol supports. */
  commands: readonly CommandType[];
  /** The bytes of a command to a watch, or null when the protocol does not support it. */
  encode(deviceId: string, command: DeviceCommand): Uint8Array | null;
  /** What the watch's echo of this command names (DecodedMessage.acknowledged), or null when it echoes none. */
  echoOf(command: DeviceCommand): string | null;
  /**
   * The habits of the watch that sent a frame which its commands must follow (a 3G watch's tag and
   * frame index), as command attributes; the connection keeps the latest and adds them to each
   * command it encodes. Null when the protocol has none.
   */
  conventionOf(frame: Uint8Array): Record<string, AttributeValue> | null;
}
