import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';

// What can be checked of deploy/ on a machine without Docker: the systemd unit with systemd's
// own verifier, the nginx example with `nginx -t`, the compose file against the Compose
// Specification's JSON Schema (tests/support/compose-spec/, from compose-spec/compose-spec) and
// what it and the Dockerfile promise. Neither Docker nor a systemd that runs the unit is here.

const ROOT = path.resolve(import.meta.dirname, '../..');
const DEPLOY = path.join(ROOT, 'deploy');
const read = (file: string) => fs.readFileSync(path.join(DEPLOY, file), 'utf8');
const has = (command: string) => spawnSync(command, ['--version']).error === undefined;

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-deploy-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe('the systemd unit', () => {
  const unit = read('systemd/vigil.service');

  it.skipIf(!has('systemd-analyze'))('passes systemd-analyze verify without a warning', () => {
    // Pointed at this checkout, whose node_modules/.bin/node systemd checks is executable.
    const file = path.join(scratch, 'vigil.service');
    fs.writeFileSync(file, unit.replaceAll('/opt/vigil', ROOT));
    const result = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    expect({ status: result.status, output: `${result.stdout}${result.stderr}`.trim() }).toEqual({ status: 0, output: '' });
  });

  it('confines the service: read-only system, one writable folder, no privileges', () => {
    for (const line of ['ProtectSystem=strict', 'NoNewPrivileges=true', 'PrivateTmp=true', 'ReadWritePaths=/var/lib/vigil', 'CapabilityBoundingSet=', 'Environment=BUILD_WEB=false', 'Environment=DATA_DIR=/var/lib/vigil/data']) {
      expect(unit.split('\n')).toContain(line);
    }
    expect(unit).toMatch(/^User=vigil$/m);
    expect(unit).not.toMatch(/^MemoryDenyWriteExecute=/m);
  });
});

describe('the nginx example', () => {
  it.skipIf(!has('nginx') || !has('openssl'))('passes nginx -t with both files included', () => {
    const cert = path.join(scratch, 'cert.pem');
    const key = path.join(scratch, 'key.pem');
    const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=vigil.example.org', '-keyout', key, '-out', cert]);
    expect(made.status).toBe(0);
    const http = read('nginx/vigil-http.conf').replace(/\/etc\/letsencrypt\/\S+\/fullchain\.pem/, cert).replace(/\/etc\/letsencrypt\/\S+\/privkey\.pem/, key);
    fs.writeFileSync(path.join(scratch, 'vigil-http.conf'), http);
    fs.writeFileSync(path.join(scratch, 'vigil-stream.conf'), read('nginx/vigil-stream.conf'));
    const streamModule = ['/usr/lib/nginx/modules/ngx_stream_module.so'].find((file) => fs.existsSync(file));
    const main = [
      streamModule ? `load_module ${streamModule};` : '',
      `pid ${scratch}/nginx.pid;`,
      'error_log stderr;',
      'events {}',
      `http { access_log off; client_body_temp_path ${scratch}; proxy_temp_path ${scratch}; include ${scratch}/vigil-http.conf; }`,
      `include ${scratch}/vigil-stream.conf;`,
    ].join('\n');
    fs.writeFileSync(path.join(scratch, 'nginx.conf'), main);
    const result = spawnSync('nginx', ['-t', '-p', scratch, '-c', path.join(scratch, 'nginx.conf')], { encoding: 'utf8' });
    expect(result.stderr).toContain('test is successful');
    expect(result.stderr).not.toMatch(/\[(warn|emerg|error)\]/);
  });

  it('proxies to Vigil with TRUST_PROXY set for it, and passes the watches to other ports', () => {
    const http = read('nginx/vigil-http.conf');
    expect(http).toContain('TRUST_PROXY=loopback');
    expect(http).toContain('proxy_pass http://127.0.0.1:3000;');
    expect(http).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    const stream = read('nginx/vigil-stream.conf');
    expect(stream).toMatch(/listen 5093;[\s\S]*proxy_pass 127\.0\.0\.1:15093;/);
    expect(stream).toMatch(/listen 5187;[\s\S]*proxy_pass 127\.0\.0\.1:15187;/);
    expect(stream).toContain('WATCH_PORT=15093');
    expect(stream).toContain('EVIEW_PORT=15187');
  });
});

interface ComposeService {
  read_only?: boolean;
  cap_drop?: string[];
  tmpfs?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  build?: { context: string; dockerfile: string };
  volumes?: string[];
}

describe('the compose file', () => {
  const compose = parse(read('compose.yaml')) as { services: Record<string, ComposeService> };

  it("is valid by the Compose Specification's schema", () => {
    const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/support/compose-spec/compose-spec.json'), 'utf8')) as object;
    const validate = new Ajv({ strict: false, allErrors: true, validateSchema: false }).compile(schema);
    expect(validate(compose), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('runs Vigil read-only, without capabilities, on PostgreSQL once it is healthy', () => {
    const vigil = compose.services.vigil!;
    expect(vigil.read_only).toBe(true);
    expect(vigil.cap_drop).toEqual(['ALL']);
    expect(vigil.tmpfs?.[0]).toMatch(/^\/tmp(:|$)/);
    expect(vigil.volumes).toEqual(['vigil-state:/var/lib/vigil']);
    expect(vigil.environment?.DATA_DIR).toBe('/var/lib/vigil/data');
    expect(vigil.environment?.BUILD_WEB).toBe('false');
    expect(vigil.environment?.DATABASE_URL).toMatch(/^postgres:\/\/vigil:\$\{POSTGRES_PASSWORD[^}]*\}@postgres:5432\/vigil$/);
    expect(vigil.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(fs.existsSync(path.join(DEPLOY, vigil.build!.context, vigil.build!.dockerfile))).toBe(true);
  });
});

describe('the Dockerfile', () => {
  const stages = read('Dockerfile').split(/^FROM /m).slice(1);
  const final = stages.at(-1)!;

  it('builds in one stage and runs the built install in another, as a user without privileges', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages[0]).toMatch(/RUN npm ci\b/);
    expect(stages[0]).toMatch(/npm run build/);
    expect(stages[0]).toMatch(/npm prune --omit=dev/);
    expect(final).toMatch(/^COPY --from=build /m);
    // Nothing installed or built in the image that runs.
    expect(final).not.toMatch(/npm (ci|install)|apt-get|apk add|npm run build/);
    expect(final).toMatch(/^USER node$/m);
    expect(final).toMatch(/BUILD_WEB=false/);
    expect(final).toMatch(/^CMD \["node", .*"scripts\/start\.mjs"\]$/m);
  });

  it('leaves out of the build context what a checkout makes', () => {
    const ignored = read('Dockerfile.dockerignore').split('\n');
    for (const entry of ['node_modules', 'dist', 'build', 'data', '.env']) expect(ignored).toContain(entry);
  });
});
