import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppRoute } from '../../src/routing/appRoute';
import { schemaRouteFor } from '../../src/routing/findRoute';
import { ROUTES } from '../../src/routing/routes';

/**
 * Which API URLs the page of each route calls, read from the web app's own sources (no hand-kept
 * list): the route registry (src/routing/routes.ts) names each screen's page and each hand-written
 * resource's endpoint and views, whose modules src/routing/lazyPages.ts imports; schema resources
 * are schemas/*.json (x-resource endpoint) plus src/resources/<name>/.
 * From each page module the relative imports are followed through the page code (src/pages,
 * src/resources, src/components); every '/api/...' string or template literal on the way is a call.
 * App-wide infrastructure (providers, layout, schema engine) is left out: it is not the page's.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SRC = path.join(ROOT, 'src');
const PAGE_CODE = ['pages', 'resources', 'components'].map((dir) => path.join(SRC, dir) + path.sep);

export interface PageCalls {
  entry: AppRoute;
  /** The policy the page's data is read with when a schema declares it (schema resources). */
  schemaPolicy?: string;
  /** Called URLs, parameters as ':param', without query strings. */
  urls: string[];
}

const read = (file: string) => readFileSync(file, 'utf8');

function resolveModule(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  }
  return undefined;
}

const IMPORTS = /(?:from\s+|import\s*\(\s*)'(\.[^']+)'/g;

/** The module and every page-code module it imports, transitively. */
function moduleGraph(start: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of read(file).matchAll(IMPORTS)) {
      const target = resolveModule(file, match[1]!);
      if (target && PAGE_CODE.some((dir) => target.startsWith(dir))) queue.push(target);
    }
  }
  return [...seen];
}

const CONSTANT = /(?:export\s+)?const\s+([A-Z][A-Z0-9_]*)\s*=\s*'(\/api\/[^']*)'/g;

/** Every `const NAME = '/api/...'` in page code, by name (names defined twice with different values are left out). */
function apiConstants(): Map<string, string> {
  const found = new Map<string, string | null>();
  const walk = (dir: string) => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, item.name);
      if (item.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(item.name)) {
        for (const [, name, value] of read(full).matchAll(CONSTANT)) {
          const before = found.get(name!);
          found.set(name!, before === undefined || before === value ? value! : null);
        }
      }
    }
  };
  for (const dir of PAGE_CODE) walk(dir);
  return new Map([...found].flatMap(([name, value]) => (value ? [[name, value] as const] : [])));
}

const normalize = (url: string) => url.split('?')[0]!.replace(/\/+$/, '');

/** '/api/...' literals and templates of one file, constants substituted, other expressions as ':param'. */
function urlsIn(file: string, constants: ReadonlyMap<string, string>): string[] {
  const text = read(file);
  const urls: string[] = [];
  for (const [, literal] of text.matchAll(/'(\/api\/[^']*)'/g)) urls.push(literal!);
  for (const [, template] of text.matchAll(/`([^`]*)`/g)) {
    const resolved = template!.replace(/\$\{\s*([^}]*?)\s*\}/g, (_, expr: string) => constants.get(expr) ?? ':param');
    if (resolved.startsWith('/api/')) urls.push(resolved);
  }
  return urls.map(normalize);
}

/** The module each lazy declaration of `file` imports, by declared name. */
function lazyImports(file: string): Map<string, string> {
  const byName = new Map<string, string>();
  for (const [, name, specifier] of read(file).matchAll(/(\w+)\s*[:=]\s*lazy(?:Screen)?\(\s*\(\)\s*=>\s*import\('([^']+)'\)[,)]/g)) {
    const target = resolveModule(file, specifier!);
    if (target) byName.set(name!, target);
  }
  return byName;
}

/** Page modules and endpoints per route key, with the schema's policy where a schema renders the route. */
function pageRoots(): Map<string, { files: string[]; endpoints: string[]; schemaPolicy?: string }> {
  const roots = new Map<string, { files: string[]; endpoints: string[]; schemaPolicy?: string }>();
  const add = (key: string, files: string[], endpoints: string[], schemaPolicy?: string) => {
    const root = roots.get(key) ?? { files: [], endpoints: [] };
    root.files.push(...files);
    root.endpoints.push(...endpoints);
    if (schemaPolicy) root.schemaPolicy = schemaPolicy;
    roots.set(key, root);
  };

  // Screens and hand-written views: the registry names lazy pages, lazyPages.ts imports their modules.
  const modules = lazyImports(path.join(SRC, 'routing', 'lazyPages.ts'));
  const moduleOf = (name: string): string[] => {
    const file = modules.get(name);
    if (!file) throw new Error(`src/routing/lazyPages.ts declares no lazy page ${name}`);
    return [file];
  };
  for (const route of ROUTES) {
    const { render } = route;
    if (render.kind === 'screen') add(route.key, moduleOf(render.page), []);
    if (render.kind === 'resource') add(route.key, Object.values(render.views).flatMap(moduleOf), [render.endpoint, `${render.endpoint}/:param`]);
  }

  // Schema resources, each rendering the schemaResource route of its name.
  const schemasDir = path.join(ROOT, 'schemas');
  for (const name of readdirSync(schemasDir).filter((f) => f.endsWith('.json'))) {
    const resource = (JSON.parse(read(path.join(schemasDir, name))) as { 'x-resource'?: { name: string; endpoint: string; policy: string } })['x-resource'];
    if (!resource) continue;
    const route = schemaRouteFor(resource.name);
    if (!route) continue;
    const override = resolveModule(path.join(SRC, 'resources', 'x.ts'), `./${resource.name}`);
    add(route.key, override ? [override] : [], [resource.endpoint, `${resource.endpoint}/:param`], resource.policy);
  }
  return roots;
}

/** For every route, the API URLs its page calls (empty for placeholder pages). */
export function navigationPageCalls(): PageCalls[] {
  const constants = apiConstants();
  const roots = pageRoots();
  return ROUTES.map((entry) => {
    const root = roots.get(entry.key);
    if (!root) return { entry, urls: [] };
    const urls = new Set(root.endpoints.map(normalize));
    for (const file of moduleGraph(root.files)) for (const url of urlsIn(file, constants)) urls.add(url);
    return { entry, ...(root.schemaPolicy ? { schemaPolicy: root.schemaPolicy } : {}), urls: [...urls].sort() };
  });
}

export interface CatalogueRoute {
  method: string;
  url: string;
  policy: string;
}

/**
 * The catalogue routes a called URL reaches: segment by segment, a route parameter matches any
 * segment and a called ':param' matches only a route parameter. GET routes when there are any
 * (what the page reads), otherwise all (a write-only URL).
 */
export function routesFor(url: string, catalogue: readonly CatalogueRoute[]): CatalogueRoute[] {
  const called = url.split('/');
  const matching = catalogue.filter((route) => {
    const parts = route.url.split('/');
    return parts.length === called.length && parts.every((part, i) => part.startsWith(':') || (part === called[i] && !called[i]!.startsWith(':')));
  });
  const reads = matching.filter((route) => route.method === 'GET');
  return reads.length > 0 ? reads : matching;
}
