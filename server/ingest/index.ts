import type { FastifyInstance } from 'fastify';
import { geocoderOf } from '../geocoding/geocoder';
import type { ModuleContext } from '../module-context';
import { notificationsOf } from '../db/database';
import { DeviceDirectory } from './device-directory';
import { IngestCounters, IngestRateLimits } from './guards';
import { IngestPipeline } from './pipeline';
import { osmandRoutes, type IngestParts } from './osmand-routes';
import { IngestPort } from './ingest-port';
import { trustFunction } from '../http/trust-proxy';
import { OFFLINE_CHECK_MS, sweepOffline } from './offline';
import { ingestStatsRoute } from './stats-route';
import { logFailure } from '../db/health';
import { watchPorts } from './tcp';
import { geolocationServiceOf } from '../geolocation/service';
import { geolocateJobKind } from './geolocate-job';

/** Where the database notifies changes to devices and their people (the triggers of migrations 014 and 030). */
export const DIRECTORY_CHANNEL = 'vigil_directory';

/** How often bad-input counts are written to the log (when there were any). */
const COUNTS_LOG_MS = 60_000;

/** OsmAnd ingest on /ingest/osmand and INGEST_PORT, the watches' own protocols on WATCH_PORT and EVIEW_PORT: positions, device runtime state, battery and events are written here (server/tracking reads them). */
export async function ingestModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const counters = new IngestCounters();
  const directory = new DeviceDirectory(ctx.db);
  // A drawn zone, a relinked watch or a re-registered device reaches the ingest of every node at
  // once (a device's citizen, a schema engine column, is picked up within the directory's TTL).
  const unlisten = await notificationsOf(ctx.db).listen(
    DIRECTORY_CHANNEL,
    () => directory.clear(),
    // Changes made while this node was not listening are unknown: start again from the database.
    () => directory.clear(),
  );
  app.addHook('onClose', () => unlisten());
  const limits = new IngestRateLimits();
  // With a geocoder, alarm mails wait for the street address (an alarm.address job after commit).
  const alarmOptions = { publicUrl: ctx.config.publicUrl, addressLater: geocoderOf(ctx.config) !== null };
  // With a geolocation service, fixes with networks and no place are geolocated by a job after commit.
  const geolocation = geolocationServiceOf(ctx.config);
  ctx.jobs.registerJobKind(geolocateJobKind(ctx.db, geolocation, { perMinute: ctx.config.geolocation.perMinute, log: app.log }));
  const pipeline = new IngestPipeline(ctx.db, directory, counters, app.log, ctx.config.databaseUrl ? 2 : 1, alarmOptions, geolocation !== null);
  const parts: IngestParts = { directory, limits, pipeline, db: ctx.db };

  // With or without a trailing slash, as a watch's server address is typed by hand.
  await app.register(osmandRoutes, { ...parts, paths: ['/ingest/osmand', '/ingest/osmand/'] });
  await app.register(ingestStatsRoute, { counters, pipeline });

  // The ingest's own port, as Traccar's 5055: the Traccar Client apps post to its root.
  let ingest: IngestPort | undefined;
  if (ctx.config.ingestPort >= 0) {
    ingest = new IngestPort(parts, app.log, trustFunction(ctx.config.trustProxy));
    app.addHook('onReady', async () => {
      // With 0 (a free port) the configuration then tells which one was taken.
      ctx.config.ingestPort = await ingest!.listen(ctx.config.ingestPort, ctx.config.host);
      app.log.info({ port: ctx.config.ingestPort }, 'OsmAnd ingest listening');
    });
  }

  // The watches' own protocols, each on its port, a connection kept open per watch.
  await watchPorts(app, ctx, directory, pipeline);

  const timers: NodeJS.Timeout[] = [];
  if (ctx.config.workers) {
    let sweeping = false;
    timers.push(
      setInterval(() => {
        if (sweeping) return;
        sweeping = true;
        sweepOffline(ctx.db, alarmOptions)
          .catch((err: unknown) => logFailure(app.log, err, 'offline check failed'))
          .finally(() => (sweeping = false));
      }, OFFLINE_CHECK_MS),
    );
  }
  timers.push(
    setInterval(() => {
      limits.sweep();
      const counts = counters.sinceLast();
      if (counts.rejected || counts.unknownDevice || counts.rateLimited || counts.duplicate) app.log.warn({ counts }, 'ingest: messages refused or repeated in the last minute');
    }, COUNTS_LOG_MS),
  );
  for (const t of timers) t.unref();

  app.addHook('onClose', async () => {
    for (const t of timers) clearInterval(t);
    await ingest?.close();
    await pipeline.drain();
  });
}
