# ToolForge production image.
#   docker build -t toolforge .
#   docker run --init -p 3000:3000 -v toolforge-data:/app/data toolforge    (embedded PGlite)
# or use docker-compose.yml for the app with PostgreSQL.

ARG NODE_IMAGE=node:20-bookworm-slim

# All dependencies, dev ones included: the build needs TypeScript, Tailwind and PostCSS. `npm ci`
# installs exactly what package-lock.json lists (it records every platform's native packages, see
# ADR 022) and fails if the lockfile does not match package.json.
# --ignore-scripts: no dependency needs its install script (sharp, Next's SWC binary and esbuild
# come as prebuilt optional packages), and this is how the project is installed and tested locally.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# The build prerenders from a private in-memory PGlite, so no database is needed here. DATA_DIR
# points at a throwaway directory so nothing the build might write ends up in the image; the
# compiler's own cache (.next/cache, ~90 MB) is of no use at run time. The client chunks get V8's
# compile hint afterwards, as `npm run build` does (scripts/compile-hints.mjs, ADR 049).
RUN NODE_ENV=production DATA_DIR=/tmp/build-data node_modules/.bin/next build \
    && node scripts/compile-hints.mjs \
    && rm -rf /tmp/build-data .next/cache

# Runtime dependencies only.
FROM deps AS prod-deps
RUN npm prune --omit=dev --ignore-scripts --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
# SKIP_BUILD: the image holds the build but not the sources, so scripts/start.mjs must only serve it.
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data \
    SKIP_BUILD=true \
    NEXT_TELEMETRY_DISABLED=1
WORKDIR /app
# The app runs as the image's unprivileged `node` user. It writes to DATA_DIR (PGlite files, uploads,
# the generated auth secret) and to .next (the cache of revalidated pages); everything else stays
# owned by root and read-only to it.
# `npm run backup` writes to /app/backups unless told otherwise (--out, BACKUP_DIR).
RUN mkdir -p /app/data /app/backups && chown node:node /app/data /app/backups
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/next.config.mjs ./
COPY --from=build /app/public ./public
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/server ./server
# The operator commands (scripts/backup.mjs, restore.mjs, migrate.mjs) open PGlite with the shop's options.
COPY --from=build /app/lib/db/pglite-options.mjs ./lib/db/pglite-options.mjs
COPY --from=build --chown=node:node /app/.next ./.next
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Readiness (database reachable, migrations applied, job worker running), not mere liveness. Plain
# Docker and compose only show this status and gate depends_on with it: they neither restart an
# unhealthy container (restart policies act on exit) nor take it out of nginx's rotation (nginx skips
# an instance that refuses or times out, for 10 s). Swarm, Kubernetes or an autoheal sidecar act on it.
# First start on an empty PGlite directory runs initdb and migrations (a few seconds): hence the grace
# period. Orchestrators with separate probes use /api/health/live for liveness.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The heap cap (server/heap.mjs, ADR 040) must be on the command line; exec keeps node as PID 1.
CMD ["sh", "-c", "heap=$(node server/heap.mjs) && exec node $heap scripts/start.mjs"]
