import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
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
/** nginx processes a test started: stopped here too, should the test end before its own `finally`. */
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) child.kill('SIGTERM');
  fs.rmSync(scratch, { recursive: true, force: true });
});

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

  it.skipIf(!has('nginx') || !has('openssl'))('writes an access log without query strings, Referers or the e-mail address in a path', async () => {
    // The example as it is, on free ports, in front of a stand-in for Vigil that answers 200.
    const dir = fs.mkdtempSync(path.join(scratch, 'log-'));
    const cert = path.join(dir, 'cert.pem');
    const key = path.join(dir, 'key.pem');
    expect(spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=vigil.example.org', '-keyout', key, '-out', cert]).status).toBe(0);
    const upstream = http.createServer((req, res) => req.resume().on('end', () => res.end('ok')));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const free = async () => {
      const probe = http.createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const { port } = probe.address() as AddressInfo;
      await new Promise((resolve) => probe.close(resolve));
      return port;
    };
    const [httpsPort, httpPort] = [await free(), await free()];
    const accessLog = path.join(dir, 'access.log');
    const conf = read('nginx/vigil-http.conf')
      .replace(/\/etc\/letsencrypt\/\S+\/fullchain\.pem/, cert)
      .replace(/\/etc\/letsencrypt\/\S+\/privkey\.pem/, key)
      .replaceAll('/var/log/nginx/vigil-access.log', accessLog)
      .replace('proxy_pass http://127.0.0.1:3000;', `proxy_pass http://127.0.0.1:${(upstream.address() as AddressInfo).port};`)
      .replace(/listen \[::\]:\d+( ssl)?;\n/g, '')
      .replace('listen 443 ssl;', `listen 127.0.0.1:${httpsPort} ssl;`)
      .replace('listen 80;', `listen 127.0.0.1:${httpPort};`);
    fs.writeFileSync(path.join(dir, 'vigil-http.conf'), conf);
    fs.writeFileSync(path.join(dir, 'nginx.conf'), [
      `pid ${dir}/nginx.pid;`,
      'error_log stderr;',
      'daemon off;',
      'events {}',
      `http { access_log ${dir}/default-access.log; client_body_temp_path ${dir}; proxy_temp_path ${dir}; include ${dir}/vigil-http.conf; }`,
    ].join('\n'));
    const nginx = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
    started.push(nginx);
    try {
      const request = (method: string, target: string, headers: Record<string, string> = {}) =>
        new Promise<number>((resolve, reject) => {
          const req = https.request({ host: '127.0.0.1', port: httpsPort, method, path: target, headers: { host: 'vigil.example.org', ...headers }, rejectUnauthorized: false }, (res) => {
            res.resume().on('end', () => resolve(res.statusCode ?? 0));
          });
          req.on('error', reject).end();
        });
      for (let i = 0; ; i++) {
        try {
          await request('GET', '/health/live');
          break;
        } catch (err) {
          if (i > 100) throw err;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      expect(await request('POST', '/ingest/osmand?id=356938035643809&lat=55.686700&lon=12.570100')).toBe(200);
      expect(await request('GET', '/?code=Xq7oneTimeCode&state=s1', { referer: 'https://vigil.example.org/oidc/auth?login_hint=someone%40example.org' })).toBe(200);
      expect(await request('GET', '/api/identity/users/by-email/someone%40example.org')).toBe(200);
      expect(await request('GET', '/api/identity/users/by-username/clara.carer')).toBe(200);
      // nginx writes a request's line when it is answered; give it a moment to reach the file.
      let written = '';
      for (let i = 0; i < 100 && written.split('\n').length < 6; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        written = fs.existsSync(accessLog) ? fs.readFileSync(accessLog, 'utf8') : '';
      }
      expect(written).toContain('"POST /ingest/osmand HTTP/1.1" 200');
      expect(written).toContain('"GET /api/identity/users/by-email/- HTTP/1.1" 200');
      expect(written).toContain('"GET /api/identity/users/by-username/- HTTP/1.1" 200');
      for (const secret of ['356938035643809', '55.6867', '12.5701', 'Xq7oneTimeCode', 'someone', 'example.org/', 'clara.carer', '?']) {
        expect(written, secret).not.toContain(secret);
      }
      expect(fs.existsSync(path.join(dir, 'default-access.log')) ? fs.readFileSync(path.join(dir, 'default-access.log'), 'utf8') : '').toBe('');
    } finally {
      nginx.kill('SIGTERM');
      await new Promise<void>((resolve) => upstream.close(() => resolve()));
    }
  }, 30_000);

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
