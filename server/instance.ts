import type http from 'node:http';
import os from 'node:os';

/* Which process answered (issue 37): every response of the web server and of the channel API says
   it in X-Served-By, for operators reading a response behind a load balancer or a caching proxy.
   The name is INSTANCE_NAME, else the host name and the process id. A header only: it is in no
   Vary, so a shared copy of a page stays shared (a cached copy tells who rendered it). Both
   servers use this module: the channel API imports it from here. */

export const SERVED_BY_HEADER = 'X-Served-By';

/** The instance's name: the configured one, else `<hostname>-<pid>`. */
export function instanceName(configured?: string): string {
  return configured?.trim() || `${os.hostname()}-${process.pid}`;
}

/** The listener with X-Served-By set on every response before it runs. */
export function servedBy(name: string, listener: http.RequestListener): http.RequestListener {
  return (req, res) => {
    res.setHeader(SERVED_BY_HEADER, name);
    listener(req, res);
  };
}
