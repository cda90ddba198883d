# Multi-stage image of the channel: the build stage compiles the API (esbuild → apps/api/dist) and
# the portal (Vite → apps/web/dist, and its server renderer → apps/web/dist-server); the runtime stage holds production dependencies and those
# outputs, runs as a non-root user and starts with plain node (npm run start:prod).
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/test-support/package.json packages/test-support/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/test-support/package.json packages/test-support/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund --workspace apps/api --include-workspace-root=false \
  && npm cache clean --force
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# The load balancer checks /readyz; the orchestrator may check /livez.
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM: readiness fails, in-flight requests finish (SHUTDOWN_GRACE_MS), then exit 0.
STOPSIGNAL SIGTERM
CMD ["npm", "run", "start:prod"]
