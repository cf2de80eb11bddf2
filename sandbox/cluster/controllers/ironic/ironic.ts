import type { ClusterApi, Controller } from '../../api';
import type { Scheduler } from '../runtime';
export class IronicNetworking implements Controller {
  readonly name = 'ironic';
  constructor(readonly scheduler: Scheduler) {}
  start(_api: ClusterApi): void {}
  stop(): void {}
}
