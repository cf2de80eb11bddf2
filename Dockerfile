# Switchboard console plugin image.
#
# Stage 1 builds dist/ with the locked dependencies; stage 2 is nginx with only dist/ and
# deploy/nginx.conf on top, running as a non-root user and serving TLS on 9443 from the serving
# certificate that the chart mounts at /var/cert (tls.crt, tls.key).

FROM registry.access.redhat.com/ubi9/nodejs-20 AS build
# The e2e toolchain is a devDependency; its browser download is useless for a production build.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
WORKDIR /opt/app-root/src
# The manifests first, so the dependency layer is reused while only sources change.
COPY --chown=1001:0 package.json package-lock.json ./
# webpack and the SDK plugin are devDependencies; --include=dev keeps them even when the base
# image sets NODE_ENV=production. The build script sets NODE_ENV for webpack itself.
# --ignore-scripts: the root postinstall unpacks the test suite's helm and kubectl
# (scripts/tools.mjs, not copied yet at this point), which the image build never needs.
RUN npm ci --include=dev --ignore-scripts --no-audit --no-fund
COPY --chown=1001:0 . .
RUN npm run build

FROM registry.access.redhat.com/ubi9/nginx-124 AS runtime
LABEL name="switchboard" \
      summary="OpenShift console plugin for node networking" \
      io.openshift.tags="openshift,console,plugin,nmstate"
# A dedicated root keeps the base image's welcome pages out of what is served.
COPY --from=build /opt/app-root/src/dist /usr/share/nginx/switchboard
COPY deploy/nginx.conf /etc/nginx/nginx.conf
USER 1001
EXPOSE 9443
ENTRYPOINT ["nginx", "-e", "stderr", "-c", "/etc/nginx/nginx.conf", "-g", "daemon off;"]
