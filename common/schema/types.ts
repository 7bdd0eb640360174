/**
 * The Vigil resource schema: plain JSON Schema (draft 2020-12) plus `x-` keywords (schemas/README.md).
 * Read by the server (table, endpoints, validation, OpenAPI) and the web app (List, Show, Edit,
 * Create). These types describe the parts both sides read.
 */
export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';

export type Widget = 'text' | 'textarea' | 'richtext' | 'date' | 'datetime' | 'mac' | 'phone' | 'email' | 'url' | 'password' | 'color';

export interface Reference {
  /** The referenced resource's `x-resource.name`. */
  resource: string;
  /** Field of the referenced record shown in place of the id. */
  display: string;
  /** Lookup page size; SPEC: command templates at most 100, organizations at most 1000. */
  lookupLimit?: number;
}

export interface UniqueRule {
  /** Translation key of the message ('validation:macExists'); default 'validation:unique'. */
  message?: string;
  /** 'tenant' (default): unique within the tenant; 'global': across all tenants (a watch's IMEI). */
  scope?: 'tenant' | 'global';
}

/** A computed, read-only field: the number of records of another resource pointing at this one. */
export interface Computed {
  count: { resource: string; field: string };
}

export interface PropertySchema {
  type?: JsonType | JsonType[];
  title?: string;
  description?: string;
  format?: 'date' | 'date-time' | 'email' | 'uri' | 'uuid' | string;
  enum?: (string | number | null)[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  default?: unknown;
  readOnly?: boolean;
  writeOnly?: boolean;
  items?: PropertySchema;
  properties?: Record<string, PropertySchema>;
  required?: string[];
  additionalProperties?: boolean;
  maxItems?: number;
  'x-reference'?: Reference;
  'x-widget'?: Widget;
  'x-unique'?: boolean | UniqueRule;
  'x-sortable'?: boolean;
  /** Per-field filter in the list (equality; ranges for dates and numbers). */
  'x-filter'?: boolean;
  /** Must be after (dates) or greater than (numbers) another field of the same record. */
  'x-after'?: string;
  'x-computed'?: Computed;
  /** Message keys per JSON Schema keyword, overriding the generic ones ({ "pattern": "validation:serialStella" }). */
  'x-messages'?: Record<string, string>;
  /** Hidden from lists and forms (kept in the API). */
  'x-hidden'?: boolean;
  /** The `enum` is a list code owns (ENUM_LISTS in common/schema/enum-lists.ts), filled in when the schema is read. */
  'x-enum'?: 'alarmKinds';
}

export interface ListOptions {
  columns: string[];
  /**
   * The default sort; `then` orders rows the sort leaves tied (whatever the user sorts by), in
   * ascending order, an enum field by its `enum`'s order (the order its choices are listed).
   */
  sort?: { field: string; order: 'ASC' | 'DESC'; then?: string[] };
  /** Fields the free-text `Filter` searches (case-insensitive contains). */
  search?: string[];
  /** Per-field filters shown in the list (each must be a property). */
  filters?: string[];
}

export interface Tab {
  name: string;
  fields: string[];
}

export interface ResourceOptions {
  /** Resource name: react-admin resource, web route `/<name>`, translation key `resources.<name>`. */
  name: string;
  /** REST base path, e.g. `/api/app/customer`. */
  endpoint: string;
  /** ABP policy; actions add `.Create`, `.Update`, `.Delete`. */
  policy: string;
  /**
   * 'tenant': rows belong to the caller's tenant; 'host': host-only (tenant users never see it);
   * 'shared': the host writes, every user holding the policy reads (guides, command templates).
   */
  scope: 'tenant' | 'host' | 'shared';
  /** Database table; default: name with '-' as '_'. */
  table?: string;
  recordRepresentation?: string;
  list: ListOptions;
  tabs?: Tab[];
  /** Material icon name for the menu (see src/schema/icons.ts). */
  icon?: string;
  /** Which generated parts exist; hand-written ones under src/resources/<name>/ replace any. */
  views?: { list?: boolean; show?: boolean; edit?: boolean; create?: boolean };
}

/** Per-language labels carried by the schema itself ({ "da": { "name": "Kunder", ... } }). */
export interface SchemaTranslation {
  name?: string;
  fields?: Record<string, string>;
  /** Help texts shown under fields' inputs; the English one is the property's `description`. */
  help?: Record<string, string>;
  enums?: Record<string, Record<string, string>>;
  tabs?: Record<string, string>;
}

export interface ResourceSchema {
  $schema?: string;
  $id?: string;
  title: string;
  description?: string;
  type: 'object';
  properties: Record<string, PropertySchema>;
  required?: string[];
  additionalProperties?: boolean;
  'x-resource': ResourceOptions;
  'x-translations'?: Record<string, SchemaTranslation>;
  /** Added by the server: the path of the module that checks a create or update body (browser-validators.ts). */
  'x-validator'?: string;
}

/** Fields every record carries and the engine manages; never declared in a schema. */
export const SYSTEM_FIELDS = ['id', 'tenantId', 'creationTime', 'creatorId', 'lastModificationTime', 'lastModifierId', 'concurrencyStamp'] as const;
