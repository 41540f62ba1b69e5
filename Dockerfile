# Production images: the same steps as CI and the README (npm ci, npm run build, npm start).
# Two targets: `runtime` (the default: the web server, the channel API, its workers and the
# prepare step, each a command of compose.yaml) and `proxy` (nginx with deploy/nginx.conf and the
# IP database the app ships, for the region header; ADR 059).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
# patches/: applied by the postinstall step (ADR 014).
COPY package.json package-lock.json .npmrc ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# node_modules/.cache: what dev tools keep there (vnu-jar's postinstall may fetch a Java runtime
# into it where the image has none), never needed at run time.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund && rm -rf node_modules/.cache

# The caching proxy: Debian's nginx and geoip2 module (as `npm run start:cluster` runs them).
FROM debian:bookworm-slim AS proxy
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx libnginx-mod-http-geoip2 \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /var/cache/nginx/fieldhouse /usr/share/fieldhouse
COPY --from=deps /app/node_modules/@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb /usr/share/fieldhouse/country.mmdb
COPY deploy/nginx.conf /etc/nginx/fieldhouse.conf
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["nginx", "-c", "/etc/nginx/fieldhouse.conf", "-g", "daemon off;"]

FROM node:20-bookworm-slim AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg ca-certificates \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
CMD ["npm", "start"]
