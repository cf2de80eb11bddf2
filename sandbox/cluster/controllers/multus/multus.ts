import type { ClusterApi, Controller } from '../../api';
import type { Scheduler } from '../runtime';
export class MultusController implements Controller {
  readonly name = 'multus';
  constructor(readonly scheduler: Scheduler) {}
  start(_api: ClusterApi): void {}
  stop(): void {}
}
