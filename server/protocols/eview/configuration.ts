import type { AttributeValue } from '../types';
import { putAttribute } from './attributes';
import { hex, type ByteReader } from './bytes';

/**
 * A configuration message (0x02: the device's settings, its answer to a read-configuration
 * command) as attributes, named as Traccar's decodeConfiguration names them. Unlike Traccar, which
 * reads these integers big-endian, they are read little-endian like every other field of the
 * protocol: Traccar's own sample says so (server port 5187, the protocol's, not 17172; 3.746 V, not
 * 41.486 V; upload every 5 s and 3600 s when lazy).
 */
export function readConfiguration(reader: ByteReader): Record<string, AttributeValue> {
  const attributes: Record<string, AttributeValue> = {};
  const set = (key: string, value: AttributeValue) => putAttribute(attributes, key, value);
  while (reader.readable) {
    const length = reader.u8() - 1;
    const endIndex = reader.pos + length + 1;
    const key = reader.u8();
    switch (key) {
      case 0x01: set('moduleNumber', reader.u32()); break;
      case 0x02: set('versionFw', String(reader.u32())); break;
      case 0x03: set('imei', reader.ascii(length)); break;
      case 0x04: set('iccid', reader.ascii(length)); break;
      case 0x05: set('bleMac', hex(reader.slice(length))); break;
      case 0x06: set('settingTime', reader.u32()); break;
      case 0x07: set('runTimes', reader.u32()); break;
      case 0x0a:
        set('interval', reader.u24());
        set('petMode', reader.u8());
        break;
      case 0x0d: set('passwordProtect', reader.u32()); break;
      case 0x0e: set('timeZone', reader.i8()); break;
      case 0x0f: set('enableControl', reader.u32()); break;
      case 0x13: set('deviceName', reader.ascii(length)); break;
      case 0x14:
        set('batteryLevel', reader.u8());
        set('battery', reader.u16() / 1000);
        break;
      case 0x15:
        set('bleLatitude', reader.i32() / 10000000);
        set('bleLongitude', reader.i32() / 10000000);
        set('bleLocation', reader.ascii(length - 8));
        break;
      case 0x17: set('gpsUrl', reader.ascii(length)); break;
      case 0x18: set('lbsUrl', reader.ascii(length)); break;
      case 0x1a: set('firmware', reader.ascii(length)); break;
      case 0x1b: set('gsmModule', reader.ascii(length)); break;
      case 0x1d:
        set('agpsUpdate', reader.u8());
        set('agpsLatitude', reader.i32() / 10000000);
        set('agpsLongitude', reader.i32() / 10000000);
        break;
      case 0x30: {
        const index = reader.u8() & 0x0f;
        set(`number${index}`, reader.ascii(length - 1));
        break;
      }
      case 0x31:
        set('prefixFlag', reader.u8());
        set('prefix', reader.ascii(length - 1));
        break;
      case 0x33: set('phoneSwitches', reader.u8()); break;
      case 0x40: set('apn', reader.ascii(length)); break;
      case 0x41: set('apnUser', reader.ascii(length)); break;
      case 0x42: set('apnPassword', reader.ascii(length)); break;
      case 0x43:
        reader.skip(1); // flag
        set('port', reader.u16());
        set('server', reader.ascii(length - 3));
        break;
      case 0x44:
        set('heartbeatInterval', reader.u32());
        set('uploadInterval', reader.u32());
        set('uploadLazyInterval', reader.u32());
        break;
      case 0x47: set('deviceId', reader.ascii(length)); break;
      case 0x4e: set('gsmBand', reader.u8()); break;
      case 0x50: set('powerAlert', reader.u32()); break;
      case 0x51: set('geoAlert', reader.u32()); break;
      case 0x53: set('motionAlert', reader.u32()); break;
      case 0x5c:
        set('barkLevel', reader.u8());
        set('barkInterval', reader.u32());
        break;
      case 0x61: set('msisdn', reader.ascii(length)); break;
      case 0x62:
        set('wifiWhitelist', reader.u8());
        set('wifiWhitelistMac', hex(reader.slice(6)));
        break;
      case 0x64:
        set('rssi', reader.u8());
        set('networkBand', reader.u32());
        set('operator', reader.ascii(length - 5));
        break;
      case 0x65:
        set('rssi', reader.u8());
        set('networkStatus', reader.u8());
        set('serverStatus', reader.u8());
        set('networkPlmn', hex(reader.slice(6)));
        set('homePlmn', hex(reader.slice(6)));
        break;
      case 0x66: set('imsi', reader.ascii(length)); break;
      case 0x75: set('extraEnableControl', reader.u32()); break;
      default: break;
    }
    reader.seek(endIndex);
  }
  return attributes;
}
