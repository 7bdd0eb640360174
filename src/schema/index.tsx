import type { ReactElement } from 'react';
import { Resource } from 'react-admin';
import type { ResourceSchema } from '../../common/schema/types';
import { i18n, localeFolder } from '../i18n';
import { registerResourceEndpoint } from '../providers/resourceEndpoints';
import { registerResourcePolicy } from '../providers/resourcePolicies';
import { schemaRouteFor } from '../routing/findRoute';
import { lazyComponent } from '../routing/lazyComponent';
import { viewEnabled } from './fields';
import { schemaIcon } from './icons';
import { addSchemaTexts } from './labels';
import { loadOverride } from './overrides';
import { setSchemas } from './registry';
import { mergeParts, type ResourceParts } from './parts';

// Each generated view is its own chunk, loaded with the first screen that shows it.
const SchemaList = lazyComponent(() => import('./views/SchemaList'));
const SchemaShow = lazyComponent(() => import('./views/SchemaShow'));
const SchemaEdit = lazyComponent(() => import('./views/SchemaEdit'));
const SchemaCreate = lazyComponent(() => import('./views/SchemaCreate'));
const VIEWS = { list: SchemaList, show: SchemaShow, edit: SchemaEdit, create: SchemaCreate };

/** Starts loading a generated view's chunk before the resource that shows it is declared. */
export function preloadSchemaView(view: keyof typeof VIEWS): Promise<unknown> {
  return VIEWS[view].preload();
}

/** The schema engine's list filter for several ids (`?id=a&id=b`): getMany in one request. */
const SCHEMA_IDS_FILTER = 'id';

/** Resource options the menu reads: whether the resource needs a menu item of its own (it has no route). */
export interface SchemaResourceOptions {
  schemaMenu: boolean;
}

function generatedParts(schema: ResourceSchema): ResourceParts {
  const { name, icon, recordRepresentation } = schema['x-resource'];
  const route = schemaRouteFor(name);
  return {
    ...(viewEnabled(schema, 'list') ? { list: <SchemaList schema={schema} /> } : {}),
    ...(viewEnabled(schema, 'show') ? { show: <SchemaShow schema={schema} /> } : {}),
    ...(viewEnabled(schema, 'edit') ? { edit: <SchemaEdit schema={schema} /> } : {}),
    ...(viewEnabled(schema, 'create') ? { create: <SchemaCreate schema={schema} /> } : {}),
    icon: icon ? schemaIcon(icon) : (route?.icon ?? schemaIcon(undefined)),
    ...(recordRepresentation ? { recordRepresentation } : {}),
  };
}

/**
 * One react-admin <Resource> per schema the user may read, generated screens merged with any
 * hand-written parts (src/resources/<name>/index.ts). Registers each resource's endpoint (every
 * data provider call on it goes there) and policy (canAccess hides create, edit and delete
 * without `.Create`, `.Update`, `.Delete`), and the schemas' own labels as translation fallbacks.
 */
export async function schemaResources(schemas: readonly ResourceSchema[]): Promise<ReactElement[]> {
  setSchemas(schemas);
  addSchemaTexts(i18n, schemas, (lng) => localeFolder(lng) === 'en' && lng !== 'dev');
  return Promise.all(
    schemas.map(async (schema) => {
      const { name, endpoint, policy } = schema['x-resource'];
      registerResourceEndpoint(name, endpoint, { idsFilter: SCHEMA_IDS_FILTER, bulk: true });
      registerResourcePolicy(name, policy);
      const parts = mergeParts(generatedParts(schema), await loadOverride(name));
      const options: SchemaResourceOptions = { schemaMenu: !schemaRouteFor(name) };
      return <Resource key={name} name={name} {...parts} options={options} />;
    }),
  );
}
