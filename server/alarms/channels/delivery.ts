import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { AlarmEvent } from '../event';
import type { AlarmReceiver } from '../receivers';
import type { RenderedAlarm } from '../render';

/** One alarm rendered for one receiver, handed to a channel by the delivery stage (deliver.ts). */
export interface Delivery {
  event: AlarmEvent;
  receiver: AlarmReceiver;
  rendered: RenderedAlarm;
}

/** What the channels' background jobs need of the node: links, geocoder, push keys, SMS gateway. */
export type ChannelConfig = Pick<Config, 'publicUrl' | 'geocoder' | 'push' | 'smsGateway' | 'smsHttp'>;

export interface ChannelEnv {
  config: ChannelConfig;
  log: FastifyBaseLogger;
}

/** Groups per event and receiver language, in the order met: a job renders each group once. */
export function groupsByEventAndLanguage<T>(start: (d: Delivery) => T): { of(d: Delivery): T; all(): T[] } {
  const groups = new Map<string, T>();
  return {
    of(d) {
      const key = `${d.event.id}|${d.receiver.language}`;
      let group = groups.get(key);
      if (!group) {
        group = start(d);
        groups.set(key, group);
      }
      return group;
    },
    all: () => [...groups.values()],
  };
}
