import fs from 'node:fs';
import { COMPOSE_NGINX, nginxConfig } from './cluster/nginx-config.ts';

/** `node --import tsx scripts/write-deploy-nginx.ts`: writes deploy/nginx.conf, Compose's proxy
 *  configuration, from the function the cluster's comes from (tests/unit/scripts/cluster/nginx-config.test.ts
 *  fails while the checked-in file differs). */
fs.writeFileSync('deploy/nginx.conf', nginxConfig(COMPOSE_NGINX));
console.log('deploy/nginx.conf written');
