/** Answers of GET /api/app/troubleshoot/{deviceId} and the device lookup (server/device-stock). */
export interface DeviceOption {
  id: string;
  displayName: string;
  name: string;
  imei: string;
}

export interface RawMessage {
  id: string;
  receivedTime: string;
  protocol: string;
  outcome: 'stored' | 'duplicate' | 'rejected' | 'unknownDevice' | 'rateLimited';
  detail: string | null;
  payload: string;
  remoteAddress: string | null;
}

export interface Troubleshooting {
  device: { id: string; name: string; imei: string; model: string | null };
  online: boolean;
  lastContact: string | null;
  lastMessageTime: string | null;
  batteryLevel: number | null;
  signal: number | null;
  messages: RawMessage[];
}

/** The commands module's getSettingsSync answer; only inSync is read here. */
export interface SettingsSync {
  inSync?: boolean;
}
