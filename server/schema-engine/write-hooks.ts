import type { FastifyRequest } from 'fastify';
import type { DynamicDb, ResourceModel } from './resource-model';

/** What a hook sees of a create or update, inside the write's transaction. */
export interface WriteContext {
  trx: DynamicDb;
  model: ResourceModel;
  request: FastifyRequest;
  id: string;
  tenantId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
}

export type BeforeWrite = (context: WriteContext) => Promise<void>;

/**
 * Rules a schema cannot state, added by a module for one resource (an organization may not become
 * its own ancestor). Called inside the write's transaction, after the engine's own checks; a hook
 * refuses by throwing an AbpError.
 */
export class WriteHooks {
  private readonly hooks = new Map<string, BeforeWrite[]>();

  beforeWrite(resource: string, hook: BeforeWrite): void {
    this.hooks.set(resource, [...(this.hooks.get(resource) ?? []), hook]);
  }

  async run(context: WriteContext): Promise<void> {
    for (const hook of this.hooks.get(context.model.name) ?? []) await hook(context);
  }
}
