import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

/**
 * Route validators (ajv) and answer serializers (fast-json-stringify) compiled when a route is
 * first used, or soon after the server listens, rather than before it listens: compiling those of
 * every route was the largest part of a start on an existing data folder (docs/decisions/052).
 * A compiled function is the same either way; only when it is made moves.
 */
export class DeferredCompiles {
  private readonly pending = new Set<() => unknown>();

  /** A function that compiles on its first call (or at `compileRest`) and then is the compiled one. */
  defer<F extends (...args: never[]) => unknown>(compile: () => F): F {
    let compiled: F | undefined;
    const force = (): F => {
      if (!compiled) {
        compiled = compile();
        this.pending.delete(force);
      }
      return compiled;
    };
    this.pending.add(force);
    const deferred = (...args: Parameters<F>) => force()(...args);
    // ajv's validators report why through `errors`, which Fastify reads after a failed call.
    Object.defineProperty(deferred, 'errors', { get: () => (force() as { errors?: unknown }).errors });
    return deferred as unknown as F;
  }

  /** How many are not compiled yet. */
  get size(): number {
    return this.pending.size;
  }

  /** Compiles what no request has needed yet, one at a time with requests served in between. */
  async compileRest(onError: (err: unknown) => void): Promise<void> {
    for (const force of [...this.pending]) {
      try {
        force();
      } catch (err) {
        onError(err);
      }
      await nextTurn();
    }
  }
}

/** Fastify's own serializer factory (the one it uses by default), each route's serializer deferred. */
export function deferredSerializers(compiles: DeferredCompiles) {
  const factory = SerializerSelector();
  return (externalSchemas?: unknown, options?: Parameters<typeof factory>[1]) => {
    const compilerFor = factory(externalSchemas, options);
    return (route: Parameters<typeof compilerFor>[0]) => compiles.defer(() => compilerFor(route));
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where this server's route compiles wait (installDeferredCompiles); absent: compiled at once. */
    deferredCompiles?: DeferredCompiles;
  }
}

/**
 * Defers the compiles of this server's routes to their first use, and compiles the rest once the
 * server listens. `compiles` also serves the serializers (deferredSerializers, given to Fastify).
 */
export function installDeferredCompiles(app: FastifyInstance, compiles: DeferredCompiles): void {
  app.decorate('deferredCompiles', compiles);
  app.addHook('onListen', async () => {
    const started = performance.now();
    const count = compiles.size;
    void compiles
      .compileRest((err) => app.log.error({ err }, 'a route schema did not compile'))
      .then(() => app.log.debug({ routes: count, ms: Math.round(performance.now() - started) }, 'route schemas compiled after listening'));
  });
}

/** A route's compile, deferred when the server defers them. */
export function compileWhenUsed<F extends (...args: never[]) => unknown>(app: FastifyInstance, compile: () => F): F {
  return app.deferredCompiles ? app.deferredCompiles.defer(compile) : compile();
}
