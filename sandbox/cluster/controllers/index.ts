// The sandbox's simulated controllers. The server starts them after seeding a scenario; tests
// construct them with a FakeClock as scheduler so rollouts run in virtual time.
import type { Controller } from '../api';
import type { Scheduler } from './runtime';
import { realScheduler } from './runtime';
import { NmstateHandler } from './nmstate/handler';
import { NnsRefresh } from './nmstate/refresh';
import { NmstateOperator } from './nmstate/operator';
import { IronicNetworking } from './ironic/ironic';
import { MultusController } from './multus/multus';

export function createControllers(
  options: { scheduler?: Scheduler; bmoWatchNamespaces?: readonly string[] } = {},
): Controller[] {
  const scheduler = options.scheduler ?? realScheduler;
  return [
    new NmstateHandler(scheduler),
    new NnsRefresh(scheduler),
    new NmstateOperator(scheduler),
    new IronicNetworking(scheduler, options.bmoWatchNamespaces ?? []),
    new MultusController(scheduler),
  ];
}
