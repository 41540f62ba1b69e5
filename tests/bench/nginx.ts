import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { processCpuMs } from './cpu.ts';

/* The reference `npm run bench` measures against (issue 23, ADR 031): Debian's nginx, one worker,
   serving files from disk with gzip_static (and brotli_static where Debian's module is installed,
   so that both servers send the very same bytes to a browser that takes Brotli). The test command
   installs it (scripts/test.sh); without it the bench says so and leaves the ratios out. */

export const NGINX = '/usr/sbin/nginx';
const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface Nginx {
  base: string;
  /** The directory it serves: write `x`, `x.gz` and `x.br` here. */
  root: string;
  brotli: boolean;
  /** Its processes' CPU time so far (user + system, ms), or null where /proc is absent. */
  cpuMs(): number | null;
  stop(): Promise<void>;
}

const TYPES = 'types { text/html html; application/javascript js; text/css css; application/json json; }';

export async function startNginx(port: number): Promise<Nginx | null> {
  if (!fs.existsSync(NGINX)) return null;
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-nginx-'));
  const root = path.join(prefix, 'root');
  fs.mkdirSync(root);
  // The worker runs as nobody when the bench runs as root: it must read the files.
  fs.chmodSync(prefix, 0o755);
  fs.chmodSync(root, 0o755);
  const brotli = fs.existsSync(BROTLI_STATIC);
  const conf = `
${brotli ? `load_module ${BROTLI_STATIC};` : ''}
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  ${TYPES}
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    gzip_static on;
    ${brotli ? 'brotli_static on;' : ''}
    index index.html;
    location / { try_files $uri $uri/ =404; }
  }
}
`;
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), conf);
  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${fs.readFileSync(path.join(prefix, 'error.log'), 'utf8')}`);
    if ((await fetch(`${base}/`).catch(() => null)) !== null) break;
    if (Date.now() > deadline) throw new Error('nginx did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  const pids = () => [child.pid!, ...readChildren(child.pid!)];
  return {
    base,
    root,
    brotli,
    cpuMs: () => {
      let total = 0;
      for (const pid of pids()) {
        const ms = processCpuMs(pid);
        if (ms === null) return null;
        total += ms;
      }
      return total;
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

function readChildren(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
