import { describe, expect, it } from 'vitest';
import type { CommandType, DeviceCommand } from '../../server/protocols/types';
import { encodeMessage, encodeVoiceMessage, frameConvention, watchCodec } from '../../server/protocols/watch';
import { COMMAND_SAMPLES, DEVICE_ID, ENCODER_SOURCE, MESSAGE_SAMPLES, VOICE_SAMPLES } from '../fixtures/protocols/watch/traccar-encoder-samples';

const text = (b: Uint8Array | null) => (b === null ? null : String.fromCharCode(...b));
const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const encode = (type: CommandType, attributes: DeviceCommand['attributes'] = {}, deviceId = '9051000884') => text(watchCodec.encode(deviceId, { type, attributes }));
const TRACCAR = { tag: 'CS', hasIndex: false };

describe(`watch encoder: every sample of ${ENCODER_SOURCE.path} (${ENCODER_SOURCE.commit})`, () => {
  it('covers all 12 of Traccar’s samples', () => expect(COMMAND_SAMPLES.length + VOICE_SAMPLES.length + MESSAGE_SAMPLES.length).toBe(12));

  it.each(COMMAND_SAMPLES.map((s) => [s.line, s] as const))('line %i: the exact bytes Traccar sends', (_, sample) => {
    expect(encode(sample.type as CommandType, sample.attributes, DEVICE_ID)).toBe(sample.expected);
  });

  it.each(VOICE_SAMPLES.map((s) => [s.line, s] as const))('line %i: a voice message, escaped as Traccar escapes it', (_, sample) => {
    const frame = encodeVoiceMessage(DEVICE_ID, Uint8Array.from(Buffer.from(sample.data, 'hex')), TRACCAR);
    expect(Buffer.from(frame ?? []).toString('hex')).toBe(sample.expectedHex);
  });

  it.each(MESSAGE_SAMPLES.map((s) => [s.line, s] as const))('line %i: a text message in UTF-16BE hex', (_, sample) => {
    expect(text(encodeMessage(DEVICE_ID, sample.message, TRACCAR))).toBe(sample.expected);
  });
});

describe('watch encoder: the catalogue', () => {
  it('lists every command Vigil has', () => {
    expect([...watchCodec.commands].sort()).toEqual(
      ['alarmBattery', 'alarmClock', 'alarmRemove', 'custom', 'factoryReset', 'findDevice', 'positionPeriodic', 'positionSingle', 'powerOff', 'rebootDevice', 'setLanguage', 'setPhonebook', 'setTimezone', 'silenceTime', 'sosNumber'].sort(),
    );
    expect(watchCodec.name).toBe('watch');
    expect(watchCodec.defaultPort).toBe(5093);
  });

  it('encodes each command as WatchProtocolEncoder does (FIND, FACTORY and setLanguage: the 3G protocol’s own)', () => {
    expect(encode('positionSingle')).toBe('[CS*9051000884*0002*CR]');
    expect(encode('positionPeriodic', { frequency: 300 })).toBe('[CS*9051000884*000a*UPLOAD,300]');
    expect(encode('sosNumber', { index: 2, phone: '+4915112345678' })).toBe('[CS*9051000884*0013*SOS2,+4915112345678]');
    expect(encode('sosNumber', { phone: '111,222,333' })).toBe('[CS*9051000884*000f*SOS,111,222,333]');
    expect(encode('setPhonebook', { data: '110,POLICE,120,DOCTOR' })).toBe('[CS*9051000884*0019*PHB,110,POLICE,120,DOCTOR]');
    expect(encode('setLanguage', { language: 3, timezone: 'Europe/Berlin' })).toBe('[CS*9051000884*0007*LZ,3,+1]');
    expect(encode('setTimezone', { timezone: -3 })).toBe('[CS*9051000884*0006*LZ,,-3]');
    expect(encode('silenceTime', { data: '21:10-07:30,08:10-11:50' })).toBe('[CS*9051000884*0023*SILENCETIME,21:10-07:30,08:10-11:50]');
    expect(encode('alarmClock', { data: '08:10-1-1,08:10-1-2,08:10-1-3-0111110' })).toBe('[CS*9051000884*002c*REMIND,08:10-1-1,08:10-1-2,08:10-1-3-0111110]');
    expect(encode('alarmRemove', { enable: true })).toBe('[CS*9051000884*0008*REMOVE,1]');
    expect(encode('alarmBattery', { enable: false })).toBe('[CS*9051000884*0008*LOWBAT,0]');
    expect(encode('findDevice')).toBe('[CS*9051000884*0004*FIND]');
    expect(encode('rebootDevice')).toBe('[CS*9051000884*0005*RESET]');
    expect(encode('factoryReset')).toBe('[CS*9051000884*0007*FACTORY]');
    expect(encode('powerOff')).toBe('[CS*9051000884*0008*POWEROFF]');
    expect(encode('custom', { data: 'pw,123456,ts' })).toBe('[CS*9051000884*000c*pw,123456,ts]');
  });

  it('frames the command with the watch’s tag and index, 3G answered as SG as Traccar does', () => {
    expect(encode('positionSingle', { tag: 'ZJ', hasIndex: true })).toBe('[ZJ*9051000884*0001*0002*CR]');
    expect(encode('positionSingle', { tag: '3G' })).toBe('[SG*9051000884*0002*CR]');
    const convention = frameConvention(bytes('[ZJ*014111001350304*0034*0009*LK,0,0,19]'));
    expect(convention).toEqual({ tag: 'ZJ', hasIndex: true });
    expect(encode('findDevice', { ...convention }, '014111001350304')).toBe('[ZJ*014111001350304*0001*0004*FIND]');
  });

  it('refuses values that make no command (null), rather than sending what the watch would misread', () => {
    expect(encode('positionPeriodic', {})).toBeNull();
    expect(encode('positionPeriodic', { frequency: -5 })).toBeNull();
    expect(encode('sosNumber', { index: 4, phone: '1' })).toBeNull();
    expect(encode('alarmRemove', { enable: 'maybe' })).toBeNull();
    expect(encode('setTimezone', { timezone: 'Mars/Olympus' })).toBeNull();
    expect(encode('setLanguage', { timezone: 'Europe/Berlin' })).toBeNull();
    // Traccar would send '?' for a character outside US-ASCII: a name in a phone book would be garbled.
    expect(encode('setPhonebook', { data: '110,Müller' })).toBeNull();
    expect(encode('custom', { data: 'A]B' })).toBeNull();
    expect(encode('positionSingle', { tag: '3g' })).toBeNull();
    expect(encode('positionSingle', {}, 'bad*id')).toBeNull();
  });

  it('takes the standard offset of a zone with summer time, whether north or south', () => {
    expect(encode('setTimezone', { timezone: 'Australia/Sydney' })).toBe('[CS*9051000884*0007*LZ,,+10]');
    expect(encode('setTimezone', { timezone: 'Asia/Kolkata' })).toBe('[CS*9051000884*0008*LZ,,+5.5]');
    expect(encode('setTimezone', { timezone: 'UTC' })).toBe('[CS*9051000884*0006*LZ,,+0]');
  });
});

describe('watch decoder: answers and echoes', () => {
  const decode = (frame: string) => {
    const result = watchCodec.decode(bytes(frame), new Date());
    if (!result.ok) throw new Error(result.reason);
    return result.message;
  };

  it('answers INIT, TKQ and TKQ2 with Traccar’s exact bytes, with the watch’s index', () => {
    expect(text(decode('[3G*1234567890*0004*INIT]').reply)).toBe('[3G*1234567890*0006*INIT,1]');
    expect(text(decode('[3G*1234567890*0004*TKQ2]').reply)).toBe('[3G*1234567890*0004*TKQ2]');
    expect(text(decode('[ZJ*014111001350304*0034*0003*TKQ]').reply)).toBe('[ZJ*014111001350304*0034*0003*TKQ]');
  });

  it('leaves CONFIG unanswered, as Traccar does (the watch does not wait for it)', () => {
    const message = decode('[3G*1234567890*000a*CONFIG,1,2]');
    expect(message.reply).toBeNull();
    expect(message.positions).toEqual([]);
  });

  it('marks a command the watch echoes as acknowledged', () => {
    for (const echo of ['CR', 'UPLOAD', 'SOS1', 'SOS', 'PHB', 'LZ', 'REMIND', 'SILENCETIME', 'REMOVE', 'LOWBAT', 'FIND', 'RESET', 'FACTORY', 'POWEROFF']) {
      const message = decode(`[3G*1234567890*${echo.length.toString(16).padStart(4, '0')}*${echo}]`);
      expect(message.acknowledged).toBe(echo);
      expect(message.reply).toBeNull();
    }
  });

  it('keeps an unknown type as a message without positions, never throws on a broken body', () => {
    for (const frame of ['[3G*1234567890*0008*rcapture]', '[3G*1234567890*0006*UD,x,y]', '[3G*1234567890*0005*LK,a,b,c]', '[3G*1234567890*0007*heart,x]', '[3G*1234567890*0006*oxygen]']) {
      const message = decode(frame);
      expect(message.positions).toEqual([]);
      expect(message.status).toBeNull();
    }
    expect(text(decode('[3G*1234567890*0002*AL,broken]').reply)).toBe('[3G*1234567890*0002*AL]');
  });

  it('reads a large binary frame (a voice message) without throwing, its type kept short', () => {
    const audio = new Uint8Array(300_000).fill(0x41);
    const frame = Uint8Array.from([...bytes('[CS*1234567890*0000*TK,'), ...audio, 0x5d]);
    const result = watchCodec.decode(frame, new Date());
    expect(result.ok && result.message.type).toBe('TK');
    const noComma = Uint8Array.from([...bytes('[CS*1234567890*0000*'), ...audio, 0x5d]);
    const other = watchCodec.decode(noComma, new Date());
    expect(other.ok && other.message.type).toBe('A'.repeat(32));
  });

  it('refuses what is not a watch frame', () => {
    for (const frame of ['', '[', 'LK', '[3G*1234567890*0002*LK', '[3G**0002*LK]', '[3G*1234567890*00x2*LK]']) {
      const result = watchCodec.decode(bytes(frame), new Date());
      expect(result.ok).toBe(false);
    }
  });

  it('reads every alarm bit of the status word (Traccar keeps only the first: a low battery would hide an SOS)', () => {
    const message = decode('[3G*1234567890*0050*AL,220414,134652,A,22.571707,N,113.8613968,E,0.1,0.0,100,7,60,90,1000,50,00710001,0,0]');
    expect(message.positions[0]?.alarms).toEqual(['lowBattery', 'sos', 'removing', 'fallDown']);
  });
});
