import type { Projector } from '../services/feed/projector';
import { accountsProjector } from './accounts';
import { minutesProjector } from './minutes';

/** Every read model of the product; the runner, the CLI and the tests take them from here. */
export const allProjectors: readonly Projector[] = [accountsProjector, minutesProjector];
