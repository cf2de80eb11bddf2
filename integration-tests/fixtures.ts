// Playwright fixtures: one sandbox per worker, a console page object per test, and a check
// after every test that the browser logged no errors and threw no uncaught exceptions.
import { test as base, expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { startSandbox } from './sandbox';
import type { Sandbox } from './sandbox';
import { ConsolePage } from './pages/ConsolePage';

export interface KubeClient {
  get<T = Record<string, unknown>>(path: string): Promise<T>;
  post<T = Record<string, unknown>>(path: string, body: unknown): Promise<T>;
  put<T = Record<string, unknown>>(path: string, body: unknown): Promise<T>;
  mergePatch<T = Record<string, unknown>>(path: string, body: unknown): Promise<T>;
  del(path: string): Promise<void>;
}

function kubeClient(request: APIRequestContext, base: string): KubeClient {
  const check = async <T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    if (!res.ok()) throw new Error(`${res.status()} ${res.url()}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    get: async (p) => check(await request.get(base + p)),
    post: async (p, body) => check(await request.post(base + p, { data: body })),
    put: async (p, body) => check(await request.put(base + p, { data: body })),
    mergePatch: async (p, body) =>
      check(
        await request.patch(base + p, {
          data: JSON.stringify(body),
          headers: { 'Content-Type': 'application/merge-patch+json' },
        }),
      ),
    del: async (p) => {
      const res = await request.delete(base + p);
      if (!res.ok()) throw new Error(`${res.status()} ${res.url()}: ${await res.text()}`);
    },
  };
}

type WorkerFixtures = {
  sandbox: Sandbox;
  /** Enable nmstate-console-plugin and networking-console-plugin stand-ins before ours. */
  withPeers: boolean;
  /**
   * A sandbox of the file's own, fresh from the demo scenario. Lists window their rows, so a
   * file that reads a list as a whole (sorting, counting rows) must not see the objects that
   * other files' tests left in a shared worker's sandbox. Playwright starts a separate worker
   * for a different worker option value.
   */
  ownSandbox: boolean;
  /** The sandbox controllers' speed (see SandboxOptions.speed); a file that sets it gets its own. */
  controllerSpeed: 'realtime' | 'fast';
};
type TestFixtures = {
  consolePage: ConsolePage;
  kube: KubeClient;
  /** Browser errors that a test expects (e.g. a deliberate 409); matched by substring. */
  allowedErrors: string[];
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  withPeers: [false, { scope: 'worker', option: true }],
  ownSandbox: [false, { scope: 'worker', option: true }],
  controllerSpeed: ['fast', { scope: 'worker', option: true }],
  sandbox: [
    // `ownSandbox` is read so Playwright gives files that set it a worker of their own.
    async ({ withPeers, ownSandbox: _own, controllerSpeed }, use) => {
      const sandbox = await startSandbox({ withPeers, speed: controllerSpeed });
      await use(sandbox);
      await sandbox.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  allowedErrors: [[], { option: true }],
  baseURL: async ({ sandbox }, use) => {
    await use(sandbox.consoleUrl);
  },
  kube: async ({ request, sandbox }, use) => {
    await use(kubeClient(request, sandbox.clusterUrl));
  },
  consolePage: async ({ page, allowedErrors, sandbox }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const text = msg.text();
      // Failed resource loads the test provoked on purpose (e.g. 403/409 responses) are
      // logged by Chromium as errors; tests opt into them explicitly.
      if (allowedErrors.some((a) => text.includes(a))) return;
      errors.push(`console.error: ${text}`);
    });
    await use(new ConsolePage(page, sandbox.consoleUrl));
    expect(errors, 'browser errors during the test').toEqual([]);
  },
});

export { expect };
