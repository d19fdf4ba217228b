import type { Projector } from '../services/feed/projector';
import { accountsProjector } from './accounts';
import { minutesProjector } from './minutes';
import { directoryProjector } from './directory';
import { historyProjector } from './history';
import { notificationsProjector } from './notifications';
import { searchProjector } from './search';

/** Every read model of the product; the runner, the CLI and the tests take them from here. */
export const allProjectors: readonly Projector[] = [
  accountsProjector,
  minutesProjector,
  // Back-office (issue 3)
  directoryProjector,
  notificationsProjector,
  historyProjector,
  searchProjector,
];
