import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMPOSE_NGINX, nginxConfig, type NginxSite } from '../../../../scripts/cluster/nginx-config.ts';

const site: NginxSite = {
  listen: '127.0.0.1:3000',
  webServers: ['127.0.0.1:41001', '127.0.0.1:41002'],
  prefix: '/srv/fh/data/cluster',
  logs: '/srv/fh/data/cluster',
  regionHeader: 'CF-IPCountry',
  geoip: { module: '/usr/lib/nginx/modules/ngx_http_geoip2_module.so', database: '/srv/fh/country.mmdb' },
  trustForwardedFrom: ['127.0.0.1'],
  workerProcesses: 1,
};
const conf = nginxConfig(site);

/** The block that starts with `head {`, up to its closing brace (blocks nest one level here). */
function block(text: string, head: string): string {
  const start = text.indexOf(`${head} {`);
  expect(start, `no block "${head}"`).toBeGreaterThan(-1);
  let depth = 0;
  for (let i = text.indexOf('{', start); i < text.length; i++) {
    if (text[i] === '{') depth++;
    if (text[i] === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  throw new Error(`unclosed block "${head}"`);
}

/** The regular expression nginx matches the Cookie header with, as JavaScript reads it. */
function privateCookieRegex(): RegExp {
  const map = block(conf, 'map $http_cookie $fh_private');
  const pattern = /"~(.*)" 1;/.exec(map)?.[1];
  expect(pattern).toBeDefined();
  return new RegExp(pattern!.replaceAll('\\\\', '\\'));
}

describe('the proxy configuration (scripts/cluster/nginx-config.ts)', () => {
  it('balances over every web server, and retries another only for requests that change nothing', () => {
    const upstream = block(conf, 'upstream fieldhouse_web');
    expect(upstream).toContain('server 127.0.0.1:41001 ');
    expect(upstream).toContain('server 127.0.0.1:41002 ');
    // Round robin: no hash, no ip_hash, no least_conn.
    expect(upstream).not.toMatch(/\b(ip_hash|hash|least_conn)\b/);
    expect(conf).toMatch(/proxy_next_upstream error timeout http_502 http_504;/);
    expect(conf).not.toContain('non_idempotent');
  });

  it('neither reads nor stores the cache for a request with the session or pre-roll cookie', () => {
    const isPrivate = privateCookieRegex();
    for (const cookie of ['__session=abc', '__Host-session=abc', 'a=1; __session=abc', 'a=1;__Host-prerolls=x', '__prerolls=1'])
      expect(isPrivate.test(cookie), cookie).toBe(true);
    for (const cookie of ['__datasaver=1', 'my__session=1', '__sessionx=1', 'a=__session=1', '']) expect(isPrivate.test(cookie), cookie).toBe(false);
    const server = block(conf, 'server');
    expect(server).toContain('proxy_cache_bypass $fh_private;');
    expect(server).toContain('proxy_no_cache $fh_private;');
    // A response with Set-Cookie is never stored: nginx's default, which nothing here turns off.
    expect(conf).not.toContain('proxy_ignore_headers');
    expect(server).toContain('add_header X-Cache-Status $upstream_cache_status always;');
  });

  it('sets the region header itself from the IP database, whatever the client sent, and keys the cache by it', () => {
    expect(conf).toContain('load_module /usr/lib/nginx/modules/ngx_http_geoip2_module.so;');
    expect(block(conf, 'geoip2 /srv/fh/country.mmdb')).toContain('$fh_region country_code;');
    expect(block(conf, 'server')).toContain('proxy_set_header CF-IPCountry $fh_region;');
    expect(conf).toMatch(/proxy_cache_key "[^"]*\$fh_region[^"]*";/);
    // Another header name (REGION_HEADER) is the one set.
    expect(nginxConfig({ ...site, regionHeader: 'CloudFront-Viewer-Country' })).toContain('proxy_set_header CloudFront-Viewer-Country $fh_region;');
  });

  it('without the geoip2 module sends the region header empty (nginx then sends none)', () => {
    const without = nginxConfig({ ...site, geoip: null });
    expect(without).not.toContain('load_module');
    expect(without).not.toMatch(/^\s*geoip2 /m);
    expect(block(without, 'map $remote_addr $fh_region')).toContain('default "";');
    expect(without).toContain('proxy_set_header CF-IPCountry $fh_region;');
  });

  it('keeps /build/* from the first request, pages from the second, and never /media/*', () => {
    const build = block(conf, 'location /build/');
    expect(build).toContain('proxy_cache_min_uses 1;');
    expect(build).not.toContain('proxy_cache off');
    expect(block(conf, 'server')).toContain('proxy_cache_min_uses 2;');
    expect(block(conf, 'location /media/')).toContain('proxy_cache off;');
  });

  it('believes X-Forwarded-For only from the addresses it is told to', () => {
    expect(conf).toContain('set_real_ip_from 127.0.0.1;');
    expect(nginxConfig({ ...site, trustForwardedFrom: [] })).not.toContain('real_ip');
  });

  it('is what deploy/nginx.conf holds for Compose (node --import tsx scripts/write-deploy-nginx.ts writes it)', () => {
    expect(fs.readFileSync('deploy/nginx.conf', 'utf8')).toBe(nginxConfig(COMPOSE_NGINX));
  });
});
