// Placeholder until the simulated controllers land: the API server runs with none.
import type { Controller } from '../api';

export function createControllers(): Controller[] {
  return [];
}
